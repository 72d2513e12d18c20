#pragma once
// The setup screens' car preview: the car drawn from above by the race's own car drawing
// (render/car_view.h's draw_car, in the player's paint) into a texture, and its key
// figures. The figures from the file are computed at once (peak power from the torque
// curve, mass, drive, gears); 0-100 km/h and top speed come from one run of the proving
// ground's acceleration test (sim/proving_ground.h), done once per car, off the frame.
// Sections: figures (pure) | the picture.
#include <SDL.h>

#include <optional>
#include <string>

#include "vehicle/car_spec.h"

namespace racer {

// ---- figures (pure) -------------------------------------------------------------------------

struct CarFigures {
  double power_w = 0.0;          ///< W, peak of torque x engine speed at full throttle
  double power_rpm = 0.0;        ///< rev/min at the peak
  double torque_nm = 0.0;        ///< N·m, peak
  double mass_kg = 0.0;
  DriveLayout drive = DriveLayout::RWD;
  int gears = 0;                 ///< forward
  bool automatic = true;
  double power_to_weight = 0.0;  ///< W/kg
  // From the acceleration test (std::nullopt until measured, or if not reached).
  std::optional<double> t_0_100_s;
  std::optional<double> top_speed_kmh;
};

/// The figures the file gives (cheap: a scan of the torque curve every 10 rpm).
CarFigures car_figures(const CarSpec& spec);
/// 0-100 km/h and top speed measured: full throttle from a standstill with the automatic
/// gearbox for up to 60 s at 120 Hz (vehicle-lab's accel test; about 0.05 s of CPU).
void measure_acceleration(const CarSpec& spec, CarFigures& figures);
/// "RWD", "FWD", "AWD".
const char* drive_name(DriveLayout drive);

// ---- the picture ------------------------------------------------------------------------------

/// The car, nose to the right, in a texture of the requested size (px), drawn again only
/// when the car or the size changes.
class CarPreview {
 public:
  CarPreview() = default;
  ~CarPreview();
  CarPreview(const CarPreview&) = delete;
  CarPreview& operator=(const CarPreview&) = delete;

  /// The texture showing `spec` (`key` names it: a new key redraws), or null if the
  /// renderer cannot draw into textures.
  SDL_Texture* texture(SDL_Renderer* renderer, const CarSpec& spec, const std::string& key, int width, int height);
  void release();
  int textures_drawn() const { return drawn_; }

 private:
  SDL_Texture* texture_ = nullptr;
  SDL_Renderer* renderer_ = nullptr;
  std::string key_;
  int width_ = 0, height_ = 0;
  int drawn_ = 0;
};

}  // namespace racer
