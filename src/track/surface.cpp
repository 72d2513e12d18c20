#include "track/surface.h"

#include <cassert>

namespace racer {
namespace {

// Grip factors and rolling-resistance coefficients are typical published figures for
// road tyres (dry asphalt mu ~1, grass ~0.45-0.55, loose gravel ~0.6, sand ~0.5, ice ~0.1;
// Crr ~0.013 on asphalt up to ~0.1-0.3 in soft sand).
constexpr std::array<SurfaceProps, kSurfaceCount> kProps = {{
    {1.00, 0.013, 0.000, 1.0},  // asphalt
    {0.95, 0.016, 0.008, 0.4},  // kerb: painted concrete ribs
    {0.50, 0.060, 0.015, 1.5},  // grass
    {0.65, 0.080, 0.020, 0.8},  // gravel
    {0.55, 0.150, 0.012, 2.0},  // sand
    {0.12, 0.010, 0.002, 3.0},  // ice
    {0.70, 0.040, 0.015, 1.2},  // dirt (packed)
}};
constexpr std::array<std::string_view, kSurfaceCount> kNames = {
    "asphalt", "kerb", "grass", "gravel", "sand", "ice", "dirt"};

}  // namespace

const SurfaceProps& surface_props(Surface s) {
  assert(s < Surface::Count);
  return kProps[static_cast<std::size_t>(s)];
}

std::string_view surface_name(Surface s) {
  assert(s < Surface::Count);
  return kNames[static_cast<std::size_t>(s)];
}

std::optional<Surface> surface_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kSurfaceCount; ++i)
    if (kNames[i] == name) return static_cast<Surface>(i);
  return std::nullopt;
}

}  // namespace racer
