#pragma once
// GameApp: the frame loop. One car, on the test ground or on a track (--track): timed laps
// with the lap timer on screen, and F5 re-reads the track and car files (errors shown in
// a window; the old ones stay in use until a reload succeeds). The Vehicle panel (F1) and
// the Car editor beside it edit the car live; Save as writes it to <data dir>/cars/.
// A frame: poll input -> map to controls -> advance fixed steps -> render -> present.
// In fixed-time runs (--frames, --screenshot) every frame advances exactly 1/60 s of sim
// time with no sleeping and no wall clock, and a scripted driver replaces the devices.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "app/frame_profile.h"
#include "app/options.h"
#include "core/fixed_step.h"
#include "game/input_map.h"
#include "game/lap_timer.h"
#include "platform/audio_out.h"
#include "platform/input_devices.h"
#include "platform/window.h"
#include "render/camera.h"
#include "render/minimap.h"
#include "render/particles.h"
#include "render/skid_marks.h"
#include "render/track_view.h"
#include "sim/world.h"
#include "track/test_ground.h"
#include "track/track.h"
#include "ui/driver_aids.h"
#include "ui/car_editor.h"
#include "ui/error_window.h"
#include "ui/imgui_layer.h"

namespace racer {

class GameApp {
 public:
  /// `window` must be ok(). `track`: the loaded --track file, or null for the test ground.
  /// Returns the exit status from run().
  /// `data_dir`: where the Car editor saves (nullopt: it cannot).
  GameApp(const Options& options, const CarSpec& spec, std::shared_ptr<const Track> track, Window& window,
          std::optional<std::filesystem::path> data_dir = std::nullopt);
  ~GameApp();
  int run();
  /// Where the frames' time went (F6's overlay, --frame-stats).
  const FrameProfile& profile() const { return profile_; }

 private:
  // --- the phases of one frame ---
  void poll_input();
  double frame_seconds();
  void step_world();
  void render();
  bool finish_frame();  // screenshot / frame count; false when the run is over
  void present();

  // --- set-up and reload ---
  /// A new world on the current track (or the test ground) with the car at the start.
  void build_world(const DriverAids* keep_aids);
  void reload();  ///< F5
  Pose start_pose() const;

  void reset_car();
  void car_editor();                ///< the Car editor's window and what it asks for
  void drive_with(const CarSpec& spec);  ///< the car rebuilt with `spec` where it is, at its speed
  void apply_driver_aid_toggles();  ///< F2 / F3 / M (gamepad Y) from this frame's commands
  DriverAids driver_aids() const;   ///< the live switches, read from the car
  DriveContext drive_context() const;
  InputState scripted_input();      ///< the fixed-time runs' driver

  Options options_;
  CarSpec spec_;
  CarSpec file_spec_;   ///< the car as its file says (the Car editor's Revert)
  CarSpec draft_;       ///< the Car editor's values
  CarEditorState editor_;
  std::optional<std::filesystem::path> data_dir_;
  Window& window_;
  TestGround ground_;
  std::shared_ptr<const Track> track_;      ///< null on the test ground; outlives world_ and timer_
  std::unique_ptr<TrackView> track_view_;
  std::unique_ptr<World> world_;
  std::unique_ptr<LapTimer> timer_;
  FixedStep clock_;
  InputMapper mapper_;
  InputDevices devices_;
  AudioOut audio_;  ///< fed once per frame from the snapshot; silent without a device
  ImGuiLayer ui_;
  Camera camera_;
  SkidMarks skid_marks_;  ///< visual only, fed from the snapshots
  ParticleSystem particles_;        ///< smoke and dust, visual only, fed from the snapshots
  std::unique_ptr<Minimap> minimap_;  ///< on a track
  InputState input_;
  AppCommands commands_;
  Controls switches_;  ///< aid and gearbox switch commands for the next step (the rest unused)
  WorldSnapshot previous_, current_;
  LoadErrors load_errors_;
  std::string notice_;     ///< a short message after a reload
  int notice_until_ = 0;   ///< frame number the notice shows until
  FrameProfile profile_;
  bool show_perf_ = false;  ///< F6
  bool show_debug_ = true;
  bool quit_ = false;
  int exit_status_ = 0;
  int frame_ = 0;
  std::uint64_t last_counter_ = 0;
  double frame_dt_ = 1.0 / 60.0;  ///< s, the last frame's length (camera easing)
};

}  // namespace racer
