#include "audio/shift_voice.h"

#include <algorithm>
#include <cmath>

namespace racer::audio {

ShiftVoice::ShiftVoice(double sample_rate, std::uint32_t seed)
    : sample_rate_(sanitize(sample_rate, 8000.0, 192000.0, 48000.0)), rng_(mix_seed(seed, 0x5F)),
      length_(std::lround(kDuration * sample_rate_)), n_(length_) {}

void ShiftVoice::trigger(int from, int to) {
  if (from == to) return;
  n_ = 0;
  down_ = to < from;
  noise_lp_ = 0.0;
}

void ShiftVoice::render_add(std::span<float> out) {
  for (float& s : out) {
    if (n_ >= length_) return;
    const double t = static_cast<double>(n_++) / sample_rate_;
    // Click: a 2.2 kHz ping and noise, gone in a few ms.
    const double click = (std::sin(kTwoPi * 2200.0 * t) + 0.5 * rng_.bipolar()) * std::exp(-t / 0.004);
    // Pop: low-passed noise with a 25 ms decay, a little later (the exhaust).
    noise_lp_ += (down_ ? 0.12 : 0.2) * (rng_.bipolar() - noise_lp_);
    const double pop_t = std::max(0.0, t - 0.01);
    const double pop = t < 0.01 ? 0.0 : noise_lp_ * (pop_t / 0.003 < 1.0 ? pop_t / 0.003 : 1.0) * std::exp(-pop_t / 0.025);
    // Fade the tail over the last 20 ms so the end is not a step.
    const double tail = std::min(1.0, (kDuration - t) / 0.02);
    s += static_cast<float>(tail * (0.18 * click + (down_ ? 1.4 : 1.0) * 0.5 * pop));
  }
}

}  // namespace racer::audio
