#pragma once
// SquealVoice: tyre squeal from slip. Silent while the tyres grip (combined slip below
// the threshold) or hardly slide over the road; above it a wavering tone around 600-1000 Hz
// (pitch and loudness rising with slip) plus band-passed hiss.
#include <cstdint>
#include <span>

#include "audio/dsp.h"

namespace racer::audio {

struct SquealParams {
  double slip = 0.0;           ///< combined tyre slip hypot(slip ratio, sin(slip angle)), dimensionless, [0, 5] (clamped, NaN -> 0)
  double sliding_speed = 0.0;  ///< m/s of the contact patch over the road, [0, 100] (clamped, NaN -> 0)
};

struct SquealConfig {
  double slip_threshold = 0.08;  ///< silent at or below (about a road tyre's peak slip)
  double slip_full = 0.5;        ///< full squeal at or above
  double speed_threshold = 0.5;  ///< m/s of sliding: silent at or below
  double speed_full = 4.0;       ///< m/s of sliding for full squeal
};

/// Squeal intensity [0, 1] for the inputs: ramp over slip times ramp over sliding speed.
double squeal_level(const SquealParams& params, const SquealConfig& config = {});

class SquealVoice {
 public:
  /// sample_rate: Hz, [8000, 192000]; seed: the noise (same seed -> same sound).
  explicit SquealVoice(double sample_rate = 48000.0, std::uint32_t seed = 1, SquealConfig config = {});

  void set(const SquealParams& params);
  /// Adds the next out.size() mono samples to out; exactly zero while silent. Peak about 0.45.
  void render_add(std::span<float> out);

 private:
  double next_sample();

  double sample_rate_;
  SquealConfig config_;
  NoiseRng rng_;
  double target_level_ = 0.0;
  Smoother level_;
  double phase_ = 0.0;                        ///< tone cycle, [0, 1)
  double wobble_ = 0.0, wobble_lp_ = 0.0;     ///< slow random pitch wander
  double bp_y1_ = 0.0, bp_y2_ = 0.0;          ///< resonator state (band-passed hiss)
  double bp_coeff_ = 0.0;                     ///< 2 r cos(w) of the resonator
  int control_count_ = 0;                     ///< samples until the resonator is retuned
};

}  // namespace racer::audio
