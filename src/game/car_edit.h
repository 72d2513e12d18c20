#pragma once
// Car parameters a modder edits live in the Vehicle panel (ui/vehicle_panel.h), and the
// edited car saved as a car file (docs/car-format.md) in the user's data directory,
// <data dir>/cars/<id>.json, where the menus find it beside the shipped cars.
// Each parameter is named by its car file key ("engine.max_torque_nm") and edited in the
// file's units over the range the loader accepts, so a saved edit always loads again.
// Pure apart from file I/O: no SDL, no ImGui, no wall clock.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "vehicle/car_spec.h"

namespace racer {

struct CarParam {
  const char* key;    ///< "<section>.<key>" as in the car file
  const char* label;  ///< for the panel
  double lo, hi;      ///< the loader's range, in the file's units
  double (*get)(const CarSpec&);       ///< in the file's units
  void (*set)(CarSpec&, double value);  ///< from the file's units
};

/// The editable parameters, grouped by section in the file's order.
const std::vector<CarParam>& car_params();
/// The parameter of a key, or null.
const CarParam* find_car_param(std::string_view key);
/// Sets a parameter (clamped to its range); false for an unknown key (nothing changed).
bool set_car_param(CarSpec& spec, std::string_view key, double value);

/// `data_dir / "cars" / "<id>.json"`, characters other than [A-Za-z0-9_.-] in the id made '_'.
std::filesystem::path user_car_file(const std::filesystem::path& data_dir, std::string_view id);
/// Writes `spec` (save_car_spec) atomically as user_car_file(data_dir, id) and reads it back
/// with load_car_spec; returns the path, or the errors (an empty id is one).
Result<std::filesystem::path> save_user_car(const std::filesystem::path& data_dir, std::string_view id,
                                            const CarSpec& spec);
/// The user's car files (`data_dir / "cars" / "*.json"`), sorted; none when the folder is missing.
std::vector<std::filesystem::path> user_car_files(const std::filesystem::path& data_dir);

}  // namespace racer
