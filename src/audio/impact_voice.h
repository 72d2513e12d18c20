#pragma once
// ImpactVoice: crash sounds, scaled by the collision impulse. Each hit is a low thud
// (a decaying ~70 Hz sine), a crunch (noise, fast decay) and a metallic ring (four
// inharmonic partials, slower decay) that gets relatively stronger with harder hits.
// Up to four hits overlap; a fifth replaces the quietest.
#include <array>
#include <cstdint>
#include <span>

#include "audio/dsp.h"

namespace racer::audio {

struct ImpactConfig {
  double min_impulse = 30.0;     ///< N·s: softer touches make no sound
  double full_impulse = 15000.0; ///< N·s for full loudness (a 1200 kg car stopping from 12.5 m/s)
};

/// Loudness [0, 1] of a hit: sqrt(impulse / full_impulse) above min_impulse, else 0
/// (impulse in N·s; NaN and negatives give 0; capped at 1).
double impact_amplitude(double impulse, const ImpactConfig& config = {});

class ImpactVoice {
 public:
  static constexpr double kDuration = 1.0;  ///< s a hit lasts (its envelope is below -60 dB by then)

  /// sample_rate: Hz, [8000, 192000]; seed: the noise and detuning (same seed -> same sound).
  explicit ImpactVoice(double sample_rate = 48000.0, std::uint32_t seed = 1, ImpactConfig config = {});

  /// Starts a hit of `impulse` N·s (see impact_amplitude) at the next sample.
  void trigger(double impulse);
  /// Adds the next out.size() mono samples to out; exactly zero with no hit sounding. Peak about 0.9
  /// for one full-strength hit (overlapping hits add; the mixer's limiter bounds the sum).
  void render_add(std::span<float> out);
  bool active() const;
  /// Stops every hit at once (a car out of earshot).
  void silence() { hits_ = {}; }

 private:
  struct Hit {
    double amplitude = 0.0;  ///< 0 = free slot
    long n = 0;              ///< samples since the trigger
    std::array<double, 4> ring_freq{};  ///< Hz
    double thud_freq = 70.0; ///< Hz
    double noise_lp = 0.0;
  };
  double hit_sample(Hit& h);

  double sample_rate_;
  ImpactConfig config_;
  long length_;  ///< samples in kDuration
  NoiseRng rng_;
  std::array<Hit, 4> hits_{};
};

}  // namespace racer::audio
