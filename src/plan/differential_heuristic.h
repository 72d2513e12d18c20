#pragma once
// A differential heuristic (the landmarks of Goldberg & Harrelson's ALT; Sturtevant et al.
// 2009) for uniform 8-connected grids without corner cutting: the exact distances from a few
// landmark cells to every cell, made once per grid; then for any cells n and goal of one
// connected component, |d(L, goal) - d(L, n)| <= d(n, goal) for every landmark L (triangle
// inequality), so the largest of these, and the octile distance, bound the distance to the
// goal from below.
//
// Exact and consistent: distances are sums of GridSearch's fixed-point step keys (2^-32
// cell: 1 and sqrt(2) each rounded once), kept exactly as the numbers of orthogonal and
// diagonal steps of a shortest path; the heuristic is then exactly consistent in the keys
// the search's g is summed in, so an A* (or JPS) using it stays exact without reopening
// closed nodes.
//
// Components: every cell carries the label of its connected component, so a query whose
// ends lie in different components is answered without a search; a landmark outside a cell's
// component counts 0 for it (the bound it gives within the component is then 0).
//
// Landmarks are chosen farthest-first in the largest component: the cell farthest from an
// arbitrary one, then each time the cell farthest from all landmarks so far. Building costs
// one labelling pass and one flood of the component per landmark, plus one; a flood is a
// Dijkstra with two FIFO queues (one per step length: the keys each receives arrive in
// order), no heap.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

#include "plan/grid.h"

namespace racer {

class DifferentialHeuristic {
 public:
  using Key = std::uint64_t;  ///< cost in 2^-32 cell
  static constexpr Key kOrthogonalKey = Key{1} << 32;  ///< an orthogonal step (1 cell)
  static constexpr Key kDiagonalKey = 6074001000;      ///< a diagonal step: round(sqrt(2) * 2^32), as GridSearch's
  static constexpr int kMaxLandmarks = 32;

  /// Where build() writes a cell's distances: row(i) is cell i's array of at least
  /// `landmarks` words (the caller keeps them beside its own per-cell data).
  using CountsRow = std::function<std::uint32_t*(std::size_t cell)>;
  /// Labels `grid`'s components and floods it (read as 8-connected and uniform) from up to
  /// `landmarks` landmarks (at most kMaxLandmarks); writes cell i's distance from landmark l,
  /// as step counts (orthogonal << 16 | diagonal), to row(i)[l]. Returns the number of
  /// landmarks placed: fewer when the largest component has fewer cells, 0 (bounds of 0)
  /// when a distance needs `count_limit` (at most 65535) or more steps of one kind (with
  /// kPackedLimit: paths of 4096 straight or diagonal steps, long mazes). With landmarks == 0
  /// only the components are labelled and row is not called.
  int build(const SearchGrid& grid, int landmarks, const CountsRow& row, std::uint32_t count_limit = 0xFFFFu);

  /// Packed counts: 3 bytes a landmark (little-endian orthogonal << 12 | diagonal), so that
  /// 32 landmarks take 96 bytes of a cell's record; every count must be below kPackedLimit
  /// (build() with count_limit kPackedLimit guarantees it).
  static constexpr std::uint32_t kPackedLimit = 4096;
  static_assert(std::endian::native == std::endian::little, "at_packed() reads the packed bytes as little-endian words");
  static std::uint32_t pack(std::uint32_t counts) { return (counts >> 16) << 12 | (counts & 0xFFFu); }
  static std::uint32_t unpack(std::uint32_t packed) { return (packed >> 12 & 0xFFFu) << 16 | (packed & 0xFFFu); }
  int landmarks() const { return count_; }
  GridCell landmark(int i) const { return landmarks_[static_cast<std::size_t>(i)]; }
  /// The component label of a cell (row-major index) of the grid built from: equal labels
  /// for two passable cells if and only if a path joins them.
  std::uint32_t component(std::size_t cell) const { return components_[cell]; }

  /// Fixes the goal of the following at() calls (its counts, as build() wrote them) and the
  /// landmarks they use: the `active` ones whose bounds at `from` (its counts) are largest,
  /// all of them when active >= landmarks() (Goldberg & Harrelson's active landmarks: the
  /// landmarks that bound one query well are few, and each costs every at() call).
  void set_goal(const std::uint32_t* goal_counts, const std::uint32_t* from_counts, int active);
  /// As above, with the landmarks ranked by the sum of their bounds at `count` cells (1 to
  /// 4096; from_counts[k] is cell k's counts): landmarks that bound a whole stretch well.
  void set_goal(const std::uint32_t* goal_counts, const std::uint32_t* const* from_counts, int count, int active);
  /// For the counts (as build() wrote them) of a cell in the goal's component: the largest
  /// |d(L, goal) - d(L, cell)| over the active landmarks (0 with none), in keys.
  Key at(const std::uint32_t* counts) const {
#if defined(__SSE2__) && defined(__x86_64__)
    const __m128i low16 = _mm_set1_epi32(0xFFFF);
    __m128d best = _mm_setzero_pd();
    for (int i = 0; i < active_count_; i += 4) {
      const __m128i c = _mm_setr_epi32(static_cast<int>(counts[active_[i]]), static_cast<int>(counts[active_[i + 1]]),
                                       static_cast<int>(counts[active_[i + 2]]), static_cast<int>(counts[active_[i + 3]]));
      best = _mm_max_pd(best, largest_difference(_mm_srli_epi32(c, 16), _mm_and_si128(c, low16), i));
    }
    best = _mm_max_sd(best, _mm_unpackhi_pd(best, best));
    return static_cast<Key>(_mm_cvttsd_si64(best));
#else
    double best = 0.0;
    for (int i = 0; i < active_count_; ++i) best = std::max(best, difference(counts[active_[i]], i));
    return static_cast<Key>(best);
#endif
  }
  /// As at(), for packed counts: landmark l's at packed[3 l .. 3 l + 2]; the 4 bytes from
  /// packed + 3 l are read for every active l, so one byte after the last must be readable.
  Key at_packed(const unsigned char* packed) const {
#if defined(__SSE2__) && defined(__x86_64__)
    const __m128i low24 = _mm_set1_epi32(0xFFFFFF), low12 = _mm_set1_epi32(0xFFF);
    __m128d best = _mm_setzero_pd();
    for (int i = 0; i < active_count_; i += 4) {
      std::int32_t w0 = 0, w1 = 0, w2 = 0, w3 = 0;  // four scalar loads (one wide load of a stored array stalls)
      std::memcpy(&w0, packed + 3 * active_[i], 4);
      std::memcpy(&w1, packed + 3 * active_[i + 1], 4);
      std::memcpy(&w2, packed + 3 * active_[i + 2], 4);
      std::memcpy(&w3, packed + 3 * active_[i + 3], 4);
      const __m128i c = _mm_and_si128(_mm_setr_epi32(w0, w1, w2, w3), low24);
      best = _mm_max_pd(best, largest_difference(_mm_srli_epi32(c, 12), _mm_and_si128(c, low12), i));
    }
    best = _mm_max_sd(best, _mm_unpackhi_pd(best, best));
    return static_cast<Key>(_mm_cvttsd_si64(best));
#else
    double best = 0.0;
    for (int i = 0; i < active_count_; ++i) {
      std::uint32_t word = 0;
      std::memcpy(&word, packed + 3 * active_[i], 4);
      best = std::max(best, difference(unpack(word & 0xFFFFFFu), i));
    }
    return static_cast<Key>(best);
#endif
  }

 private:
#if defined(__SSE2__) && defined(__x86_64__)
  // The larger |d(L, cell) - d(L, goal)| of active landmarks i..i+3 (orthogonal and diagonal
  // counts in 32-bit lanes), two lanes of doubles each.
  __m128d largest_difference(__m128i o, __m128i d, int i) const {
    // Four landmarks a step, two lanes of doubles: d(L, cell) - d(L, goal) = (orthogonal
    // difference) * 2^32 + (diagonal difference) * kDiagonalKey is an integer below 2^50 in
    // magnitude (counts below 2^16), and every product, sum and difference on the way is too,
    // so the doubles hold them exactly and the largest |difference| converts back exactly.
    // The active list is padded to a multiple of four with copies of its first landmark.
    const __m128d orthogonal = _mm_set1_pd(4294967296.0), diagonal = _mm_set1_pd(static_cast<double>(kDiagonalKey));
    const __m128d sign = _mm_set1_pd(-0.0);
    const __m128d v01 = _mm_sub_pd(_mm_add_pd(_mm_mul_pd(_mm_cvtepi32_pd(o), orthogonal), _mm_mul_pd(_mm_cvtepi32_pd(d), diagonal)),
                                   _mm_load_pd(&goal_key_[i]));
    const __m128d v23 = _mm_sub_pd(_mm_add_pd(_mm_mul_pd(_mm_cvtepi32_pd(_mm_shuffle_epi32(o, 0x0E)), orthogonal),
                                              _mm_mul_pd(_mm_cvtepi32_pd(_mm_shuffle_epi32(d, 0x0E)), diagonal)),
                                   _mm_load_pd(&goal_key_[i + 2]));
    return _mm_max_pd(_mm_andnot_pd(sign, v01), _mm_andnot_pd(sign, v23));
  }
#else
  double difference(std::uint32_t counts, int i) const {  // |d(L, cell) - d(L, goal)|, active landmark i
    const double d = static_cast<double>(counts >> 16) * 4294967296.0 + static_cast<double>(counts & 0xFFFFu) * static_cast<double>(kDiagonalKey) - goal_key_[i];
    return d < 0.0 ? -d : d;
  }
#endif
  static Key key_of(std::uint32_t counts) { return (counts >> 16) * kOrthogonalKey + (counts & 0xFFFFu) * kDiagonalKey; }
  void label(const SearchGrid& grid);
  void flood(std::uint32_t source, const CountsRow* row, std::size_t landmark);  // row null: distances only

  int w_ = 0, h_ = 0;
  int count_ = 0;
  bool overflow_ = false;
  std::uint32_t count_limit_ = 0xFFFFu;  // every count below it, else overflow_
  std::vector<GridCell> landmarks_;
  std::vector<std::uint8_t> moves_;          // per cell: bit m set when move m (kDx/kDy order) is legal
  std::vector<std::uint8_t> padded_;         // label()'s scratch: passability with a blocked border
  std::vector<std::uint32_t> stack_;         // label()'s flood stack
  std::vector<std::uint32_t> components_;    // per cell: component label (blocked cells: their own)
  std::vector<Key> dist_;                    // a flood's scratch
  struct Queued {
    Key key;
    std::uint32_t cell;
    std::uint32_t counts;
  };
  std::vector<Queued> straight_, diagonal_;  // the flood's two FIFO queues
  int active_count_ = 0;
  int active_[kMaxLandmarks + 3] = {};          // the active landmarks, padded to a multiple of 4
  alignas(16) double goal_key_[kMaxLandmarks + 3] = {};  // the goal's distance (keys, exact) from each active landmark
};

}  // namespace racer
