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

/// Weights of the local planner's score (see ai/dwa.h DwaParams).
struct AiDwaWeights {
  double heading = 2.0;    ///< >= 0
  double clearance = 0.8;  ///< >= 0
  double speed = 1.0;      ///< >= 0
  bool operator==(const AiDwaWeights&) const = default;
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
  AiDwaWeights dwa;
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
