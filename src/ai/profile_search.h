#pragma once
// ProfileSearch: the automatic tuner's search (racer-bench tune, tools/ai-tune). A compass
// search (pattern search) over a named, bounded set of AiParams values: each round takes
// one value and proposes the best profile so far with that value one step up and one step
// down; the caller measures both on its races and reports their scores; the faster
// admissible one becomes the best. A sweep visits every value once, in an order drawn from
// the seed; a sweep without a gain halves every step; the search ends when every step is
// below an eighth of its first. The rejection rule (reject_reason) compares each candidate
// with the start profile measured on the same races: a candidate never buys speed with more
// wall or car contacts.
// Pure and deterministic: the same start, keys, seed and reported scores give the same
// candidates. No races are run here.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ai/ai_params.h"

namespace racer {

/// One value of a profile the tuner may change.
struct TuneParam {
  const char* key;     ///< its key in docs/ai-format.md ("grip_use", "dwa.speed", ...)
  AiParamRange range;  ///< the range searched (inside the loader's range)
  double first_step;   ///< the first step, in the value's own unit
  bool integer;        ///< whole numbers only (reaction_steps)
};

/// Every value the tuner can search, in a fixed order.
const std::vector<TuneParam>& tune_params();
/// The value of that key, or nullptr when the tuner does not know it.
const TuneParam* find_tune_param(std::string_view key);
/// The profile's value of a key of tune_params() (asserts a known key).
double tune_value(const AiParams& p, std::string_view key);
/// Sets a key of tune_params() to `v` rounded to a millionth (whole when integer), clamped
/// to its range.
void set_tune_value(AiParams& p, std::string_view key, double v);

/// What one profile did over the tuner's races (every candidate on the same races).
struct TuneScore {
  double objective = 0.0;                 ///< s, mean finishing time over races and cars (lower is better)
  double best_lap = 0.0;                  ///< s, mean over races of the race's best lap
  double walls_per_car_lap = 0.0;         ///< wall contacts begun a car-lap
  double car_contacts_per_car_lap = 0.0;  ///< car contacts begun a car-lap
  bool all_finished = true;               ///< every car of every race finished
};

/// Why `candidate` may not be taken, or "" when it may: a car did not finish; more wall
/// contacts a car-lap than `start`; more car contacts a car-lap than `start`.
std::string reject_reason(const TuneScore& candidate, const TuneScore& start);

/// A profile to measure, and the move that made it from the best so far.
struct TuneCandidate {
  AiParams params;
  std::string key;   ///< the value changed
  double from = 0.0, to = 0.0;
};

/// One measured candidate in the search's history.
struct TuneStep {
  int round = 0;           ///< 1-based round of the search
  TuneCandidate candidate;
  TuneScore score;
  bool taken = false;      ///< it became the best
  std::string verdict;     ///< "taken: faster", "slower", "rejected: ..."
};

class ProfileSearch {
 public:
  /// Searches the values `keys` (each a key of tune_params(), none twice) from `start`.
  ProfileSearch(const AiParams& start, std::vector<std::string> keys, std::uint64_t seed);

  /// The start profile's score; call once before the first batch.
  void set_start_score(const TuneScore& score);
  /// The next candidates (one value one step up and down from the best, the ones the
  /// range allows); empty when the search has converged.
  std::vector<TuneCandidate> next_batch();
  /// The scores of the last batch's candidates, in its order (or of its first n, when the
  /// caller's budget ran out).
  void report(const std::vector<TuneScore>& scores);

  const AiParams& best() const { return best_; }
  const TuneScore& best_score() const { return best_score_; }
  const TuneScore& start_score() const { return start_score_; }
  const std::vector<TuneStep>& history() const { return history_; }
  /// The step of key i of `keys` now.
  double step(std::size_t i) const { return steps_[i]; }
  bool converged() const;

 private:
  void next_key();

  AiParams best_;
  TuneScore start_score_, best_score_;
  std::vector<const TuneParam*> params_;
  std::vector<double> steps_;
  std::vector<std::size_t> order_;  // this sweep's order of params_
  std::size_t at_ = 0;              // position in order_
  bool gained_in_sweep_ = false;
  std::uint64_t seed_ = 0;
  int sweeps_ = 0;
  int round_ = 0;
  std::vector<TuneCandidate> batch_;
  std::vector<TuneStep> history_;
};

}  // namespace racer
