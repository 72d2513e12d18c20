// The lab's state: planning, repairing, stepping.
#include "game/lab_session.h"

#include <algorithm>

#include "game/lab_map.h"

namespace racer {

std::uint32_t lab_colour(int i) {
  static_assert(kLabColours == 16);
  // Saturated, told apart on the light free cells and the dark walls alike.
  static constexpr std::uint32_t kPalette[] = {
      0x4363d8, 0xe6194b, 0xf58231, 0x911eb4, 0x9a6324, 0xf032e6, 0x3cb44b, 0x17becf,
      0x808000, 0x469990, 0x000075, 0x800000, 0x5a5a5a, 0x2f4f4f, 0xb8a000, 0xff1493,
  };
  // Layers past the palette (the motion planners) start from colours the first grid
  // planners (astar, jps, dijkstra) do not use: olive, orange, brown, green, cyan, magenta.
  static constexpr int kLater[] = {8, 2, 4, 6, 7, 5, 9, 10};
  if (i >= static_cast<int>(std::size(kPalette))) i = kLater[static_cast<std::size_t>(i) % std::size(kLater)];
  return kPalette[static_cast<std::size_t>(i) % std::size(kPalette)];
}

LabSession::LabSession(std::vector<std::unique_ptr<LabLayer>> layers, LabClock clock) : clock_(std::move(clock)) {
  for (std::size_t i = 0; i < layers.size(); ++i) {
    LabEntry e;
    e.layer = std::move(layers[i]);
    e.colour = lab_colour(static_cast<int>(i));
    entries_.push_back(std::move(e));
  }
}

void LabSession::set_map(LabMap map) {
  map_ = std::move(map);
  polygon_changes_.assign(map_.obstacles.size(), {});
  query_ = default_lab_query(map_.grid);
  plan_all();
}

bool LabSession::set_start(GridCell c) {
  if (!map_.grid.in_bounds(c.x, c.y)) return false;
  query_.start = c;
  plan_all();
  return true;
}

bool LabSession::set_goal(GridCell c) {
  if (!map_.grid.in_bounds(c.x, c.y)) return false;
  query_.goal = c;
  plan_all();
  return true;
}

void LabSession::set_query(const LabQuery& q) {
  query_ = q;
  plan_all();
}

int LabSession::find(std::string_view name) const {
  for (std::size_t i = 0; i < entries_.size(); ++i)
    if (entries_[i].layer->name() == name) return static_cast<int>(i);
  return -1;
}

void LabSession::set_enabled(int i, bool on) {
  LabEntry& e = entries_[static_cast<std::size_t>(i)];
  e.enabled = on;
  if (on) {
    // More layers than colours: a layer switched on whose colour another shown layer has
    // takes the first colour no shown layer has (while fewer than 16 are shown).
    const auto used = [&](std::uint32_t c) {
      for (std::size_t k = 0; k < entries_.size(); ++k)
        if (static_cast<int>(k) != i && entries_[k].enabled && entries_[k].colour == c) return true;
      return false;
    };
    for (int k = 0; used(e.colour) && k < kLabColours; ++k) e.colour = lab_colour(k);
  }
  if (on && e.layer->continuous() && !optimal_length_known_) compute_optimal_length();
  if (on && !e.answered) {
    plan(e);
    ++generation_;
  }
  if (on && selected_ < 0) select(i);
  if (!on && selected_ == i) {
    selected_ = -1;
    for (std::size_t k = 0; k < entries_.size(); ++k)
      if (entries_[k].enabled) {
        select(static_cast<int>(k));
        break;
      }
  }
}

std::vector<GridCell> LabSession::set_blocked(std::span<const GridCell> cells, bool blocked) {
  std::vector<GridCell> changed;
  for (const GridCell& c : cells)
    if (map_.grid.in_bounds(c.x, c.y) && map_.grid.passable(c.x, c.y) == blocked) {
      map_.grid.set_passable(c.x, c.y, !blocked);
      changed.push_back(c);
    }
  if (!changed.empty()) after_edit(changed);
  return changed;
}

std::vector<GridCell> LabSession::add_polygon(const Polygon& polygon) {
  std::vector<GridCell> changed;
  for (const GridCell& c : polygon_cells(map_.grid, polygon))
    if (map_.grid.passable(c.x, c.y)) {
      map_.grid.set_passable(c.x, c.y, false);
      changed.push_back(c);
    }
  map_.obstacles.push_back(counter_clockwise(polygon));
  polygon_changes_.push_back(changed);
  if (!changed.empty()) after_edit(changed);
  return changed;
}

void LabSession::clear_polygons() {
  std::vector<GridCell> changed;
  for (const auto& cells : polygon_changes_)
    for (const GridCell& c : cells)
      if (!map_.grid.passable(c.x, c.y)) {
        map_.grid.set_passable(c.x, c.y, true);
        changed.push_back(c);
      }
  map_.obstacles.clear();
  polygon_changes_.clear();
  if (!changed.empty()) after_edit(changed);
}

std::optional<double> LabSession::ratio(int i) const {
  const LabEntry& e = entries_[static_cast<std::size_t>(i)];
  if (!e.answered || !e.outcome.result.found()) return std::nullopt;
  if (e.layer->continuous()) {
    if (!optimal_length_ || *optimal_length_ <= 0.0) return std::nullopt;
    return e.outcome.result.length / *optimal_length_;
  }
  if (!optimal_ || *optimal_ <= 0.0) return std::nullopt;
  return e.outcome.result.cost / *optimal_;
}

void LabSession::select(int i) {
  selected_ = i >= 0 && i < layer_count() ? i : -1;
  step_ = -1;
}

long LabSession::trace_size() const {
  if (selected_ < 0) return 0;
  return static_cast<long>(entries_[static_cast<std::size_t>(selected_)].outcome.expanded.size());
}

long LabSession::shown_expansions() const { return step_ < 0 ? trace_size() : std::min(step_, trace_size()); }

void LabSession::set_step(long k) { step_ = k < 0 ? -1 : std::min(k, trace_size()); }

void LabSession::step_by(long d) { set_step(std::max(0L, (step_ < 0 ? 0 : step_) + d)); }

void LabSession::plan(LabEntry& e) {
  const double t0 = now();
  e.layer->run(map_, query_, e.outcome);
  e.time_us = (now() - t0) * 1e6;
  e.answered = true;
}

void LabSession::compute_optimal() {
  const SearchResult& r = dijkstra_.plan(map_.grid, query_.start, query_.goal);
  optimal_ = r.found() ? std::optional<double>(r.cost) : std::nullopt;
  optimal_length_.reset();
  optimal_length_known_ = false;
  for (const LabEntry& e : entries_)
    if (e.enabled && e.layer->continuous()) {
      compute_optimal_length();
      break;
    }
}

void LabSession::compute_optimal_length() {
  const SearchGrid& g = map_.grid;
  optimal_length_known_ = true;
  if (g.uniform_cost()) {
    optimal_length_ = optimal_;
    return;
  }
  SearchGrid uniform(g.width(), g.height(), g.connectivity());
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x)
      if (!g.passable(x, y)) uniform.set_passable(x, y, false);
  const SearchResult& r = dijkstra_.plan(uniform, query_.start, query_.goal);
  optimal_length_ = r.found() ? std::optional<double>(r.length) : std::nullopt;
}

void LabSession::plan_all() {
  compute_optimal();
  for (LabEntry& e : entries_) {
    e.answered = false;
    if (e.enabled) plan(e);
  }
  if (step_ >= 0) set_step(step_);
  ++generation_;
}

void LabSession::after_edit(std::span<const GridCell> changed) {
  compute_optimal();
  for (LabEntry& e : entries_) {
    if (!e.enabled) {
      e.answered = false;  // an incremental layer left behind starts afresh when enabled
      continue;
    }
    const double t0 = now();
    if (e.answered && e.layer->incremental()) e.layer->repair(map_, query_, changed, e.outcome);
    else e.layer->run(map_, query_, e.outcome);
    e.time_us = (now() - t0) * 1e6;
    e.answered = true;
  }
  if (step_ >= 0) set_step(step_);
  ++generation_;
}

}  // namespace racer
