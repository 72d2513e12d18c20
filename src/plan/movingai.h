#pragma once
// MovingAI grid benchmark files (Sturtevant 2012, movingai.com): `.map` grids and `.scen`
// scenario lists, the known-answer set for GridSearch. Format: ../shared/pathfinding/README.md.
// Bad input gives DataErrors located as file:line:col, never a crash.
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "plan/grid.h"

namespace racer {

/// One scenario: a start, a goal and the optimal path length (8-connected, no corner cutting).
struct MovingAiScenario {
  int bucket = 0;
  std::string map;           ///< map file name as written in the scenario file
  int map_width = 0;         ///< the map size the scenario was made for
  int map_height = 0;
  GridCell start, goal;      ///< (0,0) top-left, x right, y down (rows as in the .map)
  double optimal_length = 0.0;  ///< in cells (1 orthogonal, sqrt(2) diagonal)
};

/// Files larger than this are refused.
constexpr std::size_t kMovingAiMaxBytes = 64u << 20;

/// Parses a `.map`: header `type octile`, `height H`, `width W` (either order, 1..SearchGrid::kMaxSide),
/// `map`, then exactly H rows of W characters; '.', 'G' passable; '@', 'O', 'T', 'S', 'W'
/// blocked; anything after the H rows is ignored. Row y of the file is grid row y.
Result<SearchGrid> parse_movingai_map(std::string_view text, const std::string& file_name = {});
Result<SearchGrid> load_movingai_map(const std::string& path);

/// Parses a `.scen`: lines of exactly 9 tab-separated fields (bucket, map, width, height,
/// start x, start y, goal x, goal y, optimal length) are scenarios; other lines (the
/// `version` line, citation blocks) are skipped. A 9-field line with a bad number or a
/// coordinate outside its stated map size is an error. No scenario at all is an error.
Result<std::vector<MovingAiScenario>> parse_movingai_scenarios(std::string_view text, const std::string& file_name = {});
Result<std::vector<MovingAiScenario>> load_movingai_scenarios(const std::string& path);

}  // namespace racer
