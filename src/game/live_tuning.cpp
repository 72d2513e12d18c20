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
}

std::string LiveTuning::notice() const {
  if (!tuned()) return {};
  const std::size_t n = cars_.size();
  return "Tuned live: records, ghosts and championship points are not saved for this race (the AI of " +
         std::to_string(n) + (n == 1 ? " car was" : " cars were") + " changed in the AI panel).";
}

}  // namespace racer
