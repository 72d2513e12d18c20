#pragma once
// Championship: points per round and the standings over a season of race sessions.
// Points go to classified finishers by position (default 25, 18, 15, 12, 10, 8, 6, 4, 2, 1
// for the top ten, nothing below or for DNF / retired). Standings: points, then wins, then
// best finish, then the driver who first appeared earlier (so the order is always defined).
// Drivers are matched across rounds by name. Pure: no files, no clock.
#include <span>
#include <string>
#include <vector>

#include "game/session_rules.h"

namespace racer {

/// One driver's result in a round.
struct RoundResult {
  std::string name;
  int position = 0;        ///< classified position, 1 = winner
  bool classified = false; ///< finished (DNF and retired score nothing)
};

struct Standing {
  std::string name;
  int position = 0;           ///< in the standings, 1 = leader
  int points = 0;
  int wins = 0;
  int best_finish = 0;        ///< best classified position, 0 = never classified
  int rounds = 0;             ///< rounds entered
  std::vector<int> finishes;  ///< per round: classified position, 0 = not classified or absent
};

class Championship {
 public:
  /// points[k] for position k + 1; the default is the 25-18-15-12-10-8-6-4-2-1 table.
  explicit Championship(std::vector<int> points = default_points());
  static std::vector<int> default_points() { return {25, 18, 15, 12, 10, 8, 6, 4, 2, 1}; }

  /// Points for a classified position (0 beyond the table or for position < 1).
  int points_for(int position) const;
  void add_round(std::span<const RoundResult> round);
  /// A finished session: every Finished car is classified at its position.
  void add_round(std::span<const SessionCarResult> results);
  int rounds() const { return rounds_; }
  /// Sorted: points, wins, best finish, first appearance.
  std::vector<Standing> standings() const;

 private:
  std::vector<int> points_;
  std::vector<Standing> drivers_;  // in order of first appearance
  int rounds_ = 0;
};

}  // namespace racer
