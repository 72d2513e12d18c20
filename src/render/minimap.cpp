// Sections: layout | building | drawing.
#include "render/minimap.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "render/premultiplied.h"
#include "render/world_mesh.h"

namespace racer {
namespace {

constexpr double kThin = 4.0;  // m between the kept centreline points

/// Screen polyline of a road, dropping points closer than 1.5 px to the last kept one.
std::vector<Vec2> screen_points(const std::vector<Vec2>& world, const MinimapTransform& t) {
  std::vector<Vec2> out;
  out.reserve(world.size());
  for (Vec2 w : world) {
    const Vec2 p = t.to_screen(w);
    if (out.empty() || length_squared(p - out.back()) >= 2.25) out.push_back(p);
  }
  return out;
}

void band(Mesh& m, const std::vector<Vec2>& line, bool closed, double half_width, Rgba colour) {
  if (line.size() < 2) return;
  const std::vector<Vec2> l = offset_polyline(line, closed, half_width), r = offset_polyline(line, closed, -half_width);
  const std::size_t segs = closed ? line.size() : line.size() - 1;
  for (std::size_t i = 0; i < segs; ++i) {
    const std::size_t j = (i + 1) % line.size();
    m.quad(l[i], l[j], r[j], r[i], colour);
  }
}

std::vector<Vec2> circle(Vec2 c, double r, int sides) {
  std::vector<Vec2> out;
  for (int k = 0; k < sides; ++k) out.push_back(c + from_angle(2.0 * kPi * k / sides) * r);
  return out;
}

}  // namespace

// ---- layout ---------------------------------------------------------------------------------

MinimapTransform fit_minimap(Vec2 lo, Vec2 hi, const ScreenRect& rect, double padding_px) {
  MinimapTransform t;
  t.world_centre = (lo + hi) * 0.5;
  t.screen_centre = {rect.x + rect.w / 2.0, rect.y + rect.h / 2.0};
  const double w = std::max(0.0, rect.w - 2.0 * padding_px), h = std::max(0.0, rect.h - 2.0 * padding_px);
  const double sx = hi.x - lo.x, sy = hi.y - lo.y;
  if (sx <= 1e-9 && sy <= 1e-9) return t;
  t.scale = std::min(sx > 1e-9 ? w / sx : 1e300, sy > 1e-9 ? h / sy : 1e300);
  return t;
}

ScreenRect minimap_rect(double display_w, double display_h, Vec2 world_size, double max_fraction) {
  const double unit = std::min(display_w / 1280.0, display_h / 720.0);
  const double margin = 18.0 * unit, pad = 10.0 * unit;
  const double side = max_fraction * display_h;
  const double sx = std::max(world_size.x, 1.0), sy = std::max(world_size.y, 1.0);
  // The longer world axis gets `side`; the other keeps the aspect (at least 55% of it,
  // so a long thin track still has a usable box).
  double w = side, h = side;
  if (sx >= sy) h = std::max(0.55 * side, (side - 2.0 * pad) * sy / sx + 2.0 * pad);
  else w = std::max(0.55 * side, (side - 2.0 * pad) * sx / sy + 2.0 * pad);
  return {margin, display_h - margin - h, w, h};
}

// ---- building -------------------------------------------------------------------------------

Minimap::Minimap(const Track& track) : start_(track.start_line()) {
  lo_ = {1e300, 1e300};
  hi_ = {-1e300, -1e300};
  auto add = [&](const Centreline& line) {
    Road road;
    road.closed = line.closed();
    double width_sum = 0.0, next = 0.0;
    for (const CentreSample& s : line.samples()) {
      width_sum += s.width;
      const Vec2 l = s.position + s.normal * (0.5 * s.width), r = s.position - s.normal * (0.5 * s.width);
      lo_ = {std::min({lo_.x, l.x, r.x}), std::min({lo_.y, l.y, r.y})};
      hi_ = {std::max({hi_.x, l.x, r.x}), std::max({hi_.y, l.y, r.y})};
      if (s.s >= next) {
        road.points.push_back(s.position);
        next = s.s + kThin;
      }
    }
    if (!road.closed && !line.samples().empty()) road.points.push_back(line.samples().back().position);
    if (road.points.size() < 2) return;
    road.width = width_sum / static_cast<double>(line.samples().size());
    roads_.push_back(std::move(road));
  };
  add(track.centreline());
  for (const Centreline& b : track.branches()) add(b);
  if (roads_.empty()) lo_ = hi_ = {0.0, 0.0};
}

MinimapTransform Minimap::transform(const ScreenRect& rect) const {
  return fit_minimap(lo_, hi_, rect, std::max(6.0, 0.06 * std::min(rect.w, rect.h)));
}

// ---- drawing --------------------------------------------------------------------------------

Minimap::~Minimap() {
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
}

void Minimap::set_cached(bool on) const {
  use_texture_ = on;
  if (!on && texture_ != nullptr) SDL_DestroyTexture(texture_);
  if (!on) texture_ = nullptr;
  texture_renderer_ = nullptr;  // made again on the next draw when on
}

void Minimap::draw_static(Mesh& m, const ScreenRect& rect) const {
  const MinimapTransform t = transform(rect);
  const double unit = std::min(rect.w, rect.h) / 200.0;  // 1 at a 200 px box
  // The plate: dark glass with a thin light rim.
  const Vec2 a{rect.x, rect.y}, b{rect.x + rect.w, rect.y}, c{rect.x + rect.w, rect.y + rect.h}, d{rect.x, rect.y + rect.h};
  m.quad(a, b, c, d, Rgba{10, 12, 16, 150});
  const double rim = std::max(1.0, 1.2 * unit);
  m.line(a, b, rim, Rgba{255, 255, 255, 40});
  m.line(b, c, rim, Rgba{255, 255, 255, 40});
  m.line(c, d, rim, Rgba{255, 255, 255, 40});
  m.line(d, a, rim, Rgba{255, 255, 255, 40});

  // The road: a dark rim, then the light band, branches a touch darker.
  for (std::size_t i = 0; i < roads_.size(); ++i) {
    const Road& r = roads_[i];
    const std::vector<Vec2> line = screen_points(r.points, t);
    const double half = std::max(2.0 * unit, 0.5 * r.width * t.scale);
    band(m, line, r.closed, half + std::max(1.5, 1.6 * unit), Rgba{0, 0, 0, 150});
    band(m, line, r.closed, half, i == 0 ? Rgba{214, 218, 224, 235} : Rgba{170, 176, 186, 220});
  }
  // The start line: a short white bar across the road with a dark edge.
  if (!roads_.empty()) {
    const Vec2 s0 = t.to_screen(start_.a), s1 = t.to_screen(start_.b);
    const Vec2 mid = (s0 + s1) * 0.5, dir = s1 - s0;
    const double len = length(dir);
    if (len > 1e-9) {
      const Vec2 u = dir / len;
      const double half = std::max(0.5 * len, 4.5 * unit) + 1.5 * unit;
      m.line(mid - u * half, mid + u * half, std::max(3.0, 3.4 * unit), Rgba{20, 20, 24, 255});
      m.line(mid - u * half, mid + u * half, std::max(1.5, 1.8 * unit), Rgba{255, 255, 255, 255});
    }
  }
}

bool Minimap::make_texture(SDL_Renderer* r, const ScreenRect& rect) const {
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
  texture_ = nullptr;
  texture_renderer_ = r;
  texture_rect_ = rect;
  // The rect in whole pixels, with 2 px round it for the feathered edges.
  texture_x_ = static_cast<int>(std::floor(rect.x)) - 2;
  texture_y_ = static_cast<int>(std::floor(rect.y)) - 2;
  texture_w_ = static_cast<int>(std::ceil(rect.x + rect.w)) + 2 - texture_x_;
  texture_h_ = static_cast<int>(std::ceil(rect.y + rect.h)) + 2 - texture_y_;
  SDL_RendererInfo info;
  if (SDL_GetRendererInfo(r, &info) != 0 || (info.flags & SDL_RENDERER_TARGETTEXTURE) == 0) return false;
  if (texture_w_ <= 0 || texture_h_ <= 0 || texture_w_ > 4096 || texture_h_ > 4096) return false;
  SDL_Texture* t = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, texture_w_, texture_h_);
  if (t == nullptr) return false;
  Mesh m;
  draw_static(m, {rect.x - texture_x_, rect.y - texture_y_, rect.w, rect.h});
  if (!draw_premultiplied(r, t, m)) {
    SDL_DestroyTexture(t);
    return false;
  }
  texture_ = t;
  ++textures_drawn_;
  return true;
}

void Minimap::draw(SDL_Renderer* renderer, const ScreenRect& rect, std::span<const MinimapCar> cars) const {
  const MinimapTransform t = transform(rect);
  const double unit = std::min(rect.w, rect.h) / 200.0;  // 1 at a 200 px box
  const bool same_rect = rect.x == texture_rect_.x && rect.y == texture_rect_.y && rect.w == texture_rect_.w && rect.h == texture_rect_.h;
  if (use_texture_ && (renderer != texture_renderer_ || !same_rect)) make_texture(renderer, rect);
  Mesh m;
  if (texture_ != nullptr) {
    const SDL_Rect dst{texture_x_, texture_y_, texture_w_, texture_h_};
    SDL_RenderCopy(renderer, texture_, nullptr, &dst);
  } else {
    draw_static(m, rect);
  }
  // The cars: the others first, the player on top.
  const double r_car = std::max(2.5, 4.2 * unit), r_player = std::max(3.5, 5.6 * unit);
  for (int pass = 0; pass < 2; ++pass)
    for (const MinimapCar& car : cars) {
      if (car.is_player != (pass == 1)) continue;
      const Vec2 p = t.to_screen(car.position);
      if (car.is_player) {
        m.convex(circle(p, r_player + 2.4 * std::max(1.0, unit), 18), Rgba{255, 255, 255, 255});
        m.convex(circle(p, r_player, 18), car.colour, shade(car.colour, 1.15));
      } else {
        m.convex(circle(p, r_car + 1.2 * std::max(1.0, unit), 14), Rgba{0, 0, 0, 200});
        m.convex(circle(p, r_car, 14), car.colour, shade(car.colour, 1.15));
      }
    }
  m.draw(renderer);
}

}  // namespace racer
