#include "render/debug_overlays.h"

// Sections: colour ramps | helpers | the grid | a driver's overlays | physics

#include <algorithm>
#include <cmath>

#include "ai/driver.h"
#include "core/math.h"
#include "sim/contact_points.h"
#include "sim/contacts.h"
#include "track/cost_grid.h"
#include "vehicle/car.h"

namespace racer {

// ---------------------------------------------------------------- colour ramps

namespace {

template <std::size_t N>
Rgba ramp(const Rgba (&stops)[N], double t) {
  t = std::clamp(t, 0.0, 1.0) * static_cast<double>(N - 1);
  const std::size_t i = std::min(N - 2, static_cast<std::size_t>(t));
  return mix(stops[i], stops[i + 1], t - static_cast<double>(i));
}

}  // namespace

Rgba speed_colour(double t) {
  static constexpr Rgba kStops[] = {{235, 40, 40, 255}, {250, 215, 40, 255}, {50, 220, 80, 255}, {60, 220, 255, 255}};
  return ramp(kStops, t);
}

Rgba score_colour(double t) {
  static constexpr Rgba kStops[] = {{40, 50, 170, 255}, {150, 60, 200, 255}, {255, 140, 40, 255}, {255, 250, 80, 255}};
  return ramp(kStops, t);
}

Rgba clearance_colour(double metres) {
  static constexpr Rgba kStops[] = {{220, 40, 40, 255}, {250, 210, 40, 255}, {60, 200, 80, 255}, {50, 110, 230, 255}};
  return ramp(kStops, metres / 12.0);
}

// ---------------------------------------------------------------- helpers

namespace {

struct Pen {
  const Camera& camera;
  Mesh& mesh;
  double k = camera.pixels_per_metre();
  Vec2 at(Vec2 world) const { return camera.to_screen(world); }
  void line(Vec2 a, Vec2 b, double px, Rgba c) const { mesh.line(at(a), at(b), px, c); }
  void arrow(Vec2 from, Vec2 to, double px, Rgba c) const {
    const Vec2 a = at(from), b = at(to);
    const double len = length(b - a);
    if (len < 1.0) return;
    const Vec2 u = (b - a) / len, n = perp(u);
    const double head = std::min(len * 0.45, 3.0 * px + 4.0);
    mesh.line(a, b - u * (0.6 * head), px, c);
    const Vec2 tip[] = {b, b - u * head + n * (0.55 * head), b - u * head - n * (0.55 * head)};
    mesh.convex(tip, c);
  }
  void ring(Vec2 centre, double radius_px, double px, Rgba c, int segments = 20) const {
    const Vec2 o = at(centre);
    for (int i = 0; i < segments; ++i) {
      const double a0 = 2.0 * kPi * i / segments, a1 = 2.0 * kPi * (i + 1) / segments;
      mesh.line(o + radius_px * Vec2{std::cos(a0), std::sin(a0)}, o + radius_px * Vec2{std::cos(a1), std::sin(a1)}, px, c);
    }
  }
  void dot(Vec2 centre, double radius_px, Rgba c) const {
    const Vec2 o = at(centre);
    Vec2 pts[12];
    for (int i = 0; i < 12; ++i) pts[i] = o + radius_px * Vec2{std::cos(kPi * i / 6.0), std::sin(kPi * i / 6.0)};
    mesh.convex(pts, c);
  }
  void cross(Vec2 centre, double half_px, double px, Rgba c) const {
    const Vec2 o = at(centre);
    mesh.line(o + Vec2{-half_px, -half_px}, o + Vec2{half_px, half_px}, px, c);
    mesh.line(o + Vec2{-half_px, half_px}, o + Vec2{half_px, -half_px}, px, c);
  }
};

bool near_view(const Camera& camera, Vec2 p, double margin) {
  const Vec2 lo = camera.visible_min(), hi = camera.visible_max();
  return p.x > lo.x - margin && p.x < hi.x + margin && p.y > lo.y - margin && p.y < hi.y + margin;
}

std::uint32_t argb(Rgba c) {
  return static_cast<std::uint32_t>(c.a) << 24 | static_cast<std::uint32_t>(c.r) << 16 |
         static_cast<std::uint32_t>(c.g) << 8 | c.b;
}

}  // namespace

// ---------------------------------------------------------------- the grid

GridOverlay::~GridOverlay() {
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
}

void GridOverlay::draw(SDL_Renderer* r, const Camera& camera, const CostGrid& grid, bool costs, bool field) {
  if (!costs && !field) return;
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  grid.cell_of(camera.visible_min(), x0, y0);
  grid.cell_of(camera.visible_max(), x1, y1);
  x0 = std::max(x0, 0), y0 = std::max(y0, 0);
  x1 = std::min(x1, grid.width() - 1), y1 = std::min(y1, grid.height() - 1);
  if (x1 < x0 || y1 < y0) return;
  constexpr int kMaxTexels = 320;  // a side: zoomed out, every step-th cell
  const int step = std::max(1, (std::max(x1 - x0, y1 - y0) + kMaxTexels) / kMaxTexels);
  const int w = (x1 - x0) / step + 1, h = (y1 - y0) / step + 1;
  if (texture_ == nullptr || w != width_ || h != height_) {
    if (texture_ != nullptr) SDL_DestroyTexture(texture_);
    texture_ = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, w, h);
    if (texture_ == nullptr) return;
    SDL_SetTextureBlendMode(texture_, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(texture_, SDL_ScaleModeNearest);
    width_ = w, height_ = h;
  }
  pixels_.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0u);
  const double band = 2.0;  // m between the distance field's contour lines
  for (int j = 0; j < h; ++j)
    for (int i = 0; i < w; ++i) {
      const int x = x0 + i * step, y = y0 + j * step;
      Rgba c{0, 0, 0, 0};
      if (!grid.drivable(x, y)) {
        if (costs) c = overlay_colour::kBlocked;
      } else {
        if (field) {
          const double d = grid.clearance(x, y);
          c = with_alpha(clearance_colour(d), 0.45);
          if (std::fmod(d, band) < grid.cell_size() * step) c = Rgba{20, 20, 30, 170};  // a contour every `band` m
        }
        const double cost = grid.surface_cost(x, y);
        if (costs && cost > 1.0 + 1e-6) {  // dearer surfaces: orange to purple
          const Rgba tint = mix(Rgba{255, 160, 40, 255}, Rgba{150, 40, 200, 255}, clamp01((cost - 1.0) / 4.0));
          c = field ? mix(c, with_alpha(tint, 0.6), 0.6) : with_alpha(tint, 0.5);
        }
      }
      // Texture rows run top down: row 0 is the highest y.
      pixels_[static_cast<std::size_t>(h - 1 - j) * static_cast<std::size_t>(w) + static_cast<std::size_t>(i)] = argb(c);
    }
  SDL_UpdateTexture(texture_, nullptr, pixels_.data(), w * 4);
  const double cell = grid.cell_size();
  const Vec2 lo = grid.origin() + Vec2{x0 * cell, y0 * cell};
  const Vec2 hi = lo + Vec2{w * step * cell, h * step * cell};
  const Vec2 corners[4] = {camera.to_screen({lo.x, hi.y}), camera.to_screen(hi), camera.to_screen({hi.x, lo.y}),
                           camera.to_screen(lo)};
  const float uv[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  SDL_Vertex v[4];
  for (int k = 0; k < 4; ++k)
    v[k] = {{static_cast<float>(corners[k].x), static_cast<float>(corners[k].y)}, {255, 255, 255, 255}, {uv[k][0], uv[k][1]}};
  const int index[6] = {0, 1, 2, 0, 2, 3};
  SDL_RenderGeometry(r, texture_, v, 4, index, 6);
}

// ---------------------------------------------------------------- a driver's overlays

namespace {

// A closed line's samples in view, each segment coloured by `colour(i)`.
template <typename Colour>
void closed_line(const Pen& pen, const std::vector<Vec2>& pts, double px, Colour colour, int dash = 0) {
  const std::size_t n = pts.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (dash > 0 && (i / static_cast<std::size_t>(dash)) % 2 == 1) continue;
    const Vec2 a = pts[i], b = pts[(i + 1) % n];
    if (!near_view(pen.camera, a, 5.0)) continue;
    pen.line(a, b, px, colour(i));
  }
}

void racing_line(const Pen& pen, const AiDriver& d) {
  const std::vector<Vec2>& pts = d.route().line.points;
  const std::vector<double>& speed = d.profile().speed;
  if (speed.empty()) return;
  const auto [lo, hi] = std::minmax_element(speed.begin(), speed.end());
  const double span = std::max(*hi - *lo, 1.0);
  const double px = std::max(3.0, 0.45 * pen.k);
  closed_line(pen, pts, px, [&](std::size_t i) {
    return speed_colour((speed[std::min(i, speed.size() - 1)] - *lo) / span);
  });
}

void lanes(const Pen& pen, const AiDriver& d, const DriverDebug& rec) {
  const AiRoute& route = d.route();
  const double px = std::max(1.5, 0.18 * pen.k);
  const LineChoice& line = rec.line;
  for (int side : {+1, -1}) {
    const bool passing_tracked = line.lane_side == side && !line.let_by_lanes;
    const bool let_by_tracked = line.lane_side == side && line.let_by_lanes;
    closed_line(pen, route.lane(side).line.points, passing_tracked ? 2.5 * px : px,
                [](std::size_t) { return overlay_colour::kPassingLane; }, passing_tracked ? 0 : 3);
    closed_line(pen, route.let_by_lane(side).line.points, let_by_tracked ? 2.5 * px : px,
                [](std::size_t) { return overlay_colour::kLetByLane; }, let_by_tracked ? 0 : 2);
  }
  // The line it tracks now: the racing line shifted by racecraft's offset, 60 m on.
  if (std::abs(line.offset) < 0.05 && line.lane_side == 0) return;
  const Path& path = route.path;
  const double s0 = d.state().s;
  Vec2 prev;
  for (int i = 0; i <= 40; ++i) {
    const PathSample at = path.at(s0 + 1.5 * i);
    const Vec2 p = at.position + at.normal * line.offset_at(d.road(), at.s);
    if (i > 0) pen.line(prev, p, 0.8 * px, overlay_colour::kTrackedLine);
    prev = p;
  }
}

void route_search(const Pen& pen, const DriverDebug& rec, double dt) {
  const RouterRecord& r = *rec.router;
  const bool recent = r.step >= 0 && static_cast<double>(rec.step - r.step) * dt < 10.0;
  if (recent) {
    const double h = 0.5 * r.cell;
    for (const Vec2& c : r.expanded) {
      if (!near_view(pen.camera, c, 1.0)) continue;
      const Vec2 q[4] = {pen.at(c + Vec2{-h, -h}), pen.at(c + Vec2{h, -h}), pen.at(c + Vec2{h, h}), pen.at(c + Vec2{-h, h})};
      pen.mesh.quad(q[0], q[1], q[2], q[3], overlay_colour::kExpanded);
    }
    for (std::size_t i = 1; i < r.cells.size(); ++i)
      pen.line(r.cells[i - 1], r.cells[i], std::max(2.0, 0.2 * pen.k), overlay_colour::kRouteCells);
  }
  if (rec.detour && rec.detour_path != nullptr) {
    const std::vector<Vec2>& pts = rec.detour_path->points();
    for (std::size_t i = 1; i < pts.size(); ++i) pen.line(pts[i - 1], pts[i], std::max(4.0, 0.5 * pen.k), overlay_colour::kDetour);
  }
}

void dwa_arcs(const Pen& pen, const DwaRecord& r) {
  const DwaTrace& t = r.trace;
  if (t.samples.empty()) return;
  double lo = 1e300, hi = -1e300;
  for (const DwaSampleTrace& s : t.samples)
    if (!s.colliding()) lo = std::min(lo, s.score), hi = std::max(hi, s.score);
  const double span = std::max(hi - lo, 1e-9);
  constexpr int kSegs = 14;
  const int chosen = r.decision.v_index * t.columns + r.decision.w_index;
  auto arc = [&](const DwaSampleTrace& s, double until, double px, Rgba c) {
    Vec2 prev = r.state.pos;
    for (int k = 1; k <= kSegs; ++k) {
      const double time = until * k / kSegs;
      const Vec2 p = dwa_predict(r.state, s.v, s.omega, time).pos;
      pen.line(prev, p, px, c);
      prev = p;
    }
  };
  const double px = std::max(1.2, 0.07 * pen.k);
  // Colliding arcs first (under the clear ones), up to their contact, with a cross there.
  for (const DwaSampleTrace& s : t.samples) {
    if (!s.colliding()) continue;
    arc(s, std::min(s.hit_time, r.horizon), px, overlay_colour::kColliding);
    pen.cross(dwa_predict(r.state, s.v, s.omega, s.hit_time).pos, std::max(3.0, 0.25 * pen.k), px,
              overlay_colour::kColliding);
  }
  // Clear arcs, worst first so the best are on top.
  std::vector<int> order;
  for (int k = 0; k < static_cast<int>(t.samples.size()); ++k)
    if (!t.samples[static_cast<std::size_t>(k)].colliding()) order.push_back(k);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return t.samples[static_cast<std::size_t>(a)].score < t.samples[static_cast<std::size_t>(b)].score;
  });
  for (int k : order) {
    const DwaSampleTrace& s = t.samples[static_cast<std::size_t>(k)];
    arc(s, r.horizon, px, with_alpha(score_colour((s.score - lo) / span), 0.8));
  }
  if (chosen >= 0 && chosen < static_cast<int>(t.samples.size())) {
    const DwaSampleTrace& s = t.samples[static_cast<std::size_t>(chosen)];
    const double until = s.colliding() ? std::min(s.hit_time, r.horizon) : r.horizon;
    arc(s, until, 3.0 * px + 3.0, Rgba{0, 0, 0, 220});
    arc(s, until, 1.5 * px + 1.5, r.steering ? overlay_colour::kChosen : Rgba{190, 190, 190, 255});
  }
  const double d = std::max(4.0, 0.35 * pen.k);
  const Vec2 c = pen.at(r.decision.target);
  const Vec2 diamond[4] = {c + Vec2{0, -d}, c + Vec2{d, 0}, c + Vec2{0, d}, c + Vec2{-d, 0}};
  pen.mesh.convex(diamond, overlay_colour::kDwaTarget);
}

void predictions(const Pen& pen, const DwaRecord& r) {
  const double px = std::max(1.5, 0.12 * pen.k);
  for (const DwaObstacle& o : r.obstacles) {
    if (length(o.velocity) < 0.1 || o.shape != DwaObstacle::Shape::Rect) continue;
    constexpr int kPoses = 4;
    for (int k = 0; k <= kPoses; ++k) {
      const double time = r.horizon * k / kPoses;
      const Vec2 c = o.centre + o.velocity * time;
      const Vec2 ax{o.cos_a, o.sin_a}, ay = perp(ax);
      const Vec2 q[4] = {c + ax * o.half_w + ay * o.half_h, c - ax * o.half_w + ay * o.half_h,
                         c - ax * o.half_w - ay * o.half_h, c + ax * o.half_w - ay * o.half_h};
      const Rgba col = with_alpha(overlay_colour::kPrediction, 1.0 - 0.65 * k / kPoses);
      for (int e = 0; e < 4; ++e) pen.line(q[e], q[(e + 1) % 4], px, col);
    }
    pen.arrow(o.centre, o.centre + o.velocity * r.horizon, px, overlay_colour::kPrediction);
  }
}

}  // namespace

void draw_driver_overlays(SDL_Renderer* renderer, const Camera& camera, const AiDriver& driver,
                          const OverlaySwitches& on, double dt) {
  const DriverDebug* rec = driver.debug();
  if (rec == nullptr || rec->step < 0) return;
  Mesh mesh(1.0);
  const Pen pen{camera, mesh};
  if (on.racing_line) racing_line(pen, driver);
  if (on.lanes) lanes(pen, driver, *rec);
  if (on.route) route_search(pen, *rec, dt);
  const bool dwa_now = rec->dwa->ran && !rec->recovering;
  if (on.predictions && dwa_now) predictions(pen, *rec->dwa);
  if (on.dwa && dwa_now) dwa_arcs(pen, *rec->dwa);
  if (on.lookahead && rec->tracker_step >= 0 && !rec->recovering) {
    const double radius = std::max(5.0, 0.45 * pen.k);
    pen.dot(rec->lookahead, radius, overlay_colour::kLookahead);
    pen.ring(rec->lookahead, radius + 2.0, 2.0, Rgba{0, 0, 0, 220});
  }
  mesh.draw(renderer);
}

// ---------------------------------------------------------------- physics

void draw_wheel_forces(SDL_Renderer* renderer, const Camera& camera, const Car& car) {
  Mesh mesh(1.0);
  const Pen pen{camera, mesh};
  const double px = std::max(2.0, 0.12 * pen.k);
  for (int i = 0; i < kWheelCount; ++i) {
    const WheelState& w = car.wheel(i);
    const Vec2 p = car.wheel_position(i);
    const Vec2 fwd = from_angle(car.heading() + w.steer), left = perp(fwd);
    // Slip: the larger of |slip ratio| / 0.12 and |slip angle| / 0.12 rad (about the peak).
    const double slip = std::max(std::abs(w.slip_ratio), std::abs(w.slip_angle)) / 0.12;
    const Rgba ring = slip < 0.7 ? Rgba{60, 220, 80, 230} : slip < 1.2 ? Rgba{250, 210, 40, 240} : Rgba{240, 50, 40, 255};
    pen.ring(p, std::max(4.0, 0.35 * pen.k), std::max(2.0, 0.1 * pen.k), ring, 16);
    pen.arrow(p, p + fwd * (w.fx / kForceScale), px, overlay_colour::kLongitudinal);
    pen.arrow(p, p + left * (w.fy / kForceScale), px, overlay_colour::kLateral);
  }
  mesh.draw(renderer);
}

void draw_contacts(SDL_Renderer* renderer, const Camera& camera, const std::vector<ContactPoint>& contacts,
                   const std::vector<ContactImpulse>& impulses, const std::vector<const Car*>& cars) {
  Mesh mesh(1.0);
  const Pen pen{camera, mesh};
  const double px = std::max(2.0, 0.12 * pen.k);
  for (const ContactPoint& c : contacts) {
    pen.dot(c.point, std::max(4.0, 0.25 * pen.k), overlay_colour::kContact);
    pen.line(c.point, c.point + c.normal * 1.0, px, overlay_colour::kContact);
  }
  for (const ContactImpulse& j : impulses) {
    if (j.car < 0 || static_cast<std::size_t>(j.car) >= cars.size() || j.impulse_ns <= 0.0) continue;
    const Car& car = *cars[static_cast<std::size_t>(j.car)];
    const Vec2 p = car.position() + rotate(j.point, car.heading());
    const Vec2 n = rotate(j.normal, car.heading());
    // The impulse pushes this car away from the other body: against the normal.
    const double len = std::min(6.0, 0.8 * std::log2(1.0 + j.impulse_ns / 20.0));
    pen.arrow(p, p - n * len, 1.5 * px, overlay_colour::kImpulse);
  }
  mesh.draw(renderer);
}

}  // namespace racer
