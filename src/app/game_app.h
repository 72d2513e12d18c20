#pragma once
// GameApp: the frame loop of the first slice: one car on the test ground.
// A frame: poll input -> map to controls -> advance fixed steps -> render -> present.
// In fixed-time runs (--frames, --screenshot) every frame advances exactly 1/60 s of sim
// time with no sleeping and no wall clock, and a scripted driver replaces the devices.
#include <cstdint>
#include <memory>

#include "app/options.h"
#include "core/fixed_step.h"
#include "game/input_map.h"
#include "platform/input_devices.h"
#include "platform/window.h"
#include "render/camera.h"
#include "render/skid_marks.h"
#include "sim/world.h"
#include "track/test_ground.h"
#include "ui/driver_aids.h"
#include "ui/imgui_layer.h"

namespace racer {

class GameApp {
 public:
  /// `window` must be ok(). Returns the exit status from run().
  GameApp(const Options& options, const CarSpec& spec, Window& window);
  int run();

 private:
  // --- the phases of one frame ---
  void poll_input();
  double frame_seconds();
  void step_world();
  void render();
  bool finish_frame();  // screenshot / frame count; false when the run is over
  void present();

  void reset_car();
  void apply_driver_aid_toggles();  ///< F2 / F3 / M (gamepad Y) from this frame's commands
  DriverAids driver_aids() const;   ///< the live switches, read from the car
  DriveContext drive_context() const;
  static InputState scripted_input(double sim_time);

  Options options_;
  CarSpec spec_;
  Window& window_;
  TestGround ground_;
  World world_;
  FixedStep clock_;
  InputMapper mapper_;
  InputDevices devices_;
  ImGuiLayer ui_;
  Camera camera_;
  SkidMarks skid_marks_;  ///< visual only, fed from the snapshots
  InputState input_;
  AppCommands commands_;
  WorldSnapshot previous_, current_;
  bool show_debug_ = true;
  bool quit_ = false;
  int exit_status_ = 0;
  int frame_ = 0;
  std::uint64_t last_counter_ = 0;
  double frame_dt_ = 1.0 / 60.0;  ///< s, the last frame's length (camera easing)
};

}  // namespace racer
