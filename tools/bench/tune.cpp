// racer-bench tune: the automatic tuner. Searches an AI profile's values (ai/profile_search.h)
// by racing every candidate on the same races (tune_race.h), the races of each batch of
// candidates spread over worker processes (one race at a time each, one world each), with a
// progress bar and ETA; writes the best profile found (the AI profile format) and a report
// beside it: its lap times and contacts against the start's, and the search's history.
// Sections: options | workers | progress | the search | output
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "args.h"
#include "experiments.h"
#include "load.h"
#include "progress_bar.h"
#include "tune_race.h"
#include "worker_pool.h"

namespace racer::bench {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------- options

struct TuneOptions {
  std::string profile_path, out_path, car_path, params = "all";
  std::vector<std::string> tracks;
  int budget = -1, jobs = 0;
  std::uint64_t seed = 1;
};

/// "--track A B --track C" and bare files alike: every track file, in order; the rest of
/// the arguments for the parser.
std::vector<std::string> take_tracks(const std::vector<std::string>& args, std::vector<std::string>& tracks) {
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--track") {
      rest.push_back(args[i]);
    } else if (i + 1 >= args.size()) {
      throw UsageError("--track expects a track file");
    } else {
      tracks.push_back(args[++i]);
    }
  }
  return rest;
}

std::vector<std::string> param_keys(const std::string& list) {
  std::vector<std::string> keys;
  if (list == "all") {
    for (const TuneParam& p : tune_params()) keys.emplace_back(p.key);
    return keys;
  }
  std::stringstream in(list);
  for (std::string key; std::getline(in, key, ',');) {
    if (find_tune_param(key) == nullptr) {
      std::string known;
      for (const TuneParam& p : tune_params()) known += std::string(known.empty() ? "" : ", ") + p.key;
      throw UsageError("--params: unknown value '" + key + "' (expected 'all' or a comma-separated list of " + known + ")");
    }
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) throw UsageError("--params: '" + key + "' given twice");
    keys.push_back(key);
  }
  return keys;
}

/// "tuned.json" -> "tuned.report.json".
std::string report_path(const std::string& out) {
  fs::path p(out);
  return (p.parent_path() / (p.stem().string() + ".report.json")).string();
}

// ---------------------------------------------------------------- progress

/// The bar: races run of the most the budget can take, candidates measured, the best time.
void show_progress(ProgressBar& bar, int races, int total_races, int candidates, double start_s, double best_s,
                   bool last) {
  char best[64] = "measuring the start";
  if (start_s > 0.0) std::snprintf(best, sizeof best, "best %.2f s (start %.2f s)", best_s, start_s);
  char counts[160];
  std::snprintf(counts, sizeof counts, "%d races  %d candidates  %s", races, candidates, best);
  bar.show(static_cast<double>(races) / std::max(1, total_races), counts, last);
}

// ---------------------------------------------------------------- workers

/// A worker's races: the next (candidate, race) index from the pool's counter, "R <index>
/// <figures json>" after each race.
void run_races(const TuneField& field, const std::vector<AiParams>& candidates, const JobCounter& jobs,
               std::FILE* out) {
  const std::uint64_t total = candidates.size() * static_cast<std::uint64_t>(field.races());
  for (;;) {
    const std::uint64_t i = jobs.next();
    if (i >= total) break;
    const std::size_t c = static_cast<std::size_t>(i / static_cast<std::uint64_t>(field.races()));
    const int race = static_cast<int>(i % static_cast<std::uint64_t>(field.races()));
    const TuneRaceFigures f = run_tune_race(field, candidates[c], race);
    std::fprintf(out, "R %llu %s\n", static_cast<unsigned long long>(i), f.json().dump().c_str());
    std::fflush(out);
  }
}

/// Every race of every candidate on `jobs` worker processes; each candidate's races in
/// race order. `on_progress(n)` is called at least every 0.5 s with the races come in since.
template <class F>
std::vector<std::vector<TuneRaceFigures>> race_all(const TuneField& field, const std::vector<AiParams>& candidates,
                                                   int jobs, F&& on_progress) {
  const std::size_t races = static_cast<std::size_t>(field.races());
  std::vector<std::vector<TuneRaceFigures>> out(candidates.size(), std::vector<TuneRaceFigures>(races));
  jobs = std::min<int>(jobs, static_cast<int>(candidates.size() * races));
  WorkerPool pool(jobs, "racer-bench tune", [&](const JobCounter& counter, std::FILE* pipe) {
    run_races(field, candidates, counter, pipe);
  });
  std::size_t received = 0;
  for (bool more = true; more;) {
    int came = 0;
    more = pool.read(500, [&](int, const std::string& text) {
      std::istringstream line(text);
      std::string tag, figures;
      std::uint64_t i = 0;
      line >> tag >> i >> std::ws;
      std::getline(line, figures);
      out[i / races][i % races] = TuneRaceFigures::from_json(Json::parse(figures));
      ++received, ++came;
    });
    on_progress(came);
  }
  for (const int status : pool.wait())
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      throw LoadError("racer-bench tune: a worker process " + exit_text(status));
  if (received != candidates.size() * races) throw LoadError("racer-bench tune: a worker's races went missing");
  return out;
}

// ---------------------------------------------------------------- output

Json score_json(const TuneScore& s) {
  return {{"mean_finish_time_s", s.objective},
          {"mean_best_lap_s", s.best_lap},
          {"wall_contacts_per_car_lap", s.walls_per_car_lap},
          {"car_contacts_per_car_lap", s.car_contacts_per_car_lap},
          {"all_finished", s.all_finished}};
}

Json races_json(const std::vector<TuneRaceFigures>& races) {
  Json out = Json::array();
  for (const TuneRaceFigures& f : races) {
    Json j = f.json();
    j["mean_finish_time_s"] = f.finished > 0 ? f.finish_time_sum / f.finished : 0.0;
    out.push_back(j);
  }
  return out;
}

Json changes_json(const AiParams& start, const AiParams& best, const std::vector<std::string>& keys) {
  Json out = Json::object();
  for (const std::string& key : keys)
    if (tune_value(start, key) != tune_value(best, key))
      out[key] = {{"start", tune_value(start, key)}, {"tuned", tune_value(best, key)}};
  return out;
}

Json history_json(const std::vector<TuneStep>& history) {
  Json out = Json::array();
  for (const TuneStep& s : history)
    out.push_back({{"round", s.round},
                   {"move", s.candidate.key},
                   {"from", s.candidate.from},
                   {"to", s.candidate.to},
                   {"score", score_json(s.score)},
                   {"verdict", s.verdict}});
  return out;
}

void write_file(const std::string& path, const std::string& text) {
  if (fs::path(path).has_parent_path()) {
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
  }
  std::ofstream file(path);
  file << text;
  file.close();
  if (!file) throw LoadError(path + ": cannot write it");
}

/// The report beside the profile: the command's settings, the start's and the best's
/// figures and races, what changed, and every candidate measured.
Json make_report(const TuneOptions& o, const TuneField& field, const std::vector<std::string>& keys,
                 const AiParams& start, const ProfileSearch& search, int measured,
                 const std::vector<TuneRaceFigures>& start_races, const std::vector<TuneRaceFigures>& best_races) {
  return {
      {"profile", o.out_path},
      {"start_profile", o.profile_path},
      {"command", {{"tracks", o.tracks}, {"car", o.car_path}, {"cars", field.cars}, {"laps", field.laps},
                   {"seeds", field.seeds}, {"jitter_m", field.jitter}, {"budget", o.budget}, {"jobs", o.jobs},
                   {"seed", o.seed}, {"params", keys}}},
      {"search", "compass search: each round one value one step up and down from the best, the faster admissible "
                 "candidate taken; a sweep of every value without a gain halves every step"},
      {"rule", "rejected: a car that does not finish, or more wall or car contacts a car-lap than the start profile "
               "on the same races"},
      {"candidates_measured", measured},
      {"converged", search.converged()},
      {"start", score_json(search.start_score())},
      {"best", score_json(search.best_score())},
      {"gain_s", search.start_score().objective - search.best_score().objective},
      {"changes", changes_json(start, search.best(), keys)},
      {"start_races", races_json(start_races)},
      {"best_races", races_json(best_races)},
      {"history", history_json(search.history())}};
}

void print_score(const char* what, const TuneScore& s) {
  std::printf("%-6s mean finish %.2f s, mean best lap %.2f s, %.3f wall and %.3f car contacts a car-lap%s\n", what,
              s.objective, s.best_lap, s.walls_per_car_lap, s.car_contacts_per_car_lap,
              s.all_finished ? "" : ", a car did not finish");
}

// ---------------------------------------------------------------- the search

int run(const std::vector<std::string>& all_args) {
  TuneOptions o;
  TuneField field;
  o.car_path = default_car_path();
  const std::vector<std::string> args = take_tracks(all_args, o.tracks);
  ArgParser()
      .text("--profile", o.profile_path)
      .integer("--budget", o.budget, 0, 100000)
      .integer("--jobs", o.jobs, 0, 256)
      .integer("--cars", field.cars, 1, 20)
      .integer("--laps", field.laps, 1, 20)
      .integer("--seeds", field.seeds, 1, 100)
      .number("--jitter", field.jitter, 0.0, 0.5)
      .integer("--seed", o.seed, 0, 1000000000)
      .text("--params", o.params)
      .text("--car", o.car_path)
      .text("--out", o.out_path)
      .positionals(o.tracks)
      .parse(args);
  if (o.tracks.empty()) throw UsageError("--track FILE is required (one or more)");
  if (o.profile_path.empty()) throw UsageError("--profile FILE is required");
  if (o.budget < 0) throw UsageError("--budget N is required (candidates to measure; 0 measures the profile alone)");
  if (o.out_path.empty()) throw UsageError("--out FILE is required");
  if (o.jobs == 0) o.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const std::vector<std::string> keys = param_keys(o.params);
  for (const std::string& path : o.tracks) {
    field.track_names.push_back(fs::path(path).stem().string());
    field.tracks.push_back(load_track(path));
  }
  field.spec = load_car(o.car_path);
  field.car_name = fs::path(o.car_path).stem().string();
  const AiParams start = load_profile(o.profile_path);

  ProfileSearch search(start, keys, o.seed);
  ProgressBar progress("tune");
  const int total_races = (o.budget + 1) * field.races();
  int races_done = 0, measured = 0;
  double start_s = 0.0;
  const auto tick = [&](int came) {
    races_done += came;
    show_progress(progress, races_done, total_races, measured, start_s, search.best_score().objective, false);
  };
  const std::vector<TuneRaceFigures> start_races = race_all(field, {start}, o.jobs, tick)[0];
  search.set_start_score(tune_score(start_races));
  start_s = search.start_score().objective;
  std::vector<TuneRaceFigures> best_races = start_races;
  while (measured < o.budget) {
    std::vector<TuneCandidate> batch = search.next_batch();
    if (batch.empty()) break;
    if (static_cast<int>(batch.size()) > o.budget - measured) batch.resize(static_cast<std::size_t>(o.budget - measured));
    std::vector<AiParams> profiles;
    for (const TuneCandidate& c : batch) profiles.push_back(c.params);
    const std::vector<std::vector<TuneRaceFigures>> raced = race_all(field, profiles, o.jobs, tick);
    std::vector<TuneScore> scores;
    for (const std::vector<TuneRaceFigures>& r : raced) scores.push_back(tune_score(r));
    measured += static_cast<int>(batch.size());
    const std::size_t before = search.history().size();
    search.report(scores);
    for (std::size_t i = before; i < search.history().size(); ++i)
      if (search.history()[i].taken) best_races = raced[i - before];
  }
  show_progress(progress, races_done, total_races, measured, start_s, search.best_score().objective, true);

  const std::string report_file = report_path(o.out_path);
  const Json report = make_report(o, field, keys, start, search, measured, start_races, best_races);
  write_file(o.out_path, save_ai_params(search.best()));
  write_file(report_file, report.dump(2) + "\n");

  print_score("start", search.start_score());
  print_score("best", search.best_score());
  for (const auto& [key, change] : report["changes"].items())
    std::printf("  %s %g -> %g\n", key.c_str(), change["start"].get<double>(), change["tuned"].get<double>());
  std::printf("%d candidates measured (%d races each, %s), %d taken; wrote %s and %s\n", measured, field.races(),
              search.converged() ? "converged" : "budget spent",
              static_cast<int>(std::count_if(search.history().begin(), search.history().end(),
                                             [](const TuneStep& s) { return s.taken; })),
              o.out_path.c_str(), report_file.c_str());
  return 0;
}

}  // namespace

const Experiment kTuneExperiment{
    "tune",
    "racer-bench tune --track FILE... --profile FILE --budget N --out FILE [--jobs J] [--cars N] [--laps N] [--seeds N]\n"
    "                 [--jitter M] [--params all|KEY,...] [--seed S] [--car FILE]\n",
    R"(  tune      the automatic tuner (tools/ai-tune): a compass search over the profile's values
            (--params: grip_use, speed_use, reaction_steps, mistakes_per_minute,
            overtake_offset_m, line_margin_m, dwa.heading, dwa.clearance, dwa.speed; all by
            default) from --profile, measuring up to --budget candidates. Every candidate races
            every track with seeds 1..--seeds (2), a field of --cars (3) cars all on the
            candidate, --laps (2) laps, the grid jittered --jitter m (0.1); the races on --jobs
            worker processes (one per core). Objective: the mean finishing time; a candidate with
            a car that does not finish or more wall or car contacts a car-lap than the start is
            rejected. A progress bar and ETA on stderr; writes the best profile to --out (the
            AI profile format) and a report beside it (NAME.report.json: lap times and contacts
            of the start and the best, the changes, every candidate's figures and verdict).
)",
    nullptr, run};

}  // namespace racer::bench
