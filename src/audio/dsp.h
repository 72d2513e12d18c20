#pragma once
// Small DSP pieces shared by the voices, header-only and pure (no SDL, no clock, no
// globals). Sections: input sanitising | smoothing | noise | limiter.
#include <algorithm>
#include <cmath>
#include <cstdint>

namespace racer::audio {

inline constexpr double kTwoPi = 6.283185307179586;

// ---- input sanitising -----------------------------------------------------------------

/// x clamped to [lo, hi]; NaN gives `fallback` (+-inf clamp to the ends).
inline double sanitize(double x, double lo, double hi, double fallback) {
  if (std::isnan(x)) return fallback;
  return std::clamp(x, lo, hi);
}

/// Linear ramp: 0 at or below `from`, 1 at or above `to` (to > from).
inline double ramp(double x, double from, double to) { return std::clamp((x - from) / (to - from), 0.0, 1.0); }

// ---- smoothing ------------------------------------------------------------------------

/// One-pole smoother: y moves toward the target by a fixed fraction per sample, so a
/// parameter change glides instead of clicking. Per-sample, hence independent of how the
/// output is cut into blocks.
class Smoother {
 public:
  Smoother() = default;
  /// time_constant: s to cover 63% of a step, > 0; sample_rate: Hz.
  Smoother(double time_constant, double sample_rate, double initial = 0.0)
      : k_(1.0 - std::exp(-1.0 / (time_constant * sample_rate))), y_(initial) {}
  double next(double target) {
    y_ += k_ * (target - y_);
    if (target == 0.0 && std::abs(y_) < 1e-7) y_ = 0.0;  // settle exactly: true silence, no denormals
    return y_;
  }
  double value() const { return y_; }
  void reset(double v) { y_ = v; }

 private:
  double k_ = 1.0;
  double y_ = 0.0;
};

// ---- noise ----------------------------------------------------------------------------

/// Deterministic white noise (xorshift32): the same seed gives the same sequence on every
/// run and platform. Never seeded from a clock.
class NoiseRng {
 public:
  explicit NoiseRng(std::uint32_t seed = 1) : state_(seed == 0 ? 0x9E3779B9u : seed) {}
  std::uint32_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return state_;
  }
  /// Uniform in [0, 1).
  double uniform() { return static_cast<double>(next()) * (1.0 / 4294967296.0); }
  /// Uniform in [-1, 1).
  double bipolar() { return 2.0 * uniform() - 1.0; }

 private:
  std::uint32_t state_;
};

/// A seed mixed from a base seed and a salt (voice kind, car id), so voices do not share
/// a noise sequence.
inline std::uint32_t mix_seed(std::uint32_t seed, std::uint32_t salt) {
  std::uint32_t h = seed * 0x9E3779B1u ^ (salt + 0x7F4A7C15u) * 0x85EBCA77u;
  h ^= h >> 15;
  h *= 0xC2B2AE3Du;
  h ^= h >> 13;
  return h == 0 ? 1u : h;
}

// ---- limiter --------------------------------------------------------------------------

/// Soft limiter: identity below |x| = 0.8, then a tanh knee toward +-kCeiling (0.98, just
/// under full scale, so float rounding can never reach +-1); continuous in value and slope.
/// NaN gives 0.
inline constexpr double kCeiling = 0.98;
inline double soft_clip(double x) {
  constexpr double knee = 0.8;
  if (std::isnan(x)) return 0.0;
  const double a = std::abs(x);
  if (a <= knee) return x;
  const double y = knee + (kCeiling - knee) * std::tanh((a - knee) / (kCeiling - knee));
  return x < 0.0 ? -y : y;
}

}  // namespace racer::audio
