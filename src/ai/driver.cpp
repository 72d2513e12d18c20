#include "ai/driver.h"

// Sections: set-up | the tick | sense | mistakes and reaction delay | the state | the debug record

#include <algorithm>
#include <cmath>

#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer {

// ---------------------------------------------------------------- set-up

AiDriver::AiDriver(std::shared_ptr<const AiRoute> route, const Track& track, const CarSpec& spec,
                   const AiParams& params, std::uint64_t seed, DriverConfig config)
    : track_(track), params_(params), config_(config), us_{0.5 * spec.body.length, 0.5 * spec.body.width},
      rng_(seed), road_(DriverRoad::plan(std::move(route), track, params.grip_use)), racecraft_(config_, us_),
      detour_(params.router, params.routing), tracker_(spec, params.tracking), dwa_(params_, config_, us_, road_.mu),
      longitudinal_(spec, us_), recovery_(SteeringGeometry::of(spec), us_) {}

void AiDriver::set_params(const AiParams& params, std::shared_ptr<const AiRoute> route) {
  const bool new_route = route && route != road_.route;
  if (new_route) {  // indices into the old line, and no progress across the switch
    road_.route = std::move(route);
    hint_ = -1, last_s_ = -1.0;
    tracker_.forget_hint();
    detour_.reset(true);
    state_.detour = false;
  }
  if (new_route || params.grip_use != params_.grip_use) road_ = DriverRoad::plan(road_.route, track_, params.grip_use);
  dwa_.set_params(params);
  if (params.router != params_.router) detour_.set_router(params.router);
  detour_.set_routing(params.routing);
  tracker_.set_params(params.tracking);
  const std::size_t steps = static_cast<std::size_t>(std::max(0, params.reaction_steps));
  while (pipeline_.size() > steps) pipeline_.pop_front();
  while (!pipeline_.empty() && pipeline_.size() < steps) pipeline_.push_front(pipeline_.front());
  params_ = params;
}

void AiDriver::set_debug(bool on) {
  debug_on_ = on;
  dwa_.set_recording(on);
  detour_.set_recording(on);
  debug_.dwa = dwa_.record();
  debug_.router = detour_.record();
}

void AiDriver::respawned() {
  recovery_.respawned();
  detour_.reset(false);
  racecraft_.respawned();
  dwa_.reset();
  tracker_.forget_hint();
  line_ = racecraft_.choice();
  hint_ = -1, last_s_ = -1.0;
  traffic_.queued = false;
  pipeline_.clear();
  // (What the race and the panels read at once; the rest is filled by the next tick.)
  state_.recovery = Recovery::None;
  state_.detour = false;
  state_.stall_seconds = 0.0;
  state_.offset = 0.0;
  state_.defending = state_.letting_by = state_.squeezed = false;
}

// ---------------------------------------------------------------- the tick

Controls AiDriver::tick(const DriverView& v) {
  using P = StepProbe::Phase;
  const Path& line = road_.route->path;
  // Every step: where we are on the line, and the stall watch (which may take over).
  {
    const ProbeScope t(probe_, P::Sense);
    me_ = sense(v);
    recovery_.watch(v, config_, traffic_.queued, line, me_);
  }
  if (recovery_.mode() != Recovery::None) {
    Controls c;
    {
      const ProbeScope t(probe_, P::Recovery);
      c = delayed(recovery_.drive(v, line, me_));
    }
    publish();
    if (debug_on_) record(v, true);
    return c;
  }
  // ~60 Hz: the traffic picture -> racecraft's line -> DWA guarding it.
  if (v.step % every(v.dt, config_.local_hz) == 0) {
    const double time = static_cast<double>(v.step) * v.dt;  // s since the start
    {
      const ProbeScope t(probe_, P::Traffic);
      scan_.scan(v, line, me_, us_, racecraft_.focus(), {config_.look_range, config_.queue_gap_m}, traffic_);
    }
    {
      const ProbeScope t(probe_, P::Racecraft);
      line_ = racecraft_.decide({&road_, &params_, &traffic_, me_, v.self.forward_speed, time}, rng_);
    }
    const ProbeScope t(probe_, P::Dwa);
    dwa_.decide(v, {&road_, &traffic_, &detour_, line_, me_, target_speed_, tracker_.line_kappa()}, track_,
                tracker_.geometry(), config_);
  }
  // ~2 Hz: a detour round a stopped car in the way.
  if (v.step % every(v.dt, kRouteHz) == 0) {
    const ProbeScope t(probe_, P::Routing);
    detour_.plan(v, *road_.route, me_, progress_, traffic_, scan_, track_, config_.queue_gap_m, us_);
  }
  // ~20 Hz: the speed plan and the tracker (a mistake under way is last step's: make_mistakes
  // comes after the layers).
  const bool mistake = mistake_left_ > 0.0;
  if (v.step % every(v.dt, config_.tracking_hz) == 0) {
    {
      const ProbeScope t(probe_, P::SpeedPlan);
      speed_ = plan_speed({&road_, &params_, &traffic_, line_, me_, v.self.forward_speed,
                           mistake && mistake_kind_ == 0, detour_.active()},
                          config_);
    }
    const ProbeScope t(probe_, P::Tracking);
    tracker_.track(v, {&road_, line_, me_, mistake && mistake_kind_ == 1, dwa_.output().active, last_steer_,
                       config_.tracking_hz},
                   detour_);
    if (debug_on_) debug_.tracker_step = v.step;
  }
  // Every step: mistakes, the pedals (DWA's steer while it has the wheel), the filters, the
  // reaction delay; then the state copy.
  const Controls c = pedals(v);
  publish();
  if (debug_on_) record(v, false);
  return c;
}

Controls AiDriver::pedals(const DriverView& v) {
  const ProbeScope t(probe_, StepProbe::Phase::Pedals);
  make_mistakes(v);
  const DwaOutput& dwa = dwa_.output();
  const bool dwa_steers = dwa.active && dwa.steering;
  const DwaSay say{dwa_steers, dwa.admissible, dwa.full, dwa.speed};
  Controls c = longitudinal_.pedals(
      v, {&road_, &params_, line_, speed_, say, me_, dwa_steers ? dwa_wheel(dwa, tracker_.steer(), line_.narrow) : tracker_.steer(), tracker_.arc_speed()},
      target_speed_);
  c = longitudinal_.filters(
      c, v, {traffic_.ahead.gap, traffic_.ahead.closing, last_steer_, road_.route->path.curvature_at(me_.s), road_.mu},
      track_, tracker_.geometry(), config_);
  return delayed(c);
}

// ---------------------------------------------------------------- sense

LinePosition AiDriver::sense(const DriverView& v) {
  const Path& line = road_.route->path;
  const PathProjection p = line.project(v.self.position, hint_);
  hint_ = p.index;
  if (last_s_ >= 0.0) progress_ += wrap_ds(p.s - last_s_, line.length());
  last_s_ = p.s;
  return {p.s, p.offset};
}

// ---------------------------------------------------------------- mistakes and reaction delay

void AiDriver::make_mistakes(const DriverView& v) {
  if (mistake_left_ > 0.0) {
    mistake_left_ -= v.dt;
    return;
  }
  const double p = params_.mistakes_per_minute * v.dt / 60.0;
  if (p > 0.0 && rng_.uniform() < p) {
    mistake_kind_ = rng_.uniform() < 0.5 ? 0 : 1;
    mistake_left_ = rng_.uniform(0.4, 1.0);
    mistakes_ += 1;
  }
}

Controls AiDriver::delayed(const Controls& c) {
  last_steer_ = c.steer;
  if (params_.reaction_steps <= 0) return c;
  // The pedals and gear requests act after the reaction delay; the steering does not (a
  // steering loop delayed by tens of milliseconds fishtails the car at 40 m/s).
  pipeline_.push_back(c);
  Controls out;
  if (static_cast<int>(pipeline_.size()) > params_.reaction_steps) {
    out = pipeline_.front();
    pipeline_.pop_front();
  }
  out.steer = c.steer;
  return out;
}

// ---------------------------------------------------------------- the state

void AiDriver::publish() {
  DriverState& st = state_;
  st.s = me_.s;
  st.lateral = me_.lateral;
  st.target_speed = target_speed_;
  st.offset = line_.offset;
  st.tracking_steer = tracker_.steer();
  st.gap_ahead = traffic_.ahead.gap;
  st.offset_goal = line_.offset_goal;
  st.alongside = traffic_.alongside;
  st.holding_lane = line_.holding_lane;
  const DwaOutput& dwa = dwa_.output();
  st.steer_dwa = dwa.steer;
  st.dwa_speed = dwa.speed;
  st.dwa_active = dwa.active;
  st.dwa_steering = dwa.steering;
  st.dwa_admissible = dwa.admissible;
  st.recovery = recovery_.mode();
  st.stall_seconds = recovery_.stall_seconds();
  st.detour = detour_.active();
  st.detours = detour_.count();
  st.recoveries = recovery_.count();
  st.mistakes = mistakes_;
  const RacecraftCounts& n = racecraft_.counts();
  st.passes_started = n.passes_started;
  st.passes_made = n.passes_made;
  st.passes_dropped = n.passes_dropped;
  st.passes_lost = n.passes_lost;
  st.room_given = n.room_given;
  st.defences = n.defences;
  st.defending = line_.defending;
  st.let_bys = n.let_bys;
  st.let_bys_done = n.let_bys_done;
  st.give_ways = n.give_ways;
  st.letting_by = line_.letting_by;
  st.squeezed = line_.squeezed;
}

// ---------------------------------------------------------------- the debug record

void AiDriver::record(const DriverView& v, bool recovering) {
  DriverDebug& d = debug_;
  d.step = v.step;
  d.recovering = recovering;
  d.line = line_;
  d.target_speed = target_speed_;
  d.lookahead = tracker_.target();
  d.detour = detour_.active();
  d.detour_path = detour_.active() ? &detour_.path() : nullptr;
}

}  // namespace racer
