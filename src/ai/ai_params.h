#pragma once
// AiParams: one AI driver's profile and difficulty, read from assets/ai/*.json
// (format documented in docs/ai-format.md). Defaults in code are the "medium" driver.
#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace racer {

/// The local planner (DWA, ai/dwa.h DwaParams): its score's weights, its samples and horizon.
struct AiDwa {
  double heading = 2.0;    ///< >= 0
  double clearance = 0.8;  ///< >= 0
  double speed = 1.0;      ///< >= 0
  int speed_samples = 11;  ///< [1, 41] speed samples across the dynamic window
  int turn_samples = 21;   ///< [1, 61] yaw-rate samples across the dynamic window
  double horizon = 1.2;    ///< s, [0.3, 3]: forward simulation of each sample
  bool operator==(const AiDwa&) const = default;
};

/// The tracking layer (ai/line_tracker.h): Pure Pursuit's lookahead (ai/tracking.h
/// PurePursuitParams) and the damping of its cross-track correction.
struct AiTracking {
  double lookahead_base = 3.0;       ///< m, [0, 20]: lookahead at standstill, before the clamp
  double lookahead_per_speed = 0.55; ///< s, [0, 2]: lookahead gained per m/s
  double lookahead_min = 5.0;        ///< m, [1, 30]
  double lookahead_max = 30.0;       ///< m, [1, 80], >= lookahead_min
  double curvature_gain = 1.0;       ///< s, [0, 5]: lookahead shrink per (1/m x m/s) of curvature ahead times speed
  double damping = 0.3;              ///< s, [0, 2]: of the speed the car closes on its offset at, taken off the correction
  bool operator==(const AiTracking&) const = default;
};

/// Racecraft's gaps and reaches (ai/racecraft.h).
struct AiRacecraft {
  double pass_reach_min = 25.0;    ///< m, [5, 100]: a pass is started on a car this close ahead at the least
  double pass_reach_base = 12.0;   ///< m, [0, 50]: the reach is this plus the following gap (follow_time_s x speed)
  double pass_keep = 10.0;         ///< m, [0, 50]: beyond the reach, a pass (or defence, let-by) under way is kept
  double side_gap = 1.2;           ///< m, [0.3, 3]: daylight a passing lane leaves the car it passes, and cars side by side keep
  double let_by_reach = 2.5;       ///< s, [0.5, 6]: at our speed, the gap behind within which a car presses us
  double let_by_reach_min = 12.0;  ///< m, [2, 50]: that reach at the least
  bool operator==(const AiRacecraft&) const = default;
};

/// The routing layer's detour (ai/detour.h) and the costs of its grid (ai/route_grid.h RouteCosts).
struct AiRouting {
  double clearance_margin = 2.0;   ///< m, [0.5, 6]: a cell closer than this to a wall costs extra
  double clearance_penalty = 3.0;  ///< [0, 20]: the extra cost multiplier of a cell at a wall
  double reach = 40.0;             ///< m, [15, 80]: along the line to where a detour rejoins it
  double blocked_after = 1.0;      ///< s, [0, 5]: blocked by a stopped car this long before a detour is planned
  bool operator==(const AiRouting&) const = default;
};

/// The range the loader accepts for a profile value (both ends included).
struct AiParamRange {
  double lo, hi;
};
/// The loader's ranges (parse_ai_params), for editors and panels.
namespace ai_ranges {
inline constexpr AiParamRange kGripUse{0.3, 1.0};
inline constexpr AiParamRange kSpeedUse{0.3, 1.0};
inline constexpr AiParamRange kReactionSteps{0, 120};
inline constexpr AiParamRange kMistakesPerMinute{0.0, 60.0};
inline constexpr AiParamRange kOvertakeOffset{0.0, 6.0};  ///< m
inline constexpr AiParamRange kLineMargin{1.0, 4.0};      ///< m
inline constexpr AiParamRange kDefend{0.0, 1.0};
inline constexpr AiParamRange kLetBy{0.0, 1.0};
inline constexpr AiParamRange kDwaWeight{0.0, 100.0};
inline constexpr AiParamRange kDwaSpeedSamples{1, 41};
inline constexpr AiParamRange kDwaTurnSamples{1, 61};
inline constexpr AiParamRange kDwaHorizon{0.3, 3.0};           ///< s
inline constexpr AiParamRange kLookaheadBase{0.0, 20.0};       ///< m
inline constexpr AiParamRange kLookaheadPerSpeed{0.0, 2.0};    ///< s
inline constexpr AiParamRange kLookaheadMin{1.0, 30.0};        ///< m
inline constexpr AiParamRange kLookaheadMax{1.0, 80.0};        ///< m
inline constexpr AiParamRange kCurvatureGain{0.0, 5.0};        ///< s
inline constexpr AiParamRange kTrackDamping{0.0, 2.0};         ///< s
inline constexpr AiParamRange kPassReachMin{5.0, 100.0};       ///< m
inline constexpr AiParamRange kPassReachBase{0.0, 50.0};       ///< m
inline constexpr AiParamRange kPassKeep{0.0, 50.0};            ///< m
inline constexpr AiParamRange kSideGap{0.3, 3.0};              ///< m
inline constexpr AiParamRange kLetByReach{0.5, 6.0};           ///< s
inline constexpr AiParamRange kLetByReachMin{2.0, 50.0};       ///< m
inline constexpr AiParamRange kClearanceMargin{0.5, 6.0};      ///< m
inline constexpr AiParamRange kClearancePenalty{0.0, 20.0};
inline constexpr AiParamRange kDetourReach{15.0, 80.0};        ///< m
inline constexpr AiParamRange kBlockedAfter{0.0, 5.0};         ///< s
}  // namespace ai_ranges

/// The grid planners the routing layer (ai/detour.h) can use, by their src/plan names:
/// A* (the default), JPS (searches the route grid without its clearance costs: JPS needs a
/// uniform grid), HPA*, D* Lite.
inline constexpr std::array<std::string_view, 4> kRouterPlanners = {"astar", "jps", "hpa", "dstar_lite"};

struct AiParams {
  std::string name = "medium";        ///< profile name, for results and panels
  std::string difficulty = "medium";  ///< easy | medium | hard (a label; the numbers below decide)
  double grip_use = 0.92;             ///< [0.3, 1]: share of the tyres' grip the speed profile plans with
  double speed_use = 0.97;            ///< [0.3, 1]: share of the profile's speed aimed for
  int reaction_steps = 6;             ///< [0, 120] fixed steps between deciding and the pedals acting (steering is immediate)
  double mistakes_per_minute = 0.5;   ///< [0, 60]: mean rate of small errors (a late lift, a wide line)
  double overtake_offset = 2.5;       ///< m, [0, 6]: lateral shift off the racing line to pass
  double line_margin = 1.4;           ///< m, [1, 4]: racing line kept this far from the road edge
  double defend = 0.0;                ///< [0, 1]: chance of covering the inside of a bend against a car close behind
  double let_by = 0.0;                ///< [0, 1]: chance of moving over on a straight for a faster car pressing us
  std::string router = "astar";       ///< the routing layer's grid planner: one of kRouterPlanners
  AiRouting routing;
  AiTracking tracking;
  AiRacecraft racecraft;
  AiDwa dwa;
  bool operator==(const AiParams&) const = default;
};

/// Reads a profile; every problem comes back as file:line:col: message.
Result<AiParams> parse_ai_params(std::string_view json_text, const std::string& file_name);
Result<AiParams> load_ai_params(const std::string& path);
/// Writes a file that parse_ai_params reads back to equal params.
std::string save_ai_params(const AiParams& p);

/// The shipped difficulty levels, in the order make_field expects their profiles.
inline constexpr std::array<const char*, 3> kDifficultyLevels = {"easy", "medium", "hard"};
/// The project-relative file of a level's profile: "assets/ai/<level>.json".
std::string ai_profile_file(const std::string& level);
/// Loads the shipped profiles (easy, medium, hard), each from path_of(ai_profile_file(level)),
/// or the first file's errors.
Result<std::vector<AiParams>> load_difficulty_profiles(const std::function<std::string(const std::string&)>& path_of);

}  // namespace racer
