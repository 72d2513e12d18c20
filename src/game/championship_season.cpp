#include "game/championship_season.h"

#include <algorithm>
#include <exception>
#include <sstream>
#include <utility>

#include "game/race_plan.h"

namespace racer {

std::string ChampionshipPlan::id() const {
  return cup + "|" + car_id + "|" + std::to_string(opponents) + "|" + std::to_string(laps) + "|" + difficulty;
}

std::optional<ChampionshipPlan> ChampionshipPlan::parse(const std::string& id) {
  std::vector<std::string> parts;
  std::stringstream in(id);
  for (std::string part; std::getline(in, part, '|');) parts.push_back(part);
  if (parts.size() != 5 || parts[0].empty() || parts[1].empty()) return std::nullopt;
  ChampionshipPlan p;
  p.cup = parts[0];
  p.car_id = parts[1];
  try {
    p.opponents = std::stoi(parts[2]);
    p.laps = std::stoi(parts[3]);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  p.difficulty = parts[4];
  if (p.opponents < 0 || p.opponents > kMaxOpponents || p.laps < 1 || p.laps > kMaxLaps) return std::nullopt;
  if (!is_race_difficulty(p.difficulty)) return std::nullopt;
  return p;
}

std::vector<std::string> championship_rounds(std::span<const std::string> raceable) {
  std::vector<std::string> out;
  for (const char* id : kChampionshipTracks)
    if (std::find(raceable.begin(), raceable.end(), id) != raceable.end()) out.emplace_back(id);
  if (out.empty()) out.assign(raceable.begin(), raceable.end());
  return out;
}

ChampionshipProgress start_season(const ChampionshipPlan& plan) {
  ChampionshipProgress progress;
  progress.championship_id = plan.id();
  return progress;
}

std::optional<ChampionshipPlan> saved_season(const std::optional<ChampionshipProgress>& progress) {
  if (!progress) return std::nullopt;
  return ChampionshipPlan::parse(progress->championship_id);
}

RecordedRound score_round(const std::string& track_id, std::span<const SessionCarResult> results,
                          const Championship& table) {
  RecordedRound round;
  round.track_id = track_id;
  for (const SessionCarResult& r : results) {
    RecordedResult e;
    e.driver = r.name;
    e.position = r.position;
    e.classified = r.status == CarStatus::Finished;
    e.points = e.classified ? table.points_for(r.position) : 0;
    if (r.total_time) e.time = *r.total_time;
    round.entries.push_back(std::move(e));
  }
  return round;
}

void record_round(ChampionshipProgress& progress, const std::string& track_id,
                  std::span<const SessionCarResult> results) {
  progress.add_round(score_round(track_id, results));
}

std::vector<Standing> season_standings(const ChampionshipProgress& progress) {
  Championship champ;
  for (const RecordedRound& r : progress.rounds) {
    std::vector<RoundResult> round;
    for (const RecordedResult& e : r.entries) round.push_back({e.driver, e.position, e.classified});
    champ.add_round(std::span<const RoundResult>(round));
  }
  return champ.standings();
}

std::optional<std::string> next_round_track(const ChampionshipProgress& progress,
                                            std::span<const std::string> rounds) {
  if (progress.round_index < 0 || progress.round_index >= static_cast<int>(rounds.size())) return std::nullopt;
  return rounds[static_cast<std::size_t>(progress.round_index)];
}

}  // namespace racer
