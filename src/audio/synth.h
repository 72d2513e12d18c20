#pragma once
// The music's instrument: one subtractive voice, configured by a Patch, that plays every
// part of a song (bass, pad, lead, plucks and bells, kick, snare, hats):
//   two oscillators (sine, triangle, band-limited saw and square) and white noise
//   -> a pitch envelope (drums' sweep) and a delayed vibrato, two-operator FM (bells)
//   -> a state-variable filter (low, band or high pass) with its own decaying envelope
//   -> an ADSR amplitude envelope gated for the note's length.
// A voice is a pure function of (patch, note, velocity, gate, seed) from its start: it
// starts from silence with its phases at 0, so the same note always sounds the same (a
// song's loop repeats exactly). Pitch, filter and FM depth are refreshed every
// kControlPeriod samples; oscillators, noise, filter and envelope run per sample, in one
// loop per control period with the voice's state in locals (the audio thread's main cost:
// a menu theme's pads and bells are up to ~30 voices at 48 kHz).
// Sections: patch | helpers | voice.
#include <cstdint>

#include "audio/dsp.h"

namespace racer::audio {

// ---- patch ------------------------------------------------------------------------------

enum class Wave { Sine, Triangle, Saw, Square };
enum class FilterMode { Low, Band, High };

/// One instrument's sound. Times in s, frequencies in Hz, pitches in semitones.
struct Patch {
  Wave wave = Wave::Saw;         ///< oscillator A
  Wave wave_b = Wave::Saw;       ///< oscillator B
  double osc_a = 1.0;            ///< [0, 1], level of A
  double osc_b = 0.0;            ///< [0, 1], level of B
  double detune_b = 0.0;         ///< semitones of B above A (0.1: a chorus; -12: a sub-octave)
  double fm_ratio = 0.0;         ///< modulator / note frequency; 0 = no FM (A is phase-modulated)
  double fm_index = 0.0;         ///< rad, modulation index at the note's start
  double fm_decay = 0.2;         ///< s, exponential time constant of the index
  double noise = 0.0;            ///< [0, 1], white noise level
  double noise_highpass = 0.0;   ///< Hz, one-pole high-pass on the noise alone (0 = none)
  double pitch_drop = 0.0;       ///< semitones above the note at the start, falling to 0 (kicks)
  double pitch_decay = 0.04;     ///< s, exponential time constant of pitch_drop
  FilterMode filter = FilterMode::Low;
  double cutoff = 18000.0;       ///< Hz, at the end of the filter envelope
  double cutoff_env = 0.0;       ///< Hz added at the note's start, decaying with filter_decay
  double filter_decay = 0.2;     ///< s, exponential time constant of cutoff_env
  double resonance = 0.707;      ///< Q, [0.5, 8]
  double attack = 0.005;         ///< s, linear rise to full level (>= 1 ms: no click)
  double decay = 0.2;            ///< s, exponential time constant toward sustain
  double sustain = 0.7;          ///< [0, 1], level held while the note is held
  double release = 0.1;          ///< s, exponential time constant after the note ends
  double vibrato = 0.0;          ///< semitones, depth
  double vibrato_rate = 5.5;     ///< Hz
  double vibrato_delay = 0.25;   ///< s before the vibrato fades in (over the same time)
  double gain = 1.0;             ///< output level
};

// ---- helpers ----------------------------------------------------------------------------

/// MIDI note number (60 = C4, 69 = A4) to Hz (A4 = 440 Hz, equal temperament).
double note_frequency(double note);

/// Topology-preserving state-variable filter (Zavalishin): stable under fast cutoff
/// changes, one tan() per set().
class SvFilter {
 public:
  /// cutoff Hz (clamped to [20, 0.45 fs]), q [0.5, 8].
  void set(double cutoff, double q, double sample_rate);
  double process(double x, FilterMode mode) {
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
  void reset() { ic1_ = ic2_ = 0.0; }

 private:
  double k_ = 1.414, a1_ = 1.0, a2_ = 0.0, a3_ = 0.0;
  double ic1_ = 0.0, ic2_ = 0.0;
};

// ---- voice ------------------------------------------------------------------------------

class SynthVoice {
 public:
  /// Starts a note from silence. `patch` must outlive the note. note: MIDI number;
  /// velocity [0, 1]; gate: samples the note is held (then it releases); seed: the noise.
  void start(const Patch& patch, double note, double velocity, std::int64_t gate, double sample_rate,
             std::uint32_t seed);
  /// Silences at once (restart of a song).
  void stop() { stage_ = Stage::Idle; }
  bool active() const { return stage_ != Stage::Idle; }
  /// The envelope's level now, [0, 1] (0 when idle).
  double level() const { return active() ? level_ : 0.0; }
  /// Adds n samples of the voice, times `left` and `right`, to the two buffers.
  void render_add(float* left, float* right, std::size_t n, double left_gain, double right_gain);

 private:
  static constexpr int kControlPeriod = 16;
  enum class Stage { Idle, Attack, Decay, Release };
  void update_control();
  /// render_add's loop for one shape of patch: the parts the patch leaves out (FM, the
  /// second oscillator, noise, the filter) are not in it.
  template <bool kFm, bool kOscB, bool kNoise, bool kFilter>
  void render_run(float* left, float* right, std::size_t n, double left_gain, double right_gain);

  const Patch* patch_ = nullptr;
  double sample_rate_ = 48000.0;
  Stage stage_ = Stage::Idle;
  double level_ = 0.0, velocity_ = 1.0;
  double attack_step_ = 1.0, decay_k_ = 0.0, release_k_ = 0.0;
  std::int64_t gate_left_ = 0;  ///< samples until the note is released
  std::int64_t age_ = 0;        ///< samples since the start
  int control_count_ = 0;
  double base_freq_ = 440.0;
  double dt_a_ = 0.0, dt_b_ = 0.0, dt_m_ = 0.0;  ///< phase increments, cycles per sample
  double phase_a_ = 0.0, phase_b_ = 0.0, phase_m_ = 0.0, vib_phase_ = 0.0;
  double pitch_env_ = 0.0, pitch_k_ = 0.0;       ///< pitch_drop's remaining fraction
  double fm_env_ = 0.0, fm_k_ = 0.0;
  double filter_env_ = 0.0, filter_k_ = 0.0;     ///< per control period
  double noise_prev_ = 0.0, noise_hp_ = 0.0, noise_a_ = 0.0;
  NoiseRng rng_;
  SvFilter filter_;
  bool filter_on_ = true;  ///< false: a low-pass left wide open is skipped
};

}  // namespace racer::audio
