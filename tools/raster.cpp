// Software rasteriser: colours, canvas, spans, polygons, circles, thick and dashed lines,
// downsampling.
#include "raster.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace racer::tools {
namespace {

std::uint8_t to_byte(double v) {
  if (!(v > 0.0)) return 0;  // and NaN
  return static_cast<std::uint8_t>(std::min(v + 0.5, 255.0));
}

bool finite(Vec2 p) { return std::isfinite(p.x) && std::isfinite(p.y); }

}  // namespace

Rgb mix(Rgb a, Rgb b, double t) {
  return {to_byte(a.r + (b.r - a.r) * t), to_byte(a.g + (b.g - a.g) * t),
          to_byte(a.b + (b.b - a.b) * t)};
}

Rgb scale(Rgb c, double f) { return {to_byte(c.r * f), to_byte(c.g * f), to_byte(c.b * f)}; }

Canvas::Canvas(int width, int height, Rgb background)
    : w_(std::clamp(width, 1, 32768)), h_(std::clamp(height, 1, 32768)) {
  px_.resize(static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_) * 3);
  for (std::size_t i = 0; i < px_.size(); i += 3) {
    px_[i] = background.r;
    px_[i + 1] = background.g;
    px_[i + 2] = background.b;
  }
}

Rgb Canvas::get(int x, int y) const {
  if (x < 0 || y < 0 || x >= w_ || y >= h_) return {};
  const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(w_) +
                         static_cast<std::size_t>(x)) * 3;
  return {px_[i], px_[i + 1], px_[i + 2]};
}

void Canvas::set(int x, int y, Rgb c) {
  if (x < 0 || y < 0 || x >= w_ || y >= h_) return;
  const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(w_) +
                         static_cast<std::size_t>(x)) * 3;
  px_[i] = c.r;
  px_[i + 1] = c.g;
  px_[i + 2] = c.b;
}

void Canvas::blend(int x, int y, Rgb c, double alpha) {
  if (x < 0 || y < 0 || x >= w_ || y >= h_) return;
  if (alpha >= 1.0) {
    set(x, y, c);
  } else if (alpha > 0.0) {
    set(x, y, mix(get(x, y), c, alpha));
  }
}

void Canvas::span(int y, double x0, double x1, Rgb c, double alpha) {
  if (y < 0 || y >= h_) return;
  // Pixels whose centre x + 0.5 lies in [x0, x1).
  const double lo = std::max(std::ceil(x0 - 0.5), 0.0);
  const double hi = std::min(std::ceil(x1 - 0.5), static_cast<double>(w_));
  for (int x = static_cast<int>(lo); x < static_cast<int>(hi); ++x) blend(x, y, c, alpha);
}

void Canvas::fill_rect(int x0, int y0, int x1, int y1, Rgb c, double alpha) {
  x0 = std::max(x0, 0);
  y0 = std::max(y0, 0);
  x1 = std::min(x1, w_);
  y1 = std::min(y1, h_);
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) blend(x, y, c, alpha);
}

void Canvas::fill_polygon(const std::vector<Vec2>& points, Rgb c, double alpha) {
  if (points.size() < 3) return;
  double y_min = points[0].y, y_max = points[0].y;
  for (Vec2 p : points) {
    if (!finite(p)) return;
    y_min = std::min(y_min, p.y);
    y_max = std::max(y_max, p.y);
  }
  const double first = std::max(std::ceil(y_min - 0.5), 0.0);
  const double last = std::min(std::ceil(y_max - 0.5), static_cast<double>(h_));
  const std::size_t n = points.size();
  for (int y = static_cast<int>(first); y < static_cast<int>(last); ++y) {
    const double yc = y + 0.5;
    scratch_.clear();
    for (std::size_t i = 0; i < n; ++i) {
      const Vec2 a = points[i], b = points[(i + 1) % n];
      // Half-open in y so a vertex on the scan line is counted once.
      if ((a.y <= yc && b.y > yc) || (b.y <= yc && a.y > yc)) {
        scratch_.push_back(a.x + (yc - a.y) / (b.y - a.y) * (b.x - a.x));
      }
    }
    std::sort(scratch_.begin(), scratch_.end());
    for (std::size_t i = 0; i + 1 < scratch_.size(); i += 2) span(y, scratch_[i], scratch_[i + 1], c, alpha);
  }
}

void Canvas::fill_circle(Vec2 centre, double r, Rgb c, double alpha) {
  if (!finite(centre) || !std::isfinite(r) || r <= 0.0) return;
  const double first = std::max(std::ceil(centre.y - r - 0.5), 0.0);
  const double last = std::min(std::ceil(centre.y + r - 0.5), static_cast<double>(h_));
  for (int y = static_cast<int>(first); y < static_cast<int>(last); ++y) {
    const double dy = y + 0.5 - centre.y;
    const double half = std::sqrt(std::max(r * r - dy * dy, 0.0));
    span(y, centre.x - half, centre.x + half, c, alpha);
  }
}

void Canvas::line(Vec2 a, Vec2 b, double width, Rgb c, double alpha) {
  if (!finite(a) || !finite(b) || !std::isfinite(width) || width <= 0.0) return;
  const double r = width * 0.5;
  const Vec2 d = b - a;
  const double len = length(d);
  if (len > 1e-9) {
    const Vec2 n = perp(d) * (r / len);
    fill_polygon({a + n, b + n, b - n, a - n}, c, alpha);
  }
  if (alpha >= 1.0 && width > 1.5) {  // round caps (skipped when blending: no double cover)
    fill_circle(a, r, c, alpha);
    fill_circle(b, r, c, alpha);
  }
}

void Canvas::polyline(const std::vector<Vec2>& points, double width, Rgb c, bool closed,
                      double alpha) {
  if (points.size() < 2) return;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) line(points[i], points[i + 1], width, c, alpha);
  if (closed) line(points.back(), points.front(), width, c, alpha);
}

void Canvas::dashed(const std::vector<Vec2>& points, double width, double dash, double gap, Rgb c,
                    double alpha) {
  if (points.size() < 2 || !(dash > 0.0) || !(gap >= 0.0)) return;
  const double period = dash + gap;
  double phase = 0.0;  // distance into the current period
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    const Vec2 a = points[i], b = points[i + 1];
    if (!finite(a) || !finite(b)) continue;
    const double len = length(b - a);
    if (len <= 0.0) continue;
    double s = 0.0;
    int guard = 0;
    while (s < len && ++guard < 100000) {
      const bool on = phase < dash;
      const double step = std::min(len - s, (on ? dash : period) - phase);
      if (on) line(a + (b - a) * (s / len), a + (b - a) * ((s + step) / len), width, c, alpha);
      s += step;
      phase += step;
      if (phase >= period - 1e-12) phase = 0.0;
    }
  }
}

Canvas Canvas::downsample(int factor) const {
  factor = std::max(factor, 1);
  Canvas out(std::max(w_ / factor, 1), std::max(h_ / factor, 1));
  const double inv = 1.0 / (factor * factor);
  for (int y = 0; y < out.h_; ++y) {
    for (int x = 0; x < out.w_; ++x) {
      double r = 0, g = 0, b = 0;
      for (int j = 0; j < factor; ++j) {
        for (int i = 0; i < factor; ++i) {
          const Rgb p = get(x * factor + i, y * factor + j);
          r += p.r;
          g += p.g;
          b += p.b;
        }
      }
      out.set(x, y, {to_byte(r * inv), to_byte(g * inv), to_byte(b * inv)});
    }
  }
  return out;
}

}  // namespace racer::tools
