#include "game/live_tuning.h"

#include <algorithm>

namespace racer {

std::vector<int> cars_tuned_now(const GameRace& race) {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(race.car_count()); ++i)
    if (const AiDriver* d = race.driver(i))
      if (const AiParams* entry = race.entry_params(i); entry != nullptr && d->params() != *entry) out.push_back(i);
  return out;
}

void LiveTuning::observe(const GameRace& race) {
  for (int car : cars_tuned_now(race))
    if (!std::binary_search(cars_.begin(), cars_.end(), car)) cars_.insert(std::upper_bound(cars_.begin(), cars_.end(), car), car);
  edited_ = race.cars_edited();  // (once edited, a car stays in the race's list)
  player_edited_ = std::binary_search(edited_.begin(), edited_.end(), race.player());
}

std::string LiveTuning::notice() const {
  if (!tuned()) return {};
  std::string why;
  if (!cars_.empty()) {
    const std::size_t n = cars_.size();
    why = "the AI of " + std::to_string(n) + (n == 1 ? " car was" : " cars were") + " changed in the AI panel";
  }
  if (!edited_.empty()) {
    const std::size_t n = edited_.size();
    if (!why.empty()) why += "; ";
    if (player_edited_ && n == 1) why += "your car was changed in the car editor";
    else why += std::to_string(n) + (n == 1 ? " car was" : " cars were") + " changed in the car editor";
  }
  return "Tuned live: records, ghosts and championship points are not saved for this race (" + why + ").";
}

}  // namespace racer
