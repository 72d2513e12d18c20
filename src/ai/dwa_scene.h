#pragma once
// DwaScene: the DWA benchmark scene format of ../shared/bench/dwa_scene_*.json (the car's
// state, a reference line, circle and oriented-rectangle obstacles) and seed 004's
// closed-loop scenario on it. Shared by tests/ai/dwa_test.cpp and `racer-bench dwa`.
//
//   {"car": {"x", "y", "heading" (rad), "v" (m/s), "omega" (rad/s), "radius" (m)},
//    "waypoints": [[x, y], ...],
//    "obstacles": [{"type": "circle", "x", "y", "radius"},
//                  {"type": "rect", "x", "y", "half_width", "half_height", "angle"}]}
//
// Obstacles may also carry "vx", "vy" (m/s, default 0): they then move at that velocity
// in the drive. Unknown keys are errors, reported as file:line:col.
#include <string>
#include <string_view>
#include <vector>

#include "ai/dwa.h"
#include "core/result.h"

namespace racer {

struct DwaScene {
  DwaState car;                        ///< the car at the start
  double car_radius = 1.1;             ///< m
  std::vector<Vec2> waypoints;         ///< m, at least 2
  std::vector<DwaObstacle> obstacles;  ///< at time 0
};

/// Parses a scene; `file_name` is used in messages.
Result<DwaScene> parse_dwa_scene(std::string_view json_text, const std::string& file_name);
/// Reads and parses a scene file.
Result<DwaScene> load_dwa_scene(const std::string& path);

/// Outcome of a closed-loop drive.
struct DwaDriveResult {
  double progress_m = 0;    ///< m along the waypoints at the end (projection of the car)
  double length_m = 0;      ///< m, length of the waypoint polyline
  bool reached_end = false; ///< came within 1.5 m of the last waypoint (or projected past it)
  bool collided = false;    ///< the car's disc (no margin) touched an obstacle
  int steps = 0;            ///< steps driven (stops early at the end or at a collision)
  double min_gap_m = 0;     ///< m, least distance between the car's disc and an obstacle
  int fallbacks = 0;        ///< decisions where every sample collided
  double max_stall_s = 0;   ///< s, longest time below the planner's stall speed
};

/// Seed 004's scenario: the kinematic car (midpoint step, v and omega set to the chosen
/// command) decides and steps every `params.limits.period` seconds for up to `max_steps`
/// steps; each step's motion is checked as a swept disc against the obstacles.
DwaDriveResult drive_dwa_scene(const DwaScene& scene, const DwaParams& params, int max_steps = 600);

/// Seed 004's kinematic step: heading += omega dt, position along the mid-step heading.
DwaState seed_step(const DwaState& s, double v, double omega, double dt);

}  // namespace racer
