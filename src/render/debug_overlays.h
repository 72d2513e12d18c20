#pragma once
// The debug overlays on the world (the Overlays panel, F7; `racer --debug`): what the AI
// drivers used in their last step, read from their debug records (ai/driver_debug.h), and
// what the physics did (tyre forces and slip, contact points and impulses). Drawing only:
// nothing here changes the race. All off in normal play.
//
// Sections: switches | colour ramps | drawing
#include <cstdint>
#include <vector>

#include <SDL.h>

#include "render/camera.h"
#include "render/mesh.h"

namespace racer {

class AiDriver;
class Car;
class CostGrid;
struct ContactImpulse;
struct ContactPoint;

// ---------------------------------------------------------------- switches

/// Which overlays are drawn (the Overlays panel's own state; all off by default).
struct OverlaySwitches {
  bool cost_grid = false;       ///< blocked cells and surface costs of the track's cost grid
  bool distance_field = false;  ///< the cost grid's clearance (distance to the nearest blocked cell)
  bool route = false;           ///< the router's last search: expanded cells, the way found, the detour
  bool racing_line = false;     ///< the driver's racing line coloured by its target speed
  bool lanes = false;           ///< the passing and let-by lanes, the one tracked and the shifted line
  bool lookahead = false;       ///< the tracker's lookahead point
  bool dwa = false;             ///< every DWA sample's arc by score, colliding ones marked, the chosen one
  bool predictions = false;     ///< the cars DWA planned against, predicted over its horizon
  bool wheel_forces = false;    ///< per-wheel tyre forces (longitudinal, lateral) and slip
  bool contacts = false;        ///< contact points, normals and impulses
  bool all_cars = false;        ///< the AI overlays for every AI car (else only the selected one)
  bool any_ai() const { return route || racing_line || lanes || lookahead || dwa || predictions; }
  bool any() const { return any_ai() || cost_grid || distance_field || wheel_forces || contacts; }
};

// ---------------------------------------------------------------- colour ramps

/// t in [0, 1]: red (slow) -> yellow -> green -> cyan (fast): target speeds.
Rgba speed_colour(double t);
/// t in [0, 1]: dark blue (worst) -> violet -> orange -> yellow (best): DWA scores.
Rgba score_colour(double t);
/// Clearance (m) -> colour of the distance field (red at a wall, through yellow and green, to blue at 12 m).
Rgba clearance_colour(double metres);
/// Colours of the fixed overlays (the panel's legend shows the same).
namespace overlay_colour {
inline constexpr Rgba kColliding{235, 45, 45, 150};
inline constexpr Rgba kChosen{255, 255, 255, 255};
inline constexpr Rgba kLookahead{255, 80, 220, 255};
inline constexpr Rgba kDwaTarget{80, 255, 255, 255};
inline constexpr Rgba kPassingLane{110, 170, 255, 200};
inline constexpr Rgba kLetByLane{230, 120, 255, 200};
inline constexpr Rgba kTrackedLine{90, 230, 255, 230};
inline constexpr Rgba kPrediction{255, 150, 40, 230};
inline constexpr Rgba kExpanded{170, 100, 255, 110};
inline constexpr Rgba kRouteCells{60, 255, 120, 220};
inline constexpr Rgba kDetour{30, 200, 90, 255};
inline constexpr Rgba kLongitudinal{60, 235, 90, 255};
inline constexpr Rgba kLateral{70, 160, 255, 255};
inline constexpr Rgba kContact{255, 235, 60, 255};
inline constexpr Rgba kImpulse{255, 60, 60, 255};
inline constexpr Rgba kBlocked{210, 30, 30, 120};
}  // namespace overlay_colour

/// N of tyre force per metre of arrow.
inline constexpr double kForceScale = 2000.0;

// ---------------------------------------------------------------- drawing

/// The cost grid and / or its distance field over the visible part of the world, as one
/// texture of the visible cells (sampled every few cells when zoomed out). Owns the texture.
class GridOverlay {
 public:
  GridOverlay() = default;
  ~GridOverlay();
  GridOverlay(const GridOverlay&) = delete;
  GridOverlay& operator=(const GridOverlay&) = delete;
  void draw(SDL_Renderer* renderer, const Camera& camera, const CostGrid& grid, bool costs, bool field);

 private:
  SDL_Texture* texture_ = nullptr;
  int width_ = 0, height_ = 0;
  std::vector<std::uint32_t> pixels_;
};

/// One AI driver's overlays from its debug record (nothing when it records nothing). `dt`:
/// s per fixed step (how old the router's last search is).
void draw_driver_overlays(SDL_Renderer* renderer, const Camera& camera, const AiDriver& driver,
                          const OverlaySwitches& on, double dt);
/// Each wheel's tyre force as two arrows in the wheel's frame (kForceScale) and a slip ring
/// (green gripping, yellow near the peak, red sliding).
void draw_wheel_forces(SDL_Renderer* renderer, const Camera& camera, const Car& car);
/// Touching contacts (a dot and the normal) and the last step's impulses (an arrow along the
/// normal, its length growing with the log of the impulse). `cars`: the cars' poses.
void draw_contacts(SDL_Renderer* renderer, const Camera& camera, const std::vector<ContactPoint>& contacts,
                   const std::vector<ContactImpulse>& impulses, const std::vector<const Car*>& cars);

}  // namespace racer
