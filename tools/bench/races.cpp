// racer-bench races: headless AI races on each track for seeds 1..N, judged by issue 4's
// figures (finishes, contacts a car-lap, time stuck, overtakes, the fastest lap against the
// limit) per track and over all of them; --each adds every race's own line and its cars.
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "args.h"
#include "experiments.h"
#include "load.h"
#include "race_figures.h"
#include "race_set.h"
#include "stopwatch.h"

namespace racer::bench {

namespace {

int run(const std::vector<std::string>& args) {
  RaceSet set;
  ArgParser parser;
  declare_race_options(parser, set, false);
  parser.parse(args);
  if (set.tracks.empty()) throw UsageError("at least one TRACK file is required");
  load_field(set);
  RaceFigures all;
  for (const std::string& path : set.tracks) {
    const std::shared_ptr<const Track> track = load_track(path);
    RaceFigures one;
    for (int seed = 1; seed <= set.seeds; ++seed) {
      const std::unique_ptr<Race> race = start_race(set, track, seed);
      const Stopwatch clock;
      race->run();
      const double wall = clock.seconds();
      const RaceResult r = race->result();
      one.add(r, wall), one.add_passes(*race);
      all.add(r, wall), all.add_passes(*race);
      if (set.each) {
        RaceFigures alone;
        alone.add(r, wall), alone.add_passes(*race);
        nlohmann::ordered_json line = {{"track", track->spec().name}, {"seed", seed}, {"jitter", set.jitter}};
        line.update(alone.json());
        line["cars"] = car_lines(r);
        std::cout << line.dump() << "\n";
      }
    }
    nlohmann::ordered_json out = {{"track", track->spec().name}};
    out.update(one.json());
    std::cout << out.dump() << "\n";
  }
  nlohmann::ordered_json out = {{"all", all.json()}};
  std::cout << out.dump() << "\n";
  return 0;
}

}  // namespace

const Experiment kRacesExperiment{
    "races",
    "racer-bench races [--seeds N] [--cars N] [--laps N] [--difficulty D] [--car FILE] [--jitter M] [--each] TRACK...",
    R"(  races     headless AI races on each TRACK for seeds 1..N (default 3; 8 cars, 5 laps,
            mixed): one JSON object per track with the issue-4 figures over all its races
            {"track", "races", "finished", "wall_contacts_per_car_lap",
            "car_contacts_per_car_lap", "max_stuck_s", "respawns", "min_overtakes",
            "passes" {"started", "made", "dropped", "lost", "room_given", "defended", "let_by", "let_by_done", "gave_way"} (the drivers' committed passes; racing room given to a car beside; bends whose inside was covered against a car behind; faster cars moved over for, and how many of them went by then; cars level on the next lane for 5 s given way to),
            "fastest_lap_over_limit", "races_meeting" {"item1", "item1_but_fastest_lap", "item4"}
            (how many races meet issue 4's items: all finish, walls <= 0.1 a car-lap, nobody
            stuck over 10 s, fastest lap within 5%; >= 4 overtakes, car contacts <= 0.3),
            "realtime_factor"} (worst or mean as named), then
            {"all": ...} over every track: a driver change judged on one race of one seed is
            noise (the races are chaotic); --each: first one such line per race, with its
            "track", "seed" and "jitter", and "cars": each car's "difficulty", "grid_position",
            "position", "best_over_limit", "lap_times", "wall_contacts", "car_contacts",
            "max_stuck_s", "overtakes"; --jitter M: each car starts up to M m (at most 0.5) forward or
            back of its grid slot, drawn from the seed (a mixed field's seeds otherwise give
            nearly the same race on a track; off, the races are racer --headless's own)
)",
    nullptr, run};

}  // namespace racer::bench
