// RaceProgress: gate crossings, laps in order, sector times, cutting, reversing, branches.
//
// The tracks here are hand-made: a 100 m square loop driven counter-clockwise with one
// station on each side (the line on the bottom side), and a car that moves along a
// polyline at constant speed in fixed steps, so every crossing time is known exactly.
#include "track/progress.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

namespace racer {
namespace {

/// A gate across a road at `centre` for a car travelling along `dir` (unit), half-width hw.
Gate gate_at(Vec2 centre, Vec2 dir, double hw = 5.0) {
  return {centre + perp(dir) * hw, centre - perp(dir) * hw};
}

const Vec2 kEast{1, 0}, kNorth{0, 1}, kWest{-1, 0}, kSouth{0, -1};

/// Square loop (0,0) (100,0) (100,100) (0,100), counter-clockwise, 400 m a lap.
/// Station 0: the line at (50, 0); 1: (100, 50); 2: (50, 100); 3: (0, 50).
/// Sectors: 0 from the line, 1 from station 1, 2 from station 2 -> 100, 100 and 200 m.
std::vector<Station> square_stations() {
  return {
      {{gate_at({50, 0}, kEast)}, 0},
      {{gate_at({100, 50}, kNorth)}, 1},
      {{gate_at({50, 100}, kWest)}, 2},
      {{gate_at({0, 50}, kSouth)}, -1},
  };
}

/// Moves a point along a polyline at constant speed in fixed steps, feeding RaceProgress.
class Driver {
 public:
  Driver(RaceProgress& progress, double speed, double dt) : progress_(progress), speed_(speed), dt_(dt) {}

  /// Starts at `p` at time `t` without feeding a step.
  void place(Vec2 p, double t = 0.0) {
    pos_ = p;
    time_ = t;
  }
  /// Drives in a straight line to `target`, one fixed step at a time (the last step may be
  /// short, and still takes a full dt: the car arrives and waits out the step).
  void drive_to(Vec2 target) {
    while (!(pos_ == target)) {
      const Vec2 d = target - pos_;
      const double dist = length(d);
      const double step = speed_ * dt_;
      const Vec2 next = dist <= step ? target : pos_ + d * (step / dist);
      const double next_time = time_ + (dist <= step ? dist / speed_ : dt_);
      progress_.update(pos_, next, next_time);
      pos_ = next;
      time_ = next_time;
    }
  }
  void drive(const std::vector<Vec2>& path) {
    for (Vec2 p : path) drive_to(p);
  }
  /// Stands still for n steps.
  void wait(int n) {
    for (int i = 0; i < n; ++i) {
      time_ += dt_;
      progress_.update(pos_, pos_, time_);
    }
  }
  double time() const { return time_; }
  void set_speed(double v) { speed_ = v; }

 private:
  RaceProgress& progress_;
  double speed_, dt_;
  Vec2 pos_;
  double time_ = 0.0;
};

const std::vector<Vec2> kLap = {{100, 0}, {100, 100}, {0, 100}, {0, 0}, {60, 0}};

// --- crossing() ----------------------------------------------------------------------

TEST(Crossing, DirectionFromPerpOfGate) {
  const Gate g = gate_at({0, 0}, kEast);  // a = (0, 5), b = (0, -5), forwards +x
  EXPECT_EQ(crossing(g, {-1, 0}, {1, 0}), 1);
  EXPECT_EQ(crossing(g, {1, 0}, {-1, 0}), -1);
  EXPECT_EQ(crossing(g, {-1, 4.9}, {1, 4.9}), 1);
  EXPECT_EQ(crossing(g, {-1, 6}, {1, 6}), 0) << "beside the gate";
  EXPECT_EQ(crossing(g, {-1, -7}, {1, -5.5}), 0) << "crosses the gate's line beyond b";
  EXPECT_EQ(crossing(g, {-2, 0}, {-1, 0}), 0) << "short of the gate";
  EXPECT_EQ(crossing(g, {-1, -3}, {-1, 3}), 0) << "parallel";
  EXPECT_EQ(crossing(g, {-1, 5}, {1, 5}), 1) << "through the end point a";
  EXPECT_EQ(crossing(g, {-1, -5}, {1, -5}), 1) << "through the end point b";
  EXPECT_EQ(crossing(g, {-1, -1}, {1, 1}), 1) << "diagonal";
  EXPECT_EQ(crossing({{0, 0}, {0, 0}}, {-1, 0}, {1, 0}), 0) << "degenerate gate";
}

TEST(Crossing, PointOnTheGateCountsAsAhead) {
  const Gate g = gate_at({0, 0}, kEast);
  EXPECT_EQ(crossing(g, {-1, 0}, {0, 0}), 1) << "arriving on the gate crosses it";
  EXPECT_EQ(crossing(g, {0, 0}, {0, 0}), 0) << "standing on it does not";
  EXPECT_EQ(crossing(g, {0, 0}, {1, 0}), 0) << "leaving forwards does not cross again";
  EXPECT_EQ(crossing(g, {0, 0}, {-1, 0}), -1) << "rolling back off it is a backward crossing";
  EXPECT_EQ(crossing(g, {0, -2}, {0, 2}), 0) << "sliding along the gate";
}

// --- laps and times --------------------------------------------------------------------

TEST(RaceProgress, FlyingStartThenLapsWithExactTimes) {
  RaceProgress progress(square_stations(), 3);
  const double v = 37.0, dt = 1.0 / 60.0;
  Driver car(progress, v, dt);
  car.place({20, 0});
  car.drive_to({40, 0});
  EXPECT_FALSE(progress.lap_running());
  EXPECT_EQ(progress.next_station(), 0);
  car.drive_to({60, 0});
  ASSERT_TRUE(progress.lap_running()) << "the first forward crossing of the line starts lap 1";
  EXPECT_EQ(progress.next_station(), 1);
  EXPECT_EQ(progress.laps_completed(), 0);

  car.drive({{100, 0}, {100, 60}});
  EXPECT_EQ(progress.stations_passed(), 1);
  EXPECT_EQ(progress.next_station(), 2);
  ASSERT_EQ(progress.current_sectors().size(), 1u);
  EXPECT_NEAR(progress.current_sectors()[0], 100.0 / v, 1e-9);

  car.drive({{100, 100}, {0, 100}, {0, 0}});
  EXPECT_EQ(progress.stations_passed(), 3);
  EXPECT_EQ(progress.next_station(), 0);
  car.drive_to({60, 0});
  ASSERT_EQ(progress.laps_completed(), 1);
  const LapRecord& lap = progress.laps()[0];
  // 400 m at 37 m/s is 10.8108... s, not a multiple of the 1/60 s step: interpolated.
  EXPECT_NEAR(lap.time, 400.0 / v, 1e-9);
  ASSERT_EQ(lap.sector_times.size(), 3u);
  EXPECT_NEAR(lap.sector_times[0], 100.0 / v, 1e-9);
  EXPECT_NEAR(lap.sector_times[1], 100.0 / v, 1e-9);
  EXPECT_NEAR(lap.sector_times[2], 200.0 / v, 1e-9);
  EXPECT_NEAR(std::accumulate(lap.sector_times.begin(), lap.sector_times.end(), 0.0), lap.time, 1e-9);
  EXPECT_TRUE(progress.lap_running()) << "the next lap starts at the line";
  EXPECT_TRUE(progress.current_sectors().empty());
  EXPECT_NEAR(progress.current_lap_time(car.time()), 10.0 / v, 1e-9);

  car.drive(kLap);
  car.drive(kLap);
  ASSERT_EQ(progress.laps_completed(), 3);
  for (const LapRecord& l : progress.laps()) EXPECT_NEAR(l.time, 400.0 / v, 1e-9);
  EXPECT_EQ(progress.backward_crossings(), 0);
}

TEST(RaceProgress, LapTimeDoesNotDependOnTheStepRate) {
  for (double rate : {60.0, 120.0, 240.0, 500.0, 7.0}) {
    RaceProgress progress(square_stations(), 3);
    Driver car(progress, 41.3, 1.0 / rate);
    car.place({30, 0});
    car.drive(kLap);  // over the line at 20 m and again at 420 m
    ASSERT_EQ(progress.laps_completed(), 1) << rate;
    EXPECT_NEAR(progress.laps()[0].time, 400.0 / 41.3, 1e-9) << rate << " Hz";
  }
}

TEST(RaceProgress, StandingStartTimesFromStartRace) {
  RaceProgress progress(square_stations(), 3);
  const double v = 30.0;
  Driver car(progress, v, 1.0 / 240.0);
  car.place({45, 0}, 2.0);
  progress.start_race(2.0);
  EXPECT_TRUE(progress.lap_running());
  EXPECT_EQ(progress.next_station(), 1);
  car.drive_to({60, 0});
  EXPECT_EQ(progress.laps_completed(), 0) << "crossing the line just after the start is not a lap";
  car.drive(kLap);
  ASSERT_EQ(progress.laps_completed(), 1);
  EXPECT_NEAR(progress.laps()[0].time, 405.0 / v, 1e-9);
  EXPECT_NEAR(progress.laps()[0].sector_times[0], 105.0 / v, 1e-9);
}

TEST(RaceProgress, SectorTimesSumToTheLapTimeAtVaryingSpeed) {
  RaceProgress progress(square_stations(), 3);
  Driver car(progress, 20.0, 1.0 / 60.0);
  car.place({40, 0});
  car.drive_to({100, 0});
  car.set_speed(13.7);
  car.drive_to({100, 100});
  car.set_speed(55.1);
  car.drive({{0, 100}, {0, 0}});
  car.set_speed(9.3);
  car.drive_to({60, 0});
  ASSERT_EQ(progress.laps_completed(), 1);
  const LapRecord& lap = progress.laps()[0];
  const double expected = 50 / 20.0 + 100 / 13.7 + 200 / 55.1 + 50 / 9.3;
  EXPECT_NEAR(lap.time, expected, 1e-9);
  ASSERT_EQ(lap.sector_times.size(), 3u);
  EXPECT_NEAR(lap.sector_times[0], 50 / 20.0 + 50 / 13.7, 1e-9);
  EXPECT_NEAR(lap.sector_times[1], 50 / 13.7 + 50 / 55.1, 1e-9);
  EXPECT_NEAR(lap.sector_times[2], 150 / 55.1 + 50 / 9.3, 1e-9);
  EXPECT_NEAR(lap.sector_times[0] + lap.sector_times[1] + lap.sector_times[2], lap.time, 1e-9);
}

TEST(RaceProgress, BestLap) {
  RaceProgress progress(square_stations(), 3);
  EXPECT_FALSE(progress.best_lap().has_value());
  Driver car(progress, 40.0, 1.0 / 120.0);
  car.place({40, 0});
  car.drive_to({60, 0});
  car.drive(kLap);  // 10 s
  car.set_speed(50.0);
  car.drive(kLap);  // 8 s
  car.set_speed(25.0);
  car.drive(kLap);  // 16 s
  ASSERT_EQ(progress.laps_completed(), 3);
  ASSERT_TRUE(progress.best_lap().has_value());
  // Each lap includes the speed change at (60, 0), 10 m past the line.
  EXPECT_NEAR(progress.laps()[0].time, 390 / 40.0 + 10 / 40.0, 1e-9);
  EXPECT_NEAR(progress.laps()[1].time, 10 / 40.0 + 390 / 50.0, 1e-9);
  EXPECT_NEAR(progress.laps()[2].time, 10 / 50.0 + 390 / 25.0, 1e-9);
  EXPECT_NEAR(*progress.best_lap(), progress.laps()[1].time, 1e-12);
}

TEST(RaceProgress, SeveralStationsInOneStepCountInTheirOrder) {
  // Stations close together on a straight, all crossed by one long step: the line comes
  // last in the step, after station 3, so the lap completes within that step.
  const std::vector<Station> stations = {
      {{gate_at({30, 0}, kEast)}, 0},
      {{gate_at({0, 0}, kEast)}, 1},
      {{gate_at({10, 0}, kEast)}, -1},
      {{gate_at({20, 0}, kEast)}, -1},
  };
  RaceProgress progress(stations, 2);
  progress.start_race(0.0);
  progress.update({-5, 0}, {35, 0}, 1.0);
  ASSERT_EQ(progress.laps_completed(), 1);
  EXPECT_NEAR(progress.laps()[0].time, 35.0 / 40.0, 1e-12);
  ASSERT_EQ(progress.laps()[0].sector_times.size(), 2u);
  EXPECT_NEAR(progress.laps()[0].sector_times[0], 5.0 / 40.0, 1e-12);
  EXPECT_NEAR(progress.laps()[0].sector_times[1], 30.0 / 40.0, 1e-12);
}

// --- cutting and reversing -------------------------------------------------------------

TEST(RaceProgress, CuttingACornerDoesNotCount) {
  RaceProgress progress(square_stations(), 3);
  const double v = 40.0;
  Driver car(progress, v, 1.0 / 60.0);
  car.place({40, 0});
  car.drive_to({60, 0});  // lap 1 starts at t = 0.25 s
  // Straight across the infield from the bottom side to the top: station 1 is missed.
  car.drive({{60, 100}, {0, 100}, {0, 0}, {60, 0}});
  EXPECT_EQ(progress.laps_completed(), 0) << "the line after a skipped station is not a lap";
  EXPECT_TRUE(progress.lap_running()) << "the lap timer keeps running";
  EXPECT_EQ(progress.next_station(), 1) << "the car still owes station 1";
  EXPECT_EQ(progress.stations_passed(), 0);

  // Cutting again the same way never counts.
  car.drive({{60, 100}, {0, 100}, {0, 0}, {60, 0}});
  EXPECT_EQ(progress.laps_completed(), 0);

  // Driving the missed station and the rest in order completes the (long) lap.
  const double before = car.time();
  car.drive(kLap);
  ASSERT_EQ(progress.laps_completed(), 1);
  EXPECT_NEAR(progress.laps()[0].time, before + 390.0 / v - 0.25, 1e-9);
  const auto& s = progress.laps()[0].sector_times;
  EXPECT_NEAR(std::accumulate(s.begin(), s.end(), 0.0), progress.laps()[0].time, 1e-9);
  // And the following lap is a normal one.
  car.drive(kLap);
  ASSERT_EQ(progress.laps_completed(), 2);
  EXPECT_NEAR(progress.laps()[1].time, 400.0 / v, 1e-9);
}

TEST(RaceProgress, CutStationCanBeCrossedByGoingBack) {
  RaceProgress progress(square_stations(), 3);
  Driver car(progress, 20.0, 1.0 / 60.0);
  car.place({40, 0});
  car.drive_to({60, 0});
  // Cut inside station 1 (through (90, 50), the gate spans x 95..105), then notice,
  // reverse back below it and take the corner properly.
  car.drive({{90, 30}, {90, 60}});
  EXPECT_EQ(progress.next_station(), 1);
  car.drive({{90, 30}, {100, 30}, {100, 100}, {0, 100}, {0, 0}, {60, 0}});
  EXPECT_EQ(progress.laps_completed(), 1);
  EXPECT_EQ(progress.backward_crossings(), 0) << "the cut never touched a gate";
}

TEST(RaceProgress, ReversingAcrossTheLineDoesNotCount) {
  RaceProgress progress(square_stations(), 3);
  const double v = 40.0;
  Driver car(progress, v, 1.0 / 60.0);
  car.place({40, 0});
  car.drive_to({60, 0});
  car.drive(kLap);
  ASSERT_EQ(progress.laps_completed(), 1);

  // Back over the line, then forwards over it again: no lap for that.
  car.drive_to({40, 0});
  EXPECT_EQ(progress.backward_crossings(), 1);
  EXPECT_EQ(progress.laps_completed(), 1);
  EXPECT_EQ(progress.next_station(), 1) << "a backward crossing does not move anything";
  car.drive_to({60, 0});
  EXPECT_EQ(progress.laps_completed(), 1) << "reverse over the line and forward again is not a lap";
  EXPECT_EQ(progress.backward_crossings(), 1);
  // Rocking back and forth over the line several times does not help either.
  for (int i = 0; i < 5; ++i) {
    car.drive_to({45, 0});
    car.drive_to({55, 0});
  }
  EXPECT_EQ(progress.laps_completed(), 1);
  EXPECT_EQ(progress.backward_crossings(), 6);

  // The lap timer kept running through all of it; a real lap then completes lap 2.
  const double lap2_start = progress.laps()[0].time + 0.25;
  car.drive(kLap);
  ASSERT_EQ(progress.laps_completed(), 2);
  EXPECT_NEAR(progress.laps()[1].time, car.time() - 10.0 / v - lap2_start, 1e-9);
}

TEST(RaceProgress, DrivingTheLoopBackwardsNeverCounts) {
  RaceProgress progress(square_stations(), 3);
  Driver car(progress, 40.0, 1.0 / 60.0);
  car.place({60, 0});
  for (int i = 0; i < 3; ++i) car.drive({{0, 0}, {0, 100}, {100, 100}, {100, 0}, {60, 0}});
  EXPECT_FALSE(progress.lap_running()) << "the line was only ever crossed backwards";
  EXPECT_EQ(progress.laps_completed(), 0);
  EXPECT_EQ(progress.backward_crossings(), 12);

  // After a flying start, the wrong way still never counts.
  car.drive_to({40, 0});
  car.drive_to({60, 0});
  ASSERT_TRUE(progress.lap_running());
  for (int i = 0; i < 2; ++i) car.drive({{0, 0}, {0, 100}, {100, 100}, {100, 0}, {60, 0}});
  EXPECT_EQ(progress.laps_completed(), 0);
  EXPECT_EQ(progress.next_station(), 1);
}

// --- branches and edge cases -----------------------------------------------------------

TEST(RaceProgress, EitherGateOfAStationCounts) {
  // Station 2 has two alternatives: the main top side at y = 100 and a branch out at
  // y = 130 that leaves at (100, 100) and rejoins at (0, 100).
  std::vector<Station> stations = square_stations();
  stations[2].gates.push_back(gate_at({50, 130}, kWest));
  RaceProgress progress(stations, 3);
  const double v = 30.0;
  Driver car(progress, v, 1.0 / 60.0);
  car.place({40, 0});
  car.drive_to({60, 0});
  car.drive(kLap);  // main road
  car.drive({{100, 0}, {100, 130}, {0, 130}, {0, 0}, {60, 0}});  // the branch: 460 m
  car.drive(kLap);
  ASSERT_EQ(progress.laps_completed(), 3);
  EXPECT_NEAR(progress.laps()[0].time, 400.0 / v, 1e-9);
  EXPECT_NEAR(progress.laps()[1].time, 460.0 / v, 1e-9);
  EXPECT_NEAR(progress.laps()[1].sector_times[1], 130.0 / v, 1e-9);
  EXPECT_NEAR(progress.laps()[2].time, 400.0 / v, 1e-9);
  EXPECT_EQ(progress.backward_crossings(), 0);
}

TEST(RaceProgress, AlternativesThatMeetAtAPointCountOnce) {
  // Two gates of one station sharing an end point, crossed exactly there.
  const Gate left{{50, 10}, {50, 0}}, right{{50, 0}, {50, -10}};
  const std::vector<Station> stations = {
      {{gate_at({0, 0}, kEast)}, 0},
      {{left, right}, 1},
      {{gate_at({80, 0}, kEast)}, -1},
  };
  RaceProgress progress(stations, 2);
  progress.start_race(0.0);
  progress.update({-1, 0}, {60, 0}, 1.0);
  EXPECT_EQ(progress.next_station(), 2);
  progress.update({60, 0}, {40, 0}, 2.0);
  EXPECT_EQ(progress.backward_crossings(), 1);
}

TEST(RaceProgress, CarThatStopsExactlyOnAGate) {
  RaceProgress progress(square_stations(), 3);
  const double v = 20.0, dt = 1.0 / 60.0;
  Driver car(progress, v, dt);
  car.place({40, 0});
  car.drive_to({50, 0});  // exactly on the line: arrives at 0.5 s
  ASSERT_TRUE(progress.lap_running());
  EXPECT_NEAR(progress.current_lap_time(car.time()), 0.0, 1e-12);
  car.wait(30);
  car.drive_to({100, 0});
  car.drive_to({100, 50});  // exactly on station 1
  EXPECT_EQ(progress.next_station(), 2);
  car.wait(60);
  EXPECT_EQ(progress.next_station(), 2) << "standing on a gate crosses it once";
  car.drive({{100, 100}, {0, 100}, {0, 0}, {50, 0}});  // and stop exactly on the line
  ASSERT_EQ(progress.laps_completed(), 1);
  EXPECT_NEAR(progress.laps()[0].time, 400.0 / v + 90 * dt, 1e-9);
  car.wait(10);
  car.drive_to({60, 0});
  EXPECT_EQ(progress.laps_completed(), 1) << "driving off the line is not another crossing";
  EXPECT_EQ(progress.backward_crossings(), 0);

  // Stop on the line, roll back off it, and drive over it again: a backward crossing and
  // no lap.
  car.drive(kLap);
  car.drive_to({100, 0});
  car.drive({{100, 100}, {0, 100}, {0, 0}, {50, 0}});
  ASSERT_EQ(progress.laps_completed(), 3);
  car.drive_to({49, 0});
  EXPECT_EQ(progress.backward_crossings(), 1);
  car.drive_to({60, 0});
  EXPECT_EQ(progress.laps_completed(), 3);
}

TEST(RaceProgress, DegenerateSetupsDoNothingOdd) {
  RaceProgress none;
  none.update({-1, 0}, {1, 0}, 1.0);
  EXPECT_EQ(none.laps_completed(), 0);
  EXPECT_EQ(none.stations_passed(), 0);

  // Only the line: every forward crossing after the first is a lap.
  RaceProgress line_only({{{gate_at({0, 0}, kEast)}, 0}}, 1);
  line_only.update({-1, 0}, {1, 0}, 1.0);
  line_only.update({1, 0}, {1, 50}, 2.0);
  line_only.update({1, 50}, {-1, 50}, 3.0);
  line_only.update({-1, 50}, {-1, 0}, 4.0);
  line_only.update({-1, 0}, {1, 0}, 5.0);
  ASSERT_EQ(line_only.laps_completed(), 1);
  EXPECT_NEAR(line_only.laps()[0].time, 3.5, 1e-12) << "the first update has no earlier time";
  ASSERT_EQ(line_only.laps()[0].sector_times.size(), 1u);

  // Non-finite motion is ignored rather than counted.
  RaceProgress progress(square_stations(), 3);
  progress.update({40, 0}, {std::nan(""), 0}, 1.0);
  progress.update({40, 0}, {INFINITY, 0}, 2.0);
  EXPECT_FALSE(progress.lap_running());
}

}  // namespace
}  // namespace racer
