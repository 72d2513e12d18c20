// The race HUD: hud_model() read from a GameRace on Lantern Hill (lights, position, lap,
// gaps, messages), the formatting, and draw_race_hud() drawn into an ImGui frame with no
// window (every vertex on screen, sizes scaling with the display).
#include "ui/race_hud.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "game/game_race.h"
#include "race/race.h"
#include "test_paths.h"
#include "test_profiles.h"
#include "track/track.h"

namespace racer {
namespace {

struct Field {
  std::shared_ptr<const Track> track;
  CarSpec spec;
  std::vector<AiParams> profiles;
};

Field field() {
  Field f;
  auto track = Track::load(test::source_path("tracks/lantern_hill.json"));
  EXPECT_TRUE(track.ok()) << track.error_text();
  f.track = track.value();
  const Result<CarSpec> spec = load_car_spec(test::car_path("sedan"));
  EXPECT_TRUE(spec.ok()) << spec.error_text();
  f.spec = spec.value();
  f.profiles = test::shipped_profiles();
  return f;
}

GameRaceConfig config(int slot, int laps) {
  GameRaceConfig c;
  c.laps = laps;
  c.seed = 5;
  c.rate_hz = 120.0;
  c.player_grid_slot = slot;
  return c;
}

TEST(RaceHudModel, FollowsAGameRace) {
  const Field f = field();
  PlayerEntry player{"Player", "sedan", f.spec, f.profiles[1]};
  GameRace race(f.track, player, make_field(f.spec, "sedan", f.profiles, "mixed", 2), config(1, 2));
  const int me = race.player();
  const Controls none;

  // The grid and the countdown: lights, no timing, no gaps.
  int max_lit = 0;
  for (;;) {
    race.step(none);
    if (race.phase() == SessionPhase::Racing) break;
    const RaceHudModel m = hud_model(race, me);
    EXPECT_TRUE(m.lights_visible);
    EXPECT_FALSE(m.lights_out);
    EXPECT_EQ(m.lights_lit, race.rules().lights_lit());
    EXPECT_LE(m.lights_lit, 5);
    max_lit = std::max(max_lit, m.lights_lit);
    EXPECT_FALSE(m.current_lap_s.has_value());
    EXPECT_FALSE(m.gap_ahead || m.gap_behind);
    EXPECT_EQ(m.position, 2);
    EXPECT_EQ(m.car_count, 3);
    EXPECT_EQ(m.laps, 2);
  }
  EXPECT_EQ(max_lit, 5);
  RaceHudModel go = hud_model(race, me);
  EXPECT_TRUE(go.lights_visible && go.lights_out) << "green at lights out";
  EXPECT_EQ(format_lap(go), "LAP 1/2");

  // 25 s of racing: the model says what the rules say.
  const double until = race.time() + 25.0;
  while (race.time() < until) race.step(none);
  const RaceHudModel m = hud_model(race, me);
  const SessionRules& rules = race.rules();
  EXPECT_FALSE(m.lights_visible) << "the lights go once the race is under way";
  EXPECT_EQ(m.position, rules.position(me));
  EXPECT_EQ(format_position(m), "P" + std::to_string(rules.position(me)) + "/3");
  EXPECT_EQ(m.lap, 1);
  ASSERT_TRUE(m.current_lap_s.has_value());
  EXPECT_NEAR(*m.current_lap_s, rules.current_lap_time(me), 1e-12);
  EXPECT_GT(*m.current_lap_s, 20.0);
  EXPECT_FALSE(m.last_lap_s.has_value());
  EXPECT_GT(m.speed_mps, 5.0);
  EXPECT_GT(m.rpm, 500.0);
  EXPECT_GE(m.gear, 1);
  EXPECT_EQ(m.title, f.track->spec().name);
  const Gap ahead = rules.gap_ahead(me), behind = rules.gap_behind(me);
  EXPECT_EQ(m.gap_ahead.has_value(), ahead.valid);
  EXPECT_EQ(m.gap_behind.has_value(), behind.valid);
  if (m.position == 2) {
    EXPECT_TRUE(m.gap_ahead && m.gap_behind) << "the middle car has both";
  }
  if (m.gap_ahead) {
    EXPECT_NEAR(m.gap_ahead->seconds, ahead.seconds, 1e-12);
    EXPECT_EQ(m.gap_ahead->name, rules.name(rules.order()[static_cast<std::size_t>(m.position - 2)]));
  }
  if (m.gap_behind) {
    EXPECT_NEAR(m.gap_behind->seconds, behind.seconds, 1e-12);
    EXPECT_EQ(m.gap_behind->name, rules.name(rules.order()[static_cast<std::size_t>(m.position)]));
  }

  // Into lap 2: the last lap is timed, the final lap flagged.
  const double limit = race.time() + 200.0;
  while (rules.laps_completed(me) < 1 && race.time() < limit) race.step(none);
  ASSERT_EQ(rules.laps_completed(me), 1);
  for (int i = 0; i < 12; ++i) race.step(none);
  const RaceHudModel lap2 = hud_model(race, me);
  EXPECT_EQ(lap2.lap, 2);
  ASSERT_TRUE(lap2.last_lap_s.has_value());
  EXPECT_NEAR(*lap2.last_lap_s, *rules.last_lap_time(me), 1e-12);
  EXPECT_TRUE(lap2.best_lap_s.has_value());
  EXPECT_TRUE(lap2.last_lap) << "lap 2 of 2";
  EXPECT_FALSE(lap2.last_lap_delta_s.has_value()) << "one lap: nothing to compare with";
}

TEST(RaceHudModel, FalseStartShowsAPenaltyMessage) {
  const Field f = field();
  PlayerEntry player{"Player", "sedan", f.spec, std::nullopt};
  GameRace race(f.track, player, make_field(f.spec, "sedan", f.profiles, "medium", 2), config(0, 1));
  Controls floor_it;
  floor_it.throttle = 1.0;
  while (race.time() < 3.0) race.step(floor_it);  // in the countdown
  const RaceHudModel m = hud_model(race, race.player());
  ASSERT_TRUE(race.rules().false_start(race.player()));
  const auto it = std::find_if(m.messages.begin(), m.messages.end(), [](const HudMessage& msg) { return msg.tone == HudTone::Alert; });
  ASSERT_NE(it, m.messages.end());
  EXPECT_NE(it->text.find("alse start"), std::string::npos) << it->text;
}

// One respawn, one notice: the hold's countdown, not also the rules' "respawn, held 3 s" (a
// new player saw three notices, two saying the same thing).
TEST(RaceHudModel, ARespawnShowsOneNotice) {
  const Field f = field();
  PlayerEntry player{"Player", "sedan", f.spec, std::nullopt};
  GameRace race(f.track, player, {}, config(0, 2));  // 2 laps: no "Last lap" message yet
  while (race.phase() != SessionPhase::Racing) race.step(Controls{});
  for (int i = 0; i < 120; ++i) race.step(Controls{});  // 1 s after lights out
  ASSERT_TRUE(race.can_respawn());
  race.step(PlayerInput{Controls{}, true});
  ASSERT_EQ(race.respawns(race.player()), 1);
  for (int check = 0; check < 5; ++check) {  // every 0.5 s of the 3 s hold
    for (int i = 0; i < 60; ++i) race.step(Controls{});
    const RaceHudModel m = hud_model(race, race.player());
    ASSERT_GT(race.respawn_hold_left(), 0.0);
    ASSERT_EQ(m.messages.size(), 1u) << m.messages.front().text << " / " << m.messages.back().text;
    EXPECT_EQ(m.messages.front().text.rfind("Back on track in ", 0), 0u) << m.messages.front().text;
  }
}

// "Visual only" damage dents the car but shows no percentage (it would read as if it mattered);
// Full damage shows it.
TEST(RaceHudModel, DamagePercentOnlyWhenDamageCounts) {
  const Field f = field();
  for (const DamageMode mode : {DamageMode::Off, DamageMode::Visual, DamageMode::Full}) {
    GameRaceConfig c = config(0, 1);
    c.damage = mode;
    GameRace race(f.track, PlayerEntry{"Player", "sedan", f.spec, std::nullopt}, {}, c);
    race.step(Controls{});
    CarSnapshot hit = snapshot_car(race.world().car(0));
    hit.damage.worst = 0.4;
    const RaceHudModel m = hud_model(race, race.player(), &hit);
    EXPECT_DOUBLE_EQ(m.damage, mode == DamageMode::Full ? 0.4 : 0.0) << static_cast<int>(mode);
  }
}

TEST(RaceHudModel, CarPartAndShiftLight) {
  CarSpec spec;  // max 6500, shift up 6000, five gears
  EXPECT_DOUBLE_EQ(redline_rpm(spec), 6000.0);
  EXPECT_TRUE(shift_light_on(5900.0, 3, spec));
  EXPECT_FALSE(shift_light_on(5000.0, 3, spec));
  EXPECT_FALSE(shift_light_on(6400.0, 5, spec)) << "nothing to change up to in top gear";
  EXPECT_FALSE(shift_light_on(6400.0, 0, spec));
  CarSnapshot car;
  car.speed = -4.0;
  car.rpm = 6100.0;
  car.gear = 2;
  car.abs_active = true;
  car.tcs = 0.5;
  RaceHudModel m;
  fill_car(m, car, spec, {true, false, false});
  EXPECT_DOUBLE_EQ(m.speed_mps, 4.0);
  EXPECT_TRUE(m.shift_light);
  EXPECT_TRUE(m.abs_on && m.abs_active);
  EXPECT_FALSE(m.tcs_on || m.tcs_active) << "TCS off cannot be acting";
  EXPECT_FALSE(m.automatic);
}

TEST(RaceHudModel, Formatting) {
  RaceHudModel m;
  EXPECT_EQ(format_position(m), "");
  EXPECT_EQ(format_lap(m), "");
  m.position = 3;
  m.car_count = 8;
  m.lap = 2;
  m.laps = 5;
  EXPECT_EQ(format_position(m), "P3/8");
  EXPECT_EQ(format_lap(m), "LAP 2/5");
  m.laps = 0;
  EXPECT_EQ(format_lap(m), "LAP 2");
  EXPECT_EQ(format_gap({1.2344, 0, ""}), "+1.234");
  EXPECT_EQ(format_gap({0.0, 1, ""}), "+1 lap");
  EXPECT_EQ(format_gap({0.0, 3, ""}), "+3 laps");
}

// ---- drawing without a window ------------------------------------------------------------

RaceHudModel busy_model() {
  RaceHudModel m;
  m.speed_mps = 41.0;
  m.rpm = 5950.0;
  m.gear = 4;
  m.shift_light = true;
  m.position = 3;
  m.car_count = 8;
  m.lap = 5;
  m.laps = 5;
  m.last_lap = true;
  m.current_lap_s = 63.2;
  m.last_lap_s = 84.123;
  m.best_lap_s = 83.9;
  m.last_lap_delta_s = 0.223;
  m.gap_ahead = HudGap{1.234, 0, "Bruno Keller"};
  m.gap_behind = HudGap{0.0, 1, "Chiara Rossi"};
  m.lights_visible = true;
  m.lights_lit = 3;
  m.messages = {{"False start: +5 s penalty", HudTone::Alert, 0.5, false}, {"WRONG WAY", HudTone::Alert, 0.0, true}};
  m.damage = 0.4;
  m.title = "Lantern Hill";
  return m;
}

/// Bounding box of everything drawn for the model at this display size.
ImVec4 drawn_bounds(const RaceHudModel& m, ImVec2 display) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = display;
  io.DeltaTime = 1.0f / 60.0f;
  ImGui::NewFrame();
  UiFonts fonts;
  fonts.text = fonts.big = ImGui::GetFont();
  draw_race_hud(m, display, fonts);
  ImGui::Render();
  ImVec4 b{1e9f, 1e9f, -1e9f, -1e9f};
  const ImDrawData* data = ImGui::GetDrawData();
  int vertices = 0;
  for (int l = 0; l < data->CmdListsCount; ++l)
    for (const ImDrawVert& v : data->CmdLists[l]->VtxBuffer) {
      b = {std::min(b.x, v.pos.x), std::min(b.y, v.pos.y), std::max(b.z, v.pos.x), std::max(b.w, v.pos.y)};
      ++vertices;
    }
  EXPECT_GT(vertices, 1000) << "the HUD drew something";
  return b;
}

TEST(RaceHud, DrawsOnScreenAndScalesWithTheDisplay) {
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini left behind by the test
  ImGui::GetIO().Fonts->AddFontDefault();
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  const RaceHudModel m = busy_model();
  const ImVec4 small = drawn_bounds(m, {1280.0f, 720.0f});
  const ImVec4 large = drawn_bounds(m, {1920.0f, 1080.0f});
  for (const auto& [b, size] : {std::pair{small, ImVec2{1280.0f, 720.0f}}, std::pair{large, ImVec2{1920.0f, 1080.0f}}}) {
    EXPECT_GE(b.x, 0.0f);
    EXPECT_GE(b.y, 0.0f);
    EXPECT_LE(b.z, size.x);
    EXPECT_LE(b.w, size.y);
    EXPECT_GT(b.z - b.x, 0.8f * size.x) << "spread across the screen";
  }
  // Resolution-independent: the same layout 1.5x larger (within a pixel or two of rounding).
  EXPECT_NEAR(large.x, 1.5f * small.x, 3.0f);
  EXPECT_NEAR(large.y, 1.5f * small.y, 3.0f);
  EXPECT_NEAR(large.z, 1.5f * small.z, 3.0f);
  EXPECT_NEAR(large.w, 1.5f * small.w, 3.0f);
  // An empty model (a timed run before the line) draws too, and stays on screen.
  const ImVec4 empty = drawn_bounds(RaceHudModel{}, {1280.0f, 720.0f});
  EXPECT_GE(empty.x, 0.0f);
  EXPECT_LE(empty.w, 720.0f);
  ImGui::DestroyContext();
}

// "P11/12" once ran into "1/3" (the lap column sat at a fixed x): the position is sized for
// the field's widest numbers and the lap column starts after it, for every field and race
// length the menus allow, at 720p and 1080p; the whole block stays clear of the timing
// plate (top right, 280 design px from the right edge).
TEST(RaceHud, PositionNeverRunsIntoTheLapCounter) {
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::GetIO().Fonts->AddFontDefault();
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  UiFonts fonts;
  fonts.text = fonts.big = ImGui::GetIO().Fonts->Fonts[0];  // no frame: GetFont() is null
  for (const ImVec2 display : {ImVec2{1280.0f, 720.0f}, ImVec2{1920.0f, 1080.0f}}) {
    const float u = display.y / 720.0f;
    float width_of_12 = 0.0f;
    for (const auto& [position, cars, lap, laps] :
         {std::array{1, 1, 1, 1}, std::array{8, 8, 2, 3}, std::array{11, 12, 1, 3}, std::array{12, 12, 1, 3},
          std::array{10, 12, 3, 3}, std::array{12, 12, 100, 100}, std::array{1, 12, 10, 10}}) {
      RaceHudModel m;
      m.position = position;
      m.car_count = cars;
      m.lap = lap;
      m.laps = laps;
      const StandingsLayout l = standings_layout(m, display, fonts);
      const std::string what = "P" + std::to_string(position) + "/" + std::to_string(cars) + " lap " +
                               std::to_string(lap) + "/" + std::to_string(laps);
      // The separator line is drawn 12 design px left of the lap column: 10 px clear of it.
      EXPECT_LE(l.position_right + 14.0f * u, l.lap_x) << what;
      EXPECT_LE(l.lap_right, l.left + l.width) << what;
      EXPECT_LE(l.left + l.width, display.x - 280.0f * u) << what;
      if (cars == 12 && laps == 3) {
        if (width_of_12 == 0.0f) width_of_12 = l.width;
        EXPECT_FLOAT_EQ(l.width, width_of_12) << "the block keeps its size as the position changes: " << what;
      }
    }
  }
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace racer
