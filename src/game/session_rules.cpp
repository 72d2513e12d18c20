#include "game/session_rules.h"

// Sections: set-up | update (start, laps, finish, DNF) | order and gaps | queries |
//           messages and results | formatting

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>

#include "ai/rng.h"

namespace racer {

namespace {

constexpr std::uint64_t kHoldSalt = 0x6c69676874735f6full;  // keeps the hold apart from the AI's draws
constexpr double kFallbackSpeed = 10.0;                     // m/s, floor of the speed in fallback gaps

std::string plural_laps(int n) { return "+" + std::to_string(n) + (n == 1 ? " lap" : " laps"); }

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f", s);
  return buf;
}

}  // namespace

// ---------------------------------------------------------------- set-up

SessionRules::SessionRules(std::vector<std::string> names, SessionConfig config) : config_(config) {
  assert(config_.laps >= 1);
  config_.laps = std::max(1, config_.laps);
  config_.lights = std::clamp(config_.lights, 1, 10);
  if (config_.hold_max_s < config_.hold_min_s) std::swap(config_.hold_min_s, config_.hold_max_s);
  AiRng rng(config_.seed ^ kHoldSalt);
  hold_ = rng.uniform(config_.hold_min_s, config_.hold_max_s);
  lights_out_ = config_.grid_s + config_.lights * config_.light_interval_s + hold_;
  for (std::string& n : names) {
    CarState c;
    c.name = std::move(n);
    cars_.push_back(std::move(c));
  }
  for (int i = 0; i < car_count(); ++i) {
    order_.push_back(i);
    cars_[idx(i)].position = i + 1;
  }
}

// ---------------------------------------------------------------- update

void SessionRules::update(double now, std::span<const CarFacts> cars) {
  assert(cars.size() == cars_.size());
  const std::size_t n = std::min(cars.size(), cars_.size());
  prev_now_ = now_;
  now_ = now;
  if (phase_ == SessionPhase::Grid || phase_ == SessionPhase::Countdown) {
    // This step's motion happened under pre-start controls: it counts for false starts
    // even on the update that reaches lights out.
    check_false_starts(cars);
    for (std::size_t i = 0; i < n; ++i) cars_[i].facts = cars[i];
    if (phase_ == SessionPhase::Grid && now >= config_.grid_s) phase_ = SessionPhase::Countdown;
    start_lights_out_if_due(now);
    update_order();
    return;
  }
  const double dt = std::max(0.0, now - prev_now_);
  // New line crossings of running cars, earliest first across the field, so a car that
  // crosses just after the winner within the same step finishes on that crossing.
  struct Crossing {
    double time;
    int car;
  };
  std::vector<Crossing> crossings;
  for (std::size_t i = 0; i < n; ++i) {
    CarState& c = cars_[i];
    const CarFacts& f = cars[i];
    c.facts = f;
    extend_trace(c, f.race_distance, now);
    if (c.status != CarStatus::Running) continue;
    if (!f.on_track) c.off_track += dt;
    for (int k = static_cast<int>(c.crossings.size()); k < f.laps_completed; ++k)
      crossings.push_back({f.last_crossing, static_cast<int>(i)});
  }
  std::stable_sort(crossings.begin(), crossings.end(),
                   [](const Crossing& a, const Crossing& b) { return a.time < b.time; });
  for (const Crossing& x : crossings) take_lap(x.car, x.time);
  check_dnf(now);
  check_all_done();
  update_order();
}

void SessionRules::check_false_starts(std::span<const CarFacts> cars) {
  for (std::size_t i = 0; i < cars.size() && i < cars_.size(); ++i) {
    CarState& c = cars_[i];
    if (c.false_start || c.status != CarStatus::Running || cars[i].moved <= config_.false_start_m) continue;
    c.false_start = true;
    c.penalty += config_.false_start_penalty_s;
    message(SessionMessage::Kind::FalseStart, static_cast<int>(i),
            c.name + ": false start, +" + seconds_text(config_.false_start_penalty_s) + " s penalty");
  }
}

void SessionRules::start_lights_out_if_due(double now) {
  if (now < lights_out_) return;
  phase_ = SessionPhase::Racing;
  message(SessionMessage::Kind::LightsOut, -1, "Lights out");
  for (CarState& c : cars_) {
    c.trace.clear();
    c.best_distance = c.facts.race_distance;
    c.best_time = lights_out_;
    c.trace.push_back({c.facts.race_distance, lights_out_});
  }
  if (config_.laps == 1) {
    last_lap_ = true;
    message(SessionMessage::Kind::LastLap, -1, "Last lap");
  }
}

void SessionRules::take_lap(int car, double when) {
  CarState& c = cars_[idx(car)];
  if (c.status != CarStatus::Running) return;  // finished earlier in this update
  const double start = c.crossings.empty() ? lights_out_ : c.crossings.back();
  c.lap_times.push_back(when - start);
  c.crossings.push_back(when);
  const int done = static_cast<int>(c.crossings.size());
  if (done >= config_.laps || chequered_) {
    finish(car, when);
    return;
  }
  if (!last_lap_ && done == config_.laps - 1) {
    last_lap_ = true;
    message(SessionMessage::Kind::LastLap, -1, "Last lap");
  }
}

void SessionRules::finish(int car, double when) {
  CarState& c = cars_[idx(car)];
  c.status = CarStatus::Finished;
  c.finish_time = when;
  c.finish_order = ++finishers_;
  if (!chequered_) {
    chequered_ = true;
    flag_time_ = when;
    message(SessionMessage::Kind::Chequered, -1, "Chequered flag: " + c.name + " wins");
  }
  std::string text = c.name + " finishes P" + std::to_string(c.finish_order);
  if (c.penalty > 0.0) text += " (+" + seconds_text(c.penalty) + " s penalty)";
  message(SessionMessage::Kind::Finished, car, text);
}

void SessionRules::extend_trace(CarState& c, double distance, double now) {
  if (distance <= c.best_distance) return;
  c.best_distance = distance;
  c.best_time = now;
  if (c.trace.empty() || distance >= c.trace.back().distance + config_.trace_spacing_m)
    c.trace.push_back({distance, now});
}

void SessionRules::check_dnf(double now) {
  bool out = false;
  if (chequered_) {
    const double winner_time = flag_time_ - lights_out_;
    const double deadline = flag_time_ + std::max(config_.dnf_min_s, config_.dnf_share * winner_time);
    out = now > deadline;
  }
  if (config_.time_limit_s > 0.0 && now - lights_out_ >= config_.time_limit_s) out = true;
  if (!out) return;
  for (int i = 0; i < car_count(); ++i) {
    CarState& c = cars_[idx(i)];
    if (c.status != CarStatus::Running) continue;
    c.status = CarStatus::Dnf;
    c.out_time = now;
    message(SessionMessage::Kind::Dnf, i, c.name + ": did not finish");
  }
}

void SessionRules::check_all_done() {
  if (phase_ != SessionPhase::Racing) return;
  for (const CarState& c : cars_)
    if (c.status == CarStatus::Running) return;
  phase_ = SessionPhase::Finished;
}

void SessionRules::retire(int car) {
  CarState& c = cars_[idx(car)];
  if (c.status != CarStatus::Running) return;
  c.status = CarStatus::Retired;
  c.out_time = now_;
  message(SessionMessage::Kind::Retired, car, c.name + " retires");
  check_all_done();
  update_order();
}

void SessionRules::add_penalty(int car, double seconds, const std::string& reason) {
  CarState& c = cars_[idx(car)];
  c.penalty += seconds;
  message(SessionMessage::Kind::Penalty, car,
          c.name + ": +" + seconds_text(seconds) + " s penalty" + (reason.empty() ? "" : " (" + reason + ")"));
}

// ---------------------------------------------------------------- order and gaps

void SessionRules::update_order() {
  if (phase_ == SessionPhase::Finished) {
    order_ = classification();
  } else {
    std::vector<int> order(cars_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    auto group = [](const CarState& c) {
      return c.status == CarStatus::Finished ? 0 : c.status == CarStatus::Running ? 1 : 2;
    };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      const CarState& A = cars_[idx(a)];
      const CarState& B = cars_[idx(b)];
      if (group(A) != group(B)) return group(A) < group(B);
      if (A.status == CarStatus::Finished) return A.finish_order < B.finish_order;
      if (A.status != CarStatus::Running && A.crossings.size() != B.crossings.size())
        return A.crossings.size() > B.crossings.size();
      return A.facts.race_distance > B.facts.race_distance;
    });
    order_ = std::move(order);
  }
  for (std::size_t k = 0; k < order_.size(); ++k) cars_[idx(order_[k])].position = static_cast<int>(k) + 1;
}

std::vector<int> SessionRules::classification() const {
  std::vector<int> order(cars_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  auto group = [](const CarState& c) {
    return c.status == CarStatus::Finished ? 0 : c.status == CarStatus::Running ? 1 : 2;
  };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const CarState& A = cars_[idx(a)];
    const CarState& B = cars_[idx(b)];
    if (group(A) != group(B)) return group(A) < group(B);
    if (A.crossings.size() != B.crossings.size()) return A.crossings.size() > B.crossings.size();
    if (A.status == CarStatus::Finished) {
      const double ta = A.finish_time + A.penalty, tb = B.finish_time + B.penalty;
      if (ta != tb) return ta < tb;
      return A.finish_order < B.finish_order;
    }
    return A.facts.race_distance > B.facts.race_distance;
  });
  return order;
}

double SessionRules::trace_time_at(const CarState& c, double distance, bool& ok) const {
  ok = false;
  if (c.trace.empty() || distance < c.trace.front().distance || distance > c.best_distance) return 0.0;
  ok = true;
  // Samples, then the head (the furthest point reached) after the last sample.
  const auto it = std::upper_bound(c.trace.begin(), c.trace.end(), distance,
                                   [](double d, const TracePoint& p) { return d < p.distance; });
  const TracePoint hi = it == c.trace.end() ? TracePoint{c.best_distance, c.best_time} : *it;
  const TracePoint lo = *(it - 1);
  if (hi.distance <= lo.distance) return lo.time;
  const double u = (distance - lo.distance) / (hi.distance - lo.distance);
  return lo.time + u * (hi.time - lo.time);
}

Gap SessionRules::interval(int ahead, int behind) const {
  Gap g;
  if (ahead < 0 || behind < 0 || ahead >= car_count() || behind >= car_count()) return g;
  const CarState& A = cars_[idx(ahead)];
  const CarState& B = cars_[idx(behind)];
  g.valid = true;
  if (A.status == CarStatus::Finished && B.status == CarStatus::Finished) {
    g.seconds = std::max(0.0, B.finish_time - A.finish_time);
    g.laps = std::max(0, static_cast<int>(A.crossings.size()) - static_cast<int>(B.crossings.size()));
    return g;
  }
  const double da = A.facts.race_distance, db = B.facts.race_distance;
  if (config_.lap_length_m > 0.0 && A.status != CarStatus::Finished)
    g.laps = std::max(0, static_cast<int>(std::floor((da - db) / config_.lap_length_m)));
  else if (A.status == CarStatus::Finished)
    g.laps = std::max(0, static_cast<int>(A.crossings.size()) - laps_completed(behind) - 1);
  bool ok = false;
  const double t = trace_time_at(A, db, ok);
  const double at = B.status == CarStatus::Running    ? now_
                    : B.status == CarStatus::Finished ? B.finish_time
                                                      : B.out_time;
  g.seconds = ok ? at - t : (da - db) / std::max(B.facts.speed, kFallbackSpeed);
  g.seconds = std::max(0.0, g.seconds);
  return g;
}

Gap SessionRules::gap_ahead(int car) const {
  const int p = position(car);
  if (p <= 1) return {};
  return interval(order_[idx(p - 2)], car);
}

Gap SessionRules::gap_behind(int car) const {
  const int p = position(car);
  if (p >= car_count()) return {};
  return interval(car, order_[idx(p)]);
}

// ---------------------------------------------------------------- queries

int SessionRules::lights_lit() const {
  if (phase_ != SessionPhase::Countdown) return 0;
  const int k = static_cast<int>(std::floor((now_ - config_.grid_s) / config_.light_interval_s)) + 1;
  return std::clamp(k, 0, config_.lights);
}

double SessionRules::race_clock() const {
  if (phase_ == SessionPhase::Grid || phase_ == SessionPhase::Countdown) return 0.0;
  return now_ - lights_out_;
}

int SessionRules::lap_number(int car) const {
  if (phase_ == SessionPhase::Grid || phase_ == SessionPhase::Countdown) return 0;
  const CarState& c = cars_[idx(car)];
  const int done = static_cast<int>(c.crossings.size());
  if (c.status == CarStatus::Finished) return done;
  return std::min(done + 1, config_.laps);
}

double SessionRules::current_lap_time(int car) const {
  if (phase_ == SessionPhase::Grid || phase_ == SessionPhase::Countdown) return 0.0;
  const CarState& c = cars_[idx(car)];
  if (c.status != CarStatus::Running) return 0.0;
  return now_ - (c.crossings.empty() ? lights_out_ : c.crossings.back());
}

std::optional<double> SessionRules::last_lap_time(int car) const {
  const CarState& c = cars_[idx(car)];
  if (c.lap_times.empty()) return std::nullopt;
  return c.lap_times.back();
}

std::optional<double> SessionRules::best_lap_time(int car) const {
  const CarState& c = cars_[idx(car)];
  if (c.lap_times.empty()) return std::nullopt;
  return *std::min_element(c.lap_times.begin(), c.lap_times.end());
}

// ---------------------------------------------------------------- messages and results

void SessionRules::message(SessionMessage::Kind kind, int car, std::string text) {
  messages_.push_back({kind, now_, car, std::move(text)});
}

std::vector<SessionMessage> SessionRules::recent_messages(int car, double window) const {
  std::vector<SessionMessage> out;
  for (const SessionMessage& m : messages_)
    if (m.time >= now_ - window && (m.car < 0 || m.car == car)) out.push_back(m);
  return out;
}

std::vector<SessionCarResult> SessionRules::results() const {
  const std::vector<int> order = classification();
  std::vector<SessionCarResult> out;
  const CarState* winner = nullptr;
  if (!order.empty() && cars_[idx(order.front())].status == CarStatus::Finished) winner = &cars_[idx(order.front())];
  for (std::size_t k = 0; k < order.size(); ++k) {
    const int i = order[k];
    const CarState& c = cars_[idx(i)];
    SessionCarResult r;
    r.car = i;
    r.name = c.name;
    r.position = static_cast<int>(k) + 1;
    r.status = c.status;
    r.laps = static_cast<int>(c.crossings.size());
    r.penalty_s = c.penalty;
    r.lap_times = c.lap_times;
    r.best_lap = best_lap_time(i);
    r.false_start = c.false_start;
    r.off_track_s = c.off_track;
    switch (c.status) {
      case CarStatus::Finished: {
        r.race_time = c.finish_time - lights_out_;
        r.total_time = *r.race_time + c.penalty;
        r.laps_down = winner != nullptr ? static_cast<int>(winner->crossings.size()) - r.laps : 0;
        if (&c == winner) {
          r.gap_s = 0.0;
        } else if (r.laps_down > 0) {
          r.gap_text = plural_laps(r.laps_down);
        } else {
          r.gap_s = *r.total_time - (winner->finish_time - lights_out_ + winner->penalty);
          char buf[32];
          std::snprintf(buf, sizeof buf, "+%.3f", *r.gap_s);
          r.gap_text = buf;
        }
        break;
      }
      case CarStatus::Dnf: r.gap_text = "DNF"; break;
      case CarStatus::Retired: r.gap_text = "Retired"; break;
      case CarStatus::Running: r.gap_text = "Running"; break;
    }
    out.push_back(std::move(r));
  }
  return out;
}

// ---------------------------------------------------------------- formatting

std::string format_race_time(double seconds) {
  char buf[32];
  if (!std::isfinite(seconds)) return "-";
  const bool negative = seconds < 0.0;
  const long long ms = std::llround(std::abs(seconds) * 1000.0);
  const long long minutes = ms / 60000;
  const double rest = static_cast<double>(ms % 60000) / 1000.0;
  if (minutes > 0) std::snprintf(buf, sizeof buf, "%s%lld:%06.3f", negative ? "-" : "", minutes, rest);
  else std::snprintf(buf, sizeof buf, "%s%.3f", negative ? "-" : "", rest);
  return buf;
}

}  // namespace racer
