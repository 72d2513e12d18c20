#pragma once
// The figures `races` reports over a set of races (issue 4's items): finishes, wall and car
// contacts a car-lap, time stuck, respawns, overtakes, the drivers' passes, the fastest lap
// against the limit, and how many races meet each item; and each car's own line (--each).
#include <nlohmann/json.hpp>

#include "race/race.h"

namespace racer::bench {

/// Sums over races: add() each race's result and add_passes() its drivers, then json().
struct RaceFigures {
  int races = 0, cars = 0, finished = 0, respawns = 0, min_overtakes = 1 << 30;
  double walls = 0, contacts = 0, car_laps = 0, max_stuck = 0, worst_fastest = -1e9, sim = 0, wall_s = 0;
  // The drivers' passes; racing room given; bends defended; cars let by (and by); stalemates given up.
  int started = 0, made = 0, dropped = 0, lost = 0, room = 0, defended = 0, let_by = 0, let_by_done = 0, gave_way = 0;
  int item1 = 0, item1_but_lap = 0, item4 = 0;  // races meeting issue 4's items 1 and 4 (see add())

  /// The passing counters of every driver of `race`.
  void add_passes(const Race& race);
  /// One race's result, run in `wall` s of wall-clock time.
  void add(const RaceResult& r, double wall);
  /// {"races", "finished", ..., "realtime_factor"}, worst or mean as named.
  nlohmann::ordered_json json() const;
};

/// races --each: every car of one race in a line of its own figures (grid slot to finish, its
/// laps against its limit), to find which car's laps a race's worst figure comes from.
nlohmann::ordered_json car_lines(const RaceResult& r);

}  // namespace racer::bench
