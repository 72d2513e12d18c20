// vehicle-lab: runs one scripted manoeuvre on a car, headless, and prints one JSON object.
//   vehicle-lab --car FILE --test rest|accel|brake|skidpad|yaw|timestep [--rate HZ]
//               [--abs on|off] [--tcs on|off] [--radius M] [--speed MPS] [--steer FRACTION]
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>

#include "core/fixed_step.h"
#include "sim/proving_ground.h"
#include "sim/world.h"
#include "track/surface_map.h"

namespace {

using nlohmann::ordered_json;
using namespace racer;

constexpr const char* kUsage = R"(usage: vehicle-lab --car FILE --test NAME [options]

Runs one scripted manoeuvre headless and prints one JSON object.

tests:
  rest      parked 10 s, brakes off, idling in neutral: drift_m, yaw_deg, max_speed_mps
  accel     full throttle from standstill, automatic: t_0_60mph_s, t_0_100_s, t_0_200_s,
            quarter_mile_s, quarter_mile_trap_kmh, top_speed_kmh (the speed the car settles
            at), shifts   (--tcs on|off)
  brake     full brake from 100 km/h, straight: distance_m, time_s, and from 60 mph:
            distance_60_0mph_m   (--abs on|off)
  skidpad   steady circle at the highest speed held: lateral_g, speed_mps   (--radius)
  yaw       fixed steer at fixed speed: yaw_rate_rps, understeer_gradient_deg_per_g   (--speed, --steer)
  timestep  accel at 60, 120 and 240 Hz: top_speed_kmh and t_0_100_s per rate   (--tcs on|off)

options:
  --car FILE        car file (assets/cars/*.json)              required
  --test NAME       one of the tests above                      required
  --rate HZ         physics rate, 60..500                       default 240
  --abs on|off      brake test: anti-lock brakes                default on
  --tcs on|off      accel and timestep: traction control        default: the car file's
  --radius M        skidpad radius, metres                      default 50
  --speed MPS       yaw test speed, m/s                         default 20
  --steer FRACTION  yaw test steer input, fraction of lock      default 0.05
  --help            this text
)";

[[noreturn]] void fail(const std::string& message, int status = 2) {
  std::cerr << "vehicle-lab: " << message << "\n";
  std::exit(status);
}

double parse_number(const std::string& option, const std::string& text, double lo, double hi) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v >= lo && v <= hi))
    fail(option + " must be a number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got \"" + text + "\"");
  return v;
}

ordered_json optional_number(const std::optional<double>& v) { return v ? ordered_json(*v) : ordered_json(nullptr); }

ordered_json accel_json(const AccelResult& a) {
  ordered_json shifts = ordered_json::array();
  for (const ShiftRecord& s : a.shifts)
    shifts.push_back({{"t", s.t}, {"from", s.from}, {"to", s.to}, {"rpm_before", s.rpm_before}, {"rpm_after", s.rpm_after}});
  return {{"t_0_60mph_s", optional_number(a.t_0_60mph_s)},
          {"t_0_100_s", optional_number(a.t_0_100_s)},
          {"t_0_200_s", optional_number(a.t_0_200_s)},
          {"quarter_mile_s", optional_number(a.quarter_mile_s)},
          {"quarter_mile_trap_kmh", optional_number(a.quarter_mile_trap_kmh)},
          {"top_speed_kmh", a.top_speed_kmh},
          {"shifts", shifts}};
}

}  // namespace

int main(int argc, char** argv) {
  std::string car_path, test;
  double rate = FixedStep::kDefaultRate, radius = 50.0, speed = 20.0, steer = 0.05;
  bool abs = true;
  std::optional<bool> tcs;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (i + 1 >= argc) fail("option " + arg + " needs a value (see --help)");
    const std::string value = argv[++i];
    if (arg == "--car") car_path = value;
    else if (arg == "--test") test = value;
    else if (arg == "--rate") rate = parse_number(arg, value, FixedStep::kMinRate, FixedStep::kMaxRate);
    else if (arg == "--radius") radius = parse_number(arg, value, 5.0, 1000.0);
    else if (arg == "--speed") speed = parse_number(arg, value, 1.0, 100.0);
    else if (arg == "--steer") steer = parse_number(arg, value, -1.0, 1.0);
    else if (arg == "--abs") {
      if (value != "on" && value != "off") fail("--abs must be on or off, got \"" + value + "\"");
      abs = value == "on";
    } else if (arg == "--tcs") {
      if (value != "on" && value != "off") fail("--tcs must be on or off, got \"" + value + "\"");
      tcs = value == "on";
    } else fail("unknown option " + arg + " (see --help)");
  }
  if (car_path.empty() || test.empty()) fail("--car and --test are required (see --help)");

  const Result<CarSpec> loaded = load_car_spec(car_path);
  if (!loaded) fail(loaded.error_text(), 1);
  CarSpec spec = loaded.value();
  if (tcs) spec.assists.tcs = *tcs;

  // mu_peak as the car sees it: the tyre's peak on asphalt at the mean static wheel load.
  const UniformSurface ground(Surface::Asphalt);
  World probe(ground);
  probe.add_car(spec, {0.0, 0.0}, 0.0);

  ordered_json out = {{"car", spec.name}, {"mass_kg", spec.body.mass}, {"mu_peak", probe.car(0).mu_peak()},
                      {"rate_hz", rate}, {"test", test}};
  if (test == "rest") {
    const RestResult r = run_rest(spec, rate);
    out.update({{"drift_m", r.drift_m}, {"yaw_deg", r.yaw_deg}, {"max_speed_mps", r.max_speed_mps}});
  } else if (test == "accel") {
    out["tcs"] = spec.assists.tcs;
    out.update(accel_json(run_accel(spec, rate)));
  } else if (test == "brake") {
    const BrakeResult r = run_brake(spec, rate, abs);
    const BrakeResult from_60mph = run_brake(spec, rate, abs, k60MphKmh);
    out.update({{"abs", abs}, {"distance_m", r.distance_m}, {"time_s", r.time_s},
                {"distance_60_0mph_m", from_60mph.distance_m}});
  } else if (test == "skidpad") {
    const SkidpadResult r = run_skidpad(spec, rate, radius);
    out.update({{"radius_m", radius}, {"lateral_g", r.lateral_g}, {"speed_mps", r.speed_mps}});
  } else if (test == "yaw") {
    const YawResult r = run_yaw(spec, rate, speed, steer);
    out.update({{"speed_mps", speed}, {"steer", steer}, {"steer_deg", r.steer_deg}, {"yaw_rate_rps", r.yaw_rate_rps},
                {"lateral_g", r.lateral_g}, {"understeer_gradient_deg_per_g", r.understeer_gradient_deg_per_g}});
  } else if (test == "timestep") {
    ordered_json top = ordered_json::object(), t100 = ordered_json::object();
    for (double hz : {60.0, 120.0, 240.0}) {
      const AccelResult a = run_accel(spec, hz);
      const std::string key = std::to_string(static_cast<int>(hz));
      top[key] = a.top_speed_kmh;
      t100[key] = optional_number(a.t_0_100_s);
    }
    out["rate_hz"] = 240.0;  // the reference rate the others are compared with
    out["tcs"] = spec.assists.tcs;
    out.update({{"rates_hz", {60, 120, 240}}, {"top_speed_kmh", top}, {"t_0_100_s", t100}});
  } else {
    fail("unknown test \"" + test + "\" (rest, accel, brake, skidpad, yaw, timestep)");
  }
  std::cout << out.dump(2) << "\n";
  return 0;
}
