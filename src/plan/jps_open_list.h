#pragma once
// The open list of JumpPointSearch (plan/jps.h): a ring of buckets of f, each 1/8 cell wide
// (2^29 of the search's 2^-32-cell keys), instead of a binary heap.
//
// Why a ring is enough: the search's bound is consistent in the keys its g is summed in, so
// every f pushed is at least the f last popped, and a jump of c keys changes f by at most
// 2c (g grows by c, the bound falls by at most c, or grows by at most c). With jumps of at
// most max(w, h) diagonal steps, every f in the list lies within `span` keys of the current
// one, and a ring of more than span / 2^29 buckets never wraps onto itself.
//
// The pop order is exactly a binary heap's on (f, tie) (the entries of a search are all
// distinct): only the current bucket is ordered (descending, its smallest entry at the back);
// an entry pushed into it (its f equals or exceeds the one just popped) is inserted from the
// back, where it nearly always belongs (the tie word puts larger g first, and what an
// expansion pushes at the current f is deeper than what is left). A later bucket is a plain
// array until it becomes current, then sorted once. Buckets keep their capacity between
// searches, so a search allocates nothing once the ring has grown.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

namespace racer {

class JpsOpenList {
 public:
  using Key = std::uint64_t;
  struct Entry {
    Key f;               ///< g + bound, 2^-32 cell
    std::uint64_t tie;   ///< order among equal f: smaller first
  };
  static constexpr int kShift = 29;  ///< a bucket holds 2^29 keys of f (1/8 cell)

  /// Empties the list for a search whose first f is `first` and whose f values stay within
  /// `span` keys above the f last popped.
  void reset(Key first, Key span) {
    for (std::uint64_t b = current_; b <= last_ && !ring_.empty(); ++b) ring_[b & mask_].clear();
    const std::size_t buckets = std::bit_ceil(static_cast<std::size_t>(span >> kShift) + 2);
    if (buckets > ring_.size()) {
      ring_.clear();  // the buckets move to new slots: start from empty ones
      ring_.resize(buckets);
    }
    mask_ = ring_.size() - 1;
    current_ = last_ = first >> kShift;
    size_ = 0;
  }
  bool empty() const { return size_ == 0; }
  void push(Entry entry) {
    const std::uint64_t b = entry.f >> kShift;
    assert(b >= current_ && b - current_ <= mask_);
    std::vector<Entry>& bucket = ring_[b & mask_];
    bucket.push_back(entry);
    if (b == current_) {  // keep the current bucket sorted, descending
      std::size_t i = bucket.size() - 1;
      for (; i > 0 && before(bucket[i - 1], entry); --i) bucket[i] = bucket[i - 1];
      bucket[i] = entry;
    }
    last_ = std::max(last_, b);
    ++size_;
  }
  /// The smallest entry (f, then tie); the list must not be empty.
  Entry pop() {
    while (ring_[current_ & mask_].empty()) {
      std::vector<Entry>& next = ring_[++current_ & mask_];
      if (next.size() > 1) std::sort(next.begin(), next.end(), [](const Entry& a, const Entry& b) { return before(b, a); });
    }
    std::vector<Entry>& bucket = ring_[current_ & mask_];
    const Entry top = bucket.back();
    bucket.pop_back();
    --size_;
    return top;
  }

 private:
  static bool before(const Entry& a, const Entry& b) { return a.f < b.f || (a.f == b.f && a.tie < b.tie); }

  std::vector<std::vector<Entry>> ring_;
  std::size_t mask_ = 0;
  std::uint64_t current_ = 0;  // bucket (f >> kShift) being popped
  std::uint64_t last_ = 0;     // largest bucket pushed since reset
  std::size_t size_ = 0;
};

}  // namespace racer
