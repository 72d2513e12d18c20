#pragma once
// EngineVoice: the engine's tone, synthesised from RPM and load (no samples).
// A four-stroke fires cylinders/2 times per crank revolution, so the fundamental is the
// firing frequency rpm/60 * cylinders/2. On it sits a harmonic series a^(k-1) sin(k theta)
// up to 0.45 x the sample rate (no aliasing), summed in closed form (Moorer's discrete
// summation formula: the cost does not grow with the number of harmonics), whose roll-off
// a flattens with load (brighter under throttle); a weak crank-order rumble (rpm/60);
// per-firing amplitude jitter (roughness, growing with load); a combustion-noise burst at
// every firing. Parameters glide (~20 ms) so a changing rpm never clicks; the roll-off and
// band limit are refreshed every kControlPeriod samples.
// The series needs e^(i theta) and e^(i n theta) every sample. The phasor oscillator (the
// default) takes them exactly (sin/cos) only every kControlPeriod samples and in between
// turns them by the sample's phase step (a rotation recurrence: the step's rotation taken
// once per control period, its small change since then by a short series), so it costs a
// few multiplications a sample instead of two sin/cos pairs; the exact oscillator, kept as
// the reference, differs from it by under 1e-6 of full scale (tests/audio).
#include <cstdint>
#include <span>

#include "audio/dsp.h"

namespace racer::audio {

struct EngineParams {
  double rpm = 0.0;   ///< crankshaft speed, rev/min, clamped to [0, 20000] (NaN -> 0); below ~300 it fades out (stalled)
  double load = 0.0;  ///< throttle / engine load, [0, 1] (clamped, NaN -> 0)
  int cylinders = 4;  ///< four-stroke cylinder count, clamped to [1, 16]
};

/// Firing frequency of a four-stroke, Hz: rpm/60 revolutions per second times cylinders/2
/// firings per revolution (inputs sanitised as in EngineParams).
double firing_frequency(double rpm, int cylinders);

class EngineVoice {
 public:
  /// How the series' phasors are made: turned by a recurrence (cheap) or from sin/cos every
  /// sample (the reference).
  enum class Oscillator { Phasor, Exact };

  /// sample_rate: Hz, [8000, 192000]; seed: the noise and harmonic phases (same seed ->
  /// same sound).
  explicit EngineVoice(double sample_rate = 48000.0, std::uint32_t seed = 1, Oscillator oscillator = Oscillator::Phasor);

  /// New targets; the voice glides to them.
  void set(const EngineParams& params);
  /// Adds the next out.size() mono samples to out. Peak about 0.55 at full load.
  void render_add(std::span<float> out);

  double sample_rate() const { return sample_rate_; }

 private:
  static constexpr int kControlPeriod = 16;  ///< samples between roll-off / band-limit updates
  struct Complex {
    double re = 1.0, im = 0.0;
  };
  double next_sample();
  void update_control(double f0, double load);
  /// e^(i theta) and e^(i n theta) for this sample (phase_ advanced by `step` cycles).
  void turn_phasors(double step);

  Oscillator oscillator_;
  double sample_rate_;
  NoiseRng rng_;
  EngineParams target_{};
  Smoother freq_, crank_freq_, load_, level_;
  int control_count_ = 0;     ///< samples until the next control update
  double rolloff_ = 0.5;      ///< a: harmonic k has amplitude a^(k-1)
  double harmonics_ = 1.0;    ///< n, as a double
  double rolloff_n_ = 0.0;    ///< a^n
  double norm_ = 1.0;         ///< scales the series to unit RMS
  double phase_ = 0.0;        ///< firing cycle, [0, 1)
  double crank_phase_ = 0.0;  ///< crank revolution, [0, 1)
  double jitter_from_ = 1.0, jitter_to_ = 1.0;  ///< per-firing gain, interpolated over the cycle
  double noise_lp_ = 0.0;     ///< low-passed combustion noise
  // The phasor oscillator's state: z = e^(i theta), zn = e^(i n theta); the step rotations
  // w = e^(i 2 pi step0), wn = e^(i 2 pi n step0) taken at the last exact sample.
  Complex z_, zn_, w_, wn_;
  double step0_ = 0.0;        ///< cycles per sample at the last exact sample
  bool resync_ = true;        ///< take the next sample's phasors exactly
};

}  // namespace racer::audio
