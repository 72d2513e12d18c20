// The game as a player meets it, driven through SDL's event queue: the real FlowApp with a
// real (dummy-driver) window, menus navigated with pushed key presses only, and again with
// a virtual game controller only (SDL_JoystickAttachVirtual): Quick Race -> setup (track,
// 1-2 opponents, 1 lap) -> start -> pause and resume -> respawn -> the race FINISHES ->
// results -> back to the menu. The player's car is driven by the autodrive (--autodrive),
// and in separate tests by the keyboard's and the pad's throttle (the bindings path).
// Fixed-time frames (0.5 s of simulation each) keep it deterministic and quick.
// Runs headless: SDL_VIDEODRIVER=dummy, SDL_AUDIODRIVER=dummy.
#include "app/asset_path.h"
#include "app/flow_app.h"
#include "editor/track_file.h"
#include "game/replay_file.h"
#include "game/replay_race.h"

#include <SDL.h>
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

#include "flow_fixture.h"
#include "game/temp_dir.h"
#include "platform/screenshot.h"

namespace racer {
namespace {

// The virtual controller's joystick-level layout (see tests/platform/gamepad_test.cpp).
constexpr int kTriggerLeft = 4, kTriggerRight = 5;
constexpr int kA = 0, kB = 1, kBack = 4, kStart = 6, kDpadUp = 11, kDpadDown = 12, kDpadLeft = 13;
constexpr Sint16 kAxisMin = -32768, kAxisMax = 32767;
constexpr int kMaxRaceFrames = 600;  // 300 s of racing: far more than one lap needs

class GameFlowTest : public test::FlowFixture {
 protected:
  void SetUp() override { open_window(shots_dir() ? 1280 : 640, shots_dir() ? 720 : 360); }

  void make_app(bool autodrive) {
    app_ = std::make_unique<FlowApp>(flow_config(autodrive, /*sim_per_frame=*/0.5), *window_);
    frame();
    ASSERT_EQ(app_->screen(), Screen::MainMenu) << screen_name(app_->screen());
  }

  /// RACER_FLOW_SHOTS=DIR: the screens along the way are saved there (for looking at them).
  static const char* shots_dir() { return std::getenv("RACER_FLOW_SHOTS"); }
  void shot(const std::string& name) {
    if (shots_dir() == nullptr) return;
    // The next frame is drawn and saved before it is presented.
    frame();
    const std::string path = std::string(shots_dir()) + "/" + name + ".png";
    EXPECT_EQ(save_png(window_->renderer(), path), "");
  }

  // --- gamepad
  void attach_pad() {
    pad_index_ = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0);
    ASSERT_GE(pad_index_, 0) << SDL_GetError();
    joystick_ = SDL_JoystickOpen(pad_index_);
    ASSERT_NE(joystick_, nullptr) << SDL_GetError();
    set_axis(kTriggerLeft, kAxisMin);  // released triggers
    set_axis(kTriggerRight, kAxisMin);
    frame();
  }
  void set_axis(int axis, Sint16 v) { ASSERT_EQ(SDL_JoystickSetVirtualAxis(joystick_, axis, v), 0) << SDL_GetError(); }
  void button(int b, int times = 1) {
    for (int i = 0; i < times; ++i) {
      ASSERT_EQ(SDL_JoystickSetVirtualButton(joystick_, b, 1), 0) << SDL_GetError();
      frame();
      ASSERT_EQ(SDL_JoystickSetVirtualButton(joystick_, b, 0), 0) << SDL_GetError();
      frame();
    }
  }

  /// Frames until the race's lights are out.
  void wait_for_lights_out() {
    for (int i = 0; i < 40 && app_->race()->race().phase() != SessionPhase::Racing; ++i) frame();
    ASSERT_EQ(app_->race()->race().phase(), SessionPhase::Racing);
  }
  double player_speed() const {
    const RaceScreen& r = *app_->race();
    return r.race().world().car(static_cast<std::size_t>(r.race().player())).forward_speed();
  }
  void expect_finished_results(int cars) {
    ASSERT_EQ(app_->screen(), Screen::Results) << screen_name(app_->screen());
    const GameRace& race = app_->race()->race();
    EXPECT_TRUE(race.over());
    const std::vector<SessionCarResult> results = race.rules().results();
    ASSERT_EQ(results.size(), static_cast<std::size_t>(cars));
    bool player_seen = false;
    for (const SessionCarResult& r : results) {
      EXPECT_GE(r.position, 1);
      if (r.car == race.player()) {
        player_seen = true;
        EXPECT_EQ(r.status, CarStatus::Finished) << "the autodriven player finishes";
        EXPECT_EQ(r.laps, 1);
        ASSERT_TRUE(r.total_time.has_value());
        EXPECT_GT(*r.total_time, 30.0) << "a real lap of Lantern Hill takes a while";
      }
    }
    EXPECT_TRUE(player_seen);
  }
};

// Setup rows: Track, Car, Opponents, Laps, Difficulty, Start from, Start, Back.
TEST_F(GameFlowTest, KeyboardOnlyFromTheMenuToTheResultsOfAFinishedRace) {
  make_app(/*autodrive=*/true);
  shot("menu");
  tap(SDLK_RETURN);  // Quick Race
  ASSERT_EQ(app_->screen(), Screen::Setup);
  shot("setup");
  tap(SDLK_DOWN, 2);      // -> Opponents (5)
  tap(SDLK_LEFT, 3);      // 2 opponents
  tap(SDLK_DOWN);         // -> Laps (3)
  tap(SDLK_LEFT, 2);      // 1 lap
  tap(SDLK_DOWN, 3);      // -> Start
  tap(SDLK_RETURN);
  ASSERT_EQ(app_->screen(), Screen::Loading);
  frame();
  ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen()) << ": " <<
      (app_->messages().empty() ? "" : app_->messages().front());
  const GameRace& race = app_->race()->race();
  EXPECT_EQ(race.car_count(), 3u) << "the player and 2 AI cars";
  EXPECT_EQ(race.rules().config().laps, 1);
  EXPECT_EQ(app_->race()->track_name(), "Lantern Hill");

  wait_for_lights_out();
  tap(SDLK_ESCAPE);
  ASSERT_EQ(app_->screen(), Screen::Paused) << "Esc pauses";
  shot("pause");
  const double paused_at = race.time();
  tap(SDLK_DOWN);
  tap(SDLK_UP);
  EXPECT_DOUBLE_EQ(race.time(), paused_at) << "nothing moves while paused";
  tap(SDLK_RETURN);  // Resume
  ASSERT_EQ(app_->screen(), Screen::Race);
  tap(SDLK_r);  // respawn: the car is put back on the road and held
  EXPECT_EQ(race.respawns(race.player()), 1) << "R asks GameRace for a respawn";

  for (int i = 0; i < kMaxRaceFrames && app_->screen() == Screen::Race; ++i) frame();
  expect_finished_results(3);
  shot("results");

  // The race was saved as a replay, which re-simulates it, respawn and all, to the same state.
  const std::vector<std::filesystem::path> replays = list_replays(replays_dir(dir_.path() / "data"));
  ASSERT_EQ(replays.size(), 1u);
  const Result<Replay> replay = read_replay_file(replays[0].string());
  ASSERT_TRUE(replay.ok()) << replay.error_text();
  EXPECT_EQ(replay.value().final_state_hash, race.world().state_hash());
  const Result<ReplayAssets> assets = load_replay_assets(replay.value().setup, "replay", resolve_asset);
  ASSERT_TRUE(assets.ok()) << assets.error_text();
  ReplayRace again(replay.value(), assets.value());
  again.run();
  EXPECT_EQ(again.world().state_hash(), race.world().state_hash());
  EXPECT_EQ(again.game()->respawns(again.game()->player()), 1);

  tap(SDLK_DOWN);    // Restart -> Back to menu
  tap(SDLK_RETURN);
  EXPECT_EQ(app_->screen(), Screen::MainMenu);
  EXPECT_EQ(app_->race(), nullptr);
}

TEST_F(GameFlowTest, GamepadOnlyFromTheMenuToTheResultsOfAFinishedRace) {
  make_app(/*autodrive=*/true);
  attach_pad();
  button(kDpadDown);  // Time Trial
  button(kDpadUp);    // Quick Race
  button(kA);
  ASSERT_EQ(app_->screen(), Screen::Setup);
  button(kDpadDown, 2);
  button(kDpadLeft, 4);  // 1 opponent
  button(kDpadDown);
  button(kDpadLeft, 2);  // 1 lap
  button(kDpadDown, 3);
  button(kA);            // Start (the Loading frame, then the race)
  ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
  const GameRace& race = app_->race()->race();
  EXPECT_EQ(race.car_count(), 2u);

  wait_for_lights_out();
  button(kStart);
  ASSERT_EQ(app_->screen(), Screen::Paused) << "Start pauses";
  button(kB);
  ASSERT_EQ(app_->screen(), Screen::Race) << "B resumes";
  button(kBack);
  EXPECT_EQ(race.respawns(race.player()), 1) << "Back asks for a respawn";

  for (int i = 0; i < kMaxRaceFrames && app_->screen() == Screen::Race; ++i) frame();
  expect_finished_results(2);
  button(kB);  // back to the menu
  EXPECT_EQ(app_->screen(), Screen::MainMenu);
}

// F4 in a race opens the AI panel (and the pause menu's "AI panel" closes it again); a panel
// that is open but untouched changes nothing: the same race with and without it has the same
// state hash, frame by frame.
TEST_F(GameFlowTest, F4OpensTheAiPanelAndAnUntouchedPanelChangesNothing) {
  auto run = [this](bool with_panel, std::vector<std::uint64_t>& hashes) {
    make_app(/*autodrive=*/true);
    tap(SDLK_RETURN);   // Quick Race
    tap(SDLK_DOWN, 2);  // -> Opponents
    tap(SDLK_LEFT, 3);  // 2 opponents
    tap(SDLK_DOWN);
    tap(SDLK_LEFT, 2);  // 1 lap
    tap(SDLK_DOWN, 3);
    tap(SDLK_RETURN);
    frame();
    ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
    ASSERT_FALSE(app_->race()->ai_panel_open());
    wait_for_lights_out();
    tap(with_panel ? SDLK_F4 : SDLK_F6);  // F6: the frame overlay, drawing only; the same frame count
    ASSERT_EQ(app_->race()->ai_panel_open(), with_panel) << "F4 toggles the AI panel";
    for (int i = 0; i < 20; ++i) {
      frame();
      hashes.push_back(app_->race()->race().world().state_hash());
    }
    if (with_panel) {
      shot("ai_panel");
      tap(SDLK_ESCAPE);
      ASSERT_EQ(app_->screen(), Screen::Paused);
      tap(SDLK_DOWN, 3);  // Resume, Restart, Settings -> AI panel
      tap(SDLK_RETURN);
      EXPECT_EQ(app_->screen(), Screen::Race) << "the pause menu's AI panel goes back to the race";
      EXPECT_FALSE(app_->race()->ai_panel_open()) << "and closes the open panel";
      tap(SDLK_F4);
      EXPECT_TRUE(app_->race()->ai_panel_open());
    }
    app_.reset();
  };
  std::vector<std::uint64_t> without, with;
  ASSERT_NO_FATAL_FAILURE(run(false, without));
  ASSERT_NO_FATAL_FAILURE(run(true, with));
  EXPECT_EQ(with, without);
}

// F7 opens the debug overlays panel; with every overlay on (the AI drivers recording their
// debug records, the world keeping its contact impulses) the race is the same as with none:
// the same state hash, frame by frame, and F7 closes the panel again.
TEST_F(GameFlowTest, F7OpensTheOverlaysAndDrawingThemChangesNothing) {
  auto run = [this](bool with_overlays, std::vector<std::uint64_t>& hashes) {
    make_app(/*autodrive=*/true);
    tap(SDLK_RETURN);   // Quick Race
    tap(SDLK_DOWN, 2);  // -> Opponents
    tap(SDLK_LEFT, 3);  // 2 opponents
    tap(SDLK_DOWN);
    tap(SDLK_LEFT, 2);  // 1 lap
    tap(SDLK_DOWN, 3);
    tap(SDLK_RETURN);
    frame();
    ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
    ASSERT_FALSE(app_->race()->overlays_open());
    wait_for_lights_out();
    tap(with_overlays ? SDLK_F7 : SDLK_F6);  // F6: the frame overlay, drawing only; the same frame count
    ASSERT_EQ(app_->race()->overlays_open(), with_overlays) << "F7 toggles the overlays panel";
    if (with_overlays) app_->race()->open_debug_overlays(/*grid=*/true);  // every overlay on
    for (int i = 0; i < 20; ++i) {
      frame();
      hashes.push_back(app_->race()->race().world().state_hash());
    }
    if (with_overlays) {
      const AiDriver* d = app_->race()->race().driver(app_->race()->race().player());
      ASSERT_NE(d, nullptr) << "the autodriven player has a driver";
      ASSERT_NE(d->debug(), nullptr) << "its driver records while the AI overlays are on";
      EXPECT_GE(d->debug()->step, 0);
      shot("overlays");
      tap(SDLK_F7);
      EXPECT_FALSE(app_->race()->overlays_open());
      for (int i = 0; i < 3; ++i) frame();
      EXPECT_EQ(d->debug(), nullptr) << "no recording once the panel is closed";
    }
    app_.reset();
  };
  std::vector<std::uint64_t> without, with;
  ASSERT_NO_FATAL_FAILURE(run(false, without));
  ASSERT_NO_FATAL_FAILURE(run(true, with));
  EXPECT_EQ(with, without);
}

// F6 shows the frame overlay anywhere; every frame is counted and a race's frames are split
// into physics, AI, rendering and UI time (--frame-stats and the overlay read these).
TEST_F(GameFlowTest, F6ShowsTheFrameOverlayAndARaceFrameIsTimedByPart) {
  make_app(/*autodrive=*/true);
  EXPECT_FALSE(app_->perf_overlay_shown());
  tap(SDLK_F6);
  EXPECT_TRUE(app_->perf_overlay_shown()) << "F6 on the main menu";
  tap(SDLK_RETURN);   // Quick Race
  tap(SDLK_DOWN, 2);  // -> Opponents
  tap(SDLK_LEFT, 3);  // 2 opponents
  tap(SDLK_DOWN, 4);
  tap(SDLK_RETURN);
  frame();
  ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
  wait_for_lights_out();
  const FrameProfile& p = app_->profile();
  const double ai = p.total(FramePhase::Ai), physics = p.total(FramePhase::Physics);
  const std::int64_t counted = p.frames().count();
  for (int i = 0; i < 10; ++i) frame();
  EXPECT_EQ(p.frames().count(), counted + 10);
  EXPECT_GT(p.total(FramePhase::Ai), ai) << "the AI cars' ticks are timed through the race's probe";
  EXPECT_GT(p.total(FramePhase::Physics), physics);
  EXPECT_GT(p.total(FramePhase::Render), 0.0);
  EXPECT_GT(p.total(FramePhase::Ui), 0.0);
  EXPECT_TRUE(app_->perf_overlay_shown()) << "still on in the race";
  shot("perf_overlay");
  tap(SDLK_F6);
  EXPECT_FALSE(app_->perf_overlay_shown());
  const FrameStatsSummary s = p.summary();
  EXPECT_EQ(s.frames, p.frames().count());
  EXPECT_GT(s.mean_fps, 0.0);
  EXPECT_GT(s.peak_rss_mib, 1.0);
}

// F1, F8 and F9 open the Vehicle, Telemetry and Performance panels in a race; drawing them
// changes nothing (the same state hash, frame by frame, as with the F6 overlay alone), the
// telemetry log samples the followed car at about 60 Hz of race time, and the Performance
// panel's history holds the frames drawn.
TEST_F(GameFlowTest, F1F8F9OpenTheVehicleTelemetryAndPerformancePanelsAndChangeNothing) {
  auto run = [this](bool with_panels, std::vector<std::uint64_t>& hashes) {
    make_app(/*autodrive=*/true);
    tap(SDLK_RETURN);   // Quick Race
    tap(SDLK_DOWN, 2);  // -> Opponents
    tap(SDLK_LEFT, 3);  // 2 opponents
    tap(SDLK_DOWN);
    tap(SDLK_LEFT, 2);  // 1 lap
    tap(SDLK_DOWN, 3);
    tap(SDLK_RETURN);
    frame();
    ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
    wait_for_lights_out();
    if (with_panels) {
      tap(SDLK_F1);
      tap(SDLK_F8);
      tap(SDLK_F9);
      EXPECT_TRUE(app_->race()->vehicle_panel_open()) << "F1";
      EXPECT_TRUE(app_->race()->telemetry_open()) << "F8";
      EXPECT_TRUE(app_->perf_panel_shown()) << "F9";
    } else {
      tap(SDLK_F6, 3);  // the frame overlay, drawing only: the same frame count
    }
    for (int i = 0; i < 30; ++i) {
      frame();
      hashes.push_back(app_->race()->race().world().state_hash());
    }
    if (with_panels) {
      const TelemetryLog& log = app_->race()->telemetry();
      ASSERT_GE(log.recent().size(), 2u);
      const double span = log.recent().back().race_time - log.recent().front().race_time;
      // Samples every round(rate / 60) steps: 60 per second of race time within one sample.
      EXPECT_NEAR(static_cast<double>(log.recent().size() - 1), span * 60.0, 1.0);
      EXPECT_GT(log.recent().back().speed, 0.0) << "the autodriven car is moving after lights out";
      EXPECT_GE(app_->profile().history().size(), 30u);
      shot("panels");
      tap(SDLK_F1);
      tap(SDLK_F8);
      tap(SDLK_F9);
      EXPECT_FALSE(app_->race()->vehicle_panel_open());
      EXPECT_FALSE(app_->race()->telemetry_open());
      EXPECT_FALSE(app_->perf_panel_shown());
    }
    app_.reset();
  };
  std::vector<std::uint64_t> without, with;
  ASSERT_NO_FATAL_FAILURE(run(false, without));
  ASSERT_NO_FATAL_FAILURE(run(true, with));
  EXPECT_EQ(with, without);
}

// Time Trial has no AI cars: the pause menu offers no AI panel (Resume, Restart, Settings,
// Quit to menu) and F4 opens none (the autodrive of the player's car is no opponent).
TEST_F(GameFlowTest, TimeTrialOffersNoAiPanel) {
  make_app(/*autodrive=*/true);
  tap(SDLK_DOWN);
  tap(SDLK_RETURN);   // Time Trial
  tap(SDLK_DOWN, 2);  // Track, Car -> Start
  tap(SDLK_RETURN);
  frame();
  ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
  EXPECT_FALSE(app_->race()->has_ai_cars());
  wait_for_lights_out();
  tap(SDLK_F4);
  EXPECT_FALSE(app_->race()->ai_panel_open()) << "F4 opens no AI panel without AI cars";
  tap(SDLK_ESCAPE);
  ASSERT_EQ(app_->screen(), Screen::Paused);
  shot("time_trial_pause");
  tap(SDLK_DOWN, 3);  // the fourth row is Quit to menu
  tap(SDLK_RETURN);
  EXPECT_EQ(app_->screen(), Screen::MainMenu);
}

// At 1280x720 and at 1920x1080 every setup screen fits its panel with the track and car
// previews beside the choices (Quick Race on every shipped track and with every car, Time
// Trial, a new championship): nothing to scroll either way, "Back" on screen, the panel
// inside the screen and clear of the key hint at the bottom. The Quick Race setup once cut
// "Back" off until one scrolled.
class SetupFitTest : public GameFlowTest {
 protected:
  void expect_setup_screens_fit(int width, int height) {
    window_.reset();
    WindowConfig wc;
    wc.width = width;
    wc.height = height;
    wc.vsync = false;
    window_ = std::make_unique<Window>(wc);
    ASSERT_TRUE(window_->ok()) << window_->error();
    make_app(/*autodrive=*/false);
    const float w = static_cast<float>(width), h = static_cast<float>(height), scale = h / 720.0f;
    auto expect_fits = [&](const std::string& what) {
      const ImGuiWindow* panel = ImGui::FindWindowByName("##menu_panel");
      ASSERT_NE(panel, nullptr);
      EXPECT_TRUE(app_->previews_drawn()) << what;
      EXPECT_LE(panel->ScrollMax.y, 0.0f) << what << ": the panel scrolls";
      EXPECT_LE(panel->ScrollMax.x, 0.0f) << what << ": the panel scrolls sideways";
      EXPECT_GE(panel->Pos.y, 0.0f) << what;
      EXPECT_GE(panel->Pos.x, 0.0f) << what;
      EXPECT_LE(panel->Pos.x + panel->Size.x, w) << what;
      // draw_hint's box starts 54 + 15 design px above the bottom (1 px each at 720p).
      EXPECT_LE(panel->Pos.y + panel->Size.y, h - 69.0f * scale) << what << ": the panel runs into the key hint";
    };
    tap(SDLK_RETURN);  // Quick Race
    ASSERT_EQ(app_->screen(), Screen::Setup);
    for (int track = 0; track < 5; ++track) {
      // A new description changes the panel's height: ImGui fits the size a frame later, and
      // the panel is placed by its last height one more frame later.
      frame();
      frame();
      expect_fits("Quick Race, track " + std::to_string(track));
      tap(SDLK_DOWN, 2);
      tap(SDLK_RIGHT, 6);  // 11 opponents: the longest "Start from" values
      tap(SDLK_DOWN, 3);
      tap(SDLK_LEFT, 2);   // "P11"
      tap(SDLK_UP, 5);
      expect_fits("Quick Race, 11 opponents, track " + std::to_string(track));
      tap(SDLK_RIGHT);     // the next track
    }
    tap(SDLK_DOWN);  // the car
    for (int car = 0; car < 5; ++car) {  // the five shipped cars
      tap(SDLK_RIGHT);
      frame();
      expect_fits("Quick Race, car " + std::to_string(car));
    }
    shot("setup_" + std::to_string(height) + "p");
    tap(SDLK_ESCAPE);
    tap(SDLK_DOWN);
    tap(SDLK_RETURN);  // Time Trial
    ASSERT_EQ(app_->screen(), Screen::Setup);
    frame();
    frame();
    expect_fits("Time Trial");
    tap(SDLK_ESCAPE);
    tap(SDLK_DOWN);
    tap(SDLK_RETURN);  // Championship (none saved: its setup)
    ASSERT_EQ(app_->screen(), Screen::Setup);
    frame();
    frame();
    expect_fits("New championship");
  }
};

TEST_F(SetupFitTest, SetupScreensFitAt720p) { expect_setup_screens_fit(1280, 720); }
TEST_F(SetupFitTest, SetupScreensFitAt1080p) { expect_setup_screens_fit(1920, 1080); }

// The music follows the screens: the menu theme on the menus, the race music in a race,
// ducked under the pause menu and its settings, back to full on resume, the menu theme
// again after quitting to the menu.
TEST_F(GameFlowTest, MusicFollowsTheScreens) {
  make_app(/*autodrive=*/false);
  EXPECT_EQ(app_->music_cue(), (audio::MusicCue{audio::MusicPiece::Menu, false}));
  tap(SDLK_RETURN);   // Quick Race
  EXPECT_EQ(app_->music_cue().piece, audio::MusicPiece::Menu);
  tap(SDLK_DOWN, 2);
  tap(SDLK_LEFT, 5);  // no opponents
  tap(SDLK_DOWN, 4);
  tap(SDLK_RETURN);
  frame();
  ASSERT_EQ(app_->screen(), Screen::Race);
  EXPECT_EQ(app_->music_cue(), (audio::MusicCue{audio::MusicPiece::Race, false}));
  tap(SDLK_ESCAPE);
  ASSERT_EQ(app_->screen(), Screen::Paused);
  EXPECT_EQ(app_->music_cue(), (audio::MusicCue{audio::MusicPiece::Race, true}));
  tap(SDLK_DOWN, 2);  // Settings
  tap(SDLK_RETURN);
  ASSERT_EQ(app_->screen(), Screen::Settings);
  EXPECT_EQ(app_->music_cue(), (audio::MusicCue{audio::MusicPiece::Race, true}));
  tap(SDLK_ESCAPE);   // back to the pause menu
  tap(SDLK_ESCAPE);   // resume
  ASSERT_EQ(app_->screen(), Screen::Race);
  EXPECT_EQ(app_->music_cue(), (audio::MusicCue{audio::MusicPiece::Race, false}));
  tap(SDLK_ESCAPE);
  tap(SDLK_DOWN, 3);  // Quit to menu (no AI panel row without AI cars)
  tap(SDLK_RETURN);
  ASSERT_EQ(app_->screen(), Screen::MainMenu);
  EXPECT_EQ(app_->music_cue(), (audio::MusicCue{audio::MusicPiece::Menu, false}));
}

// Settings changed from the pause menu apply to the race at once (they once waited for a
// restart): the camera's rotation and zoom, steering sensitivity, the stick deadzone and
// an aid; the damage mode stays the race's.
TEST_F(GameFlowTest, SettingsFromThePauseMenuApplyAtOnce) {
  make_app(/*autodrive=*/false);
  tap(SDLK_RETURN);   // Quick Race
  tap(SDLK_DOWN, 2);
  tap(SDLK_LEFT, 5);  // no opponents
  tap(SDLK_DOWN, 4);
  tap(SDLK_RETURN);
  frame();
  ASSERT_EQ(app_->screen(), Screen::Race);
  const RaceScreen& race = *app_->race();
  ASSERT_FALSE(race.camera().config().rotate_with_car);
  ASSERT_TRUE(race.camera().config().zoom_with_speed);
  const InputMapConfig shipped = race.input_config();
  const Car& car = race.race().world().car(static_cast<std::size_t>(race.race().player()));
  ASSERT_TRUE(car.spec().assists.abs);
  const DamageMode damage = race.race().world().damage_mode();
  wait_for_lights_out();

  tap(SDLK_ESCAPE);
  tap(SDLK_DOWN, 2);  // Resume, Restart -> Settings (no AI panel row: no AI cars)
  tap(SDLK_RETURN);
  ASSERT_EQ(app_->screen(), Screen::Settings);
  // Rows: 4 volumes (master, engines, effects, music); fullscreen, camera, zoom; damage,
  // steering, stick, trigger, ABS, ...
  tap(SDLK_DOWN, 5);
  tap(SDLK_RIGHT);  // camera: rotate with car
  EXPECT_TRUE(race.camera().config().rotate_with_car) << "applied while the settings are open";
  tap(SDLK_DOWN);
  tap(SDLK_RIGHT);  // zoom with speed: off
  EXPECT_FALSE(race.camera().config().zoom_with_speed);
  tap(SDLK_DOWN);
  tap(SDLK_RIGHT);  // damage: the next one (the race keeps its own)
  tap(SDLK_DOWN);
  tap(SDLK_RIGHT);  // steering sensitivity 1.00 -> 1.25: the wheel ramps 1.25 times faster
  EXPECT_NEAR(race.input_config().steer_rise_s, shipped.steer_rise_s / 1.25, 1e-12);
  tap(SDLK_DOWN);
  tap(SDLK_RIGHT);  // stick deadzone 15% -> 20%
  EXPECT_NEAR(race.input_config().stick_deadzone, 0.20, 1e-12);
  tap(SDLK_DOWN, 2);
  tap(SDLK_RIGHT);  // ABS off
  shot("settings_paused");
  tap(SDLK_ESCAPE);  // save and back: the pause menu
  ASSERT_EQ(app_->screen(), Screen::Paused);
  tap(SDLK_ESCAPE);  // resume
  ASSERT_EQ(app_->screen(), Screen::Race);
  frame();
  EXPECT_FALSE(car.spec().assists.abs) << "the ABS setting switched the car's ABS";
  EXPECT_TRUE(race.camera().config().rotate_with_car);
  EXPECT_NEAR(race.input_config().stick_deadzone, 0.20, 1e-12);
  EXPECT_EQ(race.race().world().damage_mode(), damage) << "a race keeps its damage mode";
}

// Without the autodrive: the keyboard's throttle (Up) and the pad's right trigger reach the
// player's car through the bindings.
TEST_F(GameFlowTest, KeyboardThrottleDrivesThePlayersCar) {
  make_app(/*autodrive=*/false);
  tap(SDLK_RETURN);
  tap(SDLK_DOWN, 2);
  tap(SDLK_LEFT, 5);  // no opponents
  tap(SDLK_DOWN, 4);
  tap(SDLK_RETURN);
  frame();
  ASSERT_EQ(app_->screen(), Screen::Race);
  wait_for_lights_out();
  EXPECT_LT(player_speed(), 0.5);
  push_key(SDLK_UP, true);
  for (int i = 0; i < 6; ++i) frame();
  EXPECT_GT(player_speed(), 5.0) << "3 s of throttle";
  push_key(SDLK_UP, false);
}

TEST_F(GameFlowTest, GamepadTriggerDrivesThePlayersCar) {
  make_app(/*autodrive=*/false);
  attach_pad();
  button(kA);
  button(kDpadDown, 2);
  button(kDpadLeft, 5);
  button(kDpadDown, 4);
  button(kA);
  ASSERT_EQ(app_->screen(), Screen::Race);
  wait_for_lights_out();
  EXPECT_LT(player_speed(), 0.5);
  set_axis(kTriggerRight, kAxisMax);
  for (int i = 0; i < 6; ++i) frame();
  EXPECT_GT(player_speed(), 5.0) << "3 s of right trigger";
}

// Time Trial, autodriven: the first lap is a record (records.json) with a ghost
// (ghosts/lantern_hill__sedan.json); the next session races that ghost; a ghost stamped
// with another physics version is refused with its message shown on the grid.
TEST_F(GameFlowTest, TimeTrialSavesTheBestLapAndAGhostAndRefusesAStaleGhost) {
  make_app(/*autodrive=*/true);
  // The main menu keeps its focus: from Quick Race the first time, then on Time Trial.
  auto start_time_trial = [this](int downs) {
    tap(SDLK_DOWN, downs);
    tap(SDLK_RETURN);  // Time Trial
    ASSERT_EQ(app_->screen(), Screen::Setup);
    tap(SDLK_DOWN, 2);  // Track, Car -> Start
    tap(SDLK_RETURN);
    frame();
    ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
    EXPECT_EQ(app_->race()->race().car_count(), 1u) << "alone on the track";
  };
  ASSERT_NO_FATAL_FAILURE(start_time_trial(1));
  EXPECT_FALSE(app_->race()->has_ghost());
  for (int i = 0; i < kMaxRaceFrames && !app_->records().best_lap("lantern_hill", "sedan"); ++i) frame();
  const BestLap* best = app_->records().best_lap("lantern_hill", "sedan");
  ASSERT_NE(best, nullptr) << "a lap was completed and kept";
  EXPECT_GT(best->lap_time, 30.0);
  EXPECT_TRUE(app_->race()->has_ghost());
  const std::filesystem::path ghost = dir_.path() / "data" / "ghosts" / "lantern_hill__sedan.json";
  ASSERT_TRUE(std::filesystem::exists(ghost));
  ASSERT_TRUE(std::filesystem::exists(dir_.path() / "data" / "records.json"));
  tap(SDLK_ESCAPE);
  tap(SDLK_DOWN, 3);
  tap(SDLK_RETURN);  // Quit to menu
  ASSERT_EQ(app_->screen(), Screen::MainMenu);

  ASSERT_NO_FATAL_FAILURE(start_time_trial(0));
  EXPECT_TRUE(app_->race()->has_ghost()) << "the saved ghost is loaded";
  EXPECT_TRUE(app_->race()->notices().empty());
  if (shots_dir() != nullptr) {
    wait_for_lights_out();
    for (int i = 0; i < 8; ++i) frame();
    shot("time_trial_ghost");
  }
  tap(SDLK_ESCAPE);
  tap(SDLK_DOWN, 3);
  tap(SDLK_RETURN);

  // Another physics version: refused, with a message.
  std::string text;
  {
    std::ifstream in(ghost);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::string stamp = "\"physics_version\":" + std::to_string(kPhysicsVersion);
  const std::size_t at = text.find(stamp);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, stamp.size(), "\"physics_version\":" + std::to_string(kPhysicsVersion + 1));
  {
    std::ofstream out(ghost);
    out << text;
  }
  ASSERT_NO_FATAL_FAILURE(start_time_trial(0));
  EXPECT_FALSE(app_->race()->has_ghost());
  shot("stale_ghost");
  ASSERT_EQ(app_->race()->notices().size(), 1u);
  EXPECT_NE(app_->race()->notices().front().find("physics version"), std::string::npos)
      << app_->race()->notices().front();
}

// A championship round tuned live: the autodriven player's car edited in the Car editor
// (F1) and an opponent's AI profile changed, mid-race. At the end the round is not scored
// (no points, the round still to race), and the Message screen says why before the results.
TEST_F(GameFlowTest, ChampionshipRoundTunedLiveIsNotScored) {
  make_app(/*autodrive=*/true);
  start_short_championship();
  ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
  ASSERT_EQ(app_->race()->plan().mode, RaceMode::Championship);
  tap(SDLK_F1);  // the Vehicle panel and its Car editor
  EXPECT_TRUE(app_->race()->vehicle_panel_open());
  for (int i = 0; i < 20 && app_->race()->race().phase() != SessionPhase::Racing; ++i) frame();
  ASSERT_EQ(app_->race()->race().phase(), SessionPhase::Racing);
  EXPECT_FALSE(app_->race()->tuning().tuned()) << "an open, untouched editor tunes nothing";
  GameRace& race = app_->race()->race();
  const int player = race.player();
  CarSpec spec = race.world().car(static_cast<std::size_t>(player)).spec();
  spec.engine.max_torque *= 1.1;
  app_->race()->edit_car(player, spec);  // what the editor's Apply does
  const int ai = player == 0 ? 1 : 0;
  AiParams p = race.driver(ai)->params();
  p.grip_use = 0.85;
  ASSERT_TRUE(race.set_driver_params(ai, p));
  frame();
  EXPECT_TRUE(app_->race()->tuning().tuned());
  EXPECT_EQ(race.world().car(static_cast<std::size_t>(player)).spec().engine.max_torque, spec.engine.max_torque);
  EXPECT_FALSE(app_->race()->recording().has_value()) << "a tuned race would not replay: none is kept";
  for (int i = 0; i < kMaxRaceFrames && app_->screen() == Screen::Race; ++i) frame();
  ASSERT_EQ(app_->screen(), Screen::Message) << screen_name(app_->screen());
  ASSERT_FALSE(app_->messages().empty());
  const std::string& said = app_->messages().back();
  EXPECT_NE(said.find("Tuned live"), std::string::npos) << said;
  EXPECT_NE(said.find("your car was changed in the car editor"), std::string::npos) << said;
  EXPECT_NE(said.find("the AI of 1 car was changed in the AI panel"), std::string::npos) << said;
  EXPECT_NE(said.find("This round was not scored"), std::string::npos) << said;
  ASSERT_TRUE(app_->records().championship.has_value());
  const ChampionshipProgress& progress = *app_->records().championship;
  EXPECT_EQ(progress.round_index, 0) << "the round is still to race";
  EXPECT_TRUE(progress.rounds.empty());
  int total = 0;
  for (const auto& [driver, points] : progress.points) total += points;
  EXPECT_EQ(total, 0) << "no points scored";
  const std::filesystem::path replays = dir_.path() / "data" / "replays";
  EXPECT_TRUE(!std::filesystem::exists(replays) || std::filesystem::is_empty(replays)) << "no replay kept";
  tap(SDLK_RETURN);  // the message read: the results
  expect_finished_results(2);
}

// A championship round with the keyboard: set up (1 opponent, 1 lap), raced to the end,
// the standings after round 1, the progress saved and found again by the next start.
TEST_F(GameFlowTest, ChampionshipRoundIsScoredAndItsProgressSaved) {
  make_app(/*autodrive=*/true);
  start_short_championship();
  ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
  EXPECT_EQ(app_->race()->plan().track_id, "lantern_hill") << "round 1";
  EXPECT_EQ(app_->race()->plan().mode, RaceMode::Championship);
  EXPECT_EQ(app_->race()->plan().opponents, 1);
  EXPECT_EQ(app_->race()->plan().laps, 1);
  EXPECT_EQ(app_->race()->plan().grid_slot, -1) << "a championship round starts from the back";
  for (int i = 0; i < kMaxRaceFrames && app_->screen() == Screen::Race; ++i) frame();
  expect_finished_results(2);
  ASSERT_TRUE(app_->records().championship.has_value());
  const ChampionshipProgress& progress = *app_->records().championship;
  EXPECT_EQ(progress.round_index, 1);
  ASSERT_EQ(progress.rounds.size(), 1u);
  int total = 0;
  for (const auto& [driver, points] : progress.points) total += points;
  EXPECT_EQ(total, 25 + 18) << "two classified finishers";
  tap(SDLK_RETURN);  // Standings
  ASSERT_EQ(app_->screen(), Screen::Standings);
  shot("standings");
  tap(SDLK_DOWN);
  tap(SDLK_RETURN);  // Back to menu
  ASSERT_EQ(app_->screen(), Screen::MainMenu);

  app_.reset();
  make_app(true);
  ASSERT_TRUE(app_->records().championship.has_value()) << "loaded from records.json";
  EXPECT_EQ(app_->records().championship->round_index, 1);
  tap(SDLK_DOWN, 2);
  tap(SDLK_RETURN);
  EXPECT_EQ(app_->screen(), Screen::ChampionshipMenu) << "continue where it was left";
}

// The planner lab from the main menu: it opens on the built-in map with its default
// planners answering, and Esc goes back to the menu.
TEST_F(GameFlowTest, PlannerLabOpensFromTheMenuAndEscReturns) {
  make_app(/*autodrive=*/false);
  tap(SDLK_DOWN, 4);  // Planner Lab
  tap(SDLK_RETURN);
  ASSERT_EQ(app_->screen(), Screen::Lab);
  ASSERT_NE(app_->lab(), nullptr);
  const LabSession& lab = *app_->lab();
  int answered = 0;
  for (int i = 0; i < lab.layer_count(); ++i)
    if (lab.entry(i).enabled) {
      EXPECT_TRUE(lab.entry(i).outcome.result.found()) << lab.entry(i).layer->name();
      ++answered;
    }
  EXPECT_GE(answered, 3);
  shot("lab");
  tap(SDLK_ESCAPE);
  EXPECT_EQ(app_->screen(), Screen::MainMenu);
}

// Settings with the keyboard: a volume changed, the throttle rebound to a captured key, and
// the gamepad's throttle to a captured trigger (sampled at rest first), saved to the config
// dir and read back by the next start.
TEST_F(GameFlowTest, SettingsAreChangedReboundSavedAndLoadedAgain) {
  make_app(/*autodrive=*/false);
  attach_pad();
  tap(SDLK_DOWN, 3);  // Settings
  tap(SDLK_RETURN);
  ASSERT_EQ(app_->screen(), Screen::Settings);
  tap(SDLK_LEFT);  // master volume 80% -> 70%
  EXPECT_NEAR(app_->settings().audio.master, 0.7, 1e-9);
  // Rows: 4 volumes, 3 display, 7 driving (damage first), then the keyboard's actions
  // (throttle is 3rd).
  tap(SDLK_DOWN, 7);
  tap(SDLK_RIGHT);  // damage: visual -> full
  EXPECT_EQ(app_->settings().damage, DamageMode::Full);
  tap(SDLK_DOWN, 9);
  tap(SDLK_RETURN);  // capture a key for the throttle
  tap(SDLK_t);
  ASSERT_EQ(app_->settings().input.keys(InputAction::Throttle), std::vector<std::string>{"T"});
  EXPECT_EQ(app_->screen(), Screen::Settings) << "the captured key is not a menu move";
  shot("settings");
  tap(SDLK_DOWN, 10);  // the gamepad's throttle
  tap(SDLK_RETURN);
  frame();  // sampled at rest: the left trigger rests at -1 and is not taken for that
  set_axis(kTriggerLeft, kAxisMax);
  frame();
  frame();
  set_axis(kTriggerLeft, kAxisMin);
  EXPECT_EQ(app_->settings().input.pad(InputAction::Throttle), std::vector<std::string>{"lefttrigger+"});
  tap(SDLK_ESCAPE);  // save and back
  ASSERT_EQ(app_->screen(), Screen::MainMenu);
  ASSERT_TRUE(std::filesystem::exists(dir_.path() / "config" / "settings.json"));

  app_.reset();
  make_app(false);
  EXPECT_NEAR(app_->settings().audio.master, 0.7, 1e-9) << "loaded at start";
  EXPECT_EQ(app_->settings().damage, DamageMode::Full);
  EXPECT_EQ(app_->settings().input.keys(InputAction::Throttle), std::vector<std::string>{"T"});
  EXPECT_EQ(app_->settings().input.pad(InputAction::Throttle), std::vector<std::string>{"lefttrigger+"});
}

// A corrupt settings file: the game starts with the defaults and says so (a message
// screen), the file is set aside, and OK goes on to the menu.
TEST_F(GameFlowTest, ABadSettingsFileGivesAMessageNotACrash) {
  std::filesystem::create_directories(dir_.path() / "config");
  {
    std::ofstream out(dir_.path() / "config" / "settings.json");
    out << "{ \"format\": 1, \"audio\": { \"mastr\": 2 } ";
  }
  FlowConfig config;
  config.config_dir = dir_.path() / "config";
  config.data_dir = dir_.path() / "data";
  config.sim_per_frame = 0.5;
  app_ = std::make_unique<FlowApp>(config, *window_);
  frame();
  ASSERT_EQ(app_->screen(), Screen::Message);
  ASSERT_FALSE(app_->messages().empty());
  EXPECT_NE(app_->messages().front().find("settings.json"), std::string::npos) << app_->messages().front();
  shot("message");
  tap(SDLK_RETURN);
  EXPECT_EQ(app_->screen(), Screen::MainMenu);
  EXPECT_TRUE(std::filesystem::exists(dir_.path() / "config" / "settings.json.bad"));
}

// BoundInput from SDL key events: a tap inside one frame still gives its edge, a held key
// gives one edge, and a key name SDL does not know is reported.
TEST_F(GameFlowTest, BoundInputGivesEdgesForTapsAndReportsUnknownKeys) {
  InputSettings input;
  input.keyboard[static_cast<std::size_t>(InputAction::Pause)] = {"Escape"};
  input.keyboard[static_cast<std::size_t>(InputAction::Respawn)] = {"NoSuchKey"};
  BoundInput bound(input);
  ASSERT_EQ(bound.problems().size(), 1u);
  EXPECT_NE(bound.problems().front().find("NoSuchKey"), std::string::npos);
  auto event = [](SDL_Keycode key, bool down) {
    SDL_Event e{};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    return e;
  };
  InputState state;
  const std::size_t pause = static_cast<std::size_t>(InputAction::Pause);
  bound.handle(event(SDLK_ESCAPE, true));
  bound.handle(event(SDLK_ESCAPE, false));
  EXPECT_TRUE(bound.read({}, state)[pause]) << "down and up between two reads";
  EXPECT_FALSE(bound.read({}, state)[pause]);
  bound.handle(event(SDLK_ESCAPE, true));
  EXPECT_TRUE(bound.read({}, state)[pause]);
  EXPECT_FALSE(bound.read({}, state)[pause]) << "held: one edge";
  bound.handle(event(SDLK_UP, true));
  bound.read({}, state);
  EXPECT_TRUE(state.throttle_key) << "the default throttle keys";
}


// The track editor (ui/editor_view.h): opened on a new track, an edit made, F5 drives the
// edited track at once (the player alone), F10 comes back to the editor with the history and
// selection as they were left, F8 races it against 5 AI cars and the pause menu's "Back to
// the editor" returns too. Keys are held for a frame (ImGui reads them at the frame's start).
TEST_F(GameFlowTest, TheEditorDrivesAndRacesTheEditedTrackAndComesBackWhereItWasLeft) {
  FlowConfig config;
  config.options.autodrive = true;
  config.options.rate_hz = 120.0;
  config.config_dir = dir_.path() / "config";
  config.data_dir = dir_.path() / "data";
  config.sim_per_frame = 0.5;
  config.start_editor.emplace(editor::template_track(), dir_.path() / "data" / "tracks" / "t.json", "new track");
  app_ = std::make_unique<FlowApp>(config, *window_);
  frame();
  ASSERT_EQ(app_->screen(), Screen::Editor) << screen_name(app_->screen());
  editor::Document& doc = *app_->edited();
  ASSERT_EQ(doc.apply(editor::SetLaps{1}), std::nullopt);
  ASSERT_EQ(doc.apply(editor::MovePoints{{{editor::ElementKind::CentrelinePoint, 7, 0}}, {0, 6}, 0.0}), std::nullopt);
  doc.select({editor::ElementKind::CentrelinePoint, 7, 0});
  const auto hold = [&](SDL_Keycode key) {
    push_key(key, true);
    frame();
    push_key(key, false);
    frame();
  };
  hold(SDLK_F5);
  ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen()) << ": " <<
      (app_->messages().empty() ? "" : app_->messages().front());
  EXPECT_EQ(app_->race()->race().car_count(), 1u) << "F5: the player alone";
  EXPECT_EQ(app_->race()->track_name(), "New Track");
  hold(SDLK_F10);
  ASSERT_EQ(app_->screen(), Screen::Editor) << screen_name(app_->screen());
  EXPECT_EQ(app_->edited()->history().size(), 3u);
  ASSERT_EQ(app_->edited()->selection().size(), 1u);
  EXPECT_EQ(app_->edited()->selection().front().index, 7);
  hold(SDLK_F8);
  ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
  EXPECT_EQ(app_->race()->race().car_count(), 6u) << "F8: the player and 5 AI cars";
  wait_for_lights_out();
  tap(SDLK_ESCAPE);
  ASSERT_EQ(app_->screen(), Screen::Paused);
  tap(SDLK_DOWN, 4);  // Resume, Restart, Settings, AI panel, then Back to the editor
  tap(SDLK_RETURN);
  EXPECT_EQ(app_->screen(), Screen::Editor) << screen_name(app_->screen());
}


// The main menu's Track Editor opens the editor on the template (no track edited yet), and
// Esc returns to the menu.
TEST_F(GameFlowTest, TrackEditorOpensFromTheMenuOnTheTemplateAndEscReturns) {
  make_app(/*autodrive=*/false);
  tap(SDLK_DOWN, 5);  // Quick Race, Time Trial, Championship, Settings, Planner Lab -> Track Editor
  tap(SDLK_RETURN);
  ASSERT_EQ(app_->screen(), Screen::Editor) << screen_name(app_->screen());
  EXPECT_EQ(app_->edited()->spec().name, "New Track");
  EXPECT_EQ(app_->edited()->path(), dir_.path() / "data" / "tracks" / "new_track.json");
  tap(SDLK_ESCAPE);
  EXPECT_EQ(app_->screen(), Screen::MainMenu);
}

}  // namespace
}  // namespace racer
