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

/// e^(ix) for a small x (the change of a sample's phase step over a control period; up to
/// about 0.5 for the n-th harmonic's phasor after a sudden rev change): the series to x^7,
/// error under x^8/40320.
void small_rotation(double x, double& c, double& s) {
  const double x2 = x * x;
  c = 1.0 - x2 * (0.5 - x2 * (1.0 / 24.0 - x2 * (1.0 / 720.0)));
  s = x * (1.0 - x2 * (1.0 / 6.0 - x2 * (1.0 / 120.0 - x2 * (1.0 / 5040.0))));
}

}  // namespace

double firing_frequency(double rpm, int cylinders) {
  return sanitize(rpm, 0.0, kMaxRpm, 0.0) / 60.0 * static_cast<double>(sane_cylinders(cylinders)) / 2.0;
}

EngineVoice::EngineVoice(double sample_rate, std::uint32_t seed, Oscillator oscillator)
    : oscillator_(oscillator), sample_rate_(sanitize(sample_rate, 8000.0, 192000.0, 48000.0)), rng_(mix_seed(seed, 0xE1)),
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
  resync_ = true;  // n may have changed; the recurrence restarts from exact phasors
}

void EngineVoice::turn_phasors(double step) {
  const double theta = kTwoPi * phase_;
  if (oscillator_ == Oscillator::Exact || resync_) {
    z_ = {std::cos(theta), std::sin(theta)};
    zn_ = {std::cos(harmonics_ * theta), std::sin(harmonics_ * theta)};
    if (oscillator_ == Oscillator::Phasor) {
      step0_ = step;
      w_ = {std::cos(kTwoPi * step), std::sin(kTwoPi * step)};
      wn_ = {std::cos(kTwoPi * harmonics_ * step), std::sin(kTwoPi * harmonics_ * step)};
      resync_ = false;
    }
    return;
  }
  // This sample's rotation is the last exact sample's times the rotation by the small
  // change of the step since (the frequency glides): e^(i 2 pi step) = w e^(i 2 pi d).
  // Phase wraps (phase_ -= 1) turn theta by 2 pi and n theta by 2 pi n: no change.
  const double d = kTwoPi * (step - step0_);
  auto turn = [](Complex& v, Complex r, double x) {
    double c = 1.0, s = 0.0;
    small_rotation(x, c, s);
    const Complex t{r.re * c - r.im * s, r.re * s + r.im * c};
    v = {v.re * t.re - v.im * t.im, v.re * t.im + v.im * t.re};
  };
  turn(z_, w_, d);
  turn(zn_, wn_, harmonics_ * d);
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
  if (level == 0.0) {
    resync_ = true;  // the phase stands still while silent
    return 0.0;
  }

  // Firing cycle; a new random gain per firing (roughness), reached linearly over the cycle
  // so the waveform stays continuous.
  const double step = f0 / sample_rate_;
  phase_ += step;
  if (phase_ >= 1.0) {
    phase_ -= std::floor(phase_);
    jitter_from_ = jitter_to_;
    jitter_to_ = 1.0 + (0.06 + 0.24 * load) * rng_.bipolar();
  }
  crank_phase_ += fc / sample_rate_;
  crank_phase_ -= std::floor(crank_phase_);
  turn_phasors(step);

  // sum_{k=1..n} a^(k-1) sin(k theta) = Im[z (1 - a^n z^n) / (1 - a z)], z = e^(i theta).
  const double c1 = z_.re, s1 = z_.im;
  const double cn = zn_.re, sn = zn_.im;
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
