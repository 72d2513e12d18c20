#include "game/race_plan.h"

#include <algorithm>
#include <filesystem>

#include "core/fixed_step.h"

namespace racer {
namespace {

std::string stem_or(const std::string& id, const std::string& path) {
  return id.empty() ? std::filesystem::path(path).stem().string() : id;
}

}  // namespace

bool is_race_difficulty(std::string_view name) {
  return std::find(kRaceDifficulties.begin(), kRaceDifficulties.end(), name) != kRaceDifficulties.end();
}

RacePlan make_race_plan(const RaceChoices& c) {
  RacePlan p;
  p.mode = c.mode;
  p.track_path = c.track_path;
  p.track_id = stem_or(c.track_id, c.track_path);
  p.car_path = c.car_path;
  p.car_id = stem_or(c.car_id, c.car_path);
  const int opponents = c.opponents < 0 ? kDefaultOpponents : std::min(c.opponents, kMaxOpponents);
  p.opponents = c.mode == RaceMode::TimeTrial ? 0 : opponents;
  p.laps = std::clamp(c.laps, 1, kMaxLaps);
  p.difficulty = is_race_difficulty(c.difficulty) ? c.difficulty : "mixed";
  const bool slot_in_field = c.grid_slot >= 0 && c.grid_slot <= p.opponents;
  p.grid_slot = c.mode == RaceMode::Quick && slot_in_field ? c.grid_slot : -1;
  p.seed = c.seed;
  p.rate_hz = std::clamp(c.rate_hz, FixedStep::kMinRate, FixedStep::kMaxRate);
  p.autodrive = c.autodrive;
  p.manual = c.manual;
  p.no_abs = c.no_abs;
  p.no_tcs = c.no_tcs;
  return p;
}

}  // namespace racer
