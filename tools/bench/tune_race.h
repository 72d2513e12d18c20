#pragma once
// The races of the automatic tuner (racer-bench tune): every candidate profile races the
// same set, every track with seeds 1..N, a field of `cars` cars all driven by the candidate
// (one car: laps alone), the grid jittered by the seed as in `races --jitter`; and the
// candidate's score over them (ai/profile_search.h TuneScore).
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/ai_params.h"
#include "ai/profile_search.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer::bench {

/// What the tuner races with, loaded once before the workers start.
struct TuneField {
  std::vector<std::string> track_names;  ///< file stems
  std::vector<std::shared_ptr<const Track>> tracks;
  CarSpec spec;                          ///< every car of the field
  std::string car_name;
  int cars = 3, laps = 2, seeds = 2;
  double jitter = 0.1;                   ///< m, as `races --jitter`
  /// The races a candidate runs: tracks x seeds.
  int races() const { return static_cast<int>(tracks.size()) * seeds; }
};

/// One race of one candidate.
struct TuneRaceFigures {
  std::string track;
  int seed = 1;
  int cars = 0, finished = 0;
  double finish_time_sum = 0.0;   ///< s, summed over the cars that finished
  double best_lap = 0.0;          ///< s, the race's fastest lap (0: none)
  std::vector<double> best_laps;  ///< s, each car's best lap (0: none), grid order
  std::vector<std::vector<double>> lap_times;  ///< s, each car's laps, grid order
  int walls = 0, car_contacts = 0;
  int car_laps = 0;               ///< laps completed, at least 1 a car
  double sim_s = 0.0;
  nlohmann::ordered_json json() const;
  static TuneRaceFigures from_json(const nlohmann::ordered_json& j);
};

/// Race `race` (0 .. field.races() - 1: track race / seeds, seed race % seeds + 1) with
/// every car on `params`.
TuneRaceFigures run_tune_race(const TuneField& field, const AiParams& params, int race);

/// A candidate's score over its races (all of field.races(), in any order).
TuneScore tune_score(const std::vector<TuneRaceFigures>& races);

}  // namespace racer::bench
