#pragma once
// Records: the player's best laps (per track and car, with sector times) and championship
// progress, kept as records.json (format 1) in the data dir (game/storage.h). Documented
// with a complete example in docs/settings-format.md. No wall clock: nothing here is dated.
//
// Loading never fails and never crashes: no file -> empty records, no message; a file
// that cannot be read or has any error -> empty records in memory, a message
// ("file:line:col: ..." lines, then what was done) and the file set aside as
// records.json.bad, so saving the empty records never silently replaces the old ones.
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace racer {

struct BestLap {
  double lap_time = 0.0;             ///< s, > 0
  std::vector<double> sector_times;  ///< s, one per sector (may be empty), sum = lap_time
  bool operator==(const BestLap&) const = default;
};

/// One driver's result in one championship round (the fields of game/championship.h's
/// RoundResult, plus the points it gave and the race time, so a season can be resumed by
/// replaying the rounds into a Championship, or shown as saved).
struct RecordedResult {
  std::string driver;           ///< driver name, as game/championship.h matches drivers
  int position = 0;             ///< 1-based finishing position
  bool classified = true;       ///< finished (false: DNF or retired)
  int points = 0;               ///< points scored in this round, >= 0
  std::optional<double> time;   ///< s, race time, if known
  bool operator==(const RecordedResult&) const = default;
};

struct RecordedRound {
  std::string track_id;
  std::vector<RecordedResult> entries;  ///< in finishing order
  bool operator==(const RecordedRound&) const = default;
};

struct ChampionshipProgress {
  std::string championship_id;
  int round_index = 0;                ///< 0-based index of the next round to race
  std::map<std::string, int> points;  ///< driver id -> total points
  std::vector<RecordedRound> rounds;    ///< results of the rounds raced, oldest first

  /// Appends a round, adds its points to the totals and moves round_index on.
  void add_round(RecordedRound result);
  /// Driver ids by total points, most first (ties: by id).
  std::vector<std::pair<std::string, int>> standings() const;
  bool operator==(const ChampionshipProgress&) const = default;
};

class Records {
 public:
  /// The best lap for (track, car), or nullptr.
  const BestLap* best_lap(std::string_view track_id, std::string_view car_id) const;
  /// Keeps `lap` if it beats the stored best for (track, car) (or there is none) and
  /// returns true then; laps with a time that is not finite and > 0 are ignored.
  bool submit_lap(std::string_view track_id, std::string_view car_id, BestLap lap);
  /// Every best lap by (track id, car id).
  const std::map<std::pair<std::string, std::string>, BestLap>& best_laps() const { return best_laps_; }
  void clear_best_laps() { best_laps_.clear(); }

  /// The championship in progress, if any.
  std::optional<ChampionshipProgress> championship;

  bool operator==(const Records&) const = default;

 private:
  std::map<std::pair<std::string, std::string>, BestLap> best_laps_;
};

inline constexpr int kRecordsFormat = 1;

/// Strict: the records, or every error found.
Result<Records> parse_records(std::string_view text, const std::string& file_name);
/// The records as JSON text of format 1 (pretty, ends in a newline).
std::string records_to_json(const Records& records);

struct RecordsLoad {
  Records records;
  std::optional<std::string> message;                 ///< nullopt when all was well
  std::optional<std::filesystem::path> set_aside_as;  ///< where a bad file went
  /// False when a bad file could not be set aside and is still at the path: saving now
  /// would replace it, so the caller should not save (or ask the player first).
  bool may_save = true;
};
/// Never fails (see the top of this file).
RecordsLoad load_records(const std::filesystem::path& path);
/// Atomic (write_file_atomic); nullopt on success, else the error (the old file intact).
[[nodiscard]] std::optional<DataError> save_records(const std::filesystem::path& path,
                                                    const Records& records);

}  // namespace racer
