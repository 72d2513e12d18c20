#include "soak_race.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <cstdio>

#include "core/split_mix.h"
#include "race/race.h"
#include "sim/world.h"
#include "stopwatch.h"

namespace racer::bench {

namespace {

const char* const kDifficulties[] = {"easy", "medium", "hard", "mixed"};
constexpr double kStuckLimitS = 10.0;   // issue 4's limit: no car stuck longer without a respawn
constexpr std::int64_t kFullCheckSteps = 24;  // 0.1 s at 240 Hz

std::string at(const Race& race, std::size_t car) {
  char buf[96];
  const Vec2 p = race.world().car(car).position();
  std::snprintf(buf, sizeof buf, "car %zu at t=%.2f s, (%.1f, %.1f) m", car + 1, race.world().time(), p.x, p.y);
  return buf;
}

bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

bool snapshot_finite(const CarSnapshot& c) {
  bool ok = finite(c.position) && finite(c.velocity) && finite(c.accel_local) && std::isfinite(c.heading) &&
            std::isfinite(c.yaw_rate) && std::isfinite(c.speed) && std::isfinite(c.rpm) && std::isfinite(c.pitch) &&
            std::isfinite(c.roll) && std::isfinite(c.clutch) && std::isfinite(c.tcs);
  for (const WheelSnapshot& w : c.wheels) {
    ok = ok && finite(w.position) && std::isfinite(w.steer) && std::isfinite(w.spin_angle) && std::isfinite(w.load) &&
         std::isfinite(w.slip_ratio) && std::isfinite(w.slip_angle) && std::isfinite(w.omega);
  }
  return ok;
}

constexpr std::int64_t kFaultStep = 720;  // 3 s at 240 Hz: a fault put in on purpose comes here

/// The first failure of this step's checks for car i, or "".
std::string check_car(const Race& race, std::size_t i, bool full, bool fault_nan) {
  const Car& car = race.world().car(i);
  const double x = fault_nan && i == 0 && race.world().steps() == kFaultStep ? std::nan("") : car.position().x;
  if (!std::isfinite(x) || !finite(car.position()) || !finite(car.velocity()) || !std::isfinite(car.heading()))
    return "NaN or Inf in the pose or velocity of " + at(race, i);
  if (!full) return "";
  if (!snapshot_finite(snapshot_car(car))) return "NaN or Inf in the state of " + at(race, i);
  if ((race.track().flags_at(car.position()) & kCellOutside) != 0) return "beyond the walls: " + at(race, i);
  return "";
}

/// The faults that change the race itself (SoakField::fault), after a step.
void put_fault(const std::string& fault, bool second, Race& race) {
  Car& car = race.world().car(0);
  if (fault == "wall" && race.world().steps() == kFaultStep) {
    car.place(race.track().bounds_max() + Vec2{50.0, 50.0}, car.heading(), 0.0);
  } else if (fault == "rerun" && second && race.world().steps() == 1) {
    car.place(car.position() + Vec2{0.001, 0.0}, car.heading(), 0.0);
  }
}

struct OneRun {
  double sim_s = 0.0;
  std::uint64_t hash = 0;
};

OneRun run_once(const SoakField& field, const SoakPlan& plan, bool second, std::vector<std::string>& failures) {
  RaceConfig config;
  config.laps = field.laps;
  config.seed = plan.seed;
  if (field.fault == "dnf") config.time_limit_s = 5.0;
  Race race(field.tracks[plan.track],
            make_field(field.cars[plan.car], field.car_names[plan.car], field.profiles, plan.difficulty, plan.cars), config);
  bool failed_in_step = false;
  while (!race.over() && !failed_in_step) {
    race.step();
    put_fault(field.fault, second, race);
    const bool full = race.world().steps() % kFullCheckSteps == 0;
    for (std::size_t i = 0; i < race.car_count() && !failed_in_step; ++i) {
      std::string failure = check_car(race, i, full, field.fault == "nan");
      if (!failure.empty()) failures.push_back(std::move(failure)), failed_in_step = true;
    }
  }
  const RaceResult result = race.result();
  if (failed_in_step) return {result.sim_seconds, result.state_hash};
  int finished = 0;
  for (const RaceCarResult& car : result.cars) {
    finished += car.finished ? 1 : 0;
    if (car.max_stuck_seconds > kStuckLimitS) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "car %d stuck %.1f s without a respawn", car.grid_position,
                    car.max_stuck_seconds);
      failures.push_back(buf);
    }
  }
  if (finished < static_cast<int>(result.cars.size())) {
    failures.push_back("did not finish: " + std::to_string(finished) + " of " + std::to_string(result.cars.size()) +
                       " cars finished by the time limit");
  }
  return {result.sim_seconds, result.state_hash};
}

}  // namespace

SoakPlan soak_plan(const SoakField& field, std::uint64_t index) {
  SplitMix64 mix(index * 0x9e3779b97f4a7c15ull + 38);
  SoakPlan plan;
  plan.index = index;
  plan.track = static_cast<std::size_t>(index % field.tracks.size());
  plan.car = static_cast<std::size_t>(mix.next() % field.cars.size());
  plan.difficulty = kDifficulties[mix.next() % 4];
  plan.cars = 1 + static_cast<int>(mix.next() % static_cast<std::uint64_t>(field.max_cars));
  plan.seed = 1 + mix.next() % 1000000;
  plan.rerun = (index / field.tracks.size()) % 10 == 0;  // every tenth round of the tracks: each track alike
  return plan;
}

SoakOutcome run_soak_race(const SoakField& field, const SoakPlan& plan) {
  SoakOutcome out;
  const Stopwatch clock;
  if (field.fault == "crash" && plan.index == 1) std::abort();
  const OneRun first = run_once(field, plan, false, out.failures);
  out.sim_s = first.sim_s;
  out.hash = first.hash;
  if (plan.rerun && out.failures.empty()) {
    std::vector<std::string> again;
    const OneRun second = run_once(field, plan, true, again);
    if (second.hash != first.hash) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "rerun differs: state hash %016llx then %016llx",
                    static_cast<unsigned long long>(first.hash), static_cast<unsigned long long>(second.hash));
      out.failures.push_back(buf);
    }
  }
  if (field.fault == "leak") {
    static std::vector<std::unique_ptr<char[]>> leaked;  // kept for the worker's life: heap that only grows
    leaked.push_back(std::make_unique<char[]>(2u << 20));
  }
  out.wall_s = clock.seconds();
  return out;
}

}  // namespace racer::bench
