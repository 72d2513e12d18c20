#pragma once
// Deterministic smooth 2D value noise in [-1, 1]: the same point gives the same value on
// every run (road bumps, surface texture). No global state, no random device.
#include <cmath>
#include <cstdint>

namespace racer {

/// Deterministic hash of an integer cell (and a salt) to [0, 1).
inline double cell_hash01(std::int64_t x, std::int64_t y, std::uint64_t salt = 0) {
  std::uint64_t h = static_cast<std::uint64_t>(x) * 0x9E3779B97F4A7C15ull ^
                    (static_cast<std::uint64_t>(y) + 0x632BE59BD9B4E019ull + salt) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 31;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 29;
  return static_cast<double>(h >> 11) * (1.0 / 9007199254740992.0);
}

/// The same hash in [-1, 1): the lattice values of value_noise.
inline double lattice_value(std::int64_t ix, std::int64_t iy, std::uint32_t seed) {
  return 2.0 * cell_hash01(ix, iy, seed) - 1.0;
}

/// Smooth noise at (x, y) (lattice spacing 1), in [-1, 1].
inline double value_noise(double x, double y, std::uint32_t seed = 0) {
  const double fx = std::floor(x), fy = std::floor(y);
  const auto ix = static_cast<std::int64_t>(fx), iy = static_cast<std::int64_t>(fy);
  const double tx = x - fx, ty = y - fy;
  const double sx = tx * tx * (3.0 - 2.0 * tx), sy = ty * ty * (3.0 - 2.0 * ty);
  const double a = lattice_value(ix, iy, seed), b = lattice_value(ix + 1, iy, seed);
  const double c = lattice_value(ix, iy + 1, seed), d = lattice_value(ix + 1, iy + 1, seed);
  return (a + (b - a) * sx) + ((c + (d - c) * sx) - (a + (b - a) * sx)) * sy;
}

}  // namespace racer
