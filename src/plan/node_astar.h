#pragma once
// NodeAstar: the working memory of an A* over an abstract graph whose nodes are numbered
// 0 .. n-1 and whose edge costs are doubles (the decompositions' leaves, border cells and
// portals). The caller drives the loop (pop, expand, offer); this keeps per-node g and
// parent under a generation stamp (a new search clears nothing) and a binary heap with lazy
// deletion: a better offer pushes a new entry and the stale one is skipped when popped.
// Ties in f go to the larger g, then to the lower node number, so answers are repeatable.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace racer {

class NodeAstar {
 public:
  static constexpr std::uint32_t kNone = 0xffffffffu;

  /// Starts a search over `nodes` nodes: every node unreached.
  void reset(std::size_t nodes) {
    if (state_.size() < nodes) state_.resize(nodes);
    if (++generation_ == 0) {  // wrapped: clear the stamps once
      for (State& s : state_) s.generation = 0;
      generation_ = 1;
    }
    heap_.clear();
  }

  bool reached(std::uint32_t n) const { return state_[n].generation == generation_; }
  bool closed(std::uint32_t n) const { return reached(n) && state_[n].closed; }
  /// Best cost found to n; n must be reached.
  double g(std::uint32_t n) const { return state_[n].g; }
  /// Predecessor of n on its best path (kNone for the start); n must be reached.
  std::uint32_t parent(std::uint32_t n) const { return state_[n].parent; }

  /// Offers node n at cost g through `parent`, h its heuristic: kept (true) when n is new or
  /// this is cheaper than its current cost and n is not closed.
  bool offer(std::uint32_t n, double g, double h, std::uint32_t parent) {
    State& s = state_[n];
    if (s.generation == generation_ && (s.closed || s.g <= g)) return false;
    s = State{g, parent, generation_, false};
    heap_.push_back({g + h, g, n});
    std::push_heap(heap_.begin(), heap_.end(), later);
    return true;
  }

  /// Takes the open node of least f off the heap and closes it; false when none is left.
  bool pop(std::uint32_t& n) {
    while (!heap_.empty()) {
      std::pop_heap(heap_.begin(), heap_.end(), later);
      const Entry e = heap_.back();
      heap_.pop_back();
      State& s = state_[e.node];
      if (s.closed || e.g > s.g) continue;  // stale entry
      s.closed = true;
      n = e.node;
      return true;
    }
    return false;
  }

 private:
  struct State {
    double g = 0.0;
    std::uint32_t parent = kNone;
    std::uint32_t generation = 0;
    bool closed = false;
  };
  struct Entry {
    double f, g;
    std::uint32_t node;
  };
  // Heap order: a leaves after b (std heaps keep the "largest" on top).
  static bool later(const Entry& a, const Entry& b) {
    if (a.f != b.f) return a.f > b.f;
    if (a.g != b.g) return a.g < b.g;
    return a.node > b.node;
  }

  std::vector<State> state_;
  std::vector<Entry> heap_;
  std::uint32_t generation_ = 0;
};

}  // namespace racer
