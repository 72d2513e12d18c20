#include "audio/engine_voice.h"

#include <algorithm>
#include <cmath>

namespace racer::audio {
namespace {

constexpr double kMaxRpm = 20000.0;
constexpr double kStallRpm = 100.0;   // silent at or below
constexpr double kRunningRpm = 300.0; // full level at or above
constexpr double kGlide = 0.02;       // s, parameter smoothing

int sane_cylinders(int c) { return std::clamp(c, 1, 16); }

}  // namespace

double firing_frequency(double rpm, int cylinders) {
  return sanitize(rpm, 0.0, kMaxRpm, 0.0) / 60.0 * static_cast<double>(sane_cylinders(cylinders)) / 2.0;
}

EngineVoice::EngineVoice(double sample_rate, std::uint32_t seed)
    : sample_rate_(sanitize(sample_rate, 8000.0, 192000.0, 48000.0)), rng_(mix_seed(seed, 0xE1)),
      freq_(kGlide, sample_rate_), crank_freq_(kGlide, sample_rate_), load_(kGlide * 1.5, sample_rate_),
      level_(kGlide, sample_rate_) {}

void EngineVoice::set(const EngineParams& params) {
  target_.rpm = sanitize(params.rpm, 0.0, kMaxRpm, 0.0);
  target_.load = sanitize(params.load, 0.0, 1.0, 0.0);
  target_.cylinders = sane_cylinders(params.cylinders);
}

void EngineVoice::render_add(std::span<float> out) {
  for (float& s : out) s += static_cast<float>(next_sample());
}

void EngineVoice::update_control(double f0, double load) {
  // Roll-off a = 0.5 at idle (dull) .. 0.82 at full load (bright); harmonics up to 0.45 fs.
  rolloff_ = 0.5 + 0.32 * load;
  const double n = std::max(1.0, std::floor(0.45 * sample_rate_ / std::max(f0, 1.0)));
  harmonics_ = n;
  rolloff_n_ = std::pow(rolloff_, n);
  const double power = (1.0 - rolloff_n_ * rolloff_n_) / (1.0 - rolloff_ * rolloff_);  // sum of a^(2(k-1))
  norm_ = std::sqrt(2.0 / power);
}

double EngineVoice::next_sample() {
  const double f0 = freq_.next(firing_frequency(target_.rpm, target_.cylinders));
  const double fc = crank_freq_.next(target_.rpm / 60.0);
  const double load = load_.next(target_.load);
  // Louder with load and (a little) with revs; fades out when the engine stalls.
  const double running = ramp(target_.rpm, kStallRpm, kRunningRpm);
  const double level = level_.next(running * (0.35 + 0.65 * target_.load) * (0.7 + 0.3 * std::min(1.0, target_.rpm / 7000.0)));
  if (control_count_-- <= 0) {
    update_control(f0, load);
    control_count_ = kControlPeriod - 1;
  }
  if (level == 0.0) return 0.0;

  // Firing cycle; a new random gain per firing (roughness), reached linearly over the cycle
  // so the waveform stays continuous.
  phase_ += f0 / sample_rate_;
  if (phase_ >= 1.0) {
    phase_ -= std::floor(phase_);
    jitter_from_ = jitter_to_;
    jitter_to_ = 1.0 + (0.06 + 0.24 * load) * rng_.bipolar();
  }
  crank_phase_ += fc / sample_rate_;
  crank_phase_ -= std::floor(crank_phase_);

  // sum_{k=1..n} a^(k-1) sin(k theta) = Im[z (1 - a^n z^n) / (1 - a z)], z = e^(i theta).
  const double theta = kTwoPi * phase_;
  const double c1 = std::cos(theta), s1 = std::sin(theta);
  const double cn = std::cos(harmonics_ * theta), sn = std::sin(harmonics_ * theta);
  const double a = rolloff_;
  const double num_re = c1 - rolloff_n_ * (c1 * cn - s1 * sn), num_im = s1 - rolloff_n_ * (s1 * cn + c1 * sn);
  const double den_re = 1.0 - a * c1, den_im = -a * s1;
  const double series = (num_im * den_re - num_re * den_im) / (den_re * den_re + den_im * den_im);
  const double tone = norm_ * series;  // RMS 1
  const double jitter = jitter_from_ + (jitter_to_ - jitter_from_) * phase_;

  // Crank-order rumble (uneven firing; a parabolic sine is plenty at this level) and a
  // combustion-noise burst at each firing, decaying as (1 - phase)^6.
  const double u = 2.0 * crank_phase_ - 1.0;
  const double rumble = -0.12 * 4.0 * u * (1.0 - std::abs(u));
  noise_lp_ += 0.35 * (rng_.bipolar() - noise_lp_);
  const double q = 1.0 - phase_, q2 = q * q;
  const double burst = noise_lp_ * q2 * q2 * q2 * (0.08 + 0.5 * load);

  return 0.16 * level * (jitter * tone + rumble + burst);
}

}  // namespace racer::audio
