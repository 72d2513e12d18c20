#include "ai/racecraft.h"

// Sections: the decision | passes | stalemates, room, defending, letting by | following a lane

#include <algorithm>
#include <cmath>

#include "ai/abreast.h"
#include "core/math.h"

namespace racer {

namespace {

constexpr double kLaneRate = 3.0;          // m/s the offset may move to keep our side of a car beside us
constexpr double kRoomLook = 3.0;          // s ahead an offset looks for the room narrowing
constexpr double kRoomStep = 4.0;          // m between the samples it looks at
constexpr double kBendLook = 1.0;          // s ahead the offset's rate looks for a bend
constexpr double kLaneBehind = 5.0;        // m bumper to bumper behind us a passed car must be before its lane pass ends
constexpr double kHoldLead = 0.35;         // s ahead a car beside us closing sideways is held from (our offset lags:
                                           // held from where it was, two cars closing met side to side)
constexpr double kLaneMeet = 2.0;          // m: a lane this near the racing line meets it (where a finished pass leaves it;
                                           // a wider meeting band leaves lanes slower than the line sooner)
constexpr double kLaneStayMax = 6.0;       // s a finished pass stays on its lane at most
constexpr double kMergeLook = 1.5;         // s a car behind, closing, must be from us before we move back into its way
constexpr double kLaneLook = 2.0;          // s ahead of the car a lane must stay clear of its line to be chosen
constexpr double kLaneSpeedLook = 1.5;     // s ahead at our speed over which a lane we take must stay over our speed
constexpr double kLaneSpeedSlack = 1.0;    // m/s over a lane's speed we may take it at (the feedback brakes it off)
constexpr double kBlockedSpeed = 2.0;      // m/s: a car ahead this slow is stopped (passed even in the start's calm)
constexpr double kPassMinGrip = 0.35;      // friction below which no pass is started or kept (ice: ~0.13; gravel, dirt ~0.7)
constexpr double kPassGripLook = 30.0;     // m beyond the car we pass over which that grip is looked for
constexpr double kPassRoomTime = 2.0;     // s at our speed ahead of the car we pass that must leave room for two abreast to start a pass
constexpr double kPassRoomMin = 20.0;     // m, that stretch at the least
constexpr double kBendAhead = 60.0;        // m beyond the car we pass over which the bend to take the inside of is found
constexpr double kDefendLook = 4.0;        // s ahead at our speed a bend is defended in (the move is made on the straight)
constexpr double kDefendSameBend = 30.0;   // m between two apexes below which they are one bend
constexpr double kLetByFaster = 1.0;       // m/s over what we would drive where it is that makes a car behind faster
constexpr double kLetByCloseRate = 0.25;   // of a second of pressure each second a car behind is close but not faster
constexpr double kLetByMemory = 60.0;      // s after we went by a car in which only its being faster counts as pressure (no ping-pong)
constexpr double kLetByPress = 1.0;        // s of being pressed by a faster car before we let it by
constexpr double kLetByStraight = 2.5;     // s ahead at our speed the road must turn less than a bend in to move over
constexpr double kLetByHold = 3.0;         // s ahead at our speed the lane must keep us out of its lane
constexpr double kLetByClear = 2.0;        // m its tail must be ahead of our nose before it is by
constexpr double kLetByGain = 1.0;         // m/s faster than us a car must be for a let-by to last beyond kLetByMax
constexpr double kSqueezeLook = 1.5;      // s ahead at our speed the room beside a car level with us is looked at
constexpr double kSqueezeGap = 0.3;       // m of daylight to that car below which the room squeezes us
constexpr double kGridSlope = 0.15;       // m the offset moves sideways per m driven off the grid (in the start's calm)
constexpr double kObstacleLook = 3.0;     // s ahead at our speed a lane we take or keep must have no obstacle on its side
constexpr double kObstacleLookMin = 30.0; // m, that stretch at the least
constexpr double kStalemate = 5.0;         // s level with the car of our pass or room before the one behind gives way
                                           // (side-by-side spells of real passes: most under 5 s, the stalemates 15-150 s)

}  // namespace

// ---------------------------------------------------------------- the decision

LineChoice Racecraft::decide(const RacecraftInput& in, AiRng& rng) {
  road_ = in.road, params_ = in.params, traffic_ = in.traffic, rng_ = &rng, me_ = in.me;
  const double fwd = in.forward_speed;
  // Off the grid (the first decision, in the start's calm) the offset starts where the car
  // stands, its slot, and leaves it at the car's pace (kGridSlope), held clear of the cars
  // beside. (Started on the line, a car of the outer row steered for it at once, crossed in
  // front of the car behind it, 0.3 m from its nose, and its tail swung into it.)
  const bool from_grid = in.time < config_.start_calm_s;
  if (!placed_ && from_grid) offset_ = std::clamp(me_.lateral, -road_->room(me_.s, -1), road_->room(me_.s, +1));
  placed_ = true;
  const bool alongside = traffic_->alongside;
  const double alongside_lat = traffic_->alongside_lat;
  choose_lane_pass(traffic_->ahead, traffic_->target, traffic_->behind, fwd, in.time);
  const Narrowest narrowest = narrowest_ahead(fwd);
  narrow_ = narrow(narrowest);
  squeezed_ = narrow_ && squeezed(narrowest);
  if (pass_.side != 0 || lane_side_ != 0) {
    follow_lane(fwd, alongside);
    return choice();
  }
  let_by_lanes_ = false;  // on no lane: the next one is a passing lane unless a let-by says otherwise
  // Off every lane (pass_.side is 0 here): back to the racing line, but never towards a car
  // beside us.
  if (alongside) {
    const int side = alongside_lat > me_.lateral ? -1 : +1;  // keep away from the car beside us
    if (offset_goal_ * side < 0.0) offset_goal_ = 0.0;
  } else {
    offset_goal_ = 0.0;
  }
  // Side by side: whatever the pass or the line wants, keep our side of a car beside us (the
  // racing line moving towards it would squeeze it into the wall, or us into it).
  const double free_goal = offset_goal_;
  const double held = hold_lane(offset_goal_, traffic_->beside, side_by_side());
  holding_lane_ = held != free_goal;
  // The room ahead bounds it too, but that bound is given back at the bends' offset rate.
  const double goal = std::clamp(held, -room_ahead(-1, fwd, 0.0, 0.0), room_ahead(+1, fwd, 0.0, 0.0));
  bound_goal_ = goal;
  // Ramp the offset (faster when a car beside us pushes it), never beyond the room here.
  // The pass moves sideways only as fast as the grip left over by the bend allows.
  double rate = (holding_lane_ ? kLaneRate : offset_rate(bend_lateral_use(fwd))) / config_.local_hz;
  if (from_grid) rate = std::min(rate, kGridSlope * std::max(0.0, fwd) / config_.local_hz);
  const double next = approach(offset_, goal, rate);
  // Never move sideways into a car beside us.
  const bool into_neighbour = alongside && (next - offset_) * (alongside_lat - me_.lateral) > 0.0 &&
                              std::abs(alongside_lat - me_.lateral) < 2.0 * us_.half_width + 1.5;
  if (!into_neighbour || holding_lane_) offset_ = next;
  offset_ = std::clamp(offset_, -road_->room(me_.s, -1), road_->room(me_.s, +1));
  return choice();
}

LineChoice Racecraft::choice() const {
  LineChoice c;
  c.offset = offset_;
  c.offset_goal = offset_goal_;
  c.holding_lane = holding_lane_;
  c.lane_side = lane_side_;
  c.lane_share = lane_share_;
  c.lane_hold = lane_hold_;
  c.let_by_lanes = let_by_lanes_;
  c.defending = defending_;
  c.letting_by = letting_by_;
  c.let_by_clear = let_by_clear_;
  c.let_by_speed = let_by_speed_;
  c.let_by_need = let_by_need_;
  c.narrow = narrow_;
  c.squeezed = squeezed_;
  return c;
}

void Racecraft::respawned() {
  offset_goal_ = bound_goal_ = offset_ = 0.0;
  pass_ = PassPlan{}, giving_room_ = defending_ = letting_by_ = giving_way_ = narrow_ = squeezed_ = false;
  lane_side_ = 0, lane_share_ = lane_hold_ = lane_stay_ = 0.0, lane_leaving_ = false, let_by_lanes_ = false;
}

// ---------------------------------------------------------------- passes

// m of offset on `side` that can be held for `hold` m (a pass beside its car keeps its offset
// until it is by) and then still be given back in time where the room ahead narrows (the
// line running out towards that edge at a bend's exit): the least, over the next kRoomLook
// s from `from` m on (nearer room is not asked about), of the room there plus what the
// offset can move back by after `hold` (at the rate the
// bends' grip allows, their grip use reckoned against the car's steady cornering grip: a
// stricter use than the ramp's own, so the way back is planned on the slow side). An offset
// beyond it runs the car off the road, or into a slide trying to come back.
double Racecraft::room_ahead(int side, double speed, double from, double hold) const {
  const RacingLine& line = road_->route->line;
  const std::vector<double>& rooms = side > 0 ? road_->clear_left : road_->clear_right;
  const std::size_t n = line.points.size();
  const double v = std::max(speed, 10.0);
  const double mu_y = road_->cornering_accel_at(me_.s);
  // Every line sample stepped through by index (the samples are evenly spaced).
  const auto every = static_cast<std::size_t>(std::max(1.0, std::round(kRoomStep / line.spacing())));
  const double step = static_cast<double>(every) * line.spacing();
  std::size_t i = line.index_at(me_.s);
  double least = from <= 0.0 ? rooms[i] : 1e9, back = 0.0;
  for (double d = step; d <= std::max(20.0, v * kRoomLook); d += step) {
    i = (i + every) % n;
    if (d > hold) back += offset_rate(v * v * std::abs(line.curvature[i]) / mu_y) * step / v;
    if (d >= from) least = std::min(least, rooms[i] + back);
  }
  return least;
}

// Car c within 0.4 m of our sides anywhere our centre could be in [lo, hi] (m, lateral).
bool Racecraft::in_band(const NearCar& c, double lo, double hi) const {
  return c.lat + c.half_width + us_.half_width + 0.4 > lo && c.lat - c.half_width - us_.half_width - 0.4 < hi;
}

// No car but `except` in the lane from our lateral offset to sd * r.
bool Racecraft::lane_clear(int sd, double r, int except) const {
  const double lo = std::min(me_.lateral, sd * r), hi = std::max(me_.lateral, sd * r);
  for (const NearCar& c : traffic_->near)
    if (c.index != except && in_band(c, lo, hi)) return false;
  return true;
}

// A new pass is wanted on `ahead`: within `reach` (m) and closing on it, close behind it, or
// held up by it (its speed below what our profile wants here: a following car closes nothing
// but still wants by); and no ice from here to kPassGripLook past it.
bool Racecraft::wants_pass(const SeenCar& ahead, double reach) const {
  const bool held_up = road_->profile.target_speed(me_.s) * params_->speed_use > ahead.speed + 1.0;
  if (!(ahead.gap < reach && (ahead.closing > 0.5 || ahead.gap < 8.0 || held_up))) return false;
  return road_->least_grip(me_.s, std::max(0.0, ahead.ds) + kPassGripLook) >= kPassMinGrip;
}

// One step of the pass under way (keep_pass) and, when it ends, how, for the panels and the
// bench: dropped (shut), made (its car behind us) or lost (out of reach ahead).
void Racecraft::keep_and_count(bool in_reach, bool shut, const SeenCar& target, double dt) {
  keep_pass(pass_, in_reach, shut, dt);
  if (pass_.target >= 0) return;
  if (giving_room_ || defending_ || letting_by_) {  // not a pass of ours
    if (letting_by_ && !giving_way_ && target.index >= 0 && target.ds > 0.0) ++counts_.let_bys_done;
    giving_room_ = defending_ = letting_by_ = giving_way_ = false;
    return;
  }
  if (pass_.cooldown_s > 0.0 && in_reach) ++counts_.passes_dropped;
  else if (target.index >= 0 && target.ds < 0.0) ++counts_.passes_made;
  else ++counts_.passes_lost;
}

// m bumper to bumper within which a pass is started at forward speed `fwd` (m/s) (and kept,
// AiRacecraft::pass_keep beyond): the following gap and pass_reach_base, pass_reach_min at
// the least.
double Racecraft::pass_reach(double fwd) const {
  const AiRacecraft& r = params_->racecraft;
  return std::max(r.pass_reach_min, r.pass_reach_base + config_.follow_time_s * fwd);
}

// m bumper to bumper behind us within which a car presses us at forward speed `fwd` (m/s),
// and a let-by for it is kept (AiRacecraft::pass_keep beyond): let_by_reach s (long enough
// for gravel and ice, where a follower braking at half the grip sits 30-45 m back),
// let_by_reach_min at the least. (Kept only within a pass's reach, a let-by for a car
// pressing from 50 m back ended at once and left us far off the line.)
double Racecraft::pressure_reach(double fwd) const {
  const AiRacecraft& r = params_->racecraft;
  return std::max(r.let_by_reach_min, r.let_by_reach * std::max(0.0, fwd));
}

// m ahead of `car` over which the lane on `sd` keeps room for two cars abreast (abreast.h):
// our lane against where the car will be, going back from its offset now to its line over
// `look` m (the lane is within the room a car can hold, so an obstacle on our side, or a
// road too narrow beside the car's line, ends it).
double Racecraft::abreast_ahead(int sd, const SeenCar& car, double look) const {
  const double apart = us_.half_width + car.half_width + params_->racecraft.side_gap;
  constexpr int kMost = 32;  // samples (kRoomStep apart: 128 m)
  double ours[kMost], theirs[kMost];
  int n = 0;
  for (double d = 0.0; d < look && n < kMost; d += kRoomStep, ++n) {
    ours[n] = lane_offset(sd, me_.s + car.ds + d);
    theirs[n] = car.lat * std::max(0.0, 1.0 - d / look);  // back to its line
  }
  const auto k = static_cast<std::size_t>(n);
  return abreast_length({ours, k}, {theirs, k}, sd, AbreastRules{apart, kRoomStep});
}

// m ahead of the car we pass over which a pass needs room for two abreast at forward speed
// `fwd` (m/s) before it is started: kPassRoomTime s at our speed, kPassRoomMin at the least,
// never beyond the `look` that room is reckoned over.
double Racecraft::pass_room_need(double fwd, double look) const {
  return std::min(look, std::max(kPassRoomMin, kPassRoomTime * std::max(0.0, fwd)));
}

// The passing lane to take past `car`: one that clears the car where it is now (out of its
// lane, so the following caps let us close) and no other car is in, and that leaves room
// for two cars abreast for the stretch the pass needs (pass_room_need; a road too narrow,
// or an obstacle on that side, leaves none: we follow and wait); of two, the one that stays
// clear of the car's line the longer over the next kLaneLook s (the car goes back to its
// line), the inside of the bend ahead when both last. 0: neither.
int Racecraft::lane_pass_side(const SeenCar& car, double fwd) const {
  double clear[2] = {0.0, 0.0};  // m, how far ahead of the car each lane stays clear of it
  const double look = std::max(20.0, car.speed * kLaneLook);
  for (int k = 0; k < 2; ++k) {
    const int sd = k == 0 ? +1 : -1;
    if (!lane_clear(sd, std::abs(lane_offset(sd, me_.s)), car.index)) continue;
    if (!within_lane_speed(sd, fwd) || !lane_open(sd, fwd)) continue;
    const double d = abreast_ahead(sd, car, look);
    if (d <= 0.0 || d < pass_room_need(fwd, look)) continue;
    clear[k] = 1.0 + d;
  }
  return pass_side(clear[0], clear[1], road_->turn_ahead(me_.s + std::max(0.0, car.ds), kBendAhead));
}

// No obstacle on `side` of the line over the next kObstacleLook s at forward speed `fwd`
// (m/s): a car taking or keeping the lane there is not sent into its swerve round one. (Given
// racing room at 41 m/s 60 m before the truck parked at Quarry Stage's road edge, cars
// braking for the lane's slower way round could not steer back in and hit it at 30 m/s.)
bool Racecraft::lane_open(int side, double fwd) const {
  return !road_->obstacle_on_side(side, me_.s, std::max(kObstacleLookMin, kObstacleLook * std::max(0.0, fwd)));
}

// A car under the lane's braking envelope here and over the next kLaneSpeedLook s can follow
// its braking into the bend; one over it (the lane brakes earlier than the line, into the
// bend's inside) runs out of grip braking and turning onto it at once, and off the road.
// (Not the lane's profile: that is also its acceleration curve out of the lane's slower
// bend, which a car joining from the line on a straight is above without any danger. Asked
// that, a pressed car at Port Ardent found no lane to let its passer by in 40,742 steps of
// three races, 5,645 with the envelope; the faster cars stayed behind the slower ones.)
bool Racecraft::within_lane_speed(int side, double fwd) const {
  const SpeedProfile& lp = lane_profile(side);
  const double k = params_->speed_use;  // (the lane at full: its envelope, not the share a pass drives)
  for (double t = 0.0; t <= kLaneSpeedLook + 1e-9; t += 0.25)
    if (fwd > k * lp.envelope_speed(lane_s_at(side, me_.s + t * std::max(0.0, fwd))) + kLaneSpeedSlack) return false;
  return true;
}

// Keeps the move under way (see PassPlan) or starts one: a pass along a passing lane, shut
// only by another car in the lane or ice (the lane is on the road all the way); off a lane
// and past the start's calm, racing room, a let-by or a defence.
void Racecraft::choose_lane_pass(const SeenCar& ahead, const SeenCar& target, const SeenCar& behind, double fwd,
                                double time) {
  const double reach = pass_reach(fwd);
  const double dt = 1.0 / config_.local_hz;
  // A move whose lane has an obstacle on its side within the look ends, whatever it is (a pass is shut).
  const bool obstructed = pass_.target >= 0 && pass_.side != 0 && !lane_open(pass_.side, fwd);
  if (pass_.target < 0 || letting_by_ || defending_) level_with_ = -1;  // (stalemate counts afresh)
  if (pass_.target >= 0 && defending_) {
    // A defence lasts to the bend's apex, while its car is still behind us in reach.
    const bool before_apex = wrap_ds(defend_apex_ - me_.s, road_->route->path.length()) > 0.0;
    const bool in_reach = before_apex && !obstructed && target.index >= 0 && target.ds < 0.0 &&
                          target.gap > -(reach + params_->racecraft.pass_keep);
    keep_and_count(in_reach, false, target, dt);
  } else if (pass_.target >= 0 && letting_by_) {
    // Moved over until the car is by (its tail ahead of our nose), or out of reach behind.
    let_by_s_ += dt;
    const bool by = target.index >= 0 && target.ds > us_.half_length + target.half_length + kLetByClear;
    const bool in_reach = target.index >= 0 && !by && !obstructed && let_by_lasts(target) &&
                          gap_behind(target) < pressure_reach(fwd) + params_->racecraft.pass_keep;
    if (target.index >= 0) {
      let_by_speed_ = target.speed;
      let_by_clear_ = std::abs(target.lat - me_.lateral) >= us_.half_width + target.half_width + kLaneGap;
      let_by_need_ = std::max(0.0, us_.half_length + target.half_length + kLetByClear - target.ds);
    }
    keep_and_count(in_reach, false, target, dt);
  } else if (pass_.target >= 0 && stalemate(target, dt)) {
    give_way(target);
  } else if (pass_.target >= 0) {
    const bool in_reach = target.index >= 0 && !(giving_room_ && obstructed) &&
                          target.ds > -(us_.half_length + target.half_length + kLaneBehind) &&
                          target.gap < reach + params_->racecraft.pass_keep;
    const bool shut = in_reach && (obstructed || !lane_clear(pass_.side, std::abs(lane_offset(pass_.side, me_.s)), target.index) ||
                                   road_->least_grip(me_.s, kPassGripLook) < kPassMinGrip);
    keep_and_count(in_reach, shut, target, dt);
  } else {
    keep_pass(pass_, false, false, dt);
  }
  watch_pressure(behind, fwd, time);
  if (pass_.target < 0 && lane_side_ == 0 && time >= config_.start_calm_s) {
    give_room(fwd);
    if (pass_.target < 0) let_by(behind, fwd);
    if (pass_.target < 0) defend(behind, fwd);
  }
  if (pass_.target >= 0 || pass_.cooldown_s > 0.0 || params_->overtake_offset <= 0.0 || ahead.index < 0) return;
  // The field sorts itself out off the grid first (but a stopped car in the way is passed).
  const bool ahead_stopped = std::abs(ahead.speed) < kBlockedSpeed && fwd > 2.5 * kBlockedSpeed;  // not the grid
  if (time < config_.start_calm_s && !ahead_stopped) return;
  if (!wants_pass(ahead, reach)) return;
  const int side = lane_pass_side(ahead, fwd);
  if (side != 0) pass_ = PassPlan{ahead.index, side, 0.0, 0.0}, ++counts_.passes_started;
}

// ---------------------------------------------------------------- stalemates, room, defending, letting by

// Two cars of one pace side by side, each on its lane (the one passing, the other giving it
// room, or both giving room), hold each other and the field behind up for laps: neither
// gains. (Kestrel Downs, seed 5 at jitter 0.5: two medium cars level for 153 s, lapping 8 s
// slower than either alone, the hard cars behind them too.) A car level with the car of its
// pass or its room for kStalemate s, and behind it, gives way (give_way).
bool Racecraft::stalemate(const SeenCar& target, double dt) {
  if (target.index != level_with_) level_with_ = target.index, level_s_ = 0.0;
  const bool level = target.index >= 0 && std::abs(target.ds) < us_.half_length + target.half_length + kBesideMargin;
  level_s_ = level ? level_s_ + dt : 0.0;
  return level_s_ > kStalemate && target.ds > 0.0;
}

// Giving way to the car level with us: we let it by from the lane we are on (the let-by's
// lift under its speed, out of its lane), then go back behind it.
void Racecraft::give_way(const SeenCar& target) {
  const int side = lane_side_ != 0 ? lane_side_ : (me_.lateral > target.lat ? +1 : -1);
  pass_ = PassPlan{target.index, side, 0.0, 0.0}, giving_room_ = false, letting_by_ = giving_way_ = true;
  let_by_s_ = 0.0, let_by_clear_ = false, level_s_ = 0.0;
  ++counts_.give_ways;
}

// Racing room: a car come up beside us (its centre no more than half a car behind ours) with
// a lane's room between us is given the road it is on; we take the passing lane on our side
// (one that clears it), as a pass of our own on it, and drive that lane's profile. Kept to
// the racing line, we would squeeze it or run wide at the line's speed beside it.
void Racecraft::give_room(double fwd) {
  for (const NearCar& c : traffic_->near) {
    const double overlap = us_.half_length + c.half_length;
    if (c.ds < -0.5 * overlap || c.ds > overlap) continue;
    const double apart = us_.half_width + c.half_width;
    if (std::abs(c.lat - me_.lateral) < apart + kLaneGap) continue;
    const int sd = c.lat > me_.lateral ? -1 : +1;
    if (sd * (lane_offset(sd, me_.s + c.ds) - c.lat) < apart + params_->racecraft.side_gap) continue;
    if (!lane_open(sd, fwd)) continue;
    pass_ = PassPlan{c.index, sd, 0.0, 0.0}, giving_room_ = true;
    ++counts_.room_given;
    return;
  }
}

// Defending: a car close behind us and catching (defend_side) has the inside of the bend
// ahead covered against it: we take that passing lane, once, as racing room is taken (a
// "pass" of ours on it, not counted), to the bend's apex; the lane's own profile is slower
// than the line, which is what defending costs. A driver defends a bend with the chance its
// profile's `defend` gives (one roll a bend). A car already at that inside is never moved
// across, and the lane must be free of other cars.
void Racecraft::defend(const SeenCar& behind, double fwd) {
  if (params_->defend <= 0.0 || behind.index < 0) return;
  const double look = std::max(20.0, fwd * kDefendLook);
  const LineCar car{behind.ds, behind.lat, behind.half_length, behind.half_width};
  const int side = defend_side(car, me_.lateral, us_.half_length, -behind.closing, fwd, road_->turn_ahead(me_.s, look));
  if (side == 0) return;
  const double apex = road_->apex_ahead(me_.s, look, side);
  if (defend_rolled_ >= 0.0 && std::abs(wrap_ds(apex - defend_rolled_, road_->route->path.length())) < kDefendSameBend) return;  // this bend's defence is decided
  defend_rolled_ = apex;
  if (rng_->uniform() >= params_->defend) return;
  if (!lane_clear(side, std::abs(lane_offset(side, me_.s)), behind.index) || !lane_open(side, fwd)) return;
  pass_ = PassPlan{behind.index, side, 0.0, 0.0}, defending_ = true, defend_apex_ = apex;
  ++counts_.defences;
}

// Pressure from behind: the time the car close behind us (within pressure_reach, bumper to
// bumper) has gone faster than we would where it is, and kLetByCloseRate of the
// time it has only sat that close (not for a car we went by lately: two cars of one pace
// would let each other by in turn); the time it is out of reach is taken off again. A car of
// our pace drives what we would there; a faster one is over it wherever the car ahead does
// not hold it (braking later, more speed through the bends).
void Racecraft::watch_pressure(const SeenCar& behind, double fwd, double time) {
  if (behind.index != pressed_by_) pressed_by_ = behind.index, pressed_s_ = 0.0;
  if (behind.index < 0) return;
  const double dt = 1.0 / config_.local_hz;
  const bool close = gap_behind(behind) < pressure_reach(fwd);
  const double ours_there = road_->profile.target_speed(me_.s + behind.ds) * params_->speed_use;
  const bool passed_lately = time - traffic_->behind_passed_at < kLetByMemory;
  if (close && behind.speed > ours_there + kLetByFaster) pressed_s_ += dt;
  else if (close && !passed_lately) pressed_s_ += kLetByCloseRate * dt;
  else if (!close) pressed_s_ = std::max(0.0, pressed_s_ - dt);
}

// Letting a faster car by: pressed by it for kLetByPress s, on the next straight we move over
// to the passing lane away from it (the outside of the bend ahead when it is behind us on
// the line: its inside is the passer's), with the chance the profile's `let_by` gives (one
// roll a spell of pressure), and once out of its way lift until it is by (plan_speed). The
// lane must take us out of its lane and be free of other cars. A car beside us is given
// racing room instead.
void Racecraft::let_by(const SeenCar& behind, double fwd) {
  if (params_->let_by <= 0.0 || behind.index < 0 || behind.index != pressed_by_ || pressed_s_ < kLetByPress) return;
  if (gap_behind(behind) <= 0.0) return;  // beside us
  if (std::abs(road_->turn_ahead(me_.s, std::max(30.0, fwd * kLetByStraight))) >= PassRules{}.bend_turn) return;
  // Away from it; behind us on our line, the outside of the bend ahead first, else the other.
  const int away = behind.lat > me_.lateral + 0.5 ? -1 : behind.lat < me_.lateral - 0.5 ? +1 : 0;
  const int outside = road_->turn_ahead(me_.s, std::max(60.0, fwd * kDefendLook)) > 0.0 ? -1 : +1;
  int side = 0;
  const double apart = us_.half_width + behind.half_width + kLaneGap;
  let_by_lanes_ = true;  // (lane_offset and the rest read the let-by lanes from here on)
  for (const int sd : {away != 0 ? away : outside, away != 0 ? 0 : -outside}) {
    if (sd == 0) continue;
    bool out_of_way = true;  // the lane takes us out of its lane, and keeps us out while it goes by
    for (double d = 0.0; d < std::max(30.0, fwd * kLetByHold) && out_of_way; d += kRoomStep)
      out_of_way = sd * (lane_offset(sd, me_.s + d) - behind.lat) >= apart;
    if (!out_of_way) continue;
    const double lane = std::abs(lane_offset(sd, me_.s));
    if (lane_clear(sd, lane, behind.index) && within_lane_speed(sd, fwd) && lane_open(sd, fwd)) {
      side = sd;
      break;
    }
  }
  if (side != 0) pressed_s_ = 0.0;  // (none: tried again next time, the pressure stands)
  if (side == 0 || rng_->uniform() >= params_->let_by) {
    let_by_lanes_ = false;  // (the passing lanes again)
    return;
  }
  pass_ = PassPlan{behind.index, side, 0.0, 0.0}, letting_by_ = true, let_by_s_ = 0.0, let_by_clear_ = false;
  ++counts_.let_bys;
}

// A let-by lasts kLetByMax s; on a narrow road, where it is the only way by (no passing lane
// leaves room for two abreast), longer while the car still gains on us, up to kLetByLongest
// s. (On Harbour Streets' 8 m road, let-bys begun with the car 25-40 m behind ran out after
// 8 s with it 2-20 m short, and we moved back in front of it: the hard cars spent the race
// behind the medium ones.)
bool Racecraft::let_by_lasts(const SeenCar& target) const {
  if (let_by_s_ < kLetByMax) return true;
  return narrow_ && let_by_s_ < kLetByLongest && target.index >= 0 && -target.closing > kLetByGain;
}

// No car beside us or just behind (traffic_->near: up to 4 m bumper to bumper) in the band from our
// lateral offset to the racing line, nor one further back there that would close the gap
// in kMergeLook s: a lane may be left (cars ahead are the following caps'). (Moving back
// to the line into a bend, slower than the line, a car left its lane in front of one
// coming up it 12 m/s faster, 28 m back, and was hit.)
bool Racecraft::merge_clear() const {
  const double lo = std::min(me_.lateral, 0.0), hi = std::max(me_.lateral, 0.0);
  for (const NearCar& c : traffic_->near)
    if (c.ds <= us_.half_length + c.half_length + kBesideMargin && in_band(c, lo, hi)) return false;
  for (const NearCar& c : traffic_->rear)
    if (-c.ds - us_.half_length - c.half_length < kMergeLook * c.closing && in_band(c, lo, hi)) return false;
  return true;
}

// The least room either side of the line, and the least corridor for the cars' centres
// (both sides together), over the next kSqueezeLook s at our speed (10 m at least).
Racecraft::Narrowest Racecraft::narrowest_ahead(double fwd) const {
  Narrowest n;
  const double look = std::max(10.0, fwd * kSqueezeLook);
  for (double d = 0.0; d <= look; d += kRoomStep) {
    const double at = road_->route->path.wrap(me_.s + d);
    const double left = road_->room(at, +1), right = road_->room(at, -1);
    n.left = std::min(n.left, left), n.right = std::min(n.right, right), n.corridor = std::min(n.corridor, left + right);
  }
  return n;
}

// The road ahead (`n`) narrows somewhere to a corridor under two car widths and two side
// gaps: two cars abreast cannot each keep a car's width and the daylight of a lane pass to
// itself (an 8 m street circuit's 4.95 m corridor; a 10 m road's 6.95 m is not narrow), nor
// beside an obstacle that takes half of a 12 m road.
bool Racecraft::narrow(const Narrowest& n) const {
  return n.corridor < 2.0 * (2.0 * us_.half_width + params_->racecraft.side_gap);
}

// On a narrow road, a car overlapping us along the line, its centre no more than half our
// length behind ours, and the road on our side of it narrowing ahead (`n`) to less than
// both half widths and kSqueezeGap beside where it is: there is no room to stay level with
// it (on an 8 m street circuit, the line running out to the edge at a bend's exit squeezed
// the car on the outside into the car on the line): we drop back behind it (plan_speed).
bool Racecraft::squeezed(const Narrowest& n) const {
  for (const NearCar& c : traffic_->near) {
    if (c.ds < -us_.half_length || c.ds > us_.half_length + c.half_length + kBesideMargin) continue;
    const int sd = c.lat > me_.lateral ? -1 : +1;  // our side of it
    const double least = sd > 0 ? n.left : n.right;
    if (least - sd * c.lat < us_.half_width + c.half_width + kSqueezeGap) return true;
  }
  return false;
}

// The share of the grip the bend we are in or about to enter (the most curvature over the
// next kBendLook s) takes at forward speed `fwd` (m/s): what limits moving sideways.
double Racecraft::bend_lateral_use(double fwd) const {
  const double bend = road_->route->path.max_abs_curvature(me_.s, std::max(10.0, fwd * kBendLook));
  return fwd * fwd * bend / (road_->full_grip_at(me_.s) * kGravity);
}

// hold_lane's terms for us: our place and size, and the daylight kept to a car beside us.
LaneHold Racecraft::side_by_side() const {
  LaneHold hold;
  hold.lateral = me_.lateral;
  hold.half_length = us_.half_length;
  hold.half_width = us_.half_width;
  hold.gap = params_->racecraft.side_gap;
  hold.lead = kHoldLead;
  return hold;
}

// The offset along a passing lane: onto the pass's lane (its share ramping up at the offset's
// rate), off it when the pass ends (and first off the old lane when the side changes), and
// held clear of a car beside us as any offset is.
void Racecraft::follow_lane(double fwd, bool alongside) {
  const double here = lane_offset(lane_side_ != 0 ? lane_side_ : pass_.side, me_.s);
  if (lane_side_ == 0 && pass_.side != 0) {
    // Onto the lane from the offset held now (off the grid, beside a car): the share starts at
    // what of the lane that offset already covers and the rest is held, given back at
    // kLaneRate. (From a share of 0 the offset jumped to the line: 3.7 m sideways at once at
    // the end of the start's calm, into the car behind.)
    lane_side_ = pass_.side;
    lane_share_ = here * offset_ > 0.0 ? std::clamp(offset_ / here, 0.0, 1.0) : 0.0;
    lane_hold_ = offset_ - lane_share_ * here;
  }
  const double lateral_use = bend_lateral_use(fwd);
  const double rate = (lateral_use < 0.5 ? kLaneRate : offset_rate(lateral_use)) / config_.local_hz / std::max(1.0, std::abs(here));
  // After its pass, a passing lane is left where it meets the racing line (elsewhere, leaving
  // it is a swerve across the road in a bend), or after kLaneStayMax s whatever.
  const bool passing = pass_.side == lane_side_;
  lane_stay_ = passing ? 0.0 : lane_stay_ + 1.0 / config_.local_hz;
  // A let-by's lane is left at once: it is kept off the line, and comes back to it only
  // where the road runs out, in the next bend, slow, in front of the cars behind.
  lane_leaving_ = !passing && (lane_leaving_ || let_by_lanes_ || std::abs(here) < kLaneMeet || lane_stay_ > kLaneStayMax);
  // Leaving, it waits while a car behind or beside us is in the band it would move into.
  if (!lane_leaving_ || merge_clear()) lane_share_ = approach(lane_share_, lane_leaving_ ? 0.0 : 1.0, rate);
  const double eff = lane_share_ * here;
  const double held = hold_lane(eff + lane_hold_, traffic_->beside, side_by_side());
  holding_lane_ = alongside && std::abs(held - (eff + lane_hold_)) > 1e-9;
  lane_hold_ = approach(lane_hold_, held - eff, kLaneRate / config_.local_hz);
  if (!holding_lane_) lane_hold_ = approach(lane_hold_, 0.0, kLaneRate / config_.local_hz);
  offset_ = std::clamp(eff + lane_hold_, -road_->room(me_.s, -1), road_->room(me_.s, +1));
  offset_goal_ = pass_.side != 0 ? lane_offset(pass_.side, me_.s) : 0.0;
  bound_goal_ = pass_.side != 0 ? offset_goal_ : 0.0;
  if (lane_share_ <= 0.0 && pass_.side != lane_side_) lane_side_ = 0, lane_hold_ = 0.0, lane_leaving_ = false;
}

}  // namespace racer
