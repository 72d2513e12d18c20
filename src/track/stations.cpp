// Track build phase: the start line, the progress stations and the sectors. Stations
// are gates across road + run-off, one every ~40 m and a whole number per sector; a
// branch's span has one station with a gate on each road. A gate reaches across the
// raster until the walls or the other leg of a hairpin.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "track/track_build.h"

namespace racer {

using namespace track_build;

namespace {

constexpr double kStationSpacing = 40.0;   // m between progress gates

}  // namespace

// From c along dir, up to max_len: stops before the first cell beyond the walls or
// belonging to a distant part of the same centreline (the other leg of a hairpin).
Vec2 TrackBuilder::reach(Vec2 c, Vec2 dir, double max_len, int part, double s) const {
  const Track& t = *track_;
  const Centreline& line = part_line(part);
  constexpr double kStep = 0.5 * kRasterCell;
  double reached = 0.0;
  for (double l = kStep; l <= max_len + 1e-9; l += kStep) {
    const Vec2 p = c + dir * l;
    const int x = static_cast<int>(std::floor((p.x - t.raster_origin_.x) / kRasterCell));
    const int y = static_cast<int>(std::floor((p.y - t.raster_origin_.y) / kRasterCell));
    if (x < 0 || y < 0 || x >= t.raster_w_ || y >= t.raster_h_) break;
    if (cell_flags(x, y) & kCellOutside) break;
    const std::int32_t o = road_.get(x, y).owner;
    if (o >= 0 && (o >> 24) == part) {
      const double os = line.samples()[static_cast<std::size_t>(o & 0xFFFFFF)].s;
      const double far = 0.5 * line.at(s).width + spec().runoff.width + 10.0;
      const double gap = line.closed() ? cyclic_distance(os, s, line.length()) : std::abs(os - s);
      if (gap > far) break;
    }
    reached = l;
  }
  return c + dir * reached;
}

Gate TrackBuilder::gate_at(int part, double s) const {
  const CentreSample c = part_line(part).at(s);
  const double half = 0.5 * c.width + spec().runoff.width;
  return {reach(c.position, c.normal, half, part, s), reach(c.position, -c.normal, half, part, s)};
}

void TrackBuilder::place_stations() {
  Track& t = *track_;
  const double L = main().length();
  s_line_ = wrap_s(main().s_of_point(map_point(spec().start.point)) + spec().start.offset, L);
  // Branch spans in race distance (from the line), merged where they overlap.
  struct Span {
    double from, to;
    std::vector<int> branches;
  };
  std::vector<Span> spans;
  for (std::size_t b = 0; b < spec().branches.size(); ++b) {
    const BranchSpec& br = spec().branches[b];
    const double rf = wrap_s(main().s_of_point(map_point(br.from)) - s_line_, L);
    const double rt = wrap_s(main().s_of_point(map_point(br.to)) - s_line_, L);
    if (rt <= rf) {
      if (map_point(br.from) != map_point(br.to) && wrap_s(rt - rf, L) <= 0.5 * L)
        problem("/branches/" + std::to_string(b), "the start line lies between where branch \"" + br.name +
                                                      "\" leaves and rejoins the loop; move the line or the branch");
      continue;
    }
    spans.push_back({rf, rt, {static_cast<int>(b)}});
  }
  std::sort(spans.begin(), spans.end(), [](const Span& p, const Span& q) { return p.from < q.from; });
  std::vector<Span> merged;
  for (Span& sp : spans) {
    if (!merged.empty() && sp.from <= merged.back().to) {
      merged.back().to = std::max(merged.back().to, sp.to);
      merged.back().branches.insert(merged.back().branches.end(), sp.branches.begin(), sp.branches.end());
    } else {
      merged.push_back(std::move(sp));
    }
  }
  // Candidate stations every ~40 m; a whole number per sector.
  const int sectors = spec().sectors;
  const int per_sector = std::max(1, static_cast<int>(std::lround(L / (kStationSpacing * sectors))));
  const int count = per_sector * sectors;
  struct Placed {
    double r;
    Station station;
  };
  std::vector<Placed> placed;
  for (int k = 0; k < count; ++k) {
    const double r = L * k / count;
    const bool in_span = std::any_of(merged.begin(), merged.end(), [&](const Span& sp) { return r > sp.from && r < sp.to; });
    if (k > 0 && in_span) continue;
    placed.push_back({r, {{gate_at(0, s_line_ + r)}, k == 0 ? 0 : -1}});
  }
  for (const Span& sp : merged) {
    const double r = 0.5 * (sp.from + sp.to);
    Station st{{gate_at(0, s_line_ + r)}, -1};
    for (int b : sp.branches) {
      const int part = b + 1;
      st.gates.push_back(gate_at(part, 0.5 * part_line(part).length()));
    }
    placed.push_back({r, std::move(st)});
  }
  std::stable_sort(placed.begin(), placed.end(), [](const Placed& p, const Placed& q) { return p.r < q.r; });
  // Sector k begins at the first free station at or after k / sectors of the lap.
  t.sector_starts_.assign(1, s_line_);
  std::size_t from = 1;
  for (int k = 1; k < sectors; ++k) {
    const double target = L * k / sectors - 1e-6;
    while (from < placed.size() && placed[from].r < target) ++from;
    if (from >= placed.size()) {
      problem("/sectors", "the track is too short for " + std::to_string(sectors) + " sectors");
      break;
    }
    placed[from].station.sector = k;
    t.sector_starts_.push_back(wrap_s(s_line_ + placed[from].r, L));
    ++from;
  }
  for (Placed& p : placed) t.stations_.push_back(std::move(p.station));
}

}  // namespace racer
