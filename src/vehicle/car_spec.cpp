// Car files: load (validating, every problem with file:line:col) and save (the inverse).
// Sections: 1. per-section readers  2. cross-field checks  3. load entry points  4. save
#include "vehicle/car_spec.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/json_doc.h"
#include "core/json_reader.h"
#include "core/math.h"

namespace racer {
namespace {

constexpr int kCarFormat = 1;

// ---------------------------------------------------------------- 1. sections

void read_body(ObjectReader& r, BodySpec& b) {
  b.mass = r.number("mass_kg", 100.0, 5000.0, "kg");
  b.length = r.number("length_m", 1.5, 8.0, "metres", b.length);
  b.width = r.number("width_m", 0.8, 3.0, "metres", b.width);
  b.height = r.number("height_m", 0.5, 3.0, "metres", b.height);
  b.wheelbase = r.number("wheelbase_m", 1.0, 6.0, "metres", b.wheelbase);
  b.track_width = r.number("track_width_m", 0.6, 2.8, "metres", b.track_width);
  b.cg_to_front_axle = r.number("cg_to_front_axle_m", 0.1, 5.9, "metres", b.cg_to_front_axle);
  b.cg_height = r.number("cg_height_m", 0.1, 1.5, "metres", b.cg_height);
  b.inertia_factor = r.number("inertia_factor", 0.3, 1.5, "", b.inertia_factor);
  b.drag_coefficient = r.number("drag_coefficient", 0.0, 2.0, "", b.drag_coefficient);
  b.frontal_area = r.number("frontal_area_m2", 0.3, 10.0, "square metres", b.frontal_area);
  b.rear_track_width = r.number("rear_track_width_m", 0.6, 2.8, "metres", b.rear_track_width);
  b.front_downforce_area = r.number("front_downforce_area_m2", -5.0, 10.0, "square metres", b.front_downforce_area);
  b.rear_downforce_area = r.number("rear_downforce_area_m2", -5.0, 10.0, "square metres", b.rear_downforce_area);
  b.restitution = r.number("restitution", 0.0, 1.0, "", b.restitution);
  b.body_friction = r.number("body_friction", 0.0, 2.0, "", b.body_friction);
  const std::string style = r.choice("style", {"hatchback", "sedan", "racer"}, body_style_name(b.style));
  b.style = style == "hatchback" ? BodyStyle::Hatchback : style == "racer" ? BodyStyle::Racer : BodyStyle::Sedan;
}

void read_suspension(ObjectReader& r, SuspensionSpec& s) {
  s.front_stiffness = r.number("front_stiffness_n_per_m", 1000.0, 1e6, "N/m", s.front_stiffness);
  s.rear_stiffness = r.number("rear_stiffness_n_per_m", 1000.0, 1e6, "N/m", s.rear_stiffness);
  s.front_damping = r.number("front_damping_ns_per_m", 0.0, 1e5, "N·s/m", s.front_damping);
  s.rear_damping = r.number("rear_damping_ns_per_m", 0.0, 1e5, "N·s/m", s.rear_damping);
  s.front_antiroll = r.number("front_antiroll_n_per_m", 0.0, 1e6, "N/m", s.front_antiroll);
  s.rear_antiroll = r.number("rear_antiroll_n_per_m", 0.0, 1e6, "N/m", s.rear_antiroll);
  s.travel = r.number("travel_m", 0.02, 0.6, "metres", s.travel);
  s.bump_stop_stiffness = r.number("bump_stop_n_per_m", 1e4, 1e7, "N/m", s.bump_stop_stiffness);
  // Per kN in the file, per N inside.
  s.rear_compliance_steer = deg_to_rad(r.number("rear_compliance_steer_deg_per_kn", 0.0, 1.0, "degrees per kN",
                                                rad_to_deg(s.rear_compliance_steer * 1000.0))) / 1000.0;
}

template <std::size_t N>
void read_coefficients(ObjectReader& r, std::string_view key, std::array<double, N>& out) {
  const std::vector<double> v = r.numbers(key, -1e6, 1e6, "", N, N);
  for (std::size_t i = 0; i < N && i < v.size(); ++i) out[i] = v[i];
}

// The keys a front and a rear tyre both have: size, grip and the force curve. `required`:
// the model and its coefficients must be given (the front); otherwise they default to `t`.
void read_tyre_common(ObjectReader& r, TyreSpec& t, bool required) {
  const char* model_name = t.model == TyreModel::Tanh ? "tanh" : "pacejka";
  const std::string model = required ? r.choice("model", {"pacejka", "tanh"}) : r.choice("model", {"pacejka", "tanh"}, model_name);
  const bool same_model = model == model_name;
  t.model = model == "tanh" ? TyreModel::Tanh : TyreModel::Pacejka;
  t.radius = r.number("radius_m", 0.15, 0.8, "metres", t.radius);
  t.width = r.number("width_m", 0.08, 0.5, "metres", t.width);
  t.coefficients_width = r.number("coefficients_width_m", 0.08, 0.5, "metres", t.coefficients_width);
  t.grip_scale = r.number("grip_scale", 0.3, 2.0, "", t.grip_scale);
  t.rolling_resistance_doubling_speed =
      kmh_to_mps(r.number("rolling_resistance_doubling_kmh", 20.0, 1000.0, "km/h", mps_to_kmh(t.rolling_resistance_doubling_speed)));
  t.wheel_inertia = r.number("wheel_inertia_kgm2", 0.1, 20.0, "kg·m²", t.wheel_inertia);
  t.pneumatic_trail = r.number("pneumatic_trail_m", 0.0, 0.15, "metres", t.pneumatic_trail);
  t.relaxation_length = r.number("relaxation_length_m", 0.0, 3.0, "metres", t.relaxation_length);
  const bool curve_required = required || !same_model;
  if (t.model == TyreModel::Pacejka) {
    if (auto p = r.object("pacejka", curve_required)) {
      read_coefficients(*p, "a", t.pacejka.a);
      read_coefficients(*p, "b", t.pacejka.b);
      p->finish();
    }
  } else if (auto h = r.object("tanh", curve_required)) {
    TanhSpec& s = t.tanh;
    s.mu = curve_required ? h->number("mu", 0.1, 3.0, "") : h->number("mu", 0.1, 3.0, "", s.mu);
    s.load_sensitivity = h->number("load_sensitivity", 0.0, 0.5, "", s.load_sensitivity);
    s.reference_load = h->number("reference_load_n", 100.0, 50000.0, "N", s.reference_load);
    s.lateral_stiffness = h->number("lateral_stiffness", 1.0, 100.0, "per radian", s.lateral_stiffness);
    s.longitudinal_stiffness = h->number("longitudinal_stiffness", 1.0, 100.0, "", s.longitudinal_stiffness);
    h->finish();
  }
}

void read_tyre(ObjectReader& r, CarSpec& c) {
  TyreSpec& t = c.tyre;
  read_tyre_common(r, t, true);
  t.static_friction = r.number("static_friction", 0.0, 0.999, "", t.static_friction);
  t.dynamic_speed = r.number("dynamic_speed_mps", 0.05, 5.0, "m/s", t.dynamic_speed);
  t.rear_cornering_factor = r.number("rear_cornering_factor", 0.5, 3.0, "", t.rear_cornering_factor);
  // The rear tyres start as a copy of the front ones and change what their section gives.
  if (auto rear = r.object("rear", false)) {
    TyreSpec rt = t;
    read_tyre_common(*rear, rt, false);
    rear->finish();
    c.rear_tyre = rt;
  }
}

constexpr std::size_t kMaxTorquePoints = 64;

// "torque_curve": [[rpm, N·m], ...], each point checked where it stands in the file.
void read_torque_table(ObjectReader& r, std::vector<DataError>& errors, EngineSpec& e) {
  const nlohmann::json* v = r.raw("torque_curve");
  if (v == nullptr) return;
  if (!v->is_array() || v->size() < 2 || v->size() > kMaxTorquePoints) {
    r.error("torque_curve", "\"torque_curve\" must be an array of 2 to " + std::to_string(kMaxTorquePoints) +
                                " [rpm, N·m] points, got " + describe_json(*v));
    return;
  }
  const std::string base = JsonDoc::child_pointer(r.pointer(), "torque_curve");
  for (std::size_t i = 0; i < v->size(); ++i) {
    const nlohmann::json& p = (*v)[i];
    const auto fail = [&](const std::string& what) {
      errors.push_back(r.doc().error_at(JsonDoc::child_pointer(base, i), "\"torque_curve\" point " +
                                                                             std::to_string(i + 1) + " " + what));
    };
    if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) {
      fail("must be [rpm, N·m], got " + describe_json(p));
      continue;
    }
    const TorquePoint point{p[0].get<double>(), p[1].get<double>()};
    if (!(point.rpm >= 0.0 && point.rpm <= 20000.0)) {
      fail("must have an rpm in [0, 20000], got " + format_number(point.rpm));
    } else if (!(point.torque >= 0.0 && point.torque <= 3000.0)) {
      fail("must have a torque in [0, 3000] N·m, got " + format_number(point.torque));
    } else if (!e.torque_table.empty() && !(point.rpm > e.torque_table.back().rpm)) {
      fail("must have a higher rpm than the point before (" + format_number(e.torque_table.back().rpm) + "), got " +
           format_number(point.rpm));
    } else {
      e.torque_table.push_back(point);
    }
  }
}

// The seed's Gaussian, or the table's peak when a table replaces it.
void read_torque_curve(ObjectReader& r, std::vector<DataError>& errors, EngineSpec& e) {
  read_torque_table(r, errors, e);
  if (e.torque_table.empty() && !r.has("torque_curve")) {
    e.max_torque = r.number("max_torque_nm", 10.0, 3000.0, "N·m");
    e.peak_torque_rpm = r.number("peak_torque_rpm", 500.0, 20000.0, "rpm", e.peak_torque_rpm);
    e.curve_c = r.number("curve_c", 0.1, 5.0, "", e.curve_c);
    e.curve_f = r.number("curve_f_rpm", 100.0, 20000.0, "rpm", e.curve_f);
    e.curve_floor = r.number("curve_floor_nm", 0.0, 3000.0, "N·m", e.curve_floor);
    return;
  }
  for (const char* key : {"max_torque_nm", "peak_torque_rpm", "curve_c", "curve_f_rpm", "curve_floor_nm"})
    if (r.has(key)) r.error(key, "\"" + std::string(key) + "\" shapes the Gaussian curve, which \"torque_curve\" replaces: give one or the other");
  e.max_torque = 0.0;
  for (const TorquePoint& p : e.torque_table)
    if (p.torque > e.max_torque) {
      e.max_torque = p.torque;
      e.peak_torque_rpm = p.rpm;
    }
  if (!e.torque_table.empty() && e.max_torque < 10.0)
    r.error("torque_curve", "\"torque_curve\" must reach at least 10 N·m, its largest value is " + format_number(e.max_torque));
}

void read_engine(ObjectReader& r, std::vector<DataError>& errors, EngineSpec& e) {
  e.idle_rpm = r.number("idle_rpm", 300.0, 3000.0, "rpm", e.idle_rpm);
  e.max_rpm = r.number("max_rpm", 2000.0, 20000.0, "rpm", e.max_rpm);
  read_torque_curve(r, errors, e);
  e.inertia = r.number("inertia", 1.0, 50.0, "", e.inertia);
  e.flywheel_inertia = r.number("flywheel_inertia_kgm2", 0.0, 10.0, "kg·m²", e.flywheel_inertia);
  e.engine_brake = r.number("engine_brake", 0.0, 1.0, "", e.engine_brake);
  e.cylinders = r.integer("cylinders", 1, 16, e.cylinders);
}

void read_gearbox(ObjectReader& r, GearboxSpec& g) {
  g.ratios = r.numbers("ratios", 0.2, 10.0, "", 1, 10);
  g.reverse = r.number("reverse", 0.2, 10.0, "", g.reverse);
  g.final_drive = r.number("final_drive", 0.5, 10.0, "", g.final_drive);
  g.final_drive_2 = r.number("final_drive_2", 0.5, 10.0, "", g.final_drive_2);
  if (r.has("final_drive_2") || r.has("final_drive_2_gears")) {
    for (double gear : r.numbers("final_drive_2_gears", -1.0, 10.0, "", 1, 11)) {
      if (gear != std::floor(gear) || gear == 0.0 || gear > static_cast<double>(g.ratios.size())) {
        r.error("final_drive_2_gears", "\"final_drive_2_gears\" must list gears 1.." + std::to_string(g.ratios.size()) +
                                           " or -1 (reverse), got " + format_number(gear));
        break;
      }
      g.final_drive_2_gears.push_back(static_cast<int>(gear));
    }
    if (!r.has("final_drive_2")) r.error("final_drive_2_gears", "\"final_drive_2_gears\" needs \"final_drive_2\"");
  }
  g.efficiency = r.number("efficiency", 0.5, 1.0, "", g.efficiency);
  g.shift_up_rpm = r.number("shift_up_rpm", 1000.0, 20000.0, "rpm", g.shift_up_rpm);
  g.shift_down_rpm = r.number("shift_down_rpm", 500.0, 20000.0, "rpm", g.shift_down_rpm);
  g.clutch_recover_s = r.number("clutch_recover_s", 0.02, 2.0, "seconds", g.clutch_recover_s);
  g.min_shift_interval_s = r.number("min_shift_interval_s", 0.5, 5.0, "seconds", g.min_shift_interval_s);
  g.automatic = r.boolean("automatic", g.automatic);
  g.launch_rpm = r.number("launch_rpm", 500.0, 20000.0, "rpm", g.launch_rpm);
  g.launch_control = r.boolean("launch_control", g.launch_control);
}

void read_diff(ObjectReader& r, DiffSpec& d) {
  const std::string type = r.choice("type", {"open", "clutch", "torsen"});
  d.type = type == "clutch" ? DiffType::Clutch : type == "torsen" ? DiffType::Torsen : DiffType::Open;
  if (d.type == DiffType::Clutch) {
    d.preload = r.number("preload_nm", 0.0, 5000.0, "N·m", d.preload);
    d.power_lock = r.number("power_lock", 0.0, 1.0, "", d.power_lock);
    d.coast_lock = r.number("coast_lock", 0.0, 1.0, "", d.coast_lock);
  } else if (d.type == DiffType::Torsen) {
    d.bias_ratio = r.number("bias_ratio", 1.0, 10.0, "");
  }
  for (const char* key : {"preload_nm", "power_lock", "coast_lock", "bias_ratio"})
    if (r.has(key) && !(d.type == DiffType::Clutch && std::string_view(key) != "bias_ratio") &&
        !(d.type == DiffType::Torsen && std::string_view(key) == "bias_ratio"))
      r.error(key, "\"" + std::string(key) + "\" does not apply to a differential of type \"" + type + "\"");
}

void read_drive(ObjectReader& r, DriveSpec& d) {
  const std::string layout = r.choice("layout", {"fwd", "rwd", "awd"});
  d.layout = layout == "fwd" ? DriveLayout::FWD : layout == "rwd" ? DriveLayout::RWD : DriveLayout::AWD;
  d.awd_front_share = r.number("awd_front_share", 0.0, 1.0, "", d.awd_front_share);
  const struct {
    const char* key;
    DiffSpec* diff;
    bool driven;
    const char* why;
  } diffs[] = {{"front_diff", &d.front_diff, d.layout != DriveLayout::RWD, "the front axle is not driven"},
               {"rear_diff", &d.rear_diff, d.layout != DriveLayout::FWD, "the rear axle is not driven"},
               {"centre_diff", &d.centre_diff, d.layout == DriveLayout::AWD, "only an \"awd\" car has one"}};
  for (const auto& x : diffs)
    if (auto o = r.object(x.key, false)) {
      if (!x.driven) r.error(x.key, "\"" + std::string(x.key) + "\" is not allowed here: " + x.why);
      read_diff(*o, *x.diff);
      o->finish();
    }
}

void read_brakes(ObjectReader& r, BrakeSpec& b) {
  b.max_torque = r.number("max_torque_nm", 100.0, 50000.0, "N·m", b.max_torque);
  b.front_bias = r.number("front_bias", 0.0, 1.0, "", b.front_bias);
  b.handbrake_torque = r.number("handbrake_torque_nm", 0.0, 20000.0, "N·m", b.handbrake_torque);
}

template <typename Spec, typename Fn>
void section(ObjectReader& root, std::string_view key, bool required, Spec& spec, Fn read) {
  if (auto r = root.object(key, required)) {
    read(*r, spec);
    r->finish();
  }
}

// ---------------------------------------------------------------- 2. cross-field checks

void check(ObjectReader& r, std::string_view key, bool ok, std::string message) {
  if (!ok) r.error(key, std::move(message));
}

void check_consistency(ObjectReader& root, const CarSpec& c) {
  auto body = root.object("body", false);
  if (body) {
    check(*body, "cg_to_front_axle_m", c.body.cg_to_front_axle < c.body.wheelbase,
          "\"cg_to_front_axle_m\" must be less than \"wheelbase_m\" (the CG lies between the axles)");
    check(*body, "wheelbase_m", c.body.wheelbase < c.body.length, "\"wheelbase_m\" must be less than \"length_m\"");
    check(*body, "track_width_m", c.body.track_width <= c.body.width, "\"track_width_m\" must not exceed \"width_m\"");
    check(*body, "rear_track_width_m", c.body.rear_track_width <= c.body.width,
          "\"rear_track_width_m\" must not exceed \"width_m\"");
  }
  if (auto engine = root.object("engine", false)) {
    if (c.engine.torque_table.empty())
      check(*engine, "peak_torque_rpm", c.engine.idle_rpm < c.engine.peak_torque_rpm && c.engine.peak_torque_rpm < c.engine.max_rpm,
            "\"peak_torque_rpm\" must lie between \"idle_rpm\" and \"max_rpm\"");

  }
  if (auto g = root.object("gearbox", false)) {
    // Each gear's overall ratio (with its own final drive: a dual-clutch box's gears on the
    // second shaft may be numerically taller) must go down.
    const auto& r = c.gearbox.ratios;
    const auto overall = [&](std::size_t i) { return r[i] * c.gearbox.final_drive_for(static_cast<int>(i) + 1); };
    for (std::size_t i = 1; i < r.size(); ++i)
      if (!(overall(i) < overall(i - 1))) {
        g->error("ratios", "\"ratios\" times their final drive must go down from first gear to top gear");
        break;
      }
    check(*g, "shift_up_rpm", c.gearbox.shift_up_rpm <= c.engine.max_rpm - kLimiterBandRpm,
          "\"shift_up_rpm\" (" + format_number(c.gearbox.shift_up_rpm) + ") must be at least " +
              format_number(kLimiterBandRpm) + " rpm below the engine's \"max_rpm\" (" +
              format_number(c.engine.max_rpm) + "), where the rev limiter starts to fade the torque out");
    if (g->has("launch_rpm"))
      check(*g, "launch_rpm", c.engine.idle_rpm < c.gearbox.launch_rpm && c.gearbox.launch_rpm < c.gearbox.shift_up_rpm,
            "\"launch_rpm\" (" + format_number(c.gearbox.launch_rpm) + ") must lie between the engine's \"idle_rpm\" (" +
                format_number(c.engine.idle_rpm) + ") and \"shift_up_rpm\" (" + format_number(c.gearbox.shift_up_rpm) + ")");
    check(*g, "shift_down_rpm", c.gearbox.shift_down_rpm < c.gearbox.shift_up_rpm,
          "\"shift_down_rpm\" must be below \"shift_up_rpm\"");
    for (std::size_t i = 1; i < r.size(); ++i)
      if (c.gearbox.shift_up_rpm * r[i] / r[i - 1] <= c.gearbox.shift_down_rpm) {
        g->error("shift_down_rpm", "\"shift_down_rpm\" must be below the rpm after an up-shift (" +
                                       format_number(c.gearbox.shift_up_rpm * r[i] / r[i - 1]) +
                                       " into gear " + std::to_string(i + 1) + "), or the box would hunt");
        break;
      }
  }
  if (auto s = root.object("suspension", false)) {
    const double front_load = c.body.mass * kGravity * c.rear_axle_to_cg() / c.body.wheelbase / 2.0;
    const double rear_load = c.body.mass * kGravity / 2.0 - front_load;
    check(*s, "travel_m", front_load / c.suspension.front_stiffness < c.suspension.travel &&
                              rear_load / c.suspension.rear_stiffness < c.suspension.travel,
          "\"travel_m\" is less than the static compression: the springs are too soft for the car's weight");
  }
}

// ---------------------------------------------------------------- 3. load

Result<CarSpec> read_car(const JsonDoc& doc) {
  std::vector<DataError> errors;
  ObjectReader root = root_reader(doc, errors);
  CarSpec c;
  format_version(root, kCarFormat);
  c.name = root.string("name");
  section(root, "body", true, c.body, read_body);
  section(root, "suspension", false, c.suspension, read_suspension);
  section(root, "tyre", true, c, read_tyre);
  section(root, "engine", true, c.engine, [&errors](ObjectReader& r, EngineSpec& e) { read_engine(r, errors, e); });
  section(root, "gearbox", true, c.gearbox, read_gearbox);
  section(root, "drive", true, c.drive, read_drive);
  section(root, "brakes", false, c.brakes, read_brakes);
  section(root, "steering", false, c.steering, [](ObjectReader& r, SteeringSpec& s) {
    s.max_angle = deg_to_rad(r.number("max_angle_deg", 5.0, 60.0, "degrees", rad_to_deg(s.max_angle)));
    s.caster_trail = r.number("caster_trail_m", 0.0, 0.15, "metres", s.caster_trail);
    if (r.has("stiffness_nm_per_deg"))
      s.stiffness = rad_to_deg(r.number("stiffness_nm_per_deg", 20.0, 1e5, "N·m/degree"));  // per degree -> per radian
  });
  section(root, "assists", false, c.assists, [](ObjectReader& r, AssistSpec& a) {
    a.abs = r.boolean("abs", a.abs);
    a.tcs = r.boolean("tcs", a.tcs);
  });
  if (errors.empty()) check_consistency(root, c);
  root.finish();
  if (!errors.empty()) return errors;
  return c;
}

}  // namespace

double GearboxSpec::final_drive_for(int gear) const {
  if (final_drive_2 > 0.0 && std::find(final_drive_2_gears.begin(), final_drive_2_gears.end(), gear) != final_drive_2_gears.end())
    return final_drive_2;
  return final_drive;
}

double DiffSpec::locking_torque(double input, bool power) const {
  switch (type) {
    case DiffType::Open: return 0.0;
    case DiffType::Clutch: return preload + (power ? power_lock : coast_lock) * std::abs(input);
    case DiffType::Torsen: return (bias_ratio - 1.0) / (bias_ratio + 1.0) * std::abs(input);
  }
  return 0.0;
}

CarSpec physical_part(CarSpec spec) {
  spec.body.style = BodySpec{}.style;
  return spec;
}

const char* body_style_name(BodyStyle style) {
  switch (style) {
    case BodyStyle::Hatchback: return "hatchback";
    case BodyStyle::Racer: return "racer";
    case BodyStyle::Sedan: break;
  }
  return "sedan";
}

Result<CarSpec> parse_car_spec(std::string_view json_text, const std::string& file_name) {
  Result<JsonDoc> doc = JsonDoc::parse(json_text, file_name);
  if (!doc) return doc.errors();
  return read_car(doc.value());
}

Result<CarSpec> load_car_spec(const std::string& path) {
  Result<JsonDoc> doc = JsonDoc::load_file(path);
  if (!doc) return doc.errors();
  return read_car(doc.value());
}

// ---------------------------------------------------------------- 4. save

namespace {

using nlohmann::ordered_json;

// The keys a front and a rear tyre share. Keys at their "absent" value are left out, so a
// car that does not use them saves the text it did before they existed.
ordered_json save_tyre_common(const TyreSpec& t) {
  ordered_json tyre = {{"model", t.model == TyreModel::Tanh ? "tanh" : "pacejka"}, {"radius_m", t.radius},
                       {"width_m", t.width}, {"wheel_inertia_kgm2", t.wheel_inertia}};
  if (t.coefficients_width > 0.0) tyre["coefficients_width_m"] = t.coefficients_width;
  if (t.grip_scale != 1.0) tyre["grip_scale"] = t.grip_scale;
  if (t.rolling_resistance_doubling_speed > 0.0)
    tyre["rolling_resistance_doubling_kmh"] = mps_to_kmh(t.rolling_resistance_doubling_speed);
  if (t.pneumatic_trail > 0.0) tyre["pneumatic_trail_m"] = t.pneumatic_trail;
  if (t.relaxation_length > 0.0) tyre["relaxation_length_m"] = t.relaxation_length;
  return tyre;
}

ordered_json save_tyre_curve(const TyreSpec& t) {
  if (t.model == TyreModel::Pacejka) return {{"a", t.pacejka.a}, {"b", t.pacejka.b}};
  return {{"mu", t.tanh.mu}, {"load_sensitivity", t.tanh.load_sensitivity},
          {"reference_load_n", t.tanh.reference_load}, {"lateral_stiffness", t.tanh.lateral_stiffness},
          {"longitudinal_stiffness", t.tanh.longitudinal_stiffness}};
}

ordered_json save_tyre(const CarSpec& c) {
  const TyreSpec& t = c.tyre;
  ordered_json tyre = save_tyre_common(t);
  tyre["static_friction"] = t.static_friction;
  tyre["dynamic_speed_mps"] = t.dynamic_speed;
  tyre["rear_cornering_factor"] = t.rear_cornering_factor;
  tyre[t.model == TyreModel::Pacejka ? "pacejka" : "tanh"] = save_tyre_curve(t);
  if (c.rear_tyre) {
    ordered_json rear = save_tyre_common(*c.rear_tyre);
    rear[c.rear_tyre->model == TyreModel::Pacejka ? "pacejka" : "tanh"] = save_tyre_curve(*c.rear_tyre);
    tyre["rear"] = rear;
  }
  return tyre;
}

ordered_json save_engine(const EngineSpec& e) {
  ordered_json j = {{"idle_rpm", e.idle_rpm}, {"max_rpm", e.max_rpm}};
  if (e.torque_table.empty()) {
    j["max_torque_nm"] = e.max_torque;
    j["peak_torque_rpm"] = e.peak_torque_rpm;
    j["curve_c"] = e.curve_c;
    j["curve_f_rpm"] = e.curve_f;
    j["curve_floor_nm"] = e.curve_floor;
  } else {
    ordered_json table = ordered_json::array();
    for (const TorquePoint& p : e.torque_table) table.push_back({p.rpm, p.torque});
    j["torque_curve"] = table;
  }
  j["inertia"] = e.inertia;
  if (e.flywheel_inertia > 0.0) j["flywheel_inertia_kgm2"] = e.flywheel_inertia;
  j["engine_brake"] = e.engine_brake;
  j["cylinders"] = e.cylinders;
  return j;
}

ordered_json save_diff(const DiffSpec& d) {
  switch (d.type) {
    case DiffType::Clutch:
      return {{"type", "clutch"}, {"preload_nm", d.preload}, {"power_lock", d.power_lock}, {"coast_lock", d.coast_lock}};
    case DiffType::Torsen: return {{"type", "torsen"}, {"bias_ratio", d.bias_ratio}};
    case DiffType::Open: break;
  }
  return {{"type", "open"}};
}

ordered_json save_drive(const DriveSpec& d) {
  const char* layout = d.layout == DriveLayout::FWD ? "fwd" : d.layout == DriveLayout::RWD ? "rwd" : "awd";
  ordered_json j = {{"layout", layout}, {"awd_front_share", d.awd_front_share}};
  if (d.front_diff.type != DiffType::Open) j["front_diff"] = save_diff(d.front_diff);
  if (d.rear_diff.type != DiffType::Open) j["rear_diff"] = save_diff(d.rear_diff);
  if (d.centre_diff.type != DiffType::Open) j["centre_diff"] = save_diff(d.centre_diff);
  return j;
}

}  // namespace

std::string save_car_spec(const CarSpec& c) {
  const BodySpec& b = c.body;
  const SuspensionSpec& s = c.suspension;
  const GearboxSpec& g = c.gearbox;
  ordered_json j;
  j["format"] = kCarFormat;
  j["name"] = c.name;
  j["body"] = {{"mass_kg", b.mass}, {"length_m", b.length}, {"width_m", b.width}, {"height_m", b.height},
               {"wheelbase_m", b.wheelbase}, {"track_width_m", b.track_width},
               {"cg_to_front_axle_m", b.cg_to_front_axle}, {"cg_height_m", b.cg_height},
               {"inertia_factor", b.inertia_factor}, {"drag_coefficient", b.drag_coefficient},
               {"frontal_area_m2", b.frontal_area}, {"restitution", b.restitution}, {"body_friction", b.body_friction}};
  if (b.rear_track_width > 0.0) j["body"]["rear_track_width_m"] = b.rear_track_width;
  if (b.front_downforce_area != 0.0) j["body"]["front_downforce_area_m2"] = b.front_downforce_area;
  if (b.rear_downforce_area != 0.0) j["body"]["rear_downforce_area_m2"] = b.rear_downforce_area;
  if (b.style != BodySpec{}.style) j["body"]["style"] = body_style_name(b.style);
  j["suspension"] = {{"front_stiffness_n_per_m", s.front_stiffness}, {"rear_stiffness_n_per_m", s.rear_stiffness},
                     {"front_damping_ns_per_m", s.front_damping}, {"rear_damping_ns_per_m", s.rear_damping},
                     {"front_antiroll_n_per_m", s.front_antiroll}, {"rear_antiroll_n_per_m", s.rear_antiroll},
                     {"travel_m", s.travel}, {"bump_stop_n_per_m", s.bump_stop_stiffness}};
  if (s.rear_compliance_steer > 0.0)
    j["suspension"]["rear_compliance_steer_deg_per_kn"] = rad_to_deg(s.rear_compliance_steer * 1000.0);
  j["tyre"] = save_tyre(c);
  j["engine"] = save_engine(c.engine);
  j["gearbox"] = {{"ratios", g.ratios}, {"reverse", g.reverse}, {"final_drive", g.final_drive},
                  {"efficiency", g.efficiency}, {"shift_up_rpm", g.shift_up_rpm}, {"shift_down_rpm", g.shift_down_rpm},
                  {"clutch_recover_s", g.clutch_recover_s}, {"min_shift_interval_s", g.min_shift_interval_s},
                  {"automatic", g.automatic}};
  if (g.final_drive_2 > 0.0) {
    j["gearbox"]["final_drive_2"] = g.final_drive_2;
    j["gearbox"]["final_drive_2_gears"] = g.final_drive_2_gears;
  }
  if (g.launch_rpm > 0.0) j["gearbox"]["launch_rpm"] = g.launch_rpm;
  if (g.launch_control) j["gearbox"]["launch_control"] = true;
  j["drive"] = save_drive(c.drive);
  j["brakes"] = {{"max_torque_nm", c.brakes.max_torque}, {"front_bias", c.brakes.front_bias},
                 {"handbrake_torque_nm", c.brakes.handbrake_torque}};
  j["steering"] = {{"max_angle_deg", rad_to_deg(c.steering.max_angle)}};
  if (c.steering.caster_trail > 0.0) j["steering"]["caster_trail_m"] = c.steering.caster_trail;
  if (c.steering.stiffness > 0.0) j["steering"]["stiffness_nm_per_deg"] = deg_to_rad(c.steering.stiffness);
  j["assists"] = {{"abs", c.assists.abs}, {"tcs", c.assists.tcs}};
  return j.dump(2) + "\n";
}

}  // namespace racer
