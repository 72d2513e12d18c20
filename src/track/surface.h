#pragma once
// Surfaces the wheels can stand on, and what each one does to a tyre.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace racer {

enum class Surface : std::uint8_t { Asphalt, Kerb, Grass, Gravel, Sand, Ice, Dirt, Count };

struct SurfaceProps {
  double grip;                ///< multiplies the tyre's peak friction (asphalt = 1)
  double rolling_resistance;  ///< coefficient of rolling resistance (force / load), dimensionless
  double roughness;           ///< amplitude of road bumps fed to the suspension, m
  double bump_wavelength;     ///< typical distance between bumps, m
};

/// The built-in properties of every surface.
const SurfaceProps& surface_props(Surface s);
std::string_view surface_name(Surface s);
std::optional<Surface> surface_from_name(std::string_view name);
inline constexpr std::size_t kSurfaceCount = static_cast<std::size_t>(Surface::Count);

}  // namespace racer
