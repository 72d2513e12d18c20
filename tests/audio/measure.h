#pragma once
// Measurements on rendered buffers for the audio tests: RMS, peak, a Hann-windowed DFT
// evaluated at any frequency, the strongest spectral peak, and a brightness measure.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <vector>

namespace racer::audio::test {

inline double rms(std::span<const float> x) {
  double s = 0.0;
  for (float f : x) {
    const double v = f;
    s += v * v;
  }
  return x.empty() ? 0.0 : std::sqrt(s / static_cast<double>(x.size()));
}

inline double peak(std::span<const float> x) {
  double p = 0.0;
  for (float v : x) p = std::max(p, std::abs(static_cast<double>(v)));
  return p;
}

inline bool all_finite(std::span<const float> x) {
  return std::all_of(x.begin(), x.end(), [](float v) { return std::isfinite(v); });
}

/// Every other sample from `offset` (one channel of interleaved stereo).
inline std::vector<float> channel(std::span<const float> stereo, std::size_t offset) {
  std::vector<float> out;
  for (std::size_t i = offset; i < stereo.size(); i += 2) out.push_back(stereo[i]);
  return out;
}

/// The signal times a Hann window.
inline std::vector<double> hann_windowed(std::span<const float> x) {
  std::vector<double> w(x.size());
  const double n = static_cast<double>(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    w[i] = static_cast<double>(x[i]) * (0.5 - 0.5 * std::cos(2.0 * 3.14159265358979323846 * static_cast<double>(i) / (n - 1.0)));
  }
  return w;
}

/// |X(f)| of an (already windowed) signal at frequency f (Hz), not limited to DFT bins.
inline double dft_magnitude(const std::vector<double>& x, double f, double sample_rate) {
  const double w = 2.0 * 3.14159265358979323846 * f / sample_rate;
  // A rotating phasor instead of a sin/cos per sample.
  const double cw = std::cos(w), sw = std::sin(w);
  double c = 1.0, s = 0.0, re = 0.0, im = 0.0;
  for (const double v : x) {
    re += v * c;
    im -= v * s;
    const double c2 = c * cw - s * sw;
    s = s * cw + c * sw;
    c = c2;
  }
  return std::hypot(re, im);
}

/// Frequency (Hz) of the strongest spectral peak of the Hann-windowed signal in [lo, hi]:
/// a 1 Hz scan, then a 0.02 Hz refinement around the best scan point.
inline double peak_frequency(std::span<const float> signal, double sample_rate, double lo, double hi) {
  const std::vector<double> x = hann_windowed(signal);
  double best_f = lo, best = -1.0;
  for (double f = lo; f <= hi; f += 1.0) {
    const double m = dft_magnitude(x, f, sample_rate);
    if (m > best) {
      best = m;
      best_f = f;
    }
  }
  const double centre = best_f;
  for (double f = centre - 1.0; f <= centre + 1.0; f += 0.02) {
    const double m = dft_magnitude(x, f, sample_rate);
    if (m > best) {
      best = m;
      best_f = f;
    }
  }
  return best_f;
}

/// Brightness: RMS of the first difference over RMS of the signal. For a sine of
/// frequency f it is 2 sin(pi f / fs), about 2 pi f / fs: a measure of the mean frequency.
inline double brightness(std::span<const float> x) {
  double d = 0.0, s = 0.0;
  for (std::size_t i = 1; i < x.size(); ++i) {
    const double diff = static_cast<double>(x[i]) - static_cast<double>(x[i - 1]);
    d += diff * diff;
    s += static_cast<double>(x[i]) * static_cast<double>(x[i]);
  }
  return s > 0.0 ? std::sqrt(d / s) : 0.0;
}

}  // namespace racer::audio::test
