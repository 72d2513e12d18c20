// SessionRules without physics: cars are points moving along the race distance at set
// speeds (a lap every lap_length metres past the line), fed to the rules every step as the
// game's race would. Lights, false starts, positions, laps, flags, DNF, gaps, results.
#include "game/session_rules.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace racer {
namespace {

constexpr double kDt = 1.0 / 120.0;
constexpr double kLap = 1000.0;  // m

struct PointCar {
  double distance = 0.0;  // m (< 0 behind the line)
  double speed = 0.0;     // m/s once the lights are out
  double moved = 0.0;     // m from the slot, before lights out
  int laps = 0;
  double last_crossing = 0.0;
};

/// A field of point cars and the rules, stepped like GameRace steps a World.
struct Field {
  explicit Field(std::vector<double> speeds, SessionConfig config = {}, double stagger = 8.0) : rules(names(speeds.size()), with_length(config)) {
    for (std::size_t i = 0; i < speeds.size(); ++i) {
      PointCar c;
      c.distance = -6.0 - stagger * static_cast<double>(i);  // pole first, a row every `stagger` m
      c.speed = speeds[i];
      cars.push_back(c);
    }
  }
  static std::vector<std::string> names(std::size_t n) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i) out.push_back("Car " + std::to_string(i + 1));
    return out;
  }
  static SessionConfig with_length(SessionConfig c) {
    c.lap_length_m = kLap;
    return c;
  }

  void step() {
    const bool racing = rules.phase() == SessionPhase::Racing || rules.phase() == SessionPhase::Finished;
    const double t0 = t;
    t += kDt;
    std::vector<CarFacts> facts;
    for (PointCar& c : cars) {
      if (racing) {
        const double d0 = c.distance;
        c.distance += c.speed * kDt;
        // Lap k ends when the distance passes k x kLap (k >= 1), timed within the step.
        while (c.distance >= (c.laps + 1) * kLap) {
          ++c.laps;
          c.last_crossing = t0 + (c.laps * kLap - d0) / (c.distance - d0) * kDt;
        }
      }
      CarFacts f;
      f.race_distance = c.distance;
      f.speed = racing ? c.speed : 0.0;
      f.laps_completed = c.laps;
      f.last_crossing = c.last_crossing;
      f.moved = c.moved;
      facts.push_back(f);
    }
    rules.update(t, facts);
  }
  void run_until(double time) {
    while (t < time - 1e-9) step();
  }
  void run_until_phase(SessionPhase p, double limit = 3600.0) {
    while (rules.phase() != p && t < limit) step();
  }

  SessionRules rules;
  std::vector<PointCar> cars;
  double t = 0.0;
};

SessionConfig laps(int n, std::uint64_t seed = 1) {
  SessionConfig c;
  c.laps = n;
  c.seed = seed;
  return c;
}

// ---------------------------------------------------------------- the start

// One light a second from grid_s, the fifth lit for a second, then the hold; all out after.
TEST(SessionRules, LightsComeOnOnePerSecondThenGoOutAfterTheHold) {
  Field f({50.0, 50.0}, laps(1, 3));
  const SessionRules& r = f.rules;
  EXPECT_EQ(r.phase(), SessionPhase::Grid);
  EXPECT_EQ(r.lights_lit(), 0);
  f.run_until(0.5);
  EXPECT_EQ(r.phase(), SessionPhase::Grid);
  EXPECT_EQ(r.lights_lit(), 0);
  for (int k = 1; k <= 5; ++k) {
    f.run_until(1.0 + (k - 1) + 0.5);  // mid-way through light k's second
    EXPECT_EQ(r.phase(), SessionPhase::Countdown);
    EXPECT_EQ(r.lights_lit(), k) << "at " << f.t;
  }
  f.run_until(6.0 + 0.1);  // the fifth light's second is over; the hold is at least 0.2 s
  EXPECT_EQ(r.lights_lit(), 5);
  EXPECT_DOUBLE_EQ(r.lights_out_time(), 1.0 + 5.0 + r.hold());
  f.run_until_phase(SessionPhase::Racing);
  EXPECT_EQ(r.lights_lit(), 0);
  // Racing from the first update at or after lights out (within one step).
  EXPECT_GE(f.t, r.lights_out_time());
  EXPECT_LT(f.t, r.lights_out_time() + kDt + 1e-12);
  ASSERT_FALSE(r.messages().empty());
  EXPECT_EQ(r.messages().front().kind, SessionMessage::Kind::LightsOut);
}

// The hold is drawn from the seed: the same seed gives the same hold, every hold is within
// [0.2, 1.0] s, and different seeds spread over the range.
TEST(SessionRules, LightsOutHoldIsDeterministicPerSeedAndInRange) {
  std::set<double> holds;
  double lo = 1e9, hi = -1e9;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const SessionRules a({"A"}, laps(3, seed));
    const SessionRules b({"A", "B"}, laps(5, seed));  // the field and laps do not change the draw
    EXPECT_EQ(a.hold(), b.hold()) << "seed " << seed;
    EXPECT_GE(a.hold(), 0.2);
    EXPECT_LE(a.hold(), 1.0);
    holds.insert(a.hold());
    lo = std::min(lo, a.hold());
    hi = std::max(hi, a.hold());
  }
  EXPECT_GT(holds.size(), 190u) << "seeds should give different holds";
  EXPECT_LT(lo, 0.3) << "200 draws should reach near both ends of the range";
  EXPECT_GT(hi, 0.9);
}

// Moving more than 0.5 m from the slot before lights out: +5 s and a message, once. A car
// that creeps 0.4 m is fine; moving after lights out is racing.
TEST(SessionRules, FalseStartIsDetectedAndPenalised) {
  Field f({50.0, 50.0, 50.0}, laps(1));
  f.run_until(3.0);
  f.cars[1].moved = 0.6;  // jumps the start during the countdown
  f.cars[2].moved = 0.4;  // a creep within the tolerance
  f.step();
  EXPECT_TRUE(f.rules.false_start(1));
  EXPECT_DOUBLE_EQ(f.rules.penalty(1), 5.0);
  EXPECT_FALSE(f.rules.false_start(2));
  EXPECT_FALSE(f.rules.false_start(0));
  f.run_until(4.0);  // still off the slot: penalised once only
  EXPECT_DOUBLE_EQ(f.rules.penalty(1), 5.0);
  const auto mine = f.rules.recent_messages(1, 5.0);
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0].kind, SessionMessage::Kind::FalseStart);
  EXPECT_EQ(mine[0].text, "Car 2: false start, +5 s penalty");
  EXPECT_TRUE(f.rules.recent_messages(0, 5.0).empty()) << "a car's message is not shown to others";

  f.run_until_phase(SessionPhase::Racing);
  for (PointCar& c : f.cars) c.moved = 30.0;  // everyone drives off after lights out
  f.run_until(f.t + 1.0);
  EXPECT_FALSE(f.rules.false_start(0));
  EXPECT_FALSE(f.rules.false_start(2));
  EXPECT_DOUBLE_EQ(f.rules.penalty(0), 0.0);

  // The penalty is in the results: race time + 5 s.
  f.run_until_phase(SessionPhase::Finished);
  for (const SessionCarResult& r : f.rules.results()) {
    ASSERT_TRUE(r.race_time && r.total_time);
    EXPECT_NEAR(*r.total_time - *r.race_time, r.car == 1 ? 5.0 : 0.0, 1e-12) << r.name;
    EXPECT_EQ(r.false_start, r.car == 1);
  }
}

// A false starter who crosses the line first on the same lap loses the win to a car less
// than 5 s behind (the classification applies the penalty; live order does not).
TEST(SessionRules, PenaltyReordersTheClassification) {
  Field f({50.0, 49.0}, laps(1));  // pole is faster: ~0.4 s ahead after one lap
  f.run_until(3.0);
  f.cars[0].moved = 1.0;
  f.run_until_phase(SessionPhase::Finished);
  const auto results = f.rules.results();
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].car, 1);
  EXPECT_EQ(results[1].car, 0);
  ASSERT_TRUE(results[1].gap_s);
  // The penalised car crossed ~0.6 s before the other one: 5 - 0.6 s behind it on time.
  const double crossing_gap = *results[0].race_time - *results[1].race_time;
  EXPECT_GT(crossing_gap, 0.0);
  EXPECT_NEAR(*results[1].gap_s, 5.0 - crossing_gap, 1e-9);
  EXPECT_EQ(f.rules.order(), (std::vector<int>{1, 0})) << "Finished: the order is the classification";
}

// ---------------------------------------------------------------- positions and laps

// Live order from race distance: a faster car from the back passes the others.
TEST(SessionRules, PositionsFollowRaceDistance) {
  Field f({40.0, 45.0, 60.0}, laps(3));
  f.run_until_phase(SessionPhase::Racing);
  f.step();
  EXPECT_EQ(f.rules.order(), (std::vector<int>{0, 1, 2})) << "grid order at the start";
  // After 10 s: distances -6 + 400, -14 + 450, -22 + 600.
  f.run_until(f.rules.lights_out_time() + 10.0);
  EXPECT_EQ(f.rules.order(), (std::vector<int>{2, 1, 0}));
  EXPECT_EQ(f.rules.position(2), 1);
  EXPECT_EQ(f.rules.position(0), 3);
}

// Laps count at the line, lap times from the crossing times; lap n/N and the last lap flag
// when the leader starts lap N.
TEST(SessionRules, LapsAndLapTimesAreCountedAtTheLine) {
  Field f({50.0, 40.0}, laps(3));
  f.run_until_phase(SessionPhase::Racing);
  const double t0 = f.rules.lights_out_time();
  f.step();
  EXPECT_EQ(f.rules.lap_number(0), 1);
  EXPECT_EQ(f.rules.laps_completed(0), 0);
  EXPECT_FALSE(f.rules.last_lap());
  // Car 1 (50 m/s from 6 m behind the line) completes lap 1 at 1006 / 50 s after lights out
  // (the cars start moving on the first step after lights out, at most one step late).
  f.run_until(t0 + 1006.0 / 50.0 + 2.0 * kDt);
  EXPECT_EQ(f.rules.laps_completed(0), 1);
  EXPECT_EQ(f.rules.lap_number(0), 2);
  ASSERT_TRUE(f.rules.last_lap_time(0));
  EXPECT_NEAR(*f.rules.last_lap_time(0), 1006.0 / 50.0, kDt) << "lap 1 includes the run from the grid";
  EXPECT_NEAR(f.rules.current_lap_time(0), 0.0, 3.0 * kDt);
  EXPECT_FALSE(f.rules.last_lap());
  f.run_until(t0 + 2006.0 / 50.0 + 2.0 * kDt);
  EXPECT_EQ(f.rules.lap_number(0), 3);
  EXPECT_NEAR(*f.rules.last_lap_time(0), 1000.0 / 50.0, 1e-9) << "a flying lap at constant speed";
  EXPECT_TRUE(f.rules.last_lap()) << "the leader started the last lap";
  EXPECT_EQ(f.rules.lap_number(1), 2);
  bool told = false;
  for (const SessionMessage& m : f.rules.messages()) told |= m.kind == SessionMessage::Kind::LastLap;
  EXPECT_TRUE(told);
}

// The chequered flag falls when the leader completes N laps; every other car finishes at its
// next crossing of the line, lapped cars with fewer laps ("+1 lap").
TEST(SessionRules, ChequeredFlagFinishesEveryCarAtItsNextCrossing) {
  // 3 laps; car 3 at 30 m/s is lapped by the leader at 50 m/s.
  Field f({50.0, 45.0, 30.0}, laps(3));
  f.run_until_phase(SessionPhase::Racing);
  const double t0 = f.rules.lights_out_time();
  f.run_until(t0 + 3006.0 / 50.0 + 2.0 * kDt);
  EXPECT_TRUE(f.rules.chequered());
  EXPECT_EQ(f.rules.status(0), CarStatus::Finished);
  EXPECT_EQ(f.rules.status(1), CarStatus::Running);
  // Car 3 has done 1 lap at the flag (-22 m + 30 m/s x 60 s = 1778 m) and finishes when
  // it next completes a lap (its 2nd), 2022 m from its slot, at 2022 / 30 s.
  EXPECT_EQ(f.rules.laps_completed(2), 1);
  f.run_until(t0 + 2022.0 / 30.0 + 2.0 * kDt);
  EXPECT_EQ(f.rules.status(2), CarStatus::Finished);
  EXPECT_EQ(f.rules.laps_completed(2), 2);
  f.run_until_phase(SessionPhase::Finished);
  const auto r = f.rules.results();
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].car, 0);
  EXPECT_EQ(r[0].gap_text, "");
  EXPECT_EQ(r[1].car, 1);
  EXPECT_EQ(r[1].laps, 3);
  ASSERT_TRUE(r[1].gap_s);
  // Car 2 finishes at (3014 / 45) s, the winner at (3006 / 50) s (same start step).
  EXPECT_NEAR(*r[1].gap_s, 3014.0 / 45.0 - 3006.0 / 50.0, 1e-6);
  EXPECT_EQ(r[2].car, 2);
  EXPECT_EQ(r[2].laps, 2);
  EXPECT_EQ(r[2].laps_down, 1);
  EXPECT_FALSE(r[2].gap_s);
  EXPECT_EQ(r[2].gap_text, "+1 lap");
  for (const SessionCarResult& c : r) {
    EXPECT_EQ(c.status, CarStatus::Finished);
    EXPECT_EQ(static_cast<int>(c.lap_times.size()), c.laps);
    ASSERT_TRUE(c.best_lap);
    EXPECT_NEAR(*c.best_lap, kLap / f.cars[static_cast<std::size_t>(c.car)].speed, 1e-6);
  }
}

// Finish order: finished cars are ordered by their crossing, ahead of running cars even
// when a running car has a larger race distance (here the winner is put back 50 m after
// the line, as a respawn on its cool-down lap would).
TEST(SessionRules, FinishedCarsAreOrderedByFinishOrder) {
  Field f({50.0, 49.9}, laps(1));
  f.run_until_phase(SessionPhase::Racing);
  while (f.rules.status(0) != CarStatus::Finished) f.step();
  EXPECT_EQ(f.rules.position(0), 1);
  f.cars[0].speed = 0.0;
  f.cars[0].distance -= 50.0;
  f.step();
  ASSERT_EQ(f.rules.status(1), CarStatus::Running);
  EXPECT_GT(f.cars[1].distance, f.cars[0].distance);
  EXPECT_EQ(f.rules.order(), (std::vector<int>{0, 1}));
  f.run_until(f.t + 2.0);
  EXPECT_EQ(f.rules.status(1), CarStatus::Finished);
  EXPECT_EQ(f.rules.order(), (std::vector<int>{0, 1}));
  EXPECT_EQ(f.rules.phase(), SessionPhase::Finished);
}

// ---------------------------------------------------------------- DNF and retirement

// DNF: not finished max(60 s, 20% of the winner's time) after the flag.
TEST(SessionRules, CarsNotFinishedInTimeAfterTheWinnerAreDnf) {
  Field f({50.0, 50.0, 50.0}, laps(2));
  f.run_until_phase(SessionPhase::Racing);
  f.run_until(f.t + 5.0);
  f.cars[2].speed = 0.0;  // stops on lap 1 for good
  f.run_until(f.t + 25.0);
  f.cars[1].speed = 0.0;  // stops on lap 2
  while (!f.rules.chequered()) f.step();
  const double flag = f.t;
  const double winner_time = f.t - f.rules.lights_out_time();
  ASSERT_LT(0.2 * winner_time, 60.0) << "this race is short: the 60 s floor applies";
  f.run_until(flag + 59.0);
  EXPECT_EQ(f.rules.status(1), CarStatus::Running);
  EXPECT_EQ(f.rules.phase(), SessionPhase::Racing);
  f.run_until(flag + 61.0);
  EXPECT_EQ(f.rules.status(1), CarStatus::Dnf);
  EXPECT_EQ(f.rules.status(2), CarStatus::Dnf);
  EXPECT_EQ(f.rules.phase(), SessionPhase::Finished);
  const auto r = f.rules.results();
  EXPECT_EQ(r[0].car, 0);
  EXPECT_EQ(r[1].car, 1) << "DNF cars by laps and distance: car 2 got further";
  EXPECT_EQ(r[1].gap_text, "DNF");
  EXPECT_EQ(r[2].car, 2);
  EXPECT_FALSE(r[1].race_time);
}

// A long race: the window is 20% of the winner's time when that is over 60 s.
TEST(SessionRules, DnfWindowGrowsWithTheWinnersTime) {
  Field g({10.0, 1.0}, laps(4));  // the winner needs ~400 s: the window is ~80 s
  g.run_until_phase(SessionPhase::Racing);
  while (!g.rules.chequered()) g.step();
  const double flag = g.t;
  const double window = 0.2 * (flag - g.rules.lights_out_time());
  ASSERT_GT(window, 79.0);
  g.run_until(flag + window - 1.0);
  EXPECT_EQ(g.rules.status(1), CarStatus::Running);
  g.run_until(flag + window + 1.0);
  EXPECT_EQ(g.rules.status(1), CarStatus::Dnf);
}

TEST(SessionRules, RetiredCarsAreClassifiedLast) {
  Field f({50.0, 50.0, 50.0}, laps(1));
  f.run_until_phase(SessionPhase::Racing);
  f.run_until(f.t + 3.0);
  f.rules.retire(0);  // the leader retires
  EXPECT_EQ(f.rules.status(0), CarStatus::Retired);
  EXPECT_EQ(f.rules.position(0), 3);
  f.run_until_phase(SessionPhase::Finished);
  const auto r = f.rules.results();
  EXPECT_EQ(r[0].car, 1);
  EXPECT_EQ(r[1].car, 2);
  EXPECT_EQ(r[2].car, 0);
  EXPECT_EQ(r[2].status, CarStatus::Retired);
  EXPECT_EQ(r[2].gap_text, "Retired");
}

// ---------------------------------------------------------------- gaps

// Same speed, 8 m apart on the grid: the interval is 8 m / 50 m/s = 0.16 s once the car
// ahead's trace covers the point, and lapped gaps count laps.
TEST(SessionRules, GapsAreTheTimeSinceTheCarAheadWasHere) {
  Field f({50.0, 50.0, 25.0}, laps(5));
  f.run_until_phase(SessionPhase::Racing);
  f.run_until(f.t + 10.0);
  const Gap ahead = f.rules.gap_ahead(1);
  ASSERT_TRUE(ahead.valid);
  EXPECT_NEAR(ahead.seconds, 8.0 / 50.0, 0.01);
  EXPECT_EQ(ahead.laps, 0);
  const Gap behind = f.rules.gap_behind(0);
  EXPECT_NEAR(behind.seconds, ahead.seconds, 1e-12);
  EXPECT_FALSE(f.rules.gap_ahead(0).valid) << "the leader has nobody ahead";
  EXPECT_FALSE(f.rules.gap_behind(2).valid) << "last has nobody behind";
  // Car 3 at half speed: after 10 s it is 250 m behind car 2, which was there 5 s earlier
  // (the distance gap over the slower car's speed would say 10 s: the trace is right).
  EXPECT_NEAR(f.rules.gap_ahead(2).seconds, (500.0 - 250.0 + 8.0) / 50.0, 0.02);
  // After 50 s car 1 is 1250 m ahead of car 3: a lap and more.
  f.run_until(f.rules.lights_out_time() + 50.0);
  EXPECT_EQ(f.rules.interval(0, 2).laps, 1);
  EXPECT_NEAR(f.rules.interval(0, 2).seconds, 25.0 + 16.0 / 50.0, 0.02);
}

TEST(SessionRules, FormatsRaceTimes) {
  EXPECT_EQ(format_race_time(83.4567), "1:23.457");
  EXPECT_EQ(format_race_time(9.5), "9.500");
  EXPECT_EQ(format_race_time(600.0), "10:00.000");
}

}  // namespace
}  // namespace racer
