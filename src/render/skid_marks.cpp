#include "render/skid_marks.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "render/car_view.h"

namespace racer {
namespace {

/// What a tyre leaves on `s`: rubber (colour only) or a rut (a groove between berms), and
/// how strongly a merely rolling tyre marks it.
struct MarkLook {
  Rgba colour;     ///< rubber or the rut's groove; alpha = peak opacity
  Rgba berm;       ///< a rut's edges, the material pushed aside
  double rolling;  ///< [0, 1] intensity with no slip at all (ruts in loose surfaces)
  bool rut;
};

MarkLook mark_look(Surface s) {
  switch (s) {
    case Surface::Gravel: return {{78, 72, 64, 175}, {200, 192, 174, 120}, 0.6, true};
    case Surface::Sand: return {{148, 120, 76, 175}, {240, 222, 180, 120}, 0.7, true};
    case Surface::Dirt: return {{58, 40, 26, 175}, {172, 132, 94, 110}, 0.6, true};
    case Surface::Grass: return {{70, 56, 30, 165}, {38, 78, 30, 120}, 0.5, true};  // torn turf
    case Surface::Ice: return {{0, 0, 0, 0}, {0, 0, 0, 0}, 0.0, false};
    case Surface::Asphalt:
    case Surface::Kerb:
    case Surface::Count: break;
  }
  return {{16, 16, 18, 150}, {0, 0, 0, 0}, 0.0, false};
}

constexpr double kGroove = 0.6;  // share of a rut's width that is groove; the rest is berm

constexpr double kMaxGap = 3.0;  // m: a longer jump between steps is a teleport, not a slide

double ramp(double v, double start, double full) { return clamp01((v - start) / (full - start)); }

}  // namespace

SkidMarks::SkidMarks(SkidMarkConfig config) : config_(config) { segments_.reserve(config_.capacity); }

void SkidMarks::clear() {
  segments_.clear();
  next_ = 0;
  pushed_ = 0;
  time_ = 0.0;
  trails_ = {};
}

std::uint64_t SkidMarks::push(const Segment& s) {
  if (segments_.size() < config_.capacity) {
    segments_.push_back(s);
  } else {
    segments_[next_] = s;
    next_ = (next_ + 1) % config_.capacity;
  }
  return ++pushed_;
}

SkidMarks::Segment* SkidMarks::find(std::uint64_t seq) {
  if (seq == 0 || seq > pushed_ || pushed_ - seq >= segments_.size()) return nullptr;
  // Serial k (1-based) lives at k-1 until the ring is full, then cycles with it.
  return &segments_[static_cast<std::size_t>((seq - 1) % config_.capacity)];
}

double SkidMarks::strength(double birth, bool rut) const {
  const double start = rut ? config_.rut_fade_start_s : config_.fade_start_s;
  const double fade = rut ? config_.rut_fade_s : config_.fade_s;
  if (fade <= 0.0) return 1.0;
  return 1.0 - clamp01((time_ - birth - start) / fade);
}

void SkidMarks::add(const CarSnapshot& car, const CarSpec& spec, double dt) {
  time_ += std::max(0.0, dt);
  for (std::size_t i = 0; i < car.wheels.size(); ++i) {
    const WheelSnapshot& w = car.wheels[i];
    Trail& trail = trails_[i];
    const MarkLook look = mark_look(w.surface);
    const double slide = std::max({ramp(std::abs(w.slip_angle), config_.slip_angle_start, config_.slip_angle_full),
                                   ramp(std::abs(w.slip_ratio), config_.slip_ratio_start, config_.slip_ratio_full),
                                   w.locked && car.speed > 0.5 ? 1.0 : 0.0});
    const bool lifted = w.load <= 0.0;
    const double intensity = lifted || car.speed < 0.3 ? 0.0 : std::max(slide, look.rolling);
    if (intensity <= 0.0 || look.colour.a == 0) {
      trail.active = false;
      continue;
    }
    const Vec2 p = drawn_tyre_position(car, i, spec);
    if (!trail.active || length(p - trail.last) > kMaxGap) {  // a new mark (or the car was placed)
      trail = {true, p, 0};
      continue;
    }
    const Vec2 d = p - trail.last;
    const double len = length(d);
    if (len < config_.spacing) continue;
    const Vec2 n = perp(d) / len;
    Vec2 na = n;
    if (Segment* prev = find(trail.last_seq)) {  // bend the joint: both sides share one normal
      const Vec2 mean = prev->nb + n;
      const double ml = length(mean);
      if (ml > 0.5) prev->nb = na = mean / ml;
    }
    const Rgba c = with_alpha(look.colour, static_cast<double>(look.colour.a) / 255.0 * intensity);
    const Rgba berm = with_alpha(look.berm, static_cast<double>(look.berm.a) / 255.0 * intensity);
    // A rut is wider than the tyre by its berms.
    const double width = std::max(spec.tyre.width, 0.16) * (look.rut ? 1.4 : 1.0);
    trail.last_seq = push({trail.last, p, na, n, width, c, berm, time_, look.rut});
    trail.last = p;
  }
}

void SkidMarks::draw(SDL_Renderer* renderer, const Camera& camera) const {
  const Vec2 lo = camera.visible_min() - Vec2{1.0, 1.0}, hi = camera.visible_max() + Vec2{1.0, 1.0};
  Mesh m(0.0);  // segments meet edge to edge; a feathered fringe would double up at the joints
  for (const Segment& s : segments_) {
    if (std::max(s.a.x, s.b.x) < lo.x || std::min(s.a.x, s.b.x) > hi.x || std::max(s.a.y, s.b.y) < lo.y ||
        std::min(s.a.y, s.b.y) > hi.y)
      continue;
    const double k = strength(s.birth, s.rut);
    if (k <= 0.0) continue;
    const double h = s.width / 2.0;
    const Rgba groove = with_alpha(s.colour, static_cast<double>(s.colour.a) / 255.0 * k);
    if (!s.rut) {
      m.quad(camera.to_screen(s.a + s.na * h), camera.to_screen(s.b + s.nb * h), camera.to_screen(s.b - s.nb * h),
             camera.to_screen(s.a - s.na * h), groove);
      continue;
    }
    // Berm | groove | berm across the rut.
    const double g = h * kGroove;
    const Vec2 ao = camera.to_screen(s.a + s.na * h), bo = camera.to_screen(s.b + s.nb * h);
    const Vec2 ai = camera.to_screen(s.a + s.na * g), bi = camera.to_screen(s.b + s.nb * g);
    const Vec2 aj = camera.to_screen(s.a - s.na * g), bj = camera.to_screen(s.b - s.nb * g);
    const Vec2 ap = camera.to_screen(s.a - s.na * h), bp = camera.to_screen(s.b - s.nb * h);
    const Rgba berm = with_alpha(s.berm, static_cast<double>(s.berm.a) / 255.0 * k);
    m.quad(ao, bo, bi, ai, berm);
    m.quad(ai, bi, bj, aj, groove);
    m.quad(aj, bj, bp, ap, berm);
  }
  m.draw(renderer);
}

}  // namespace racer
