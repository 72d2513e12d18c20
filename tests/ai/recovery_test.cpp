// The stall watch and the reverse-out (ai/recovery.h) on hand-built views: a straight line
// along +x, our car placed on it, stepped by hand. No race, no physics.
#include "ai/recovery.h"

#include <gtest/gtest.h>

#include <vector>

#include "ai/path.h"
#include "core/math.h"

namespace racer {
namespace {

constexpr double kDt = 1.0 / 240.0;  // s, the fixed step

Path straight_line() { return Path({{0.0, 0.0}, {100.0, 0.0}, {200.0, 0.0}}, false); }

DriverView view(double x, double heading, double forward_speed, double race_distance, std::int64_t step) {
  DriverView v;
  v.self.position = {x, 0.0};
  v.self.heading = heading;
  v.self.velocity = from_angle(heading) * forward_speed;
  v.self.forward_speed = forward_speed;
  v.race_distance = race_distance;
  v.step = step;
  v.dt = kDt;
  return v;
}

// Stopped, facing along the line, with no progress: a reverse-out starts once the stall clock
// passes DriverConfig::stall_trigger_s (1 s), not before.
TEST(Recovery, AStallAtAStandstillStartsAReverseOut) {
  const Path line = straight_line();
  const DriverConfig config;
  StuckRecovery r;
  int started = -1;
  for (int k = 0; k < 480 && started < 0; ++k) {
    r.watch(view(50.0, 0.0, 0.0, 50.0, k), config, false, line, {50.0, 0.0});
    if (r.mode() == Recovery::Reverse) started = k;
  }
  ASSERT_GE(started, 0);
  EXPECT_NEAR(started * kDt, config.stall_trigger_s, 2.0 * kDt) << "s of stall before reversing";
  EXPECT_EQ(r.count(), 1);
}

// Queued behind a car close ahead: never a stall (no reversing into the queue), but the
// stall clock still runs: after respawn_after_s the driver would ask for a respawn.
TEST(Recovery, QueuedIsNotStalledButTheClockRuns) {
  const Path line = straight_line();
  const DriverConfig config;
  StuckRecovery r;
  const int steps = static_cast<int>((config.respawn_after_s + 0.5) / kDt);
  for (int k = 0; k < steps; ++k) r.watch(view(50.0, 0.0, 0.0, 50.0, k), config, true, line, {50.0, 0.0});
  EXPECT_EQ(r.mode(), Recovery::None);
  EXPECT_EQ(r.count(), 0);
  EXPECT_GT(r.stall_seconds(), config.respawn_after_s);
  r.respawned();
  EXPECT_EQ(r.stall_seconds(), 0.0);
}

// Pulling away slowly (0.5 m/s^2, as on ice): under 1 m/s and short of 3 m for 2 s, but
// gaining speed: not stuck.
TEST(Recovery, PullingAwaySlowlyIsNotAStall) {
  const Path line = straight_line();
  const DriverConfig config;
  StuckRecovery r;
  double x = 50.0, speed = 0.0;
  for (int k = 0; k < 480; ++k) {
    speed += 0.5 * kDt;
    x += speed * kDt;
    r.watch(view(x, 0.0, speed, x, k), config, false, line, {x, 0.0});
  }
  EXPECT_EQ(r.mode(), Recovery::None);
}

// Facing back down the line at a crawl: turned round at once (opposite lock backing up).
// The manoeuvre: brake and ask for reverse, back up steering towards the line, then stop,
// first gear and drive on.
TEST(Recovery, FacingBackReversesOutAndDrivesOn) {
  const Path line = straight_line();
  const DriverConfig config;
  StuckRecovery r;
  const double heading = 0.5 * kPi + 1.2;  // the line runs along +x: 2.77 rad off it
  r.watch(view(50.0, heading, 0.0, 50.0, 0), config, false, line, {50.0, 0.0});
  ASSERT_EQ(r.mode(), Recovery::Reverse);
  DriverView v = view(50.0, heading, 0.0, 50.0, 1);
  v.self.gear = 1;
  Controls c = r.drive(v, line, {50.0, 0.0});
  EXPECT_EQ(c.brake, 1.0) << "stop first";
  EXPECT_EQ(c.shift, ShiftRequest::Down) << "then reverse";
  v.self.gear = -1;
  c = r.drive(v, line, {50.0, 0.0});
  EXPECT_EQ(c.throttle, 1.0);
  EXPECT_EQ(c.steer, 1.0) << "the line is to our right (heading error < 0): left lock backing up swings the nose to it";
  v.self.position = {50.0, 4.5};  // backed 4.5 m: enough
  c = r.drive(v, line, {50.0, 4.5});
  EXPECT_EQ(r.mode(), Recovery::Resume);
  v.self.gear = 1;
  c = r.drive(v, line, {50.0, 4.5});
  EXPECT_EQ(r.mode(), Recovery::None) << "in first gear: drive on";
  EXPECT_EQ(c.throttle, 0.5);
  EXPECT_EQ(c.brake, 0.0);
}

}  // namespace
}  // namespace racer
