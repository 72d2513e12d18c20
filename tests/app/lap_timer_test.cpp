// LapTimer on a small oval: a flying lap is timed from the first crossing of the line, a
// lap that skips checkpoints is refused (and the next one starts at the line), driving
// against the direction of travel is flagged after the delay, and four wheels off the
// road read as off track.
#include "game/lap_timer.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/math.h"

namespace racer {
namespace {

std::shared_ptr<const Track> oval() {
  TrackSpec spec;
  spec.name = "oval";
  for (int i = 0; i < 16; ++i) {
    const double a = 2.0 * kPi * i / 16.0;
    spec.centreline.push_back({{160.0 * std::cos(a), 100.0 * std::sin(a)}, 12.0});
  }
  spec.sectors = 3;
  auto track = Track::build(spec, "oval");
  EXPECT_TRUE(track.ok()) << track.error_text();
  return track.ok() ? track.value() : nullptr;
}

/// Drives a car's CG along the track (or any path) one fixed step at a time.
struct Driver {
  LapTimer& timer;
  double dt = 1.0 / 240.0;
  double now = 0.0;
  Vec2 at;

  std::array<Vec2, 4> wheels(Vec2 p, Vec2 heading) const {
    const Vec2 f = heading * 1.3, l = perp(heading) * 0.8;
    return {p + f + l, p + f - l, p - f + l, p - f - l};
  }
  void move_to(Vec2 p) {
    const Vec2 d = p - at;
    const double len = length(d);
    const Vec2 dir = len > 0.0 ? d / len : Vec2{1.0, 0.0};
    now += dt;
    timer.update(at, p, d / dt, wheels(p, dir), now, dt);
    at = p;
  }
  /// Along the centreline from s0 for `distance` m (negative: backwards) at `speed` m/s.
  void drive(const Centreline& line, double s0, double distance, double speed) {
    const double step = speed * dt;
    const int n = static_cast<int>(std::abs(distance) / step);
    for (int i = 1; i <= n; ++i) move_to(line.at(s0 + std::copysign(step * i, distance)).position);
  }
};

double line_s(const Track& t) { return t.sector_starts().empty() ? 0.0 : t.sector_starts().front(); }

TEST(LapTimer, FlyingLapIsTimedFromTheLine) {
  const auto track = oval();
  ASSERT_TRUE(track);
  LapTimer timer(*track);
  const Centreline& line = track->centreline();
  const double L = line.length(), s0 = line_s(*track) - 20.0;
  Driver d{timer, 1.0 / 240.0, 0.0, line.at(s0).position};
  d.drive(line, s0, 15.0, 30.0);
  EXPECT_FALSE(timer.running()) << "the clock waits for the line";
  EXPECT_EQ(timer.lap_number(), 0);
  d.drive(line, s0 + 15.0, 10.0, 30.0);
  EXPECT_TRUE(timer.running());
  EXPECT_EQ(timer.lap_number(), 1);
  d.drive(line, s0 + 25.0, L, 30.0);
  ASSERT_EQ(timer.laps().size(), 1u);
  EXPECT_EQ(timer.lap_number(), 2);
  // Reason: 30 m/s along a sampled path; the chord is a little shorter than the arc.
  EXPECT_NEAR(timer.laps()[0].time, L / 30.0, 0.02 * L / 30.0);
  EXPECT_EQ(timer.laps()[0].sector_times.size(), 3u);
  EXPECT_EQ(timer.last_event().kind, LapEvent::Kind::Completed);
  EXPECT_TRUE(timer.last_event().best);
  ASSERT_NE(timer.best_lap(), nullptr);
  EXPECT_FALSE(timer.wrong_way());
  EXPECT_FALSE(timer.off_track());

  // A reset keeps the counted laps and waits for the line again.
  timer.restart();
  EXPECT_FALSE(timer.running());
  EXPECT_EQ(timer.laps().size(), 1u);
}

TEST(LapTimer, CutLapIsNotCountedAndTheNextStartsAtTheLine) {
  const auto track = oval();
  ASSERT_TRUE(track);
  LapTimer timer(*track);
  const Centreline& line = track->centreline();
  const double L = line.length(), s_line = line_s(*track);
  Driver d{timer, 1.0 / 240.0, 0.0, line.at(s_line - 10.0).position};
  d.drive(line, s_line - 10.0, 30.0, 30.0);  // over the line: lap 1 starts
  ASSERT_TRUE(timer.running());
  // Straight across the infield from a quarter to three quarters of the lap.
  d.drive(line, s_line + 20.0, 0.25 * L - 20.0, 30.0);
  const Vec2 a = d.at, b = line.at(s_line + 0.75 * L).position;
  for (int i = 1; i <= 2000; ++i) d.move_to(a + (b - a) * (i / 2000.0));
  d.drive(line, s_line + 0.75 * L, 0.25 * L + 10.0, 30.0);  // and over the line
  EXPECT_TRUE(timer.laps().empty());
  EXPECT_EQ(timer.last_event().kind, LapEvent::Kind::NotCounted);
  EXPECT_GT(timer.last_event().missed, 0);
  EXPECT_TRUE(timer.running()) << "the next lap starts at the line";
  EXPECT_EQ(timer.lap_number(), 2);
  EXPECT_LT(timer.current_lap_time(d.now), 0.5);
}

TEST(LapTimer, WrongWayAfterTheDelay) {
  const auto track = oval();
  ASSERT_TRUE(track);
  LapTimer timer(*track);
  const Centreline& line = track->centreline();
  Driver d{timer, 1.0 / 240.0, 0.0, line.at(200.0).position};
  d.drive(line, 200.0, -0.8 * 20.0, 20.0);  // 0.8 s backwards
  EXPECT_FALSE(timer.wrong_way());
  d.drive(line, 200.0 - 16.0, -0.4 * 20.0, 20.0);  // 1.2 s
  EXPECT_TRUE(timer.wrong_way());
  d.drive(line, 200.0 - 24.0, 10.0, 20.0);  // turned round
  EXPECT_FALSE(timer.wrong_way());
}

TEST(LapTimer, OffTrackWhenNoWheelIsOnTheRoad) {
  const auto track = oval();
  ASSERT_TRUE(track);
  LapTimer timer(*track);
  const CentreSample c = track->centreline().at(100.0);
  Driver d{timer, 1.0 / 240.0, 0.0, c.position};
  d.move_to(c.position + c.tangent * 0.1);
  EXPECT_FALSE(timer.off_track());
  const Vec2 grass = c.position + c.normal * (0.5 * c.width + 5.0);  // in the run-off
  d.at = grass - c.tangent * 0.1;
  d.move_to(grass);
  EXPECT_TRUE(timer.off_track());
}

}  // namespace
}  // namespace racer
