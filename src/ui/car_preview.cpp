// Sections: figures | the picture.
#include "ui/car_preview.h"

#include <algorithm>
#include <cmath>

#include "render/camera.h"
#include "render/car_view.h"
#include "sim/proving_ground.h"
#include "vehicle/drivetrain.h"

namespace racer {

// ---- figures ----------------------------------------------------------------------------------

CarFigures car_figures(const CarSpec& spec) {
  CarFigures f;
  const EngineSpec& e = spec.engine;
  for (double rpm = std::max(e.idle_rpm, 100.0); rpm <= e.max_rpm; rpm += 10.0) {
    const double torque = engine_torque_curve(e, rpm);
    const double power = torque * rpm * 6.283185307179586 / 60.0;
    if (power > f.power_w) {
      f.power_w = power;
      f.power_rpm = rpm;
    }
    f.torque_nm = std::max(f.torque_nm, torque);
  }
  f.mass_kg = spec.body.mass;
  f.drive = spec.drive.layout;
  f.gears = static_cast<int>(spec.gearbox.ratios.size());
  f.automatic = spec.gearbox.automatic;
  f.power_to_weight = f.mass_kg > 0.0 ? f.power_w / f.mass_kg : 0.0;
  return f;
}

void measure_acceleration(const CarSpec& spec, CarFigures& figures) {
  const AccelResult a = run_accel(spec, 120.0);  // to the speed the car settles at
  figures.t_0_100_s = a.t_0_100_s;
  figures.top_speed_kmh = a.top_speed_kmh;
}

const char* drive_name(DriveLayout drive) {
  switch (drive) {
    case DriveLayout::FWD: return "FWD";
    case DriveLayout::RWD: return "RWD";
    case DriveLayout::AWD: return "AWD";
  }
  return "?";
}

// ---- the picture ------------------------------------------------------------------------------

CarPreview::~CarPreview() { release(); }

void CarPreview::release() {
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
  texture_ = nullptr;
  renderer_ = nullptr;
  key_.clear();
}

SDL_Texture* CarPreview::texture(SDL_Renderer* r, const CarSpec& spec, const std::string& key, int width, int height) {
  if (width <= 0 || height <= 0) return nullptr;
  if (texture_ != nullptr && r == renderer_ && key == key_ && width == width_ && height == height_) return texture_;
  release();
  SDL_RendererInfo info;
  if (SDL_GetRendererInfo(r, &info) != 0 || (info.flags & SDL_RENDERER_TARGETTEXTURE) == 0) return nullptr;
  SDL_Texture* t = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, width, height);
  if (t == nullptr) return nullptr;
  SDL_Texture* previous = SDL_GetRenderTarget(r);
  if (SDL_SetRenderTarget(r, t) != 0) {
    SDL_DestroyTexture(t);
    return nullptr;
  }
  SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
  SDL_SetRenderDrawColor(r, 0, 0, 0, 0);
  SDL_RenderClear(r);
  // The car nose right, as long as 80% of the width (or as wide as 60% of the height).
  const double ppm = std::min(0.8 * width / std::max(spec.body.length, 0.5), 0.6 * height / std::max(spec.body.width, 0.5));
  CameraConfig c;
  c.view_height_m = static_cast<double>(height) / ppm;
  c.zoom_with_speed = false;
  c.max_look_ahead_m = 0.0;
  Camera camera(c);
  camera.set_viewport(width, height);
  CarSnapshot car;
  camera.snap_to(car);
  draw_car(r, camera, car, spec, player_paint());
  SDL_SetRenderTarget(r, previous);
  SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
  texture_ = t;
  renderer_ = r;
  key_ = key;
  width_ = width;
  height_ = height;
  ++drawn_;
  return texture_;
}

}  // namespace racer
