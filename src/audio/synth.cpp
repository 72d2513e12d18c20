// Sections: helpers | oscillators | voice.
#include "audio/synth.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace racer::audio {
namespace {

constexpr double kSilent = 2e-4;  // envelope level taken as silence (-74 dB; under -80 dB full scale in a song)

/// Per-sample factor of an exponential decay with time constant `tau` (s) at `rate` Hz,
/// applied every `every` samples.
double decay_factor(double tau, double rate, double every = 1.0) {
  return std::exp(-every / (std::max(tau, 1e-4) * rate));
}

// ---- oscillators ------------------------------------------------------------------------

/// sin(2 pi phase) for phase in [0, 1) from a 4096-point table, linearly interpolated:
/// within 3e-7 of std::sin (an error of (2 pi / 4096)^2 / 8), several times cheaper.
double sine(double phase) {
  constexpr int kSize = 4096;
  static const std::array<double, kSize + 1> table = [] {
    std::array<double, kSize + 1> t{};
    for (int i = 0; i <= kSize; ++i) t[static_cast<std::size_t>(i)] = std::sin(kTwoPi * i / kSize);
    return t;
  }();
  const double x = (phase - std::floor(phase)) * kSize;  // [0, kSize]: a tiny negative phase rounds up to kSize
  const auto i = std::min(static_cast<std::size_t>(x), static_cast<std::size_t>(kSize - 1));
  const double f = x - static_cast<double>(i);
  return table[i] + f * (table[i + 1] - table[i]);
}

/// PolyBLEP correction around a discontinuity at phase 0 (t in [0, 1), dt = cycles per
/// sample): removes most of a naive saw's or square's aliasing at little cost.
double poly_blep(double t, double dt) {
  if (t < dt) {
    t /= dt;
    return t + t - t * t - 1.0;
  }
  if (t > 1.0 - dt) {
    t = (t - 1.0) / dt;
    return t * t + t + t + 1.0;
  }
  return 0.0;
}

double oscillator(Wave wave, double phase, double dt) {
  switch (wave) {
    case Wave::Sine: return sine(phase);
    case Wave::Triangle: return 4.0 * std::abs(phase - 0.5) - 1.0;  // harmonics fall as 1/n^2: little aliasing
    case Wave::Saw: return 2.0 * phase - 1.0 - poly_blep(phase, dt);
    case Wave::Square: {
      const double half = phase + 0.5 >= 1.0 ? phase - 0.5 : phase + 0.5;
      return (phase < 0.5 ? 1.0 : -1.0) + poly_blep(phase, dt) - poly_blep(half, dt);
    }
  }
  return 0.0;
}

double advance(double phase, double dt) {
  phase += dt;
  return phase >= 1.0 ? phase - std::floor(phase) : phase;
}

}  // namespace

// ---- helpers ----------------------------------------------------------------------------

double note_frequency(double note) { return 440.0 * std::exp2((note - 69.0) / 12.0); }

void SvFilter::set(double cutoff, double q, double sample_rate) {
  const double fc = std::clamp(cutoff, 20.0, 0.45 * sample_rate);
  const double g = std::tan(kTwoPi * 0.5 * fc / sample_rate);
  k_ = 1.0 / std::clamp(q, 0.5, 8.0);
  a1_ = 1.0 / (1.0 + g * (g + k_));
  a2_ = g * a1_;
  a3_ = g * a2_;
}

double SvFilter::process(double x, FilterMode mode) {
  const double v3 = x - ic2_;
  const double v1 = a1_ * ic1_ + a2_ * v3;
  const double v2 = ic2_ + a2_ * ic1_ + a3_ * v3;
  ic1_ = 2.0 * v1 - ic1_;
  ic2_ = 2.0 * v2 - ic2_;
  switch (mode) {
    case FilterMode::Low: return v2;
    case FilterMode::Band: return v1;
    case FilterMode::High: return x - k_ * v1 - v2;
  }
  return v2;
}

// ---- voice ------------------------------------------------------------------------------

void SynthVoice::start(const Patch& patch, double note, double velocity, std::int64_t gate, double sample_rate,
                       std::uint32_t seed) {
  patch_ = &patch;
  sample_rate_ = sanitize(sample_rate, 8000.0, 192000.0, 48000.0);
  stage_ = Stage::Attack;
  level_ = 0.0;
  velocity_ = sanitize(velocity, 0.0, 1.0, 0.0);
  attack_step_ = 1.0 / (std::max(patch.attack, 1e-3) * sample_rate_);
  decay_k_ = decay_factor(patch.decay, sample_rate_);
  release_k_ = decay_factor(patch.release, sample_rate_);
  gate_left_ = std::max<std::int64_t>(gate, 1);
  age_ = 0;
  control_count_ = 0;
  base_freq_ = note_frequency(sanitize(note, 0.0, 135.0, 60.0));
  phase_a_ = phase_b_ = phase_m_ = vib_phase_ = 0.0;
  pitch_env_ = 1.0;
  pitch_k_ = decay_factor(patch.pitch_decay, sample_rate_, kControlPeriod);
  fm_env_ = 1.0;
  fm_k_ = decay_factor(patch.fm_decay, sample_rate_, kControlPeriod);
  filter_env_ = 1.0;
  filter_k_ = decay_factor(patch.filter_decay, sample_rate_, kControlPeriod);
  noise_prev_ = noise_hp_ = 0.0;
  noise_a_ = patch.noise_highpass > 0.0 ? std::exp(-kTwoPi * patch.noise_highpass / sample_rate_) : 0.0;
  rng_ = NoiseRng(seed);
  filter_.reset();
  filter_on_ = !(patch.filter == FilterMode::Low && patch.cutoff >= 18000.0 && patch.cutoff_env <= 0.0);
}

void SynthVoice::update_control() {
  const Patch& p = *patch_;
  double semis = p.pitch_drop * pitch_env_;
  pitch_env_ *= pitch_k_;
  if (p.vibrato > 0.0) {
    const double t = static_cast<double>(age_) / sample_rate_;
    const double delay = std::max(p.vibrato_delay, 1e-3);
    semis += p.vibrato * std::clamp((t - delay) / delay, 0.0, 1.0) * std::sin(kTwoPi * vib_phase_);
    vib_phase_ = advance(vib_phase_, p.vibrato_rate * kControlPeriod / sample_rate_);
  }
  const double f = semis != 0.0 ? base_freq_ * std::exp2(semis / 12.0) : base_freq_;
  dt_a_ = std::min(f / sample_rate_, 0.45);
  dt_b_ = std::min(f * std::exp2(p.detune_b / 12.0) / sample_rate_, 0.45);
  dt_m_ = std::min(f * p.fm_ratio / sample_rate_, 0.45);
  fm_env_ *= fm_k_;
  if (filter_on_) filter_.set(p.cutoff + p.cutoff_env * filter_env_, p.resonance, sample_rate_);
  filter_env_ *= filter_k_;
}

double SynthVoice::next_sample() {
  const Patch& p = *patch_;
  if (control_count_ == 0) {
    update_control();
    control_count_ = kControlPeriod;
  }
  --control_count_;
  double a = 0.0;
  if (p.fm_ratio > 0.0) {
    a = sine(phase_a_ + p.fm_index * fm_env_ * sine(phase_m_) / kTwoPi);  // phase modulation
    phase_m_ = advance(phase_m_, dt_m_);
  } else {
    a = oscillator(p.wave, phase_a_, dt_a_);
  }
  phase_a_ = advance(phase_a_, dt_a_);
  double x = p.osc_a * a;
  if (p.osc_b > 0.0) {
    x += p.osc_b * oscillator(p.wave_b, phase_b_, dt_b_);
    phase_b_ = advance(phase_b_, dt_b_);
  }
  if (p.noise > 0.0) {
    double n = rng_.bipolar();
    if (noise_a_ > 0.0) {
      noise_hp_ = noise_a_ * (noise_hp_ + n - noise_prev_);
      noise_prev_ = n;
      n = noise_hp_;
    }
    x += p.noise * n;
  }
  const double y = filter_on_ ? filter_.process(x, p.filter) : x;

  // The amplitude envelope.
  switch (stage_) {
    case Stage::Attack:
      level_ += attack_step_;
      if (level_ >= 1.0) {
        level_ = 1.0;
        stage_ = Stage::Decay;
      }
      break;
    case Stage::Decay:
      level_ = p.sustain + (level_ - p.sustain) * decay_k_;
      if (p.sustain <= 0.0 && level_ < kSilent) stage_ = Stage::Idle;  // a drum ends by itself
      break;
    case Stage::Release:
      level_ *= release_k_;
      if (level_ < kSilent) stage_ = Stage::Idle;
      break;
    case Stage::Idle: return 0.0;
  }
  if (stage_ != Stage::Release && stage_ != Stage::Idle && --gate_left_ <= 0) stage_ = Stage::Release;
  ++age_;
  return y * level_ * velocity_ * p.gain;
}

void SynthVoice::render_add(float* left, float* right, std::size_t n, double left_gain, double right_gain) {
  for (std::size_t i = 0; i < n && stage_ != Stage::Idle; ++i) {
    const double s = next_sample();
    left[i] += static_cast<float>(s * left_gain);
    right[i] += static_cast<float>(s * right_gain);
  }
}

}  // namespace racer::audio
