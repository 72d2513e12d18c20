#include "race/track_drive.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "ai/path.h"
#include "ai/tracking.h"
#include "core/math.h"
#include "sim/world.h"
#include "track/progress.h"
#include "track/track.h"
#include "vehicle/tyre.h"

namespace racer {

namespace {

void step(World& world, const Controls& c) { world.step(std::span<const Controls>(&c, 1)); }

/// Throttle/brake from a speed error: a proportional controller with a feed-forward bias.
Controls hold_speed(const Car& car, double target_mps, double bias) {
  Controls c;
  const double u = bias + 0.5 * (target_mps - car.forward_speed());
  c.throttle = clamp01(u);
  c.brake = clamp01(-u - 0.1);
  return c;
}

}  // namespace

TrackDriveResult run_track_laps(const CarSpec& spec, const Track& track, int laps, double rate_hz, double grip_use) {
  World world(track, {rate_hz});
  add_track_bodies(world, track);
  const Pose pole = track.grid().front();
  world.add_car(spec, pole.position, pole.heading);
  Car& car = world.car(0);
  RaceProgress progress(track.stations(), static_cast<int>(track.sector_starts().size()));
  progress.start_race(0.0);
  const Centreline& line = track.centreline();
  const double mu = Tyre(spec.tyre).mu_peak(spec.body.mass * kGravity / 4.0);
  const double sign_dir = 1.0;  // the centreline already runs in the direction of travel
  int hint = -1;
  // Steering: the AI's Pure Pursuit on the centreline, at the tracking layer's 20 Hz.
  const Path path = Path::from_centreline(line);
  const SteeringGeometry geometry = SteeringGeometry::of(spec);
  const PurePursuitParams pursuit;
  const auto tracker_every = static_cast<std::int64_t>(std::max(1.0, std::round(rate_hz / 20.0)));
  int pursuit_hint = -1;
  double steer = 0.0;
  double slow_for = 0.0;
  TrackDriveResult r;
  const double max_time = 600.0 * laps;
  while (progress.laps_completed() < laps && world.time() < max_time) {
    const Projection here = line.project(car.position(), hint);
    hint = here.index;
    r.max_centre_offset_m = std::max(r.max_centre_offset_m, here.distance);
    // Speed: the slowest corner within braking distance ahead sets the target.
    const double v = car.speed();
    double target = 70.0;
    const double look = 20.0 + v * v / (2.0 * 0.5 * mu * kGravity);
    for (double ds = 0.0; ds < look; ds += 4.0) {
      const CentreSample ahead = line.at(here.s + sign_dir * ds);
      const double grip = surface_props(track.surface_at(ahead.position)).grip;
      const double corner = std::sqrt(grip_use * grip * mu * kGravity / std::max(std::abs(ahead.curvature), 1e-4));
      // v^2 = corner^2 + 2 a d: what we may do now and still make that corner.
      target = std::min(target, std::sqrt(corner * corner + 2.0 * 0.5 * grip * mu * kGravity * ds));
    }
    if (world.steps() % tracker_every == 0) {
      const TrackingState state{car.position(), car.heading(), car.forward_speed()};
      steer = pure_pursuit(pursuit, geometry, state, path, pursuit_hint).steer;
    }
    Controls c = hold_speed(car, target, 0.1);
    c.steer = steer;
    const Vec2 before = car.position();
    step(world, c);
    progress.update(before, car.position(), world.time());
    if (!track.on_road(car.position())) r.off_road_seconds += world.dt();
    slow_for = (car.speed() < 1.0 && world.time() > 5.0) ? slow_for + world.dt() : 0.0;
    if (slow_for > 5.0) {
      r.stuck = true;
      break;
    }
  }
  r.laps_completed = progress.laps_completed();
  for (const LapRecord& lap : progress.laps()) r.lap_times.push_back(lap.time);
  r.sim_seconds = world.time();
  return r;
}

}  // namespace racer
