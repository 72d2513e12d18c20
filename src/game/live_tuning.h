#pragma once
// LiveTuning: whether anything in a race was tuned live (an AI driver's profile changed in
// the AI panel, a car rebuilt from the Vehicle panel's car editor), so that the race's records, ghosts and championship points are not kept,
// and what the player is told about it. Once tuned, a race stays tuned: setting the values
// back does not undo the laps driven in between.
// Pure: no SDL, no ImGui, no wall clock.
#include <string>
#include <vector>

#include "game/game_race.h"

namespace racer {

/// The cars whose driver now drives other params than the race started it with.
std::vector<int> cars_tuned_now(const GameRace& race);

class LiveTuning {
 public:
  /// Looks at the race after a step (or a panel's edit): a tuned car marks the race tuned.
  void observe(const GameRace& race);
  bool tuned() const { return !cars_.empty() || !edited_.empty(); }
  /// The cars whose AI profile was found changed so far (grid indices, sorted).
  const std::vector<int>& cars() const { return cars_; }
  /// The cars edited in the car editor so far (GameRace::cars_edited).
  const std::vector<int>& cars_edited() const { return edited_; }
  /// What the player is told: why this race's records and ghosts are not saved (empty when
  /// nothing was tuned).
  std::string notice() const;

 private:
  std::vector<int> cars_;
  std::vector<int> edited_;
  bool player_edited_ = false;  // edited_ holds the player's car
};

}  // namespace racer
