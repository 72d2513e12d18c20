#include "audio/impact_voice.h"

#include <algorithm>
#include <cmath>

namespace racer::audio {
namespace {

constexpr std::array<double, 4> kRingRatios = {1.0, 2.63, 4.61, 7.3};  // inharmonic: a panel, not a string
constexpr std::array<double, 4> kRingGains = {1.0, 0.7, 0.45, 0.3};
constexpr double kRingBase = 330.0;  // Hz
constexpr double kThudDecay = 0.09, kCrunchDecay = 0.05, kRingDecay = 0.14;  // s, exp time constants

}  // namespace

double impact_amplitude(double impulse, const ImpactConfig& config) {
  const double j = sanitize(impulse, 0.0, 1e9, 0.0);
  if (j < config.min_impulse) return 0.0;
  return std::min(1.0, std::sqrt(j / config.full_impulse));
}

ImpactVoice::ImpactVoice(double sample_rate, std::uint32_t seed, ImpactConfig config)
    : sample_rate_(sanitize(sample_rate, 8000.0, 192000.0, 48000.0)), config_(config),
      length_(std::lround(kDuration * sample_rate_)), rng_(mix_seed(seed, 0x1A)) {}

void ImpactVoice::trigger(double impulse) {
  const double a = impact_amplitude(impulse, config_);
  if (a <= 0.0) return;
  // A free slot, else the quietest hit now (amplitude times its remaining envelope).
  Hit* slot = &hits_[0];
  double quietest = 1e9;
  for (Hit& h : hits_) {
    const double now = h.amplitude * std::exp(-static_cast<double>(h.n) / sample_rate_ / kRingDecay);
    if (now < quietest) {
      quietest = now;
      slot = &h;
    }
  }
  Hit h;
  h.amplitude = a;
  const double detune = 1.0 + 0.12 * rng_.bipolar();  // no two hits ring alike
  for (std::size_t i = 0; i < h.ring_freq.size(); ++i) h.ring_freq[i] = kRingBase * kRingRatios[i] * detune;
  h.thud_freq = 60.0 + 25.0 * rng_.uniform();
  *slot = h;
}

bool ImpactVoice::active() const {
  return std::any_of(hits_.begin(), hits_.end(), [](const Hit& h) { return h.amplitude > 0.0; });
}

void ImpactVoice::render_add(std::span<float> out) {
  for (Hit& h : hits_) {
    if (h.amplitude <= 0.0) continue;
    for (float& s : out) {
      s += static_cast<float>(hit_sample(h));
      if (h.amplitude <= 0.0) break;
    }
  }
}

double ImpactVoice::hit_sample(Hit& h) {
  if (h.n >= length_) {
    h = Hit{};
    return 0.0;
  }
  const double t = static_cast<double>(h.n++) / sample_rate_;
  // A short attack (1 ms) so the first sample does not click.
  const double attack = std::min(1.0, t / 0.001);
  const double thud = std::sin(kTwoPi * h.thud_freq * t) * std::exp(-t / kThudDecay);
  h.noise_lp += 0.5 * (rng_.bipolar() - h.noise_lp);
  const double crunch = h.noise_lp * std::exp(-t / kCrunchDecay);
  double ring = 0.0;
  for (std::size_t i = 0; i < h.ring_freq.size(); ++i) {
    if (h.ring_freq[i] < 0.45 * sample_rate_) ring += kRingGains[i] * std::sin(kTwoPi * h.ring_freq[i] * t);
  }
  ring *= std::exp(-t / kRingDecay) * 0.2;
  // Harder hits are brighter: the ring and crunch grow faster than the thud.
  const double a = h.amplitude;
  return attack * a * (0.45 * thud + (0.25 + 0.35 * a) * crunch + (0.3 + 0.5 * a) * ring);
}

}  // namespace racer::audio
