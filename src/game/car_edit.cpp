#include "game/car_edit.h"

#include <algorithm>
#include <system_error>

#include "core/math.h"
#include "game/storage.h"

namespace racer {
namespace fs = std::filesystem;

// The loader's ranges (vehicle/car_spec.cpp) for each key; a lambda without captures is a
// plain function pointer.
const std::vector<CarParam>& car_params() {
  static const std::vector<CarParam> params = {
      {"body.mass_kg", "mass kg", 100.0, 5000.0, [](const CarSpec& c) { return c.body.mass; },
       [](CarSpec& c, double v) { c.body.mass = v; }},
      {"body.cg_height_m", "CG height m", 0.1, 1.5, [](const CarSpec& c) { return c.body.cg_height; },
       [](CarSpec& c, double v) { c.body.cg_height = v; }},
      {"body.drag_coefficient", "drag Cd", 0.0, 2.0, [](const CarSpec& c) { return c.body.drag_coefficient; },
       [](CarSpec& c, double v) { c.body.drag_coefficient = v; }},
      {"suspension.front_stiffness_n_per_m", "front spring N/m", 1000.0, 1e6,
       [](const CarSpec& c) { return c.suspension.front_stiffness; }, [](CarSpec& c, double v) { c.suspension.front_stiffness = v; }},
      {"suspension.rear_stiffness_n_per_m", "rear spring N/m", 1000.0, 1e6,
       [](const CarSpec& c) { return c.suspension.rear_stiffness; }, [](CarSpec& c, double v) { c.suspension.rear_stiffness = v; }},
      {"suspension.front_damping_ns_per_m", "front damper N s/m", 0.0, 1e5,
       [](const CarSpec& c) { return c.suspension.front_damping; }, [](CarSpec& c, double v) { c.suspension.front_damping = v; }},
      {"suspension.rear_damping_ns_per_m", "rear damper N s/m", 0.0, 1e5,
       [](const CarSpec& c) { return c.suspension.rear_damping; }, [](CarSpec& c, double v) { c.suspension.rear_damping = v; }},
      {"suspension.front_antiroll_n_per_m", "front anti-roll N/m", 0.0, 1e6,
       [](const CarSpec& c) { return c.suspension.front_antiroll; }, [](CarSpec& c, double v) { c.suspension.front_antiroll = v; }},
      {"suspension.rear_antiroll_n_per_m", "rear anti-roll N/m", 0.0, 1e6,
       [](const CarSpec& c) { return c.suspension.rear_antiroll; }, [](CarSpec& c, double v) { c.suspension.rear_antiroll = v; }},
      {"suspension.travel_m", "travel m", 0.02, 0.6, [](const CarSpec& c) { return c.suspension.travel; },
       [](CarSpec& c, double v) { c.suspension.travel = v; }},
      {"suspension.rear_compliance_steer_deg_per_kn", "rear toe deg/kN", 0.0, 1.0,
       [](const CarSpec& c) { return rad_to_deg(c.suspension.rear_compliance_steer * 1000.0); },  // rad/N -> deg/kN
       [](CarSpec& c, double v) { c.suspension.rear_compliance_steer = deg_to_rad(v) / 1000.0; }},
      {"tyre.grip_scale", "tyre grip scale", 0.3, 2.0, [](const CarSpec& c) { return c.tyre.grip_scale; },
       [](CarSpec& c, double v) { c.tyre.grip_scale = v; }},
      {"tyre.rear_cornering_factor", "rear cornering factor", 0.5, 3.0,
       [](const CarSpec& c) { return c.tyre.rear_cornering_factor; }, [](CarSpec& c, double v) { c.tyre.rear_cornering_factor = v; }},
      {"tyre.pneumatic_trail_m", "pneumatic trail m", 0.0, 0.15, [](const CarSpec& c) { return c.tyre.pneumatic_trail; },
       [](CarSpec& c, double v) { c.tyre.pneumatic_trail = v; }},
      {"tyre.relaxation_length_m", "relaxation length m", 0.0, 3.0, [](const CarSpec& c) { return c.tyre.relaxation_length; },
       [](CarSpec& c, double v) { c.tyre.relaxation_length = v; }},
      {"engine.max_torque_nm", "max torque N m", 10.0, 3000.0, [](const CarSpec& c) { return c.engine.max_torque; },
       [](CarSpec& c, double v) { c.engine.max_torque = v; }},
      {"engine.peak_torque_rpm", "peak torque rpm", 500.0, 20000.0, [](const CarSpec& c) { return c.engine.peak_torque_rpm; },
       [](CarSpec& c, double v) { c.engine.peak_torque_rpm = v; }},
      {"engine.max_rpm", "max rpm", 2000.0, 20000.0, [](const CarSpec& c) { return c.engine.max_rpm; },
       [](CarSpec& c, double v) { c.engine.max_rpm = v; }},
      {"engine.engine_brake", "engine brake", 0.0, 1.0, [](const CarSpec& c) { return c.engine.engine_brake; },
       [](CarSpec& c, double v) { c.engine.engine_brake = v; }},
      {"gearbox.final_drive", "final drive", 0.5, 10.0, [](const CarSpec& c) { return c.gearbox.final_drive; },
       [](CarSpec& c, double v) { c.gearbox.final_drive = v; }},
      {"gearbox.shift_up_rpm", "shift up rpm", 1000.0, 20000.0, [](const CarSpec& c) { return c.gearbox.shift_up_rpm; },
       [](CarSpec& c, double v) { c.gearbox.shift_up_rpm = v; }},
      {"gearbox.shift_down_rpm", "shift down rpm", 500.0, 20000.0, [](const CarSpec& c) { return c.gearbox.shift_down_rpm; },
       [](CarSpec& c, double v) { c.gearbox.shift_down_rpm = v; }},
      {"brakes.max_torque_nm", "brake torque N m", 100.0, 50000.0, [](const CarSpec& c) { return c.brakes.max_torque; },
       [](CarSpec& c, double v) { c.brakes.max_torque = v; }},
      {"brakes.front_bias", "brake front bias", 0.0, 1.0, [](const CarSpec& c) { return c.brakes.front_bias; },
       [](CarSpec& c, double v) { c.brakes.front_bias = v; }},
      {"steering.max_angle_deg", "steering lock deg", 5.0, 60.0, [](const CarSpec& c) { return rad_to_deg(c.steering.max_angle); },
       [](CarSpec& c, double v) { c.steering.max_angle = deg_to_rad(v); }},
      {"steering.caster_trail_m", "caster trail m", 0.0, 0.15, [](const CarSpec& c) { return c.steering.caster_trail; },
       [](CarSpec& c, double v) { c.steering.caster_trail = v; }},
      {"steering.stiffness_nm_per_deg", "steer stiffness N m/deg", 0.0, 5000.0,
       [](const CarSpec& c) { return deg_to_rad(c.steering.stiffness); },  // N·m/rad -> N·m/degree
       // Under the loader's 20 N·m/deg the steering is taken as rigid, so a saved car loads.
       [](CarSpec& c, double v) { c.steering.stiffness = v < 20.0 ? 0.0 : rad_to_deg(v); }},
  };
  return params;
}

const CarParam* find_car_param(std::string_view key) {
  for (const CarParam& p : car_params())
    if (key == p.key) return &p;
  return nullptr;
}

bool set_car_param(CarSpec& spec, std::string_view key, double value) {
  const CarParam* p = find_car_param(key);
  if (p == nullptr) return false;
  p->set(spec, std::clamp(value, p->lo, p->hi));
  return true;
}

fs::path user_car_file(const fs::path& data_dir, std::string_view id) {
  std::string clean;
  for (const char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '-' || c == '.';
    clean += ok ? c : '_';
  }
  if (clean.empty() || clean == "." || clean == "..") clean = "_" + clean;
  return data_dir / "cars" / (clean + ".json");
}

Result<fs::path> save_user_car(const fs::path& data_dir, std::string_view id, const CarSpec& spec) {
  if (id.empty()) return DataError{"", 0, 0, "a car needs a name to be saved"};
  const fs::path path = user_car_file(data_dir, id);
  if (auto error = write_file_atomic(path, save_car_spec(spec))) return *error;
  const Result<CarSpec> back = load_car_spec(path.string());
  if (!back) return back.errors();
  return path;
}

std::vector<fs::path> user_car_files(const fs::path& data_dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::directory_iterator it(data_dir / "cars", ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code file_ec;
    if (it->path().extension() == ".json" && fs::is_regular_file(it->path(), file_ec)) out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace racer
