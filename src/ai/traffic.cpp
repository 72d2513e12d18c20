#include "ai/traffic.h"

#include <cmath>
#include <utility>

#include "ai/path.h"
#include "core/math.h"

namespace racer {

TrafficPicture TrafficScan::scan(const DriverView& v, const Path& path, LinePosition me, CarSize us,
                                 TrafficFocus focus, const TrafficRange& range) {
  TrafficPicture out;
  scan(v, path, me, us, focus, range, out);
  return out;
}

void TrafficScan::scan(const DriverView& v, const Path& path, LinePosition me, CarSize us, TrafficFocus focus,
                       const TrafficRange& range, TrafficPicture& out) {
  const double len = path.length();
  const double fwd = v.self.forward_speed;
  {  // a blank picture, keeping the lists' storage
    std::vector<NearCar> near = std::move(out.near), rear = std::move(out.rear);
    std::vector<LineCar> beside = std::move(out.beside);
    near.clear(), rear.clear(), beside.clear();
    out = TrafficPicture{};
    out.near = std::move(near), out.rear = std::move(rear), out.beside = std::move(beside);
  }
  // The nearest car ahead in our lane, and the car we are passing wherever it is.
  SeenCar& ahead = out.ahead;
  SeenCar& merging = out.merging;
  SeenCar& behind = out.behind;
  for (const OtherCarView& o : v.others) {
    const auto idx = static_cast<std::size_t>(o.index);
    if (idx >= hints_.size()) hints_.resize(idx + 1, -1), was_ahead_.resize(idx + 1, 0), passed_at_.resize(idx + 1, -1e9);
    if (length_squared(o.position - v.self.position) > square(range.look_range + 10.0)) {
      hints_[idx] = -1, was_ahead_[idx] = 0;
      continue;
    }
    const PathProjection p = path.project(o.position, hints_[idx]);
    hints_[idx] = p.index;
    const double ds = wrap_ds(p.s - me.s, len);
    if (ds < 0.0 && was_ahead_[idx] > 0) passed_at_[idx] = static_cast<double>(v.step) * v.dt;  // we went by it
    was_ahead_[idx] = ds > 0.0 ? 1 : -1;
    // Its speed along the line where it is (round a hairpin, our own tangent would make a car
    // driving away from us one driving at us: the collision filter braked for it).
    const PathSample there = path.at(p.s);
    const double along = dot(o.velocity, there.tangent);
    const SeenCar seen{o.index, ds - us.half_length - o.half_length, ds, p.offset, along, fwd - along, o.half_width,
                       o.half_length};
    if (o.index == focus.target) out.target = seen;
    if (ds < 0.0 && -ds < range.look_range && (behind.index < 0 || ds > behind.ds)) behind = seen;
    const double lane = us.half_width + o.half_width + kLaneGap;
    const bool in_our_lane = std::abs(p.offset - me.lateral) < lane;
    // A car overlapping us along the line but clear of us sideways is beside us, not ahead:
    // the lane hold keeps us apart; braking for it runs us wide into it.
    const bool beside_clear = seen.gap <= 0.0 && std::abs(p.offset - me.lateral) >= us.half_width + o.half_width + 0.2;
    if (ds > 0.0 && seen.gap < range.look_range && in_our_lane && !beside_clear && seen.gap < ahead.gap) ahead = seen;
    // Not in our lane, but in the one the offset is bound to take us back to (a pass the
    // room ahead pulls back towards the line): never close in on it so far that the merge
    // rams its tail.
    if (ds > 0.0 && seen.gap < range.look_range && std::abs(p.offset - focus.bound_goal) < lane &&
        seen.gap < merging.gap)
      merging = seen;
    if (std::abs(ds) < us.half_length + o.half_length + kBesideMargin) out.alongside = true, out.alongside_lat = p.offset;
    if (ds > -(us.half_length + o.half_length + 4.0) && ds < 30.0)
      out.near.push_back({ds, p.offset, o.half_width, o.half_length, o.index, dot(o.velocity, there.normal)});
    else if (ds < 0.0 && along > fwd)
      out.rear.push_back({ds, p.offset, o.half_width, o.half_length, o.index, dot(o.velocity, there.normal), along - fwd});
  }
  for (const NearCar& c : out.near) out.beside.push_back({c.ds, c.lat, c.half_length, c.half_width, c.lat_rate});
  out.ahead_is_target = ahead.index >= 0 && ahead.index == focus.target;
  out.queued = ahead.gap < range.queue_gap;
  if (behind.index >= 0) out.behind_passed_at = passed_at_[static_cast<std::size_t>(behind.index)];
}

int TrafficScan::hint(int index) const {
  const auto idx = static_cast<std::size_t>(index);
  return idx < hints_.size() ? hints_[idx] : -1;
}

}  // namespace racer
