#include "ai/detour.h"

#include <algorithm>
#include <vector>

#include "core/math.h"
#include "ai/route_grid.h"
#include "plan/registry.h"
#include "track/track.h"

namespace racer {

namespace {

constexpr double kBlockedGain = 0.2;   // m/s per routing period: a car ahead speeding up this much is moving off

}  // namespace

void Detour::set_router(std::string_view router) {
  planner_ = make_grid_planner(router);
  if (!planner_) planner_ = make_grid_planner("astar");
  uniform_window_ = router == "jps";
  planner_->set_trace(recording_ ? &trace_ : nullptr);
}

void Detour::set_recording(bool on) {
  recording_ = on;
  planner_->set_trace(on ? &trace_ : nullptr);
}

void Detour::reset(bool new_route) {
  if (new_route) hint_ = -1;
  active_ = false;
  blocked_for_ = 0.0;
}

// A car stopped (under kBlockedSpeed) between beside us and routing_.reach ahead on the line.
bool Detour::stopped_ahead(const DriverView& v, const AiRoute& route, LinePosition me, const TrafficScan& scan,
                           CarSize us) const {
  for (const OtherCarView& o : v.others) {
    if (length(o.velocity) > kBlockedSpeed) continue;
    if (length_squared(o.position - v.self.position) > square(routing_.reach + 10.0)) continue;
    const PathProjection p = route.path.project(o.position, scan.hint(o.index));
    const double ds = wrap_ds(p.s - me.s, route.path.length());
    if (ds > -(us.half_length + o.half_length) && ds < routing_.reach) return true;
  }
  return false;
}

void Detour::plan(const DriverView& v, const AiRoute& route, LinePosition me, double progress,
                  const TrafficPicture& traffic, const TrafficScan& scan, const Track& track, double queue_gap,
                  CarSize us) {
  const double period = 1.0 / kRouteHz;
  const double ahead_speed = traffic.ahead.speed;
  // A slow car that is gaining speed (the grid pulling away at the start, a car out of a
  // spin) is not a blockage: detouring round it sent cars off across the runoff.
  const bool pulling_away = ahead_speed > blocked_ahead_speed_ + kBlockedGain;
  blocked_ahead_speed_ = ahead_speed;
  const bool blocked = traffic.ahead.gap < queue_gap + 10.0 && std::abs(ahead_speed) < kBlockedSpeed && !pulling_away;
  blocked_for_ = blocked ? blocked_for_ + period : 0.0;
  if (active_ && progress > end_) active_ = false;  // back on the line
  // The blockage moved off (the grid's queue pulling away): no walking-pace detour round it.
  if (active_ && !stopped_ahead(v, route, me, scan, us)) active_ = false;
  if (active_ || blocked_for_ < routing_.blocked_after) return;
  // A window of the cost grid from here to the line routing_.reach ahead, 12 m around.
  const CostGrid& grid = track.cost_grid();
  const Vec2 goal_p = route.path.at(me.s + routing_.reach).position;
  const Vec2 lo{std::min(v.self.position.x, goal_p.x) - 12.0, std::min(v.self.position.y, goal_p.y) - 12.0};
  const Vec2 hi{std::max(v.self.position.x, goal_p.x) + 12.0, std::max(v.self.position.y, goal_p.y) + 12.0};
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  grid.cell_of(lo, x0, y0);
  grid.cell_of(hi, x1, y1);
  x0 = std::max(x0, 0), y0 = std::max(y0, 0), x1 = std::min(x1, grid.width() - 1), y1 = std::min(y1, grid.height() - 1);
  if (x1 <= x0 || y1 <= y0) return;
  RouteCosts costs;
  costs.clearance_margin_m = routing_.clearance_margin;
  costs.clearance_penalty = routing_.clearance_penalty;
  costs.min_clearance_m = us.half_width + 0.2;
  if (uniform_window_) {
    costs.clearance_penalty = 0.0;
    costs.use_surface = false;
  }
  make_route_window(grid, costs, x0, y0, x1, y1, window_);
  // Stopped cars are obstacles: their footprint grown by our half width and a margin.
  for (const OtherCarView& o : v.others) {
    if (length(o.velocity) > kBlockedSpeed) continue;
    const double r = o.half_length + us.half_width + 0.5;
    int cx0 = 0, cy0 = 0, cx1 = 0, cy1 = 0;
    grid.cell_of(o.position - Vec2{r, r}, cx0, cy0);
    grid.cell_of(o.position + Vec2{r, r}, cx1, cy1);
    for (int y = std::max(cy0, y0); y <= std::min(cy1, y1); ++y)
      for (int x = std::max(cx0, x0); x <= std::min(cx1, x1); ++x)
        if (length_squared(grid.cell_centre(x, y) - o.position) <= r * r) window_.set_passable(x - x0, y - y0, false);
  }
  int sx = 0, sy = 0, gx = 0, gy = 0;
  grid.cell_of(v.self.position, sx, sy);
  grid.cell_of(goal_p, gx, gy);
  trace_.expanded.clear();
  const SearchResult& r = planner_->plan(window_, {sx - x0, sy - y0}, {gx - x0, gy - y0});
  count_ += 1;
  if (recording_) {
    record_.step = v.step;
    record_.found = r.found();
    record_.cell = grid.cell_size();
    record_.expanded.clear();
    for (const GridCell& c : trace_.expanded) record_.expanded.push_back(grid.cell_centre(c.x + x0, c.y + y0));
    record_.cells.clear();
    for (const GridCell& c : r.path) record_.cells.push_back(grid.cell_centre(c.x + x0, c.y + y0));
  }
  if (!r.found() || r.path.size() < 4) return;  // no way round: wait (and respawn in the end)
  std::vector<Vec2> points;
  for (std::size_t k = 0; k < r.path.size(); k += 4) points.push_back(grid.cell_centre(r.path[k].x + x0, r.path[k].y + y0));
  points.push_back(grid.cell_centre(r.path.back().x + x0, r.path.back().y + y0));
  if (length_squared(points.back() - points[points.size() - 2]) < 1e-6) points.pop_back();
  path_ = Path(std::move(points), false);
  hint_ = -1;
  end_ = progress + routing_.reach - 5.0;
  active_ = true;
  blocked_for_ = 0.0;
}

}  // namespace racer
