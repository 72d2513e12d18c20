// Race progress: gate crossings -> stations in order -> laps and sector times.
//
//   crossing_at      segment against gate: direction and where along the step
//   RaceProgress     constructor, start_race, update (sorted sub-step crossings), queries
//
// Side convention: a point exactly on a gate's line counts as being ahead of it. A crossing
// is a change of side, so a car that stops exactly on a gate crosses it once (on arrival),
// not again when it drives on, and a car that rolls back off it crosses it backwards.
#include "track/progress.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <utility>

namespace racer {
namespace {

struct Hit {
  int direction = 0;  // +1 forwards, -1 backwards, 0 none
  double t = 0.0;     // fraction of the step p->q at the crossing, in (0, 1]
};

// Segment p->q against gate g. Endpoints of the gate are inclusive.
Hit crossing_at(const Gate& g, Vec2 p, Vec2 q) {
  const Vec2 d = g.b - g.a;
  if (length_squared(d) <= 0.0) return {};
  // Signed side: dot(perp(d), x - a) = cross(d, x - a); >= 0 is ahead (forwards side).
  const double sp = cross(d, p - g.a);
  const double sq = cross(d, q - g.a);
  const bool p_ahead = sp >= 0.0, q_ahead = sq >= 0.0;
  if (p_ahead == q_ahead) return {};
  if (!std::isfinite(sp) || !std::isfinite(sq)) return {};
  // Where along the gate the step crosses its line: u in [0, 1] is on the gate.
  const Vec2 r = q - p;
  const double denom = cross(d, r);  // = sq - sp, nonzero since the sides differ
  const double u = cross(p - g.a, r) / denom;
  if (!(u >= 0.0 && u <= 1.0)) return {};
  const double t = std::clamp(sp / (sp - sq), 0.0, 1.0);
  return {q_ahead ? +1 : -1, t};
}

struct StationHit {
  double t;
  int station;
  int direction;
};

// Station i's crossing during the step from -> (box lo, hi), if any, added to hits.
template <typename Bounds>
void test_station(const Station& station, const Bounds& b, int i, Vec2 from, Vec2 to, Vec2 lo, Vec2 hi,
                  std::vector<StationHit>& hits) {
  if (hi.x < b.lo.x || lo.x > b.hi.x || hi.y < b.lo.y || lo.y > b.hi.y) return;
  Hit best;
  for (const Gate& g : station.gates) {
    const Hit h = crossing_at(g, from, to);
    if (h.direction != 0 && (best.direction == 0 || h.t < best.t)) best = h;
  }
  if (best.direction != 0) hits.push_back({best.t, i, best.direction});
}

constexpr double kGridCell = 32.0;  // m, the station grid's cells (at least)
constexpr int kGridMaxCells = 256;  // across, either way

}  // namespace

int crossing(const Gate& g, Vec2 p, Vec2 q) { return crossing_at(g, p, q).direction; }

RaceProgress::RaceProgress(std::vector<Station> stations, int sectors)
    : stations_(std::move(stations)), sectors_(std::max(1, sectors)) {
  // A crossing point lies on both the step and the gate, so a step whose bounding box misses
  // a station's cannot cross it; the growth (1 mm) covers rounding in crossing_at.
  constexpr double kGrow = 1e-3;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  bounds_.reserve(stations_.size());
  for (const Station& st : stations_) {
    Bounds b{{kInf, kInf}, {-kInf, -kInf}};
    for (const Gate& g : st.gates) {
      b.lo = {std::min({b.lo.x, g.a.x, g.b.x}), std::min({b.lo.y, g.a.y, g.b.y})};
      b.hi = {std::max({b.hi.x, g.a.x, g.b.x}), std::max({b.hi.y, g.a.y, g.b.y})};
    }
    bounds_.push_back({b.lo - Vec2{kGrow, kGrow}, b.hi + Vec2{kGrow, kGrow}});
  }
  build_grid();
}

void RaceProgress::build_grid() {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  Bounds all{{kInf, kInf}, {-kInf, -kInf}};
  for (const Bounds& b : bounds_) {
    if (std::isnan(b.lo.x) || std::isnan(b.lo.y) || std::isnan(b.hi.x) || std::isnan(b.hi.y)) return;
    if (!(b.lo.x <= b.hi.x && b.lo.y <= b.hi.y)) continue;  // no gates: reaches no cell
    all.lo = {std::min(all.lo.x, b.lo.x), std::min(all.lo.y, b.lo.y)};
    all.hi = {std::max(all.hi.x, b.hi.x), std::max(all.hi.y, b.hi.y)};
  }
  if (!(std::isfinite(all.lo.x) && std::isfinite(all.lo.y) && std::isfinite(all.hi.x) && std::isfinite(all.hi.y))) return;
  grid_lo_ = all.lo;
  const double extent = std::max(all.hi.x - all.lo.x, all.hi.y - all.lo.y);
  grid_cell_ = std::max(kGridCell, extent / kGridMaxCells);
  grid_w_ = std::clamp(static_cast<int>((all.hi.x - all.lo.x) / grid_cell_) + 1, 1, kGridMaxCells + 1);
  grid_h_ = std::clamp(static_cast<int>((all.hi.y - all.lo.y) / grid_cell_) + 1, 1, kGridMaxCells + 1);
  // Station i is listed in every cell from its bounds' low corner's to its high corner's: a
  // point of a step box inside one cell that is also inside the bounds lies in that range,
  // since the cell of a coordinate never decreases as it grows.
  std::vector<std::vector<int>> cells(static_cast<std::size_t>(grid_w_) * static_cast<std::size_t>(grid_h_));
  for (std::size_t i = 0; i < bounds_.size(); ++i) {
    const Bounds& b = bounds_[i];
    if (!(b.lo.x <= b.hi.x && b.lo.y <= b.hi.y)) continue;
    for (int y = grid_row(b.lo.y); y <= grid_row(b.hi.y); ++y)
      for (int x = grid_column(b.lo.x); x <= grid_column(b.hi.x); ++x)
        cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(grid_w_) + static_cast<std::size_t>(x)].push_back(static_cast<int>(i));
  }
  cell_first_.assign(1, 0);
  for (const std::vector<int>& c : cells) {
    cell_stations_.insert(cell_stations_.end(), c.begin(), c.end());
    cell_first_.push_back(static_cast<int>(cell_stations_.size()));
  }
}

int RaceProgress::grid_column(double x) const {
  const double q = (x - grid_lo_.x) / grid_cell_;
  if (!(q >= 0.0)) return 0;
  return q < static_cast<double>(grid_w_) ? static_cast<int>(q) : grid_w_ - 1;
}

int RaceProgress::grid_row(double y) const {
  const double q = (y - grid_lo_.y) / grid_cell_;
  if (!(q >= 0.0)) return 0;
  return q < static_cast<double>(grid_h_) ? static_cast<int>(q) : grid_h_ - 1;
}

void RaceProgress::start_race(double now) {
  start_lap(now);
  last_time_ = now;  // the next update's `from` is where the car stood now
  has_last_time_ = true;
}

void RaceProgress::update(Vec2 from, Vec2 to, double now) {
  // Time at `from` is the time of the previous update (or of start_race); the first update
  // has no earlier time, so its crossings are placed at `now`.
  const double t0 = has_last_time_ ? last_time_ : now;
  last_time_ = now;
  has_last_time_ = true;
  if (stations_.empty()) return;

  // Every station crossed during this step, earliest first (one per station: alternatives
  // of a station that meet at a point must not count twice).
  std::vector<StationHit> hits;  // allocates only on a step that crosses something
  const Vec2 lo{std::min(from.x, to.x), std::min(from.y, to.y)};
  const Vec2 hi{std::max(from.x, to.x), std::max(from.y, to.y)};
  const bool finite = std::isfinite(lo.x) && std::isfinite(lo.y) && std::isfinite(hi.x) && std::isfinite(hi.y);
  const int column = finite && grid_w_ > 0 ? grid_column(lo.x) : -1, row = column >= 0 ? grid_row(lo.y) : -1;
  if (column >= 0 && column == grid_column(hi.x) && row == grid_row(hi.y)) {
    // The whole step in one cell: the stations listed there are the only ones it can reach.
    const std::size_t cell = static_cast<std::size_t>(row) * static_cast<std::size_t>(grid_w_) + static_cast<std::size_t>(column);
    for (int k = cell_first_[cell]; k < cell_first_[cell + 1]; ++k) {
      const std::size_t i = static_cast<std::size_t>(cell_stations_[static_cast<std::size_t>(k)]);
      test_station(stations_[i], bounds_[i], static_cast<int>(i), from, to, lo, hi, hits);
    }
  } else {
    for (std::size_t i = 0; i < stations_.size(); ++i)
      test_station(stations_[i], bounds_[i], static_cast<int>(i), from, to, lo, hi, hits);
  }
  std::sort(hits.begin(), hits.end(), [](const StationHit& a, const StationHit& b) {
    return a.t != b.t ? a.t < b.t : a.station < b.station;
  });

  for (const StationHit& h : hits) {
    const double when = t0 + (now - t0) * h.t;
    if (h.direction < 0) {
      ++backward_;
      continue;
    }
    cross_forwards(h.station, when);
  }
}

void RaceProgress::cross_forwards(int station, double when) {
  const int count = static_cast<int>(stations_.size());
  if (!running_) {
    // A flying start: the first forward crossing of the line starts lap 1.
    if (station == 0) start_lap(when);
    return;
  }
  if (station != next_) return;  // out of order (a cut, or a station crossed again)

  if (station == 0) {
    // Every station of the lap was crossed in order: the lap is complete.
    current_sectors_.push_back(when - sector_start_);
    LapRecord lap;
    lap.time = when - lap_start_;
    lap.sector_times = std::move(current_sectors_);
    laps_.push_back(std::move(lap));
    start_lap(when);
    return;
  }
  if (stations_[static_cast<std::size_t>(station)].sector > 0) {
    current_sectors_.push_back(when - sector_start_);
    sector_start_ = when;
  }
  next_ = station + 1 < count ? station + 1 : 0;
}

void RaceProgress::start_lap(double when) {
  running_ = true;
  lap_start_ = sector_start_ = when;
  current_sectors_.clear();
  current_sectors_.reserve(static_cast<std::size_t>(sectors_));
  next_ = stations_.size() > 1 ? 1 : 0;
}

std::optional<double> RaceProgress::best_lap() const {
  if (laps_.empty()) return std::nullopt;
  double best = laps_.front().time;
  for (const LapRecord& lap : laps_) best = std::min(best, lap.time);
  return best;
}

int RaceProgress::stations_passed() const {
  if (!running_ || stations_.empty()) return 0;
  const int count = static_cast<int>(stations_.size());
  return next_ == 0 ? count - 1 : next_ - 1;
}

}  // namespace racer
