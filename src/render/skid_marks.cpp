#include "render/skid_marks.h"

#include <algorithm>
#include <cmath>

#include "core/math.h"
#include "render/car_view.h"

namespace racer {
namespace {

/// The colour a tyre leaves on `s` and how strongly a merely rolling tyre marks it.
struct MarkLook {
  Rgba colour;
  double rolling;  ///< [0, 1] intensity with no slip at all (ruts in loose surfaces)
};

MarkLook mark_look(Surface s) {
  switch (s) {
    case Surface::Gravel: return {{104, 98, 88, 150}, 0.6};
    case Surface::Sand: return {{176, 150, 100, 170}, 0.7};
    case Surface::Dirt: return {{80, 56, 38, 150}, 0.6};
    case Surface::Grass: return {{46, 86, 36, 130}, 0.5};
    case Surface::Ice: return {{0, 0, 0, 0}, 0.0};
    case Surface::Asphalt:
    case Surface::Kerb:
    case Surface::Count: break;
  }
  return {{16, 16, 18, 150}, 0.0};
}

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

double SkidMarks::strength(double birth) const {
  if (config_.fade_s <= 0.0) return 1.0;
  return 1.0 - clamp01((time_ - birth - config_.fade_start_s) / config_.fade_s);
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
    trail.last_seq = push({trail.last, p, na, n, std::max(spec.tyre.width, 0.16), c, time_});
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
    const double k = strength(s.birth);
    if (k <= 0.0) continue;
    const double h = s.width / 2.0;
    m.quad(camera.to_screen(s.a + s.na * h), camera.to_screen(s.b + s.nb * h), camera.to_screen(s.b - s.nb * h),
           camera.to_screen(s.a - s.na * h), with_alpha(s.colour, static_cast<double>(s.colour.a) / 255.0 * k));
  }
  m.draw(renderer);
}

}  // namespace racer
