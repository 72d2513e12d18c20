#pragma once
// The AI driver's scenes on the shipped tracks, shared by the driver's scenario tests
// (driver_test.cpp, driver_racecraft_test.cpp): a shipped track and the sedan, a race of
// two sedans, and placing a car on the racing line or a passing lane at speed.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "ai/route.h"
#include "race/race.h"
#include "track/track.h"

namespace racer::test {

// ---------------------------------------------------------------- on the shipped tracks

// A shipped track and the sedan, as the driver tests below race them.
struct Shipped {
  std::shared_ptr<const Track> track;
  CarSpec sedan;
};

// Loads tracks/`file` and the sedan into `out`; a file that does not load fails the calling
// test (call it inside ASSERT_NO_FATAL_FAILURE).
inline void load_shipped(const std::string& file, Shipped& out) {
  auto track = Track::load(std::string(RACER_SOURCE_DIR) + "/tracks/" + file);
  ASSERT_TRUE(track.ok()) << track.error_text();
  const Result<CarSpec> spec = load_car_spec(std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json");
  ASSERT_TRUE(spec.ok()) << spec.error_text();
  out = Shipped{track.value(), spec.value()};
}

// A one-lap race of two sedans on `shipped`'s track driven with `params`, mistakes off: the
// scenario tests below place the cars themselves. `start_calm_s` 0 sets a scene mid-race:
// in the start's calm a car's offset starts where it stands and leaves it at the car's pace,
// as off a grid, and no pass starts.
inline std::unique_ptr<Race> pair_race(const Shipped& shipped, AiParams params = {},
                                       double start_calm_s = DriverConfig{}.start_calm_s) {
  params.mistakes_per_minute = 0.0;
  const RaceEntry e{"AI", "sedan", shipped.sedan, params};
  RaceConfig config;
  config.laps = 1;
  config.driver.start_calm_s = start_calm_s;
  return std::make_unique<Race>(shipped.track, std::vector<RaceEntry>{e, e}, config);
}

// The scenarios below: two sedans on a shipped track, set going at speed.
// A shipped profile (easy, medium, hard) with its mistakes off: a scenario is about one behaviour.
inline AiParams scenario_profile(const std::string& level) {
  const Result<AiParams> p = load_ai_params(std::string(RACER_SOURCE_DIR) + "/assets/ai/" + level + ".json");
  EXPECT_TRUE(p.ok()) << p.error_text();
  AiParams out = p.ok() ? p.value() : AiParams{};
  out.mistakes_per_minute = 0.0;
  return out;
}

// Car 0 driven by `ours`, car 1 by `other`; no calm off the grid (the scenario starts at speed).
inline Race scenario_race(const Shipped& shipped, const AiParams& ours, const AiParams& other) {
  RaceConfig config;
  config.laps = 100;
  config.driver.start_calm_s = 0.0;
  return Race(shipped.track,
              {RaceEntry{"AI", "sedan", shipped.sedan, ours}, RaceEntry{"AI", "sedan", shipped.sedan, other}}, config);
}

// Puts `car` on the route's racing line at s (m), heading along it at `speed` (m/s).
inline void place_on_line(Race& race, const AiRoute& route, int car, double s, double speed) {
  const PathSample at = route.path.at(s);
  race.world().car(car).place(at.position, std::atan2(at.tangent.y, at.tangent.x), speed);
}

// Puts `car` on a passing lane abreast of the racing line's s (m), heading along the lane at
// `speed` (m/s).
inline void place_on_lane(Race& race, const AiRoute& route, const PassingLane& lane, int car, double s, double speed) {
  const double ls = lane.lane_s[route.line.index_at(s)];
  const Vec2 p = lane.line.position_at(ls), q = lane.line.position_at(ls + 1.0);
  race.world().car(car).place(p, std::atan2(q.y - p.y, q.x - p.x), speed);
}


}  // namespace racer::test
