// Car files: load (validating, every problem with file:line:col) and save (the inverse).
// Sections: 1. per-section readers  2. cross-field checks  3. load entry points  4. save
#include "vehicle/car_spec.h"

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
}

template <std::size_t N>
void read_coefficients(ObjectReader& r, std::string_view key, std::array<double, N>& out) {
  const std::vector<double> v = r.numbers(key, -1e6, 1e6, "", N, N);
  for (std::size_t i = 0; i < N && i < v.size(); ++i) out[i] = v[i];
}

void read_tyre(ObjectReader& r, TyreSpec& t) {
  t.model = r.choice("model", {"pacejka", "tanh"}) == "tanh" ? TyreModel::Tanh : TyreModel::Pacejka;
  t.radius = r.number("radius_m", 0.15, 0.8, "metres", t.radius);
  t.width = r.number("width_m", 0.08, 0.5, "metres", t.width);
  t.wheel_inertia = r.number("wheel_inertia_kgm2", 0.1, 20.0, "kg·m²", t.wheel_inertia);
  t.static_friction = r.number("static_friction", 0.0, 0.999, "", t.static_friction);
  t.dynamic_speed = r.number("dynamic_speed_mps", 0.05, 5.0, "m/s", t.dynamic_speed);
  t.rear_cornering_factor = r.number("rear_cornering_factor", 0.5, 3.0, "", t.rear_cornering_factor);
  if (t.model == TyreModel::Pacejka) {
    if (auto p = r.object("pacejka", true)) {
      read_coefficients(*p, "a", t.pacejka.a);
      read_coefficients(*p, "b", t.pacejka.b);
      p->finish();
    }
  } else if (auto h = r.object("tanh", true)) {
    TanhSpec& s = t.tanh;
    s.mu = h->number("mu", 0.1, 3.0, "");
    s.load_sensitivity = h->number("load_sensitivity", 0.0, 0.5, "", s.load_sensitivity);
    s.reference_load = h->number("reference_load_n", 100.0, 50000.0, "N", s.reference_load);
    s.lateral_stiffness = h->number("lateral_stiffness", 1.0, 100.0, "per radian", s.lateral_stiffness);
    s.longitudinal_stiffness = h->number("longitudinal_stiffness", 1.0, 100.0, "", s.longitudinal_stiffness);
    h->finish();
  }
}

void read_engine(ObjectReader& r, EngineSpec& e) {
  e.idle_rpm = r.number("idle_rpm", 300.0, 3000.0, "rpm", e.idle_rpm);
  e.max_rpm = r.number("max_rpm", 2000.0, 20000.0, "rpm", e.max_rpm);
  e.max_torque = r.number("max_torque_nm", 10.0, 3000.0, "N·m");
  e.peak_torque_rpm = r.number("peak_torque_rpm", 500.0, 20000.0, "rpm", e.peak_torque_rpm);
  e.curve_c = r.number("curve_c", 0.1, 5.0, "", e.curve_c);
  e.curve_f = r.number("curve_f_rpm", 100.0, 20000.0, "rpm", e.curve_f);
  e.curve_floor = r.number("curve_floor_nm", 0.0, 3000.0, "N·m", e.curve_floor);
  e.inertia = r.number("inertia", 1.0, 50.0, "", e.inertia);
  e.engine_brake = r.number("engine_brake", 0.0, 1.0, "", e.engine_brake);
  e.cylinders = r.integer("cylinders", 1, 16, e.cylinders);
}

void read_gearbox(ObjectReader& r, GearboxSpec& g) {
  g.ratios = r.numbers("ratios", 0.2, 10.0, "", 1, 10);
  g.reverse = r.number("reverse", 0.2, 10.0, "", g.reverse);
  g.final_drive = r.number("final_drive", 0.5, 10.0, "", g.final_drive);
  g.efficiency = r.number("efficiency", 0.5, 1.0, "", g.efficiency);
  g.shift_up_rpm = r.number("shift_up_rpm", 1000.0, 20000.0, "rpm", g.shift_up_rpm);
  g.shift_down_rpm = r.number("shift_down_rpm", 500.0, 20000.0, "rpm", g.shift_down_rpm);
  g.clutch_recover_s = r.number("clutch_recover_s", 0.02, 2.0, "seconds", g.clutch_recover_s);
  g.min_shift_interval_s = r.number("min_shift_interval_s", 0.5, 5.0, "seconds", g.min_shift_interval_s);
  g.automatic = r.boolean("automatic", g.automatic);
  g.launch_rpm = r.number("launch_rpm", 500.0, 20000.0, "rpm", g.launch_rpm);
  g.launch_control = r.boolean("launch_control", g.launch_control);
}

void read_drive(ObjectReader& r, DriveSpec& d) {
  const std::string layout = r.choice("layout", {"fwd", "rwd", "awd"});
  d.layout = layout == "fwd" ? DriveLayout::FWD : layout == "rwd" ? DriveLayout::RWD : DriveLayout::AWD;
  d.awd_front_share = r.number("awd_front_share", 0.0, 1.0, "", d.awd_front_share);
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
  }
  if (auto engine = root.object("engine", false)) {
    check(*engine, "peak_torque_rpm", c.engine.idle_rpm < c.engine.peak_torque_rpm && c.engine.peak_torque_rpm < c.engine.max_rpm,
          "\"peak_torque_rpm\" must lie between \"idle_rpm\" and \"max_rpm\"");
  }
  if (auto g = root.object("gearbox", false)) {
    const auto& r = c.gearbox.ratios;
    for (std::size_t i = 1; i < r.size(); ++i)
      if (!(r[i] < r[i - 1])) {
        g->error("ratios", "\"ratios\" must go down from first gear to top gear");
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
  section(root, "tyre", true, c.tyre, read_tyre);
  section(root, "engine", true, c.engine, read_engine);
  section(root, "gearbox", true, c.gearbox, read_gearbox);
  section(root, "drive", true, c.drive, read_drive);
  section(root, "brakes", false, c.brakes, read_brakes);
  section(root, "steering", false, c.steering, [](ObjectReader& r, SteeringSpec& s) {
    s.max_angle = deg_to_rad(r.number("max_angle_deg", 5.0, 60.0, "degrees", rad_to_deg(s.max_angle)));
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

std::string save_car_spec(const CarSpec& c) {
  using nlohmann::ordered_json;
  const BodySpec& b = c.body;
  const SuspensionSpec& s = c.suspension;
  const TyreSpec& t = c.tyre;
  const EngineSpec& e = c.engine;
  const GearboxSpec& g = c.gearbox;
  ordered_json j;
  j["format"] = kCarFormat;
  j["name"] = c.name;
  j["body"] = {{"mass_kg", b.mass}, {"length_m", b.length}, {"width_m", b.width}, {"height_m", b.height},
               {"wheelbase_m", b.wheelbase}, {"track_width_m", b.track_width},
               {"cg_to_front_axle_m", b.cg_to_front_axle}, {"cg_height_m", b.cg_height},
               {"inertia_factor", b.inertia_factor}, {"drag_coefficient", b.drag_coefficient},
               {"frontal_area_m2", b.frontal_area}, {"restitution", b.restitution}, {"body_friction", b.body_friction}};
  if (b.style != BodySpec{}.style) j["body"]["style"] = body_style_name(b.style);
  j["suspension"] = {{"front_stiffness_n_per_m", s.front_stiffness}, {"rear_stiffness_n_per_m", s.rear_stiffness},
                     {"front_damping_ns_per_m", s.front_damping}, {"rear_damping_ns_per_m", s.rear_damping},
                     {"front_antiroll_n_per_m", s.front_antiroll}, {"rear_antiroll_n_per_m", s.rear_antiroll},
                     {"travel_m", s.travel}, {"bump_stop_n_per_m", s.bump_stop_stiffness}};
  ordered_json tyre = {{"model", t.model == TyreModel::Tanh ? "tanh" : "pacejka"}, {"radius_m", t.radius},
                       {"width_m", t.width}, {"wheel_inertia_kgm2", t.wheel_inertia},
                       {"static_friction", t.static_friction}, {"dynamic_speed_mps", t.dynamic_speed},
                       {"rear_cornering_factor", t.rear_cornering_factor}};
  if (t.model == TyreModel::Pacejka)
    tyre["pacejka"] = {{"a", t.pacejka.a}, {"b", t.pacejka.b}};
  else
    tyre["tanh"] = {{"mu", t.tanh.mu}, {"load_sensitivity", t.tanh.load_sensitivity},
                    {"reference_load_n", t.tanh.reference_load}, {"lateral_stiffness", t.tanh.lateral_stiffness},
                    {"longitudinal_stiffness", t.tanh.longitudinal_stiffness}};
  j["tyre"] = tyre;
  j["engine"] = {{"idle_rpm", e.idle_rpm}, {"max_rpm", e.max_rpm}, {"max_torque_nm", e.max_torque},
                 {"peak_torque_rpm", e.peak_torque_rpm}, {"curve_c", e.curve_c}, {"curve_f_rpm", e.curve_f},
                 {"curve_floor_nm", e.curve_floor}, {"inertia", e.inertia}, {"engine_brake", e.engine_brake},
                 {"cylinders", e.cylinders}};
  j["gearbox"] = {{"ratios", g.ratios}, {"reverse", g.reverse}, {"final_drive", g.final_drive},
                  {"efficiency", g.efficiency}, {"shift_up_rpm", g.shift_up_rpm}, {"shift_down_rpm", g.shift_down_rpm},
                  {"clutch_recover_s", g.clutch_recover_s}, {"min_shift_interval_s", g.min_shift_interval_s},
                  {"automatic", g.automatic}};
  if (g.launch_rpm > 0.0) j["gearbox"]["launch_rpm"] = g.launch_rpm;
  if (g.launch_control) j["gearbox"]["launch_control"] = true;
  const char* layout = c.drive.layout == DriveLayout::FWD ? "fwd" : c.drive.layout == DriveLayout::RWD ? "rwd" : "awd";
  j["drive"] = {{"layout", layout}, {"awd_front_share", c.drive.awd_front_share}};
  j["brakes"] = {{"max_torque_nm", c.brakes.max_torque}, {"front_bias", c.brakes.front_bias},
                 {"handbrake_torque_nm", c.brakes.handbrake_torque}};
  j["steering"] = {{"max_angle_deg", rad_to_deg(c.steering.max_angle)}};
  j["assists"] = {{"abs", c.assists.abs}, {"tcs", c.assists.tcs}};
  return j.dump(2) + "\n";
}

}  // namespace racer
