#include "game/lap_timer.h"

#include <algorithm>
#include <cmath>

namespace racer {
namespace {

/// Where along p->q (0..1) the segment crosses gate g forwards, or -1.
double forward_crossing(const Gate& g, Vec2 p, Vec2 q) {
  if (crossing(g, p, q) <= 0) return -1.0;
  const Vec2 d = g.b - g.a;
  const double sp = cross(d, p - g.a), sq = cross(d, q - g.a);
  return sp == sq ? 1.0 : std::clamp(sp / (sp - sq), 0.0, 1.0);
}

}  // namespace

LapTimer::LapTimer(const Track& track, LapTimerConfig config)
    : track_(track), config_(config), sectors_(std::max(1, static_cast<int>(track.sector_starts().size()))),
      progress_(track.stations(), sectors_), hints_(1 + track.branches().size(), -1) {}

void LapTimer::restart() {
  progress_ = RaceProgress(track_.stations(), sectors_);
  lap_number_ = 0;
  wrong_way_s_ = 0.0;
  has_last_ = false;
  event_ = {};
  std::fill(hints_.begin(), hints_.end(), -1);
}

const LapRecord* LapTimer::best_lap() const {
  const LapRecord* best = nullptr;
  for (const LapRecord& lap : laps_)
    if (best == nullptr || lap.time < best->time) best = &lap;
  return best;
}

Vec2 LapTimer::travel_direction(Vec2 p) {
  double nearest = 1e300;
  Vec2 dir{1.0, 0.0};
  for (std::size_t i = 0; i < hints_.size(); ++i) {
    const Centreline& line = i == 0 ? track_.centreline() : track_.branches()[i - 1];
    if (line.samples().size() < 2) continue;
    const Projection pr = line.project(p, hints_[i]);
    hints_[i] = pr.index;
    if (pr.distance < nearest) {
      nearest = pr.distance;
      dir = line.at(pr.s).tangent;
    }
  }
  return dir;
}

void LapTimer::update(Vec2 from, Vec2 to, Vec2 velocity, const std::array<Vec2, 4>& wheels, double now, double dt) {
  // Race progress and what the crossing of the line meant.
  const double t0 = has_last_ ? last_now_ : now;
  const int laps_before = progress_.laps_completed();
  const bool was_running = progress_.lap_running();
  const int next_before = progress_.next_station();
  progress_.update(from, to, now);
  note_crossing(from, to, t0, now, laps_before, was_running, next_before);
  last_now_ = now;
  has_last_ = true;

  // Wrong way: moving against the track's direction, for a while.
  const double speed = length(velocity);
  const bool against = speed > config_.wrong_way_speed &&
                       dot(velocity, travel_direction(to)) < config_.wrong_way_cos * speed;
  wrong_way_s_ = against ? wrong_way_s_ + dt : 0.0;

  // Off track: not one wheel on the road.
  off_track_ = std::none_of(wheels.begin(), wheels.end(), [this](Vec2 w) { return track_.on_road(w); });
}

void LapTimer::note_crossing(Vec2 from, Vec2 to, double t0, double now, int laps_before, bool was_running,
                             int next_before) {
  if (progress_.laps_completed() > laps_before) {
    const LapRecord& lap = progress_.laps().back();
    const LapRecord* best = best_lap();
    laps_.push_back(lap);
    event_ = {LapEvent::Kind::Completed, now, lap.time, best == nullptr || lap.time < best->time, 0};
    ++lap_number_;
    return;
  }
  if (!was_running) {
    if (progress_.lap_running()) {  // the flying start
      ++lap_number_;
      event_ = {};
    }
    return;
  }
  // The lap was running and the line was crossed forwards with stations still to go.
  if (track_.stations().empty()) return;
  double t = -1.0;
  for (const Gate& g : track_.stations().front().gates) {
    const double tg = forward_crossing(g, from, to);
    if (tg >= 0.0 && (t < 0.0 || tg < t)) t = tg;
  }
  if (t < 0.0 || next_before == 0) return;
  const double when = t0 + (now - t0) * t;
  if (progress_.stations_passed() == 0) {
    // Back over the line and forwards again before the first checkpoint: the lap simply
    // starts again here, nothing was missed.
    progress_.start_race(when);
    return;
  }
  const int missed = std::max(1, static_cast<int>(track_.stations().size()) - 1 - progress_.stations_passed());
  progress_.start_race(when);
  event_ = {LapEvent::Kind::NotCounted, when, 0.0, false, missed};
  ++lap_number_;
}

}  // namespace racer
