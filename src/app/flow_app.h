#pragma once
// FlowApp: the game a player sits down to, as a small state machine of screens:
//
//   MainMenu -> Setup (track, car, opponents, laps, difficulty, grid slot) -> Loading -> Race
//   Race -> (Esc / Start) Paused -> Resume | Restart | Settings | Quit to menu
//   Race over -> Results -> Restart | Back to menu  (Championship: -> Standings -> next round)
//   MainMenu -> Championship (continue / standings / new) ; MainMenu -> Settings
//   Message: start-up problems (a bad settings or records file) and refused files
//   MainMenu -> Lab (the planner lab, ui/lab_view.h; racer --lab starts there) -> Esc: MainMenu
//   MainMenu -> Editor (the track editor, ui/editor_view.h; racer --edit starts there) -> F5 drive /
//   F8 race the edited track -> F10, Quit to menu or Back: Editor, where it was left
//
// One frame: poll events (menu navigation edges, bindings, hot-plug) -> the screen's
// update (menus: immediate-mode ImGui rows; race: fixed steps of the GameRace) -> draw ->
// present. The menus are in app/flow_screens.cpp (main, setup, loading, pause, results,
// messages), app/flow_championship.cpp (standings, the championship menu) and
// app/flow_settings.cpp (settings, binding capture); the race in app/race_screen.h. The
// rules are game's: race plans (game/race_plan.h), seasons (game/championship_season.h).
//
// Fixed-time runs (--frames, tests): every frame advances exactly `sim_per_frame` seconds
// of simulation with no wall clock, so screenshots and tests are deterministic.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/catalog.h"
#include "app/frame_profile.h"
#include "app/options.h"
#include "app/race_screen.h"
#include "core/fixed_step.h"
#include "editor/document.h"
#include "game/championship_season.h"
#include "game/lab_session.h"
#include "game/axis_capture.h"
#include "game/records.h"
#include "game/replay.h"
#include "game/replay_race.h"
#include "game/settings.h"
#include "platform/audio_out.h"
#include "platform/bound_input.h"
#include "platform/input_devices.h"
#include "platform/window.h"
#include "render/camera.h"
#include "render/track_backdrop.h"
#include "render/track_view.h"
#include "ui/car_preview.h"
#include "ui/editor_view.h"
#include "ui/imgui_layer.h"
#include "ui/lab_view.h"
#include "ui/menu_kit.h"
#include "ui/track_preview.h"

namespace racer {

enum class Screen { MainMenu, Setup, Loading, Race, Paused, Results, Standings, ChampionshipMenu, Settings, Message, Lab, Editor };
const char* screen_name(Screen s);

struct FlowConfig {
  Options options;
  /// Where settings.json and records/ghosts live; nullopt = nothing is loaded or saved.
  std::optional<std::filesystem::path> config_dir, data_dir;
  /// > 0: fixed-time frames of this many simulated seconds (default with --frames: 1/60).
  double sim_per_frame = 0.0;
  /// A race to start at once (--track, --screen race / results); nullopt = the main menu.
  std::optional<RacePlan> start_race;
  /// Start on this mode's setup screen (--screen quick-race / time-trial / championship);
  /// nullopt = the main menu.
  std::optional<RaceMode> start_setup;
  /// Before the first frame, drive the start race this far (s of race clock after lights
  /// out; --screen race), or to the end (--screen results).
  double prerun_s = 0.0;
  bool prerun_to_finish = false;
  /// Start in the planner lab on this map (racer --lab), with these endpoints (nullopt:
  /// the map's defaults) and these planners enabled (names of lab_layers()).
  std::optional<LabMap> lab_map;
  std::optional<GridCell> lab_start, lab_goal;
  std::vector<std::string> lab_planners;
  /// A replay to play at once (racer --replay FILE), its files loaded and checked.
  std::optional<Replay> start_replay;
  std::optional<ReplayAssets> start_replay_assets;
  /// A track to open in the editor at once (racer --edit FILE / --edit --new).
  std::optional<editor::Document> start_editor;
};

class FlowApp {
 public:
  FlowApp(FlowConfig config, Window& window);
  ~FlowApp();
  int run();
  /// One frame; false when the app should stop (quit, or the --frames count reached).
  bool frame();

  Screen screen() const { return screen_; }
  const RaceScreen* race() const { return race_.get(); }
  RaceScreen* race() { return race_.get(); }
  const Settings& settings() const { return settings_; }
  const Records& records() const { return records_; }
  const std::vector<std::string>& messages() const { return messages_; }
  /// Why the race paused by itself (the window minimised or unfocused, the controller
  /// unplugged), shown in the pause menu; "" when the player paused it.
  const std::string& pause_reason() const { return pause_reason_; }
  /// The sound device opened (else the game runs silent and the main menu says why).
  bool sound_ok() const { return audio_.ok(); }
  /// The line under the main menu's buttons: what the game could not do at start-up (no
  /// sound device), or "".
  std::string main_menu_note() const;
  const LabSession* lab() const { return lab_.get(); }
  /// The track open in the editor (null until the editor is first opened).
  editor::Document* edited() { return edit_doc_.get(); }
  std::int64_t frames() const { return frame_; }
  /// The song this screen plays, ducked or not (the pause menu).
  audio::MusicCue music_cue() const;
  /// The setup screen's previews: drawn this frame (tests).
  bool previews_drawn() const { return previews_drawn_; }
  /// Where the frames' time went (F6's overlay, --frame-stats).
  const FrameProfile& profile() const { return profile_; }
  bool perf_overlay_shown() const { return show_perf_; }
  /// F9: the Performance panel (ui/perf_panel.h).
  bool perf_panel_shown() const { return show_perf_panel_; }

 private:
  // --- the frame (flow_app.cpp)
  void poll();
  void nav_from_event(const SDL_Event& e);
  void update_race(double seconds);
  void draw();
  void draw_menus();  ///< this screen's ImGui panels
  void draw_backdrop_track();  ///< the menus' backdrop: a flight along a shipped track
  void load_backdrop();        ///< its track's meshes, made when a menu is first drawn
  void go(Screen s);
  /// The race pauses by itself (see pause_reason()), if it is running.
  void auto_pause(const std::string& reason);
  /// The window's and the controllers' events that pause a running race.
  void pause_on_event(const SDL_Event& e);
  /// [0, 1]: how far the screen change has eased in (0.2 s).
  float transition() const;

  // --- races (flow_app.cpp)
  RacePlan plan_from_setup() const;
  /// The plan of a round of `season` on `track_id`; nullopt if its car is not installed.
  std::optional<RacePlan> round_plan(const ChampionshipPlan& season, const std::string& track_id) const;
  /// The championship's rounds (track ids) among the catalog's tracks.
  std::vector<std::string> season_rounds() const;
  /// Loads the round (the Loading screen), or says why it cannot (null season: unreadable).
  void start_round(const std::optional<ChampionshipPlan>& season, const std::string& track_id);
  void start_race(const RacePlan& plan);
  void finish_race();   ///< results in; championship round recorded; the replay kept
  /// The race's recording saved in the data dir's replays/ (once a race; the oldest beyond
  /// kKeptReplays removed); a failure is printed, the game goes on.
  void keep_replay();
  void close_race();    ///< keep_replay, then the race screen goes
  void prerun();
  void apply_settings();
  void save_settings_now();
  void save_records_now();  ///< if allowed; a failure becomes a message
  void open_panels(const std::vector<std::string>& panels);  ///< --panels
  RaceStorage race_storage();

  // --- screens (flow_screens.cpp)
  void main_menu();
  void setup_menu();
  void setup_previews(float height);  ///< the track and car beside the setup rows
  const TrackOutline* track_outline(int track);  ///< made when first shown; null if the file is bad
  struct CarCard;
  CarCard* car_card(int car);  ///< the car's spec and figures; null if the file is bad
  void loading_screen();
  void pause_menu();
  void results_screen();
  void message_screen();
  // --- championship screens (flow_championship.cpp)
  void standings_screen();
  void championship_menu();
  // --- the planner lab (flow_lab.cpp)
  void open_lab(std::optional<LabMap> map);
  void lab_screen();
  // --- the track editor (flow_editor.cpp)
  /// Opens the editor on `doc`, or on the document already open (else a new track).
  void open_editor(std::optional<editor::Document> doc);
  void editor_screen();
  /// Drives (no AI cars) or races (5 AI cars) the edited track, if it is valid.
  void race_edited(bool with_ai);
  /// Where a race's "Quit to menu" and "Back to menu" go: the editor for its races.
  Screen home_screen() const { return race_from_editor_ && edit_doc_ ? Screen::Editor : Screen::MainMenu; }
  // --- settings (flow_settings.cpp)
  void settings_menu();
  void capture_binding();

  FlowConfig config_;
  Window& window_;
  Catalog catalog_;
  Settings settings_;
  Records records_;
  bool may_save_settings_ = true, may_save_records_ = true;
  ImGuiLayer ui_;
  InputDevices devices_;
  BoundInput bound_;
  AudioOut audio_;
  FixedStep clock_;

  Screen screen_ = Screen::MainMenu;
  Screen last_drawn_ = Screen::Race;  ///< the screen of the last frame drawn
  Screen settings_return_ = Screen::MainMenu;
  Screen previous_screen_ = Screen::MainMenu;  ///< the screen before this one
  Screen message_return_ = Screen::MainMenu;
  NavInput nav_;
  bool axis_held_x_ = false, axis_held_y_ = false;
  MenuList main_list_, setup_list_, pause_list_, results_list_, standings_list_, champ_list_, settings_list_,
      message_list_;
  std::vector<std::string> messages_;  ///< shown on the Message screen
  std::string pause_reason_;           ///< see pause_reason()
  bool minimised_ = false;             ///< the window is minimised (its events say so)

  // The setup screen's choices.
  RaceMode setup_mode_ = RaceMode::Quick;
  int track_choice_ = 0, car_choice_ = 0, opponents_ = 5, laps_ = 3, difficulty_ = 3, grid_choice_ = 0;

  // The race (and what is needed to restart it).
  std::unique_ptr<RaceScreen> race_;
  std::optional<RacePlan> pending_;  ///< to build on the Loading screen's next frame
  RacePlan last_plan_;
  std::int64_t loading_frame_ = -1;  ///< frame the Loading screen was entered
  InputState input_;
  std::vector<SessionCarResult> results_;
  bool round_recorded_ = false;
  bool replay_kept_ = false;             ///< this race's replay was saved
  std::filesystem::path last_replay_;    ///< the file of the last replay saved

  // Settings: binding capture.
  enum class Capture { None, Key, Pad };
  Capture capture_ = Capture::None;
  InputAction capture_action_ = InputAction::Throttle;
  GamepadCapture pad_capture_;
  double capture_time_ = 0.0;
  bool settings_dirty_ = false;

  // The menus' backdrop (null if the track does not load: the plain backdrop).
  Centreline backdrop_line_;  ///< the flight's path
  bool backdrop_tried_ = false;
  std::unique_ptr<TrackBackdrop> backdrop_;

  // The setup screens' previews, made when first shown (index: the catalog's).
  struct CarCard {
    std::optional<CarSpec> spec;
    CarFigures figures;
    bool loaded = false;
  };
  std::vector<std::optional<TrackOutline>> track_outlines_;
  std::vector<bool> track_outline_tried_;
  std::vector<CarCard> car_cards_;
  CarPreview car_preview_;
  bool previews_drawn_ = false;
  double screen_since_ = 0.0;  ///< s (time_) the screen changed

  // The planner lab (made when first opened).
  std::unique_ptr<LabSession> lab_;
  std::unique_ptr<LabView> lab_view_;

  // The track editor (made when first opened).
  std::unique_ptr<editor::Document> edit_doc_;
  std::unique_ptr<EditorView> edit_view_;
  bool race_from_editor_ = false;  ///< the race was started from the editor (F10 goes back)
  bool back_to_editor_ = false;    ///< F10 pressed this frame

  FrameProfile profile_;
  AiStepTimer ai_timer_{[this] { return profile_.now(); }};  ///< the race's StepProbe
  bool show_perf_ = false;          ///< F6
  bool show_perf_panel_ = false;    ///< F9
  bool quit_ = false;
  int exit_status_ = 0;
  std::int64_t frame_ = 0;
  double frame_dt_ = 1.0 / 60.0;
  double time_ = 0.0;  ///< s, menus' animation clock
  std::uint64_t last_counter_ = 0;
  std::uint64_t race_seed_ = 1;
};

}  // namespace racer
