#pragma once
// Race support: the race runner's pieces that are functions of the World and the Track
// (race/race.h): putting cars on the grid, measuring race distance, showing the AI the
// world, finding a respawn spot, and the routes and seeds of the drivers.
//
// Sections: grid | race distance | driver view | respawn | routes and seeds
//
// Pure and deterministic.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ai/driver_view.h"
#include "ai/route.h"
#include "sim/world.h"
#include "track/progress.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {

// ---------------------------------------------------------------- grid

/// `count` start poses, pole first: the track's grid slots, then extra rows behind the last
/// (each new slot one row behind the slot `columns` places ahead, same side of the road).
std::vector<Pose> race_grid_poses(const Track& track, std::size_t count);

// ---------------------------------------------------------------- race distance

/// m, the race distance of each station's first gate centre; station 0 (the line) is 0.
std::vector<double> station_race_distances(const Track& track);

/// m, monotonic race distance of a car at `position` (CG) with `progress`: laps completed x
/// centreline length + distance into the lap, kept next to the last station crossed (so the
/// grid, behind the line, counts as just before 0, not as nearly a lap).
/// `hint`: the car's last centreline segment (in/out; -1 = unknown), so the projection
/// searches near it instead of the whole centreline.
double car_race_distance(const Track& track, const std::vector<double>& station_s, const RaceProgress& progress,
                         Vec2 position, int* hint = nullptr);

/// Some wheel's contact point is on the road (main loop or branch, kerbs included).
bool car_on_road(const Track& track, const Car& car);

// ---------------------------------------------------------------- driver view

/// Touching static geometry (walls, barriers, obstacles) this step.
bool touching_static(const World& world, std::size_t i);

/// The read-only view of car i for its driver, `race_distance` m into its race. `others` is
/// scratch storage the view's span points into: it must outlive the use of the view (one tick).
DriverView make_driver_view(const World& world, const Track& track, std::size_t i, double race_distance,
                            std::vector<OtherCarView>& others);

// ---------------------------------------------------------------- respawn

/// Whether centreline station s (m) is a safe respawn spot for car i: no car within 8 m, no
/// slow car just ahead (the tail of a queue), no car coming from behind within 3 s.
bool respawn_spot_clear(const World& world, const Track& track, std::size_t i, double s);

/// m along the centreline where car i respawns: the nearest clear spot ahead (up to 60 m),
/// then behind (up to 120 m), else the first spot ahead with nobody on it.
double respawn_spot(const World& world, const Track& track, std::size_t i);

/// Moves car i to centreline station s at rest, facing the direction of travel. Forward,
/// the progress is walked along the centreline so stations on the way count as crossed (as
/// if driven); back, nothing is crossed. The caller tells the driver (AiDriver::respawned)
/// and refreshes its own race distance.
void place_for_respawn(World& world, const Track& track, std::size_t i, double s, RaceProgress& progress);

// ---------------------------------------------------------------- routes and seeds

/// One planned route per car spec and line margin, shared by every car that has both.
/// Routes plan with the car's measured envelope (measured_envelope at `rate_hz`), once per
/// car spec.
class RouteCache {
 public:
  explicit RouteCache(double rate_hz = 240.0) : rate_hz_(rate_hz) {}
  std::shared_ptr<const AiRoute> get(const Track& track, const CarSpec& spec, double line_margin);

 private:
  double rate_hz_;
  std::map<std::string, CarEnvelope> envelopes_;
  std::map<std::pair<std::string, double>, std::shared_ptr<const AiRoute>> routes_;
};

/// The AI seed of grid car i in a race with `seed`.
std::uint64_t race_car_seed(std::uint64_t seed, std::size_t i);

}  // namespace racer
