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
[[gnu::always_inline]] inline double sine(double phase) {
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
[[gnu::always_inline]] inline double poly_blep(double t, double dt) {
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

[[gnu::always_inline]] inline double oscillator(Wave wave, double phase, double dt) {
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

[[gnu::always_inline]] inline double advance(double phase, double dt) {
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

template <bool kFm, bool kOscB, bool kNoise, bool kFilter>
void SynthVoice::render_run(float* left, float* right, std::size_t n, double left_gain, double right_gain) {
  const Patch& p = *patch_;
  const Wave wave = p.wave, wave_b = p.wave_b;
  const FilterMode mode = p.filter;
  const double osc_a = p.osc_a, osc_b = p.osc_b, noise = p.noise, fm_index = p.fm_index, sustain = p.sustain,
               gain = p.gain, velocity = velocity_;
  std::size_t i = 0;
  while (i < n && stage_ != Stage::Idle) {
    if (control_count_ == 0) {
      update_control();
      control_count_ = kControlPeriod;
    }
    // Up to the next control update, the pitch, FM depth and filter are fixed.
    const std::size_t run = std::min(n - i, static_cast<std::size_t>(control_count_));
    const double dt_a = dt_a_, dt_b = dt_b_, dt_m = dt_m_, fm_depth = fm_env_;
    double phase_a = phase_a_, phase_b = phase_b_, phase_m = phase_m_;
    double noise_prev = noise_prev_, noise_hp = noise_hp_;
    const double noise_a = noise_a_;
    NoiseRng rng = rng_;
    SvFilter filter = filter_;
    double level = level_;
    Stage stage = stage_;
    std::int64_t gate_left = gate_left_;
    std::size_t k = 0;
    while (k < run) {
      double a = 0.0;
      if constexpr (kFm) {
        a = sine(phase_a + fm_index * fm_depth * sine(phase_m) / kTwoPi);  // phase modulation
        phase_m = advance(phase_m, dt_m);
      } else {
        a = oscillator(wave, phase_a, dt_a);
      }
      phase_a = advance(phase_a, dt_a);
      double x = osc_a * a;
      if constexpr (kOscB) {
        x += osc_b * oscillator(wave_b, phase_b, dt_b);
        phase_b = advance(phase_b, dt_b);
      }
      if constexpr (kNoise) {
        double nz = rng.bipolar();
        if (noise_a > 0.0) {
          noise_hp = noise_a * (noise_hp + nz - noise_prev);
          noise_prev = nz;
          nz = noise_hp;
        }
        x += noise * nz;
      }
      double y = x;
      if constexpr (kFilter) y = filter.process(x, mode);

      // The amplitude envelope.
      switch (stage) {
        case Stage::Attack:
          level += attack_step_;
          if (level >= 1.0) {
            level = 1.0;
            stage = Stage::Decay;
          }
          break;
        case Stage::Decay:
          level = sustain + (level - sustain) * decay_k_;
          if (sustain <= 0.0 && level < kSilent) stage = Stage::Idle;  // a drum ends by itself
          break;
        case Stage::Release:
          level *= release_k_;
          if (level < kSilent) stage = Stage::Idle;
          break;
        case Stage::Idle: break;  // not reached: the loop stops at Idle
      }
      if (stage != Stage::Release && stage != Stage::Idle && --gate_left <= 0) stage = Stage::Release;
      const double s = y * level * velocity * gain;
      left[i + k] += static_cast<float>(s * left_gain);
      right[i + k] += static_cast<float>(s * right_gain);
      ++k;
      if (stage == Stage::Idle) break;
    }
    phase_a_ = phase_a, phase_b_ = phase_b, phase_m_ = phase_m;
    noise_prev_ = noise_prev, noise_hp_ = noise_hp;
    rng_ = rng;
    filter_ = filter;
    level_ = level;
    stage_ = stage;
    gate_left_ = gate_left;
    age_ += static_cast<std::int64_t>(k);
    control_count_ -= static_cast<int>(k);
    i += k;
  }
}

void SynthVoice::render_add(float* left, float* right, std::size_t n, double left_gain, double right_gain) {
  if (stage_ == Stage::Idle) return;
  const Patch& p = *patch_;
  const bool fm = p.fm_ratio > 0.0, b = p.osc_b > 0.0, noise = p.noise > 0.0;
  const int shape = (fm ? 8 : 0) | (b ? 4 : 0) | (noise ? 2 : 0) | (filter_on_ ? 1 : 0);
  switch (shape) {
    case 0: render_run<false, false, false, false>(left, right, n, left_gain, right_gain); break;
    case 1: render_run<false, false, false, true>(left, right, n, left_gain, right_gain); break;
    case 2: render_run<false, false, true, false>(left, right, n, left_gain, right_gain); break;
    case 3: render_run<false, false, true, true>(left, right, n, left_gain, right_gain); break;
    case 4: render_run<false, true, false, false>(left, right, n, left_gain, right_gain); break;
    case 5: render_run<false, true, false, true>(left, right, n, left_gain, right_gain); break;
    case 6: render_run<false, true, true, false>(left, right, n, left_gain, right_gain); break;
    case 7: render_run<false, true, true, true>(left, right, n, left_gain, right_gain); break;
    case 8: render_run<true, false, false, false>(left, right, n, left_gain, right_gain); break;
    case 9: render_run<true, false, false, true>(left, right, n, left_gain, right_gain); break;
    case 10: render_run<true, false, true, false>(left, right, n, left_gain, right_gain); break;
    case 11: render_run<true, false, true, true>(left, right, n, left_gain, right_gain); break;
    case 12: render_run<true, true, false, false>(left, right, n, left_gain, right_gain); break;
    case 13: render_run<true, true, false, true>(left, right, n, left_gain, right_gain); break;
    case 14: render_run<true, true, true, false>(left, right, n, left_gain, right_gain); break;
    default: render_run<true, true, true, true>(left, right, n, left_gain, right_gain); break;
  }
}

}  // namespace racer::audio
