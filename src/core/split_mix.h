#pragma once
// SplitMix64: a tiny deterministic random generator, the same sequence on every platform.
// Each user owns its own, seeded from its own data (the AI's mistakes from the race seed
// and the car, the effects from a fixed seed, the scenery from the track): never
// std::random_device, never the clock.
#include <algorithm>
#include <cstdint>

namespace racer {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed = 0) : seed_(seed), state_(seed) {}
  /// Back to the first number of the sequence.
  void reset() { state_ = seed_; }
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1): the top 53 bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  /// Uniform in [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  /// Uniform whole number in [0, n) (0 when n < 1).
  int below(int n) { return static_cast<int>(uniform() * n) % std::max(1, n); }

 private:
  std::uint64_t seed_, state_;
};

}  // namespace racer
