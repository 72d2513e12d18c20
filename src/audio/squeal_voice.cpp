#include "audio/squeal_voice.h"

#include <cmath>

namespace racer::audio {

double squeal_level(const SquealParams& params, const SquealConfig& config) {
  const double slip = sanitize(params.slip, 0.0, 5.0, 0.0);
  const double sliding = sanitize(params.sliding_speed, 0.0, 100.0, 0.0);
  return ramp(slip, config.slip_threshold, config.slip_full) * ramp(sliding, config.speed_threshold, config.speed_full);
}

SquealVoice::SquealVoice(double sample_rate, std::uint32_t seed, SquealConfig config)
    : sample_rate_(sanitize(sample_rate, 8000.0, 192000.0, 48000.0)), config_(config), rng_(mix_seed(seed, 0x5A)),
      level_(0.03, sample_rate_) {}

void SquealVoice::set(const SquealParams& params) { target_level_ = squeal_level(params, config_); }

void SquealVoice::render_add(std::span<float> out) {
  for (float& s : out) s += static_cast<float>(next_sample());
}

double SquealVoice::next_sample() {
  const double level = level_.next(target_level_);
  if (level == 0.0) {
    bp_y1_ = bp_y2_ = 0.0;  // a fresh squeal starts from rest
    control_count_ = 0;
    return 0.0;
  }
  // Pitch wanders slowly (low-passed noise, a few Hz) by about +-6%: a tyre's stick-slip
  // is never a steady whistle.
  wobble_lp_ += (6.0 / sample_rate_) * kTwoPi * (rng_.bipolar() - wobble_lp_);
  wobble_ += (3.0 / sample_rate_) * kTwoPi * (wobble_lp_ * 8.0 - wobble_);
  const double f = (600.0 + 400.0 * level) * (1.0 + 0.06 * std::clamp(wobble_, -1.0, 1.0));
  phase_ += f / sample_rate_;
  phase_ -= std::floor(phase_);
  const double s1 = std::sin(kTwoPi * phase_), c1 = std::cos(kTwoPi * phase_);
  const double tone = s1 + 0.35 * 2.0 * s1 * c1;  // fundamental and second harmonic

  // Hiss: white noise through a two-pole resonator at 1.7 f (pole radius sets the width),
  // retuned every 16 samples.
  constexpr double radius = 0.985;
  if (control_count_-- <= 0) {
    bp_coeff_ = 2.0 * radius * std::cos(kTwoPi * std::min(1.7 * f, 0.45 * sample_rate_) / sample_rate_);
    control_count_ = 15;
  }
  const double y = (1.0 - radius) * rng_.bipolar() * 4.0 + bp_coeff_ * bp_y1_ - radius * radius * bp_y2_;
  bp_y2_ = bp_y1_;
  bp_y1_ = y;

  return 0.18 * level * (tone + 0.6 * y);
}

}  // namespace racer::audio
