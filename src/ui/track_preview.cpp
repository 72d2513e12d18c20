// Sections: outline (corners) | drawing.
#include "ui/track_preview.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "render/minimap.h"
#include "track/centreline.h"

namespace racer {
namespace {

constexpr double kSampleStep = 2.0;  // m between the outline's samples

// ---- outline (corners) --------------------------------------------------------------------

struct Run {
  int sign = 0;
  std::size_t begin = 0, end = 0;  ///< [begin, end) in scan order
  double turn = 0.0;
  std::size_t apex = 0;
  double peak = 0.0;  ///< |curvature| at the apex
};

/// Corners of a closed loop given its curvature at equal steps `ds`, index 0 at the line.
std::vector<TrackCorner> find_corners(const std::vector<double>& k, const std::vector<Vec2>& points, double ds,
                                      const CornerRules& rules) {
  const std::size_t n = k.size();
  std::vector<TrackCorner> out;
  if (n < 4) return out;
  // The curvature averaged over the window (a moving mean around each sample).
  const auto half = static_cast<std::size_t>(std::max(1.0, std::round(0.5 * rules.window / ds)));
  std::vector<double> mean(n, 0.0);
  double sum = 0.0;
  for (std::size_t j = 0; j <= 2 * half; ++j) sum += k[(n - half + j) % n];
  for (std::size_t i = 0; i < n; ++i) {
    mean[i] = sum / static_cast<double>(2 * half + 1);
    sum += k[(i + half + 1) % n] - k[(i + n - half) % n];
  }
  const double threshold = 1.0 / rules.max_radius;
  auto sign_at = [&](std::size_t i) { return mean[i] > threshold ? 1 : mean[i] < -threshold ? -1 : 0; };
  // Scan from a straight sample so no corner is cut in two by the wrap.
  std::size_t first = 0;
  while (first < n && sign_at(first) != 0) ++first;
  if (first == n) first = 0;
  std::vector<Run> runs;
  for (std::size_t j = 0; j < n; ++j) {
    const std::size_t i = (first + j) % n;
    const int sg = sign_at(i);
    if (sg == 0) continue;
    // The same sense after a short straight continues the corner; after a bend the other
    // way (the last run is of the other sense) it is a new one.
    const bool extend = !runs.empty() && runs.back().sign == sg &&
                        static_cast<double>(j - runs.back().end) * ds < rules.merge_gap;
    if (!extend) runs.push_back({sg, j, j, 0.0, i, 0.0});
    Run& r = runs.back();
    r.end = j + 1;
    r.turn += k[i] * ds;
    if (std::abs(k[i]) > r.peak) {
      r.peak = std::abs(k[i]);
      r.apex = i;
    }
  }
  for (const Run& r : runs) {
    if (std::abs(r.turn) < rules.min_turn) continue;
    TrackCorner c;
    c.apex = points[r.apex];
    c.s = static_cast<double>(r.apex) * ds;
    c.turn = r.turn;
    c.radius = r.peak > 0.0 ? 1.0 / r.peak : 0.0;
    out.push_back(c);
  }
  std::sort(out.begin(), out.end(), [](const TrackCorner& a, const TrackCorner& b) { return a.s < b.s; });
  return out;
}

ImVec2 to_im(Vec2 v) { return {static_cast<float>(v.x), static_cast<float>(v.y)}; }

}  // namespace

TrackOutline make_track_outline(const TrackSpec& spec, const CornerRules& rules) {
  TrackOutline o;
  if (spec.centreline.size() < 3) return o;
  const Centreline line(spec.centreline, true, kSampleStep);
  o.length = line.length();
  if (!(o.length > 0.0)) return o;
  const int start_point = std::clamp(spec.start.point, 0, static_cast<int>(spec.centreline.size()) - 1);
  const double s0 = line.s_of_point(start_point) + spec.start.offset;
  const double sense = spec.start.reverse ? -1.0 : 1.0;
  const auto n = static_cast<std::size_t>(std::max(4.0, std::round(o.length / kSampleStep)));
  const double ds = o.length / static_cast<double>(n);
  std::vector<double> curvature(n);
  o.points.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const CentreSample c = line.at(std::fmod(s0 + sense * ds * static_cast<double>(i) + 2.0 * o.length, o.length));
    o.points[i] = c.position;
    curvature[i] = sense * c.curvature;  // driven the other way, a left-hander is a right-hander
  }
  const CentreSample at_line = line.at(std::fmod(s0 + 2.0 * o.length, o.length));
  o.start = at_line.position;
  o.direction = at_line.tangent * sense;
  o.corners = find_corners(curvature, o.points, ds, rules);

  double wsum = 0.0;
  o.min_width = o.max_width = spec.centreline.front().width;
  for (const ControlPoint& p : spec.centreline) {
    wsum += p.width;
    o.min_width = std::min(o.min_width, p.width);
    o.max_width = std::max(o.max_width, p.width);
  }
  o.mean_width = wsum / static_cast<double>(spec.centreline.size());
  for (const BranchSpec& b : spec.branches) {
    const int m = static_cast<int>(spec.centreline.size());
    if (b.from < 0 || b.from >= m || b.to < 0 || b.to >= m || b.points.empty()) continue;
    std::vector<ControlPoint> pts{spec.centreline[static_cast<std::size_t>(b.from)]};
    pts.insert(pts.end(), b.points.begin(), b.points.end());
    pts.push_back(spec.centreline[static_cast<std::size_t>(b.to)]);
    const Centreline branch(pts, false, 4.0);
    std::vector<Vec2> poly;
    for (const CentreSample& c : branch.samples()) poly.push_back(c.position);
    o.branches.push_back(std::move(poly));
  }
  o.lo = o.hi = o.points.front();
  auto grow = [&](Vec2 p) {
    o.lo = {std::min(o.lo.x, p.x), std::min(o.lo.y, p.y)};
    o.hi = {std::max(o.hi.x, p.x), std::max(o.hi.y, p.y)};
  };
  for (Vec2 p : o.points) grow(p);
  for (const auto& b : o.branches)
    for (Vec2 p : b) grow(p);
  const Vec2 margin{0.5 * o.max_width, 0.5 * o.max_width};
  o.lo = o.lo - margin;
  o.hi = o.hi + margin;
  return o;
}

// ---- drawing ------------------------------------------------------------------------------

void draw_track_preview(ImDrawList* dl, const TrackOutline& o, float x0, float y0, float x1, float y1, float s,
                        ImFont* font, float font_px) {
  dl->AddRectFilled({x0, y0}, {x1, y1}, IM_COL32(14, 18, 26, 235), 8.0f * s);
  dl->AddRect({x0, y0}, {x1, y1}, IM_COL32(255, 255, 255, 22), 8.0f * s);
  if (o.points.size() < 4) return;
  const ScreenRect box{static_cast<double>(x0), static_cast<double>(y0), static_cast<double>(x1 - x0),
                       static_cast<double>(y1 - y0)};
  const MinimapTransform t = fit_minimap(o.lo, o.hi, box, 22.0 * static_cast<double>(s));
  auto screen = [&](Vec2 w) { return to_im(t.to_screen(w)); };
  auto thin = [&](const std::vector<Vec2>& pts) {
    std::vector<ImVec2> out;
    for (Vec2 p : pts) {
      const ImVec2 q = screen(p);
      if (!out.empty() && std::hypot(q.x - out.back().x, q.y - out.back().y) < 1.5f) continue;
      out.push_back(q);
    }
    return out;
  };
  const std::vector<ImVec2> loop = thin(o.points);
  const float road = std::max(static_cast<float>(o.mean_width * t.scale), 3.5f * s);
  const ImU32 rim = IM_COL32(6, 8, 12, 255), tarmac = IM_COL32(176, 182, 196, 255);
  for (const auto& b : o.branches) {
    const std::vector<ImVec2> pts = thin(b);
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), rim, ImDrawFlags_None, road * 0.8f + 4.0f * s);
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), IM_COL32(150, 132, 104, 255), ImDrawFlags_None, road * 0.8f);
  }
  dl->AddPolyline(loop.data(), static_cast<int>(loop.size()), rim, ImDrawFlags_Closed, road + 4.0f * s);
  dl->AddPolyline(loop.data(), static_cast<int>(loop.size()), tarmac, ImDrawFlags_Closed, road);

  // Arrows along the direction of travel, on the road, a quarter of a lap apart.
  const std::size_t n = o.points.size();
  for (double at : {0.06, 0.31, 0.56, 0.81}) {
    const auto i = static_cast<std::size_t>(at * static_cast<double>(n)) % n;
    const ImVec2 a = screen(o.points[(i + n - 3) % n]), b = screen(o.points[(i + 3) % n]);
    float dx = b.x - a.x, dy = b.y - a.y;
    const float len = std::hypot(dx, dy);
    if (len < 1e-3f) continue;
    dx /= len, dy /= len;
    const ImVec2 c = screen(o.points[i]);
    const float h = std::max(road * 0.9f, 7.0f * s);
    dl->AddTriangleFilled({c.x + dx * h, c.y + dy * h}, {c.x - dx * h * 0.6f - dy * h * 0.75f, c.y - dy * h * 0.6f + dx * h * 0.75f},
                          {c.x - dx * h * 0.6f + dy * h * 0.75f, c.y - dy * h * 0.6f - dx * h * 0.75f}, IM_COL32(255, 138, 28, 255));
  }

  // The start/finish line: a chequered bar across the road, 2 x 4 cells.
  {
    const ImVec2 c = screen(o.start);
    const float dx = static_cast<float>(o.direction.x), dy = static_cast<float>(-o.direction.y);  // screen y is down
    const float nx = -dy, ny = dx;
    const float across = road * 0.5f + 7.0f * s, along = std::max(4.5f * s, road * 0.5f);
    for (int row = 0; row < 2; ++row)
      for (int col = 0; col < 4; ++col) {
        const float u0 = -along + along * static_cast<float>(row), u1 = u0 + along;
        const float v0 = -across + 0.5f * across * static_cast<float>(col), v1 = v0 + 0.5f * across;
        auto p = [&](float u, float v) { return ImVec2{c.x + dx * u + nx * v, c.y + dy * u + ny * v}; };
        dl->AddQuadFilled(p(u0, v0), p(u1, v0), p(u1, v1), p(u0, v1),
                          (row + col) % 2 == 0 ? IM_COL32(250, 250, 250, 255) : IM_COL32(10, 10, 10, 255));
      }
  }

  // Corner numbers beside each apex, on the outside of the bend.
  for (std::size_t k = 0; k < o.corners.size(); ++k) {
    const TrackCorner& c = o.corners[k];
    std::size_t i = 0;
    double best = 1e300;
    for (std::size_t j = 0; j < n; ++j) {
      const double d = length(o.points[j] - c.apex);
      if (d < best) best = d, i = j;
    }
    const Vec2 dir = o.points[(i + 2) % n] - o.points[(i + n - 2) % n];
    const double dl_len = length(dir);
    if (dl_len <= 0.0) continue;
    const Vec2 left{-dir.y / dl_len, dir.x / dl_len};
    const Vec2 outside = c.turn > 0.0 ? left * -1.0 : left;  // a left-hander's outside is on the right
    const ImVec2 p = screen(c.apex);
    const float off = road * 0.5f + 12.0f * s;
    const ImVec2 q{p.x + static_cast<float>(outside.x) * off, p.y - static_cast<float>(outside.y) * off};
    char label[24];
    std::snprintf(label, sizeof label, "%zu", k + 1);
    const ImVec2 ts = font->CalcTextSizeA(font_px, FLT_MAX, 0.0f, label);
    const float r = std::max(ts.x, ts.y) * 0.5f + 3.0f * s;
    dl->AddCircleFilled(q, r, IM_COL32(20, 24, 32, 235));
    dl->AddCircle(q, r, IM_COL32(255, 138, 28, 200), 0, 1.5f * s);
    dl->AddText(font, font_px, {q.x - ts.x * 0.5f, q.y - ts.y * 0.5f}, IM_COL32(235, 238, 244, 255), label);
  }
}

}  // namespace racer
