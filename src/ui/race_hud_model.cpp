// Filling the RaceHudModel (ui/race_hud.h): from a snapshot (the car), a GameRace (a race)
// or a LapTimer (the single-car timed run). No drawing here.
// Sections: the car | a race | a timed run | formatting.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/math.h"
#include "game/game_race.h"
#include "game/lap_timer.h"
#include "ui/lap_hud.h"
#include "ui/race_hud.h"

namespace racer {
namespace {

constexpr double kLightsShownAfterOut_s = 1.6;  // s the green lights stay up after lights out
constexpr double kLapEventSeconds = 4.0;         // s a lap event banner is shown
constexpr double kWrongWaySpeed = 4.0;           // m/s, slower is never wrong way
constexpr double kWrongWayCos = -0.3;            // cos to the track direction below which it is

HudTone tone_of(SessionMessage::Kind k) {
  switch (k) {
    case SessionMessage::Kind::LightsOut:
    case SessionMessage::Kind::Finished: return HudTone::Good;
    case SessionMessage::Kind::FalseStart:
    case SessionMessage::Kind::Penalty: return HudTone::Alert;
    case SessionMessage::Kind::Dnf:
    case SessionMessage::Kind::Retired:
    case SessionMessage::Kind::Respawn: return HudTone::Warning;
    case SessionMessage::Kind::LastLap:
    case SessionMessage::Kind::Chequered: break;
  }
  return HudTone::Info;
}

/// Last lap minus the best of the laps before it (needs two laps).
std::optional<double> last_delta(const std::vector<double>& laps) {
  if (laps.size() < 2) return std::nullopt;
  const double before = *std::min_element(laps.begin(), laps.end() - 1);
  return laps.back() - before;
}

}  // namespace

// ---- the car -------------------------------------------------------------------------------

double redline_rpm(const CarSpec& spec) {
  const double max = spec.engine.max_rpm;
  return std::clamp(spec.gearbox.shift_up_rpm, 0.7 * max, max);
}

bool shift_light_on(double rpm, int gear, const CarSpec& spec) {
  const int top = static_cast<int>(spec.gearbox.ratios.size());
  return gear >= 1 && gear < top && rpm >= 0.97 * redline_rpm(spec);
}

void fill_car(RaceHudModel& m, const CarSnapshot& car, const CarSpec& spec, const DriverAids& aids) {
  m.speed_mps = std::abs(car.speed);
  m.rpm = car.rpm;
  m.max_rpm = spec.engine.max_rpm;
  m.redline_rpm = redline_rpm(spec);
  m.gear = car.gear;
  m.shift_light = shift_light_on(car.rpm, car.gear, spec);
  m.abs_on = aids.abs;
  m.abs_active = aids.abs && car.abs_active;
  m.tcs_on = aids.tcs;
  m.tcs_active = aids.tcs && car.tcs < 0.999;
  m.automatic = aids.automatic;
}

// ---- a race --------------------------------------------------------------------------------

RaceHudModel hud_model(const GameRace& race, int car, const CarSnapshot* view, double message_window_s) {
  RaceHudModel m;
  const SessionRules& rules = race.rules();
  const Car& c = race.world().car(static_cast<std::size_t>(car));
  const CarSnapshot snap = view != nullptr ? *view : snapshot_car(c);
  fill_car(m, snap, c.spec(), {c.spec().assists.abs, c.spec().assists.tcs, c.drivetrain().gearbox().automatic});
  // A damage figure only where damage costs the car something: "visual only" dents show on
  // the car, and a percentage would read as if it mattered.
  if (race.world().damage_mode() == DamageMode::Full) m.damage = snap.damage.worst;

  const SessionPhase phase = rules.phase();
  const double now = rules.now();
  m.clock_s = now;
  m.title = race.track().spec().name;
  m.position = rules.position(car);
  m.car_count = rules.car_count();
  m.laps = rules.config().laps;
  m.lap = rules.lap_number(car);
  const CarStatus status = rules.status(car);
  m.finished = status == CarStatus::Finished;
  m.chequered = rules.chequered();
  m.last_lap = rules.last_lap() && status == CarStatus::Running && m.lap >= m.laps;

  // Timing: the running lap only while this car races.
  const bool racing = phase == SessionPhase::Racing && status == CarStatus::Running;
  if (racing) m.current_lap_s = rules.current_lap_time(car);
  m.last_lap_s = rules.last_lap_time(car);
  m.best_lap_s = rules.best_lap_time(car);
  m.last_lap_delta_s = last_delta(rules.lap_times(car));

  // Gaps to the cars either side in the live order.
  const std::vector<int>& order = rules.order();
  const auto it = std::find(order.begin(), order.end(), car);
  if (phase != SessionPhase::Grid && phase != SessionPhase::Countdown && it != order.end()) {
    if (const Gap g = rules.gap_ahead(car); g.valid && it != order.begin())
      m.gap_ahead = HudGap{g.seconds, g.laps, rules.name(*(it - 1))};
    if (const Gap g = rules.gap_behind(car); g.valid && it + 1 != order.end())
      m.gap_behind = HudGap{g.seconds, g.laps, rules.name(*(it + 1))};
  }

  // The start lights: the countdown, then green for a moment.
  m.lights_count = rules.config().lights;
  if (phase == SessionPhase::Countdown || phase == SessionPhase::Grid) {
    m.lights_visible = true;
    m.lights_lit = rules.lights_lit();
  } else if (phase == SessionPhase::Racing && rules.race_clock() < kLightsShownAfterOut_s) {
    m.lights_visible = true;
    m.lights_out = true;
  }

  // Messages: the rules' recent ones (lights out is shown by the lights), then what the
  // car is doing now.
  // While the player's respawn hold counts down, that countdown is the one notice of the
  // respawn: the rules' "respawn, held 3 s" would say the same thing twice.
  const bool holding = racing && car == race.player() && race.respawn_hold_left() > 0.0;
  for (const SessionMessage& msg : rules.recent_messages(car, message_window_s)) {
    if (msg.kind == SessionMessage::Kind::LightsOut) continue;
    if (holding && msg.kind == SessionMessage::Kind::Respawn && msg.car == car) continue;
    m.messages.push_back({msg.text, tone_of(msg.kind), std::max(0.0, now - msg.time), false});
  }
  if (racing) {
    bool on_road = false;
    for (const WheelSnapshot& w : snap.wheels) on_road |= race.track().on_road(w.position);
    const Vec2 dir = race.track().centreline().at(race.track().centreline().project(snap.position).s).tangent;
    const bool wrong_way = snap.speed > kWrongWaySpeed && dot(snap.velocity, dir) < kWrongWayCos * length(snap.velocity);
    if (holding) {
      char text[48];
      std::snprintf(text, sizeof text, "Back on track in %.1f s", race.respawn_hold_left());
      m.messages.push_back({text, HudTone::Warning, 0.0, false});
    } else if (wrong_way) {
      m.messages.push_back({"WRONG WAY", HudTone::Alert, 0.0, true});
    } else if (!on_road) {
      m.messages.push_back({"OFF TRACK", HudTone::Warning, 0.0, false});
    }
  }
  return m;
}

// ---- a timed run ---------------------------------------------------------------------------

RaceHudModel hud_model(const LapTimer& timer, const CarSnapshot& car, const CarSpec& spec, const DriverAids& aids,
                       double now, const std::string& title) {
  RaceHudModel m;
  fill_car(m, car, spec, aids);
  m.clock_s = now;
  m.title = title;
  m.lap = timer.lap_number();
  if (timer.running()) m.current_lap_s = timer.current_lap_time(now);
  if (const LapRecord* last = timer.last_lap()) m.last_lap_s = last->time;
  if (const LapRecord* best = timer.best_lap()) m.best_lap_s = best->time;
  std::vector<double> laps;
  for (const LapRecord& r : timer.laps()) laps.push_back(r.time);
  m.last_lap_delta_s = last_delta(laps);

  const LapEvent& e = timer.last_event();
  const double age = now - e.time;
  if (e.kind != LapEvent::Kind::None && age >= 0.0 && age < kLapEventSeconds) {
    if (e.kind == LapEvent::Kind::Completed) {
      const std::string text = (e.best ? "BEST LAP  " : "LAP  ") + format_lap_time(e.lap_time);
      m.messages.push_back({text, e.best ? HudTone::Good : HudTone::Info, std::max(0.0, age - 1.0), false});
    } else {
      char text[96];
      std::snprintf(text, sizeof text, "Lap not counted: missed a checkpoint (%d of %d)", e.missed,
                    std::max(1, timer.station_count() - 1));
      m.messages.push_back({text, HudTone::Warning, std::max(0.0, age - 1.0), false});
    }
  }
  if (timer.wrong_way()) m.messages.push_back({"WRONG WAY", HudTone::Alert, 0.0, true});
  else if (timer.off_track()) m.messages.push_back({"OFF TRACK", HudTone::Warning, 0.0, false});
  if (!timer.running() && timer.laps().empty())
    m.messages.push_back({"Cross the line to start the timer", HudTone::Info, 0.0, false});
  return m;
}

// ---- formatting ----------------------------------------------------------------------------

std::string format_position(const RaceHudModel& m) {
  if (m.position <= 0) return "";
  return "P" + std::to_string(m.position) + (m.car_count > 0 ? "/" + std::to_string(m.car_count) : "");
}

std::string format_lap(const RaceHudModel& m) {
  if (m.lap <= 0) return "";
  return "LAP " + std::to_string(m.lap) + (m.laps > 0 ? "/" + std::to_string(m.laps) : "");
}

std::string format_gap(const HudGap& g) {
  if (g.laps > 0) return "+" + std::to_string(g.laps) + (g.laps == 1 ? " lap" : " laps");
  char out[32];
  std::snprintf(out, sizeof out, "+%.3f", std::max(0.0, g.seconds));
  return out;
}

}  // namespace racer
