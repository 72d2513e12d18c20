// The game under faults, as a player would meet them: a 2 s frame hitch, the window
// minimised for minutes, the game controller unplugged mid-race, no sound device, a config
// folder that cannot be written and a full disk when the championship is saved. Each time
// the game carries on and says what it could not do. The real FlowApp on SDL's dummy video
// and audio drivers (no display); the controller is SDL's virtual joystick; the minimised
// window is the event SDL sends; the full disk is a file-size limit (RLIMIT_FSIZE), under
// which a write fails as it does on a full disk.
#include "app/flow_app.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "flow_fixture.h"
#include "game/temp_dir.h"

namespace racer {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxRaceFrames = 600;  // 300 s of racing at 0.5 s a frame: far more than one lap needs

class FaultsTest : public test::FlowFixture {
 protected:
  FlowConfig config(double sim_per_frame) const { return flow_config(/*autodrive=*/true, sim_per_frame); }
  /// The app already racing: Lantern Hill, the player and one AI car, one lap, 1 s after
  /// the lights. `sim_per_frame` 0: frames on the wall clock, as the game runs.
  void start_racing(double sim_per_frame) {
    FlowConfig c = config(sim_per_frame);
    RaceChoices choices;
    choices.track_path = std::string(RACER_SOURCE_DIR) + "/tracks/lantern_hill.json";
    choices.car_path = std::string(RACER_SOURCE_DIR) + "/assets/cars/sedan.json";
    choices.opponents = 1;
    choices.laps = 1;
    choices.rate_hz = 120.0;
    choices.autodrive = true;
    c.start_race = make_race_plan(choices);
    c.prerun_s = 1.0;
    app_ = std::make_unique<FlowApp>(c, *window_);
    frame();
    ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
  }
  double race_time() const { return app_->race()->race().time(); }

  void push_window_event(SDL_WindowEventID what) {
    SDL_Event e{};
    e.type = SDL_WINDOWEVENT;
    e.window.event = static_cast<Uint8>(what);
    e.window.windowID = SDL_GetWindowID(window_->sdl_window());
    ASSERT_EQ(SDL_PushEvent(&e), 1) << SDL_GetError();
  }
};

// A 2 s stall of the machine between two frames: the race moves on by at most the clamped
// frame time (FixedStep: 0.25 s, and 16 steps a frame), not by 2 s of catching up, and the
// frames after it run as before.
TEST_F(FaultsTest, AFrameHitchOfTwoSecondsIsAbsorbedAndTheRaceGoesOn) {
  start_racing(/*sim_per_frame=*/0.0);
  for (int i = 0; i < 5; ++i) frame();
  const double before = race_time();
  SDL_Delay(2000);
  frame();
  const double after_hitch = race_time();
  EXPECT_LE(after_hitch - before, 0.25 + 1e-9) << "a hitch is not owed to the simulation";
  EXPECT_GT(after_hitch - before, 0.0) << "the frame after the hitch still steps";
  EXPECT_EQ(app_->screen(), Screen::Race);
  const std::uint32_t start = SDL_GetTicks();
  while (SDL_GetTicks() - start < 300) frame();
  EXPECT_GT(race_time(), after_hitch + 0.1) << "the race runs on in real time after the hitch";
  EXPECT_EQ(app_->screen(), Screen::Race);
}

// Minimised mid-race: the race pauses and says why; three minutes minimised move nothing;
// restored, it waits for the player, and Resume races on.
TEST_F(FaultsTest, AWindowMinimisedForMinutesPausesTheRaceAndItResumes) {
  start_racing(/*sim_per_frame=*/2.0);
  push_window_event(SDL_WINDOWEVENT_MINIMIZED);
  frame();
  ASSERT_EQ(app_->screen(), Screen::Paused) << screen_name(app_->screen());
  EXPECT_NE(app_->pause_reason().find("minimised"), std::string::npos) << app_->pause_reason();
  const double paused_at = race_time();
  for (int i = 0; i < 90; ++i) frame();  // 3 minutes of 2 s frames
  EXPECT_DOUBLE_EQ(race_time(), paused_at) << "nothing moves while minimised";
  push_window_event(SDL_WINDOWEVENT_RESTORED);
  frame();
  EXPECT_EQ(app_->screen(), Screen::Paused) << "restored, the race waits for the player";
  tap(SDLK_RETURN);  // Resume
  ASSERT_EQ(app_->screen(), Screen::Race);
  frame();
  EXPECT_GT(race_time(), paused_at);
  for (int i = 0; i < kMaxRaceFrames && app_->screen() == Screen::Race; ++i) frame();
  EXPECT_EQ(app_->screen(), Screen::Results) << "the race still finishes";
}

// The controller pulled out mid-race: the race pauses and says so; the player carries on
// with the keyboard (Resume, then the race runs to its finish).
TEST_F(FaultsTest, AControllerUnpluggedMidRacePausesAndTheKeyboardCarriesOn) {
  pad_index_ = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0);
  ASSERT_GE(pad_index_, 0) << SDL_GetError();
  start_racing(/*sim_per_frame=*/0.5);
  frame();
  ASSERT_EQ(SDL_NumJoysticks(), 1);
  const double before = race_time();
  ASSERT_EQ(SDL_JoystickDetachVirtual(pad_index_), 0) << SDL_GetError();
  pad_index_ = -1;
  frame();
  ASSERT_EQ(app_->screen(), Screen::Paused) << screen_name(app_->screen());
  EXPECT_NE(app_->pause_reason().find("controller was disconnected"), std::string::npos) << app_->pause_reason();
  const double paused_at = race_time();
  EXPECT_LE(paused_at - before, 0.5 + 1e-9);
  tap(SDLK_RETURN);  // Resume, on the keyboard
  ASSERT_EQ(app_->screen(), Screen::Race);
  for (int i = 0; i < kMaxRaceFrames && app_->screen() == Screen::Race; ++i) frame();
  EXPECT_EQ(app_->screen(), Screen::Results) << "the race finishes without the controller";
  EXPECT_GT(race_time(), paused_at + 30.0);
}

// No sound device (SDL's audio cannot open any driver): the game runs silent, says so on
// the main menu, and a race runs to its finish.
TEST_F(FaultsTest, NoSoundDeviceRunsSilentAndSaysSo) {
  const std::string old = std::getenv("SDL_AUDIODRIVER") ? std::getenv("SDL_AUDIODRIVER") : "";
  setenv("SDL_AUDIODRIVER", "no_such_audio_driver", 1);
  app_ = std::make_unique<FlowApp>(config(0.5), *window_);
  setenv("SDL_AUDIODRIVER", old.c_str(), 1);
  frame();
  EXPECT_FALSE(app_->sound_ok());
  EXPECT_NE(app_->main_menu_note().find("No sound"), std::string::npos) << app_->main_menu_note();
  ASSERT_EQ(app_->screen(), Screen::MainMenu);
  tap(SDLK_RETURN);  // Quick Race
  tap(SDLK_DOWN, 2);
  tap(SDLK_LEFT, 4);  // 1 opponent
  tap(SDLK_DOWN);
  tap(SDLK_LEFT, 2);  // 1 lap
  tap(SDLK_DOWN, 3);
  tap(SDLK_RETURN);   // Start
  frame();
  ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
  for (int i = 0; i < kMaxRaceFrames && app_->screen() == Screen::Race; ++i) frame();
  EXPECT_EQ(app_->screen(), Screen::Results) << "a silent race still finishes";
}

/// A folder the game cannot write in. Not a read-only folder: the tests may run as root,
/// which writes through any permission; a regular file where a folder of the path should
/// be refuses every user (ENOTDIR).
fs::path unwritable(const test::TempDir& dir, const std::string& name) {
  test::write_all(dir / "not_a_folder", "a file where the folder should be\n");
  return dir / "not_a_folder" / name;
}

// The settings cannot be saved: the player is told (where, and why), the changed settings
// stay for this session, and the game goes on to the menu.
TEST_F(FaultsTest, AnUnwritableConfigFolderKeepsTheSettingsForTheSessionAndSaysSo) {
  FlowConfig c = config(0.5);
  c.config_dir = unwritable(dir_, "config");
  app_ = std::make_unique<FlowApp>(c, *window_);
  frame();
  ASSERT_EQ(app_->screen(), Screen::MainMenu);
  tap(SDLK_DOWN, 3);  // Settings
  tap(SDLK_RETURN);
  ASSERT_EQ(app_->screen(), Screen::Settings);
  tap(SDLK_LEFT);  // master volume 80% -> 70%
  tap(SDLK_ESCAPE);  // save and back
  ASSERT_EQ(app_->screen(), Screen::Message) << screen_name(app_->screen());
  ASSERT_EQ(app_->messages().size(), 1u);
  EXPECT_NE(app_->messages().front().find("Settings were not saved"), std::string::npos) << app_->messages().front();
  EXPECT_NE(app_->messages().front().find("settings.json"), std::string::npos) << app_->messages().front();
  tap(SDLK_RETURN);  // OK
  EXPECT_EQ(app_->screen(), Screen::MainMenu);
  EXPECT_NEAR(app_->settings().audio.master, 0.7, 1e-9) << "kept for the session";
}

// The disk fills up before a championship round ends: saving its progress fails, the
// player is told before the results, and the round still counts for this session.
TEST_F(FaultsTest, AFullDiskWhenTheChampionshipIsSavedSaysSoAndTheSeasonGoesOn) {
  app_ = std::make_unique<FlowApp>(config(0.5), *window_);
  frame();
  start_short_championship();  // its records are saved now, with room on the disk
  ASSERT_EQ(app_->screen(), Screen::Race) << screen_name(app_->screen());
  const std::string saved_before = test::read_all(dir_.path() / "data" / "records.json");
  ASSERT_FALSE(saved_before.empty());

  // From here the disk is full: no file may grow past 16 bytes (SIGXFSZ ignored, so the
  // write fails with EFBIG as it fails with ENOSPC on a full disk).
  rlimit old_limit{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old_limit), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit full = old_limit;
  full.rlim_cur = 16;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &full), 0);
  for (int i = 0; i < kMaxRaceFrames && app_->screen() == Screen::Race; ++i) frame();
  setrlimit(RLIMIT_FSIZE, &old_limit);
  std::signal(SIGXFSZ, old_handler);

  ASSERT_EQ(app_->screen(), Screen::Message) << screen_name(app_->screen());
  ASSERT_FALSE(app_->messages().empty());
  EXPECT_NE(app_->messages().front().find("championship's progress was not saved"), std::string::npos)
      << app_->messages().front();
  EXPECT_NE(app_->messages().front().find("records.json"), std::string::npos) << app_->messages().front();
  EXPECT_EQ(test::read_all(dir_.path() / "data" / "records.json"), saved_before) << "the old file is intact";
  tap(SDLK_RETURN);  // OK
  EXPECT_EQ(app_->screen(), Screen::Results);
  ASSERT_TRUE(app_->records().championship.has_value());
  EXPECT_EQ(app_->records().championship->round_index, 1) << "the round counts for this session";
}

}  // namespace
}  // namespace racer
