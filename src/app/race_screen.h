#pragma once
// RaceScreen: one race on screen. It owns the GameRace (player + AI cars, the rules), the
// player's InputMapper, and what draws the race (track view, camera, skid marks, the
// ghost), and in Time Trial the lap records and the ghost of the best lap:
//   step(input)   one fixed step: the devices' InputState -> Controls, with the switches
//                 and the respawn asked for since the last step -> GameRace::step
//                 -> snapshots -> skid marks, particles, sparks -> time trial laps
//   render(...)   the interpolated snapshot: ground, skid marks, particles, objects,
//                 ghost, cars, sparks, then the HUD (start lights, messages, positions,
//                 laps, speed) and, when open, the AI panel (F4) and its car's line, the
//                 debug overlays and their panel (F7), the Vehicle panel (F1) with the
//                 Car editor of the car it shows, and the Telemetry panel (F8)
// A race tuned live (an AI profile changed in the AI panel, a car rebuilt from the Car
// editor) keeps no record, ghost or championship points, and says so (game/live_tuning.h).
// Building one loads the track and car files; a file that does not load gives an error
// (RaceScreen::create returns null and the message) and never a crash.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/catalog.h"
#include "app/frame_profile.h"
#include "game/game_race.h"
#include "game/ghost.h"
#include "game/input_map.h"
#include "game/live_tuning.h"
#include "game/telemetry.h"
#include "game/race_plan.h"
#include "game/records.h"
#include "game/replay.h"
#include "game/replay_playback.h"
#include "game/replay_race.h"
#include "game/settings.h"
#include "render/camera.h"
#include "render/car_sprites.h"
#include "render/minimap.h"
#include "render/particles.h"
#include "render/skid_marks.h"
#include "render/sparks.h"
#include "render/track_view.h"
#include "sim/contact_points.h"
#include "sim/snapshot.h"
#include "render/debug_overlays.h"
#include "ui/ai_panel.h"
#include "ui/car_editor.h"
#include "ui/hud_layers.h"
#include "ui/overlay_panel.h"
#include "ui/telemetry_panel.h"
#include "ui/imgui_layer.h"

struct SDL_Renderer;

namespace racer {

/// Where Time Trial keeps its laps and ghosts (null pointers: nothing is saved).
struct RaceStorage {
  Records* records = nullptr;
  std::optional<std::filesystem::path> data_dir;  ///< ghosts/ lives here
  bool may_save_records = true;
};

class RaceScreen {
 public:
  /// Null (and `error` set) when the track or the car does not load.
  static std::unique_ptr<RaceScreen> create(const RacePlan& plan, const Catalog& catalog, const Settings& settings,
                                            RaceStorage storage, std::string& error);
  /// The replay player (`racer --replay FILE`): the game's race of `replay` re-simulated
  /// from its recorded inputs, with play/pause, seek, speed and any car's camera. `assets`
  /// have passed replay_mismatch; the replay is of ReplayKind::Game.
  static std::unique_ptr<RaceScreen> create_replay(const Replay& replay, const ReplayAssets& assets,
                                                   const Settings& settings);
  ~RaceScreen();

  /// One fixed step with the player's devices. Clears `input`'s shift edges once used.
  /// The step's input is recorded (recording()).
  void step(InputState& input);

  // --- replays
  /// The race so far as a replay (its set-up, the player's inputs of every step, the state
  /// hash now); nullopt for a replay being played, before the first step, or when the race
  /// was tuned live (an AI profile changed, a car edited: the recording would not replay).
  std::optional<Replay> recording() const;
  /// The replay player: this is one (create_replay).
  bool is_replay() const { return playback_ != nullptr; }
  /// The replay player's frame: `frame_s` s of wall time at the chosen speed (none while
  /// paused), a seek carried on; see game/replay_playback.h.
  void update_replay(double frame_s);
  /// The replay player's clock (play/pause, speed, seek); null unless is_replay().
  ReplayPlayback* playback() { return playback_.get(); }
  /// The car the camera follows (grid index), the player's by default.
  int watched_car() const { return watched_ >= 0 ? watched_ : race_->player(); }
  void watch_car(int car) { watched_ = car; }
  /// Steps of the race so far.
  std::uint32_t steps_done() const { return steps_; }
  /// R / Back: put the player's car back on the road in the next step (false: not now,
  /// GameRace::can_respawn).
  bool respawn();
  /// The driver aids and the gearbox mode: switched in the next step (Controls' commands).
  void toggle_abs();
  void toggle_tcs();
  void toggle_gearbox();
  /// Settings changed mid-race (the pause menu's Settings), applied at once: deadzones and
  /// steering sensitivity, the camera (rotate with car, zoom with speed), and the aids or
  /// gearbox mode whose setting changed (switched in the next step, as F2 / F3 / M do).
  /// Damage stays as the race started (the world's mode): it applies from the next race.
  void apply_settings(const Settings& settings);
  /// F4 / the pause menu: the AI debug and tuning panel (ui/ai_panel.h) on or off. It opens
  /// only in a race with AI cars (not in Time Trial, nor with no opponents); it always closes.
  void toggle_ai_panel() { ai_panel_.open = !ai_panel_.open && has_ai_cars() && !is_replay(); }
  bool ai_panel_open() const { return ai_panel_.open; }
  /// F7: the Overlays debug window (ui/overlay_panel.h) on or off; the overlays it switches
  /// on are drawn while it is open, and the AI drivers record what they use only then.
  void toggle_overlays() { overlays_.open = !overlays_.open; }
  /// `racer --debug`: the Overlays window open with debug_start_switches(), and with
  /// `grid` (`--debug-grid`) the cost grid and distance field on too.
  void open_debug_overlays(bool grid) {
    overlays_.open = true;
    overlays_.on = debug_start_switches();
    overlays_.on.cost_grid = overlays_.on.distance_field = grid;
  }
  bool overlays_open() const { return overlays_.open; }
  /// F8: the Telemetry panel (ui/telemetry_panel.h) on or off.
  void toggle_telemetry() { telemetry_panel_.open = !telemetry_panel_.open; }
  bool telemetry_open() const { return telemetry_panel_.open; }
  /// The samples of the car the Telemetry panel shows (kept whether the panel is open or not).
  const TelemetryLog& telemetry() const { return telemetry_; }
  /// F1: the Vehicle panel (ui/vehicle_panel.h) of the car the camera follows, on or off,
  /// and with it the Car editor (ui/car_editor.h) of that car (not in a replay).
  void toggle_vehicle_panel() { vehicle_panel_open_ = car_editor_.open = !vehicle_panel_open_; }
  /// What the Car editor's Apply does: rebuilds `car` from `spec` where it is
  /// (GameRace::set_car_spec), which marks the race tuned live from the next step on.
  void edit_car(int car, const CarSpec& spec);
  bool vehicle_panel_open() const { return vehicle_panel_open_; }
  /// The HUD is drawn under the ImGui windows (as it is while the AI, Vehicle or Telemetry
  /// panel is open) for a window the race screen does not own (the Performance panel).
  void set_hud_under_windows(bool under) { hud_under_windows_ = under; }
  /// Whether anything was tuned live in this race (then no record, ghost or points are kept).
  const LiveTuning& tuning() const { return tuning_; }
  /// An AI car besides the player's (whose autodrive is no opponent to tune).
  bool has_ai_cars() const;

  /// Draws the race; `alpha` blends the last two steps, `frame_dt` (s) eases the camera.
  /// `profile`: the world's drawing is timed as render, the HUD and panels as UI (null: not timed).
  void render(SDL_Renderer* renderer, int width, int height, const UiFonts& fonts, double alpha, double frame_dt,
              bool paused, FrameProfile* profile = nullptr);

  const RacePlan& plan() const { return plan_; }
  const GameRace& race() const { return *race_; }
  GameRace& race() { return *race_; }
  const WorldSnapshot& snapshot() const { return current_; }
  const Camera& camera() const { return camera_; }
  const InputMapConfig& input_config() const { return mapper_.config(); }
  const std::string& track_name() const { return track_name_; }
  /// The race is over: every car done (never in Time Trial, which runs until quit).
  bool over() const;
  double dt() const;
  /// Messages for the player that are not race messages (a stale ghost, a save failure).
  const std::vector<std::string>& notices() const { return notices_; }
  /// Time Trial: the best lap on record for this track and car (s).
  std::optional<double> record_lap() const;
  /// Time Trial: a ghost is being raced against (loaded or just recorded).
  bool has_ghost() const { return ghost_.has_value(); }

 private:
  RaceScreen() = default;
  const Car& player_car() const;
  void init_view(const Settings& settings);  ///< input mapping, camera, minimap, snapshots, skid marks
  void after_step();             ///< the visuals of a step: snapshots, skid marks, particles, sparks
  void rebuild_replay();         ///< the replay's race from the start again, visuals cleared
  void draw_replay_panel();
  void time_trial_step();
  void draw_ghost(SDL_Renderer* renderer) const;
  void draw_hud(const UiFonts& fonts, const CarSnapshot& view) const;
  void draw_ai_line(SDL_Renderer* renderer, const WorldSnapshot& view) const;
  void draw_debug_overlays(SDL_Renderer* renderer, int followed);
  void update_debug_recording();
  /// The Car editor's window over the car `car` (the one the Vehicle panel shows) and what it asks for.
  void car_editor(int car);
  void telemetry_step();         ///< a sample of the telemetry car, and its laps
  int telemetry_car() const;     ///< the Telemetry panel's car, else the one the camera follows

  RacePlan plan_;
  std::shared_ptr<const Track> track_;
  std::string track_name_;
  CarSpec car_spec_;
  std::unique_ptr<GameRace> own_race_;   ///< a live race (null in a replay)
  GameRace* race_ = nullptr;             ///< the race shown: own_race_'s, or the replay's
  // Replays: recording (a live race) or playing (create_replay)
  ReplaySetup replay_setup_;
  ReplayStream recording_;
  std::uint32_t steps_ = 0;
  std::optional<ReplayAssets> replay_assets_;  ///< a replay being played: its files
  std::unique_ptr<ReplayRace> replay_;
  std::unique_ptr<ReplayPlayback> playback_;
  int watched_ = -1;                     ///< the camera's car; < 0 = the player's
  std::unique_ptr<TrackView> track_view_;
  InputMapper mapper_;
  Camera camera_;
  std::vector<SkidMarks> skid_marks_;  ///< one per car
  ParticleSystem particles_;           ///< smoke, dust and debris, visual only
  Sparks sparks_;                      ///< from wall and car contacts, visual only
  std::vector<ContactPoint> contacts_; ///< the last step's touching contacts (for the sparks)
  std::unique_ptr<Minimap> minimap_;
  std::unique_ptr<CarSprites> car_sprites_ = std::make_unique<CarSprites>();  ///< the cars' fixed parts as textures
  std::unique_ptr<HudLayers> hud_layers_ = std::make_unique<HudLayers>();     ///< the HUD's still parts as textures
  WorldSnapshot previous_, current_;
  std::vector<std::string> notices_;
  AiPanelState ai_panel_;              ///< the AI panel's own choices (open, car picked)
  OverlayPanelState overlays_;         ///< the Overlays panel's own choices (open, switches, car)
  GridOverlay grid_overlay_;           ///< the cost grid's texture (drawn when switched on)
  bool drivers_recording_ = false;     ///< the AI drivers record their debug records (AI overlays shown)
  bool keeping_impulses_ = false;      ///< the world keeps the contact impulses (contact overlay shown)
  AidSettings aids_;                   ///< the aid settings last applied (a change switches the car's)
  Controls pending_;                   ///< switch commands for the next step (only abs, tcs, automatic)
  bool pending_respawn_ = false;       ///< a respawn for the next step
  TelemetryLog telemetry_;             ///< the telemetry car's samples (10 s window, laps)
  TelemetryPanelState telemetry_panel_;
  int telemetry_of_ = -1;              ///< the car telemetry_ holds; -1 = none yet
  int telemetry_laps_ = 0;             ///< its laps completed when last looked
  bool vehicle_panel_open_ = false;    ///< F1
  CarEditorState car_editor_;          ///< the Car editor's own choices (open with the Vehicle panel)
  CarSpec car_draft_;                  ///< the Car editor's values, of car draft_car_
  int draft_car_ = -1;                 ///< the car car_draft_ was taken from; -1 = none yet
  bool hud_under_windows_ = false;     ///< set_hud_under_windows
  LiveTuning tuning_;                  ///< AI profiles changed mid-race (records not kept)
  double tuned_at_ = -1.0;             ///< s of race time the tuning was first seen (the HUD's notice)

  // Time Trial
  RaceStorage storage_;
  GhostKey ghost_key_;
  std::optional<Ghost> ghost_;   ///< the best lap's ghost, drawn during every lap
  GhostRecorder recorder_;
  int laps_seen_ = 0;
  bool lap_started_ = false;
  std::string lap_banner_;       ///< "New best lap 1:23.456" for a few seconds
  double lap_banner_until_ = 0.0;
};

}  // namespace racer
