#pragma once
// ShiftVoice: the blip of a gear change: a short mechanical click (the selector) and an
// exhaust pop as the throttle lifts (up-shift) or blips (down-shift, a little louder and
// lower). Lasts kDuration.
#include <cstdint>
#include <span>

#include "audio/dsp.h"

namespace racer::audio {

class ShiftVoice {
 public:
  static constexpr double kDuration = 0.15;  ///< s a blip lasts

  /// sample_rate: Hz, [8000, 192000]; seed: the noise (same seed -> same sound).
  explicit ShiftVoice(double sample_rate = 48000.0, std::uint32_t seed = 1);

  /// Starts a blip for a change from gear `from` to gear `to` (-1 R, 0 N, 1..n); equal
  /// gears make no sound. Restarts a blip still sounding.
  void trigger(int from, int to);
  /// Adds the next out.size() mono samples to out; exactly zero when no blip sounds. Peak about 0.25.
  void render_add(std::span<float> out);
  bool active() const { return n_ < length_; }
  void silence() { n_ = length_; }

 private:
  double sample_rate_;
  NoiseRng rng_;
  long length_;            ///< samples in kDuration
  long n_;                 ///< samples since the trigger; >= length_: silent
  bool down_ = false;
  double noise_lp_ = 0.0;
};

}  // namespace racer::audio
