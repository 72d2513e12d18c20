// racer-bench soak: headless races round every track, car and difficulty with many seeds
// and 1 to 20 cars, on several worker processes, for a time or a number of races, with a
// progress bar and ETA; fails on any race that breaks a check (soak_race.h), on a worker
// that dies, and on heap growth across a worker's races. Prints a table by track and
// writes it all as JSON.
// Sections: options | workers | the parent (progress, memory, table, JSON)
#include <malloc.h>
#if defined(__SANITIZE_ADDRESS__)
#define RACER_SOAK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RACER_SOAK_ASAN 1
#endif
#endif
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <thread>

#include <nlohmann/json.hpp>

#include "args.h"
#include "experiments.h"
#include "load.h"
#include "progress_bar.h"
#include "soak_race.h"
#include "worker_pool.h"

#ifdef RACER_SOAK_ASAN
// The sanitizer runtime's count of bytes in use (sanitizer/allocator_interface.h, which
// Debian's GCC does not ship).
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#endif

namespace racer::bench {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using Json = nlohmann::ordered_json;

// ---------------------------------------------------------------- options

struct SoakOptions {
  double minutes = 0.0;  ///< stop starting races after this long (0: no time limit)
  int races = 0;         ///< stop after this many races (0: no count limit)
  int jobs = 0;          ///< worker processes (0: one per core)
  double memory_slack_mb = 1.0;
  std::string json_path;
  std::vector<std::string> tracks, cars;
};

std::vector<std::string> shipped(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(source_path(folder)))
    if (e.path().extension() == ".json") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

SoakField load_soak_field(const SoakOptions& o, int max_cars, int laps) {
  SoakField field;
  field.max_cars = max_cars;
  field.laps = laps;
  for (const std::string& path : o.tracks.empty() ? shipped("tracks") : o.tracks) {
    field.track_names.push_back(fs::path(path).stem().string());
    field.tracks.push_back(load_track(path));
  }
  for (const std::string& path : o.cars.empty() ? shipped("assets/cars") : o.cars) {
    field.car_names.push_back(fs::path(path).stem().string());
    field.cars.push_back(load_car(path));
  }
  field.profiles = load_difficulty_profiles();
  return field;
}

// ---------------------------------------------------------------- workers

/// Bytes the allocator holds for the program now (in use, not freed): glibc's, or the
/// address sanitizer's when it replaces glibc's allocator (the sanitizer build).
double heap_bytes() {
#ifdef RACER_SOAK_ASAN
  return static_cast<double>(__sanitizer_get_current_allocated_bytes());
#else
  const struct mallinfo2 m = ::mallinfo2();
  return static_cast<double>(m.uordblks + m.hblkhd);
#endif
}

double rss_bytes() {
  long pages = 0, resident = 0;
  if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return static_cast<double>(resident) * static_cast<double>(::sysconf(_SC_PAGESIZE));
}

Json race_line(const SoakField& field, const SoakPlan& plan, const SoakOutcome& out) {
  return Json{{"i", plan.index},
              {"track", field.track_names[plan.track]},
              {"car", field.car_names[plan.car]},
              {"difficulty", plan.difficulty},
              {"cars", plan.cars},
              {"seed", plan.seed},
              {"rerun", plan.rerun},
              {"sim_s", out.sim_s},
              {"wall_s", out.wall_s},
              {"hash", out.hash},
              {"heap_bytes", heap_bytes()},
              {"rss_bytes", rss_bytes()},
              {"failures", out.failures}};
}

/// A worker's races: the next race index from the pool's counter, until the count or the
/// deadline; one line "S <index>" before each race and "R <json>" after it on `out`.
void run_races(const SoakField& field, const JobCounter& jobs, std::uint64_t races, Clock::time_point deadline,
               bool timed, std::FILE* out) {
  for (;;) {
    const std::uint64_t i = jobs.next();
    if (races > 0 && i >= races) break;
    if (timed && Clock::now() >= deadline) break;
    const SoakPlan plan = soak_plan(field, i);
    std::fprintf(out, "S %llu\n", static_cast<unsigned long long>(i));
    std::fflush(out);
    const SoakOutcome outcome = run_soak_race(field, plan);
    std::fprintf(out, "R %s\n", race_line(field, plan, outcome).dump().c_str());
    std::fflush(out);
  }
}

/// What the parent knows of a worker.
struct WorkerLog {
  long long current = -1;       // the race it started last
  std::vector<double> heap;     // bytes after each of its races
  double max_rss = 0.0;
};

// ---------------------------------------------------------------- the parent

struct Tally {
  int races = 0, car_races = 0, reruns = 0, failed = 0;
  double sim_s = 0.0, wall_s = 0.0;
  void add(const Json& r) {
    ++races;
    car_races += r["cars"].get<int>();
    reruns += r["rerun"].get<bool>() ? 1 : 0;
    failed += r["failures"].empty() ? 0 : 1;
    sim_s += r["sim_s"].get<double>();
    wall_s += r["wall_s"].get<double>();
  }
  Json json() const {
    return Json{{"races", races},   {"car_races", car_races},         {"reruns", reruns},
                {"failed", failed}, {"sim_hours", sim_s / 3600.0},    {"race_wall_hours", wall_s / 3600.0}};
  }
};

/// The bar's share done: of the minutes, or of the races, whichever is further on.
void show_progress(ProgressBar& bar, const SoakOptions& o, int done, int reruns, int failed, bool last) {
  double fraction = 0.0;
  if (o.minutes > 0.0) fraction = bar.elapsed() / (o.minutes * 60.0);
  if (o.races > 0) fraction = std::max(fraction, static_cast<double>(done) / o.races);
  char counts[96];
  std::snprintf(counts, sizeof counts, "%d races  %d reruns  %d failed", done, reruns, failed);
  bar.show(fraction, counts, last);
}

/// Heap growth of one worker: the least heap over its last quarter of races against the
/// most over its first quarter (a field size's own caches come and go; a leak climbs).
Json memory_verdict(int index, const WorkerLog& w, double slack_mb, std::vector<std::string>& failures) {
  Json out = {{"worker", index}, {"races", w.heap.size()}, {"max_rss_mb", w.max_rss / 1048576.0}};
  if (w.heap.size() < 8) {
    out["verdict"] = "too few races to judge (8 needed)";
    return out;
  }
  const std::size_t q = w.heap.size() / 4;
  const double first = *std::max_element(w.heap.begin(), w.heap.begin() + static_cast<long>(q));
  const double last = *std::min_element(w.heap.end() - static_cast<long>(q), w.heap.end());
  const double growth_mb = (last - first) / 1048576.0;
  out["first_quarter_max_heap_mb"] = first / 1048576.0;
  out["last_quarter_min_heap_mb"] = last / 1048576.0;
  out["growth_mb"] = growth_mb;
  out["verdict"] = growth_mb > slack_mb ? "grew" : "steady";
  if (growth_mb > slack_mb) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "worker %d: heap grew %.2f MB over %zu races (slack %.2f MB)", index, growth_mb,
                  w.heap.size(), slack_mb);
    failures.push_back(buf);
  }
  return out;
}

void print_table(const std::map<std::string, Tally>& by_track, const Tally& all) {
  std::printf("\n%-18s %7s %9s %7s %7s %9s\n", "track", "races", "car-races", "reruns", "failed", "sim hours");
  auto row = [](const std::string& name, const Tally& t) {
    std::printf("%-18s %7d %9d %7d %7d %9.2f\n", name.c_str(), t.races, t.car_races, t.reruns, t.failed, t.sim_s / 3600.0);
  };
  for (const auto& [name, t] : by_track) row(name, t);
  row("all", all);
}

int run(const std::vector<std::string>& args) {
  SoakOptions o;
  int max_cars = 20, laps = 2;
  ArgParser parser;
  parser.number("--minutes", o.minutes, 0.0, 100000.0)
      .integer("--races", o.races, 0, 100000000)
      .integer("--jobs", o.jobs, 0, 256)
      .integer("--max-cars", max_cars, 1, 40)
      .integer("--laps", laps, 1, 20)
      .number("--memory-slack-mb", o.memory_slack_mb, 0.0, 1024.0)
      .text("--json", o.json_path)
      .positionals(o.tracks);
  std::string car, fault;
  parser.text("--car", car).choice("--fault", fault, kSoakFaults);
  parser.parse(args);
  if (!car.empty()) o.cars = {car};
  if (o.minutes <= 0.0 && o.races <= 0) throw UsageError("--minutes M or --races N (or both) is required");
  if (o.jobs == 0) o.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  SoakField field = load_soak_field(o, max_cars, laps);
  field.fault = fault;

  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline = start + std::chrono::duration_cast<Clock::duration>(
                                                 std::chrono::duration<double>(o.minutes * 60.0));
  WorkerPool pool(o.jobs, "racer-bench soak", [&](const JobCounter& jobs, std::FILE* out) {
    run_races(field, jobs, static_cast<std::uint64_t>(o.races), deadline, o.minutes > 0.0, out);
  });
  std::vector<WorkerLog> workers(static_cast<std::size_t>(o.jobs));

  std::map<std::string, Tally> by_track;
  Tally all;
  Json failures = Json::array();
  std::vector<std::string> other_failures;
  ProgressBar progress("soak");
  for (bool more = true; more;) {
    more = pool.read(500, [&](int index, const std::string& line) {
      WorkerLog& w = workers[static_cast<std::size_t>(index)];
      if (line.rfind("S ", 0) == 0) w.current = std::stoll(line.substr(2));
      if (line.rfind("R ", 0) != 0) return;
      const Json r = Json::parse(line.substr(2));
      w.current = -1;
      w.heap.push_back(r["heap_bytes"].get<double>());
      w.max_rss = std::max(w.max_rss, r["rss_bytes"].get<double>());
      by_track[r["track"].get<std::string>()].add(r);
      all.add(r);
      for (const auto& what : r["failures"]) {
        Json f = r;
        f.erase("failures"), f.erase("heap_bytes"), f.erase("rss_bytes");
        f["what"] = what;
        failures.push_back(f);
        std::fprintf(stderr, "%sFAILED race %s\n", ::isatty(2) ? "\n" : "", f.dump().c_str());
      }
    });
    show_progress(progress, o, all.races, all.reruns, all.failed, false);
  }
  show_progress(progress, o, all.races, all.reruns, all.failed, true);

  Json memory = Json::array();
  const std::vector<int> statuses = pool.wait();
  for (std::size_t w = 0; w < workers.size(); ++w) {
    const int status = statuses[w];
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      std::string what = "worker " + std::to_string(w) + " " + exit_text(status);
      if (workers[w].current >= 0) {
        const SoakPlan plan = soak_plan(field, static_cast<std::uint64_t>(workers[w].current));
        what += " in race " + std::to_string(plan.index) + " (" + field.track_names[plan.track] + ", " +
                field.car_names[plan.car] + ", " + plan.difficulty + ", " + std::to_string(plan.cars) + " cars, seed " +
                std::to_string(plan.seed) + ")";
      }
      other_failures.push_back(what);
    }
    memory.push_back(memory_verdict(static_cast<int>(w), workers[w], o.memory_slack_mb, other_failures));
  }

  const double wall = std::chrono::duration<double>(Clock::now() - start).count();
  print_table(by_track, all);
  for (const Json& m : memory) {
    std::printf("worker %d: %d races, heap %s, max RSS %.0f MB\n", m["worker"].get<int>(), m["races"].get<int>(),
                m.contains("growth_mb") ? (m["verdict"].get<std::string>() + " (" + std::to_string(m["growth_mb"].get<double>()) + " MB)").c_str()
                                        : m["verdict"].get<std::string>().c_str(),
                m["max_rss_mb"].get<double>());
  }
  for (const std::string& f : other_failures) std::printf("FAILED %s\n", f.c_str());
  const bool passed = failures.empty() && other_failures.empty() && all.races > 0;
  std::printf("%s: %d races (%d car-races, %.2f sim hours) in %s on %d workers, %zu race failures, %zu other failures\n",
              passed ? "passed" : "FAILED", all.races, all.car_races, all.sim_s / 3600.0, clock_text(wall).c_str(), o.jobs,
              failures.size(), other_failures.size());

  Json out = {{"passed", passed},     {"minutes", o.minutes}, {"race_limit", o.races}, {"jobs", o.jobs},
              {"laps", laps},         {"max_cars", max_cars}, {"wall_s", wall},        {"all", all.json()}};
  Json tracks = Json::object();
  for (const auto& [name, t] : by_track) tracks[name] = t.json();
  out["tracks"] = tracks;
  out["memory"] = memory;
  out["race_failures"] = failures;
  out["other_failures"] = other_failures;
  if (!o.json_path.empty()) {
    std::ofstream file(o.json_path);
    file << out.dump(2) << "\n";
    if (!file) throw LoadError(o.json_path + ": cannot write the soak's JSON");
  }
  return passed ? 0 : 1;
}

}  // namespace

const Experiment kSoakExperiment{
    "soak",
    "racer-bench soak [--minutes M] [--races N] [--jobs N] [--max-cars N] [--laps N] [--car FILE] [--memory-slack-mb MB]\n"
    "                 [--json FILE] [--fault KIND] [TRACK...]\n",
    R"(  soak      headless races round every TRACK (default: every shipped track) with every
            shipped car (or --car), a difficulty (easy, medium, hard, mixed), 1 to --max-cars
            cars (20) and a seed drawn from the race's index, --laps laps (2), on --jobs worker
            processes (one per core), until --minutes have passed or --races have run. A race
            fails on NaN or Inf in a car's state, a car beyond the walls, a car stuck over 10 s
            without a respawn, a car that does not finish, or (one race in ten, run twice) a
            different state hash; a worker fails if it dies or its heap grows over
            --memory-slack-mb (1) from its first to its last quarter of races. A progress bar
            and ETA on stderr; a table by track and a verdict on stdout, all of it as JSON in
            --json FILE. Exit status 0 when everything passed, else 1. --fault KIND puts a
            fault in on purpose to show its check fires: nan (a NaN read at 3 s), wall (car 1
            put beyond the walls at 3 s), dnf (a 5 s time limit), rerun (car 1 moved 1 mm in
            the rerun), leak (2 MiB a race), crash (the worker aborts in race 1).
)",
    nullptr, run};

}  // namespace racer::bench
