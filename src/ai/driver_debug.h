#pragma once
// DriverDebug: what an AI driver used in its last step, for the debug overlays (src/render)
// and tests: the layers' own values, copied or pointed at as they were used, never
// recomputed. Filled only while asked for (AiDriver::set_debug); recording never changes a
// decision, so normal play and the state hash are the same with it on or off.
//
// Pure; metres, seconds, world frame.
#include <cstdint>

#include "ai/detour.h"
#include "ai/dwa_guard.h"
#include "ai/racecraft.h"
#include "core/vec2.h"

namespace racer {

struct DriverDebug {
  std::int64_t step = -1;          ///< the fixed step this record is of
  bool recovering = false;         ///< a recovery manoeuvre drove this step (the layers below were not run)
  LineChoice line;                 ///< racecraft's last choice: the offset and the lane tracked
  double target_speed = 0.0;       ///< m/s, the pedals' target speed
  std::int64_t tracker_step = -1;  ///< the step of the tracker's last tick
  Vec2 lookahead;                  ///< m: the point the tracker steered for at that tick
  bool detour = false;             ///< following the router's detour
  const Path* detour_path = nullptr;      ///< the detour followed (when `detour`), the driver's own
  const DwaRecord* dwa = nullptr;         ///< DWA's last decision (the guard's own record), never null
  const RouterRecord* router = nullptr;   ///< the router's last search (the router's own record), never null
};

}  // namespace racer
