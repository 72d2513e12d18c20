#pragma once
// FxRandom: the effects' own random numbers (SplitMix64: small, fast, and the same sequence
// on every platform), so a scripted run draws the same smoke, debris and sparks every time
// and the effects never touch the simulation's generators.
#include <cstdint>

namespace racer {

class FxRandom {
 public:
  explicit FxRandom(std::uint64_t seed = 0) : seed_(seed), state_(seed) {}
  /// Back to the first number of the sequence.
  void reset() { state_ = seed_; }
  /// [0, 1)
  double uniform() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-53;
  }
  /// [lo, hi)
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

 private:
  std::uint64_t seed_, state_;
};

}  // namespace racer
