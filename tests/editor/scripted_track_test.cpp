// A track built from nothing by editor operations alone (a script of edits on an empty
// document, as a track builder would click them): it validates as trackcheck does, saves,
// loads with Track::load (what trackcheck runs on a file) and a race of 6 AI cars over 3
// laps on it, built as the headless runner builds its races, finishes with every car.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "core/math.h"
#include "editor/document.h"
#include "game/replay_race.h"
#include "temp_dir.h"
#include "test_paths.h"
#include "test_profiles.h"
#include "track/track.h"

namespace racer::editor {
namespace {

// The centreline of a rounded rectangle 400 x 200 m with corners of radius 60 m, driven
// anticlockwise: straights with a point every 40 m, corners with one every 22.5 degrees.
std::vector<Vec2> rounded_rectangle() {
  std::vector<Vec2> out;
  const auto arc = [&](Vec2 centre, double from_deg) {
    for (int k = 1; k <= 3; ++k) {
      const double a = deg_to_rad(from_deg + 22.5 * k);
      out.push_back({std::round(centre.x + 60 * std::cos(a)), std::round(centre.y + 60 * std::sin(a))});
    }
  };
  for (int x = -140; x <= 140; x += 40) out.push_back({double(x), -100});
  arc({140, -40}, -90);
  for (int y = -40; y <= 40; y += 40) out.push_back({200, double(y)});
  arc({140, 40}, 0);
  for (int x = 140; x >= -140; x -= 40) out.push_back({double(x), 100});
  arc({-140, 40}, 90);
  for (int y = 40; y >= -40; y -= 40) out.push_back({-200, double(y)});
  arc({-140, -40}, 180);
  return out;
}

// The script: every edit a track builder would make for a small club circuit.
void build_by_edits(Document& doc) {
  auto apply = [&](const Edit& e) { ASSERT_EQ(doc.apply(e), std::nullopt) << edit_label(doc.spec(), e); };
  apply(SetTrackInfo{"Scripted Ring", "editor test", "Built from nothing with editor operations."});
  const std::vector<Vec2> points = rounded_rectangle();
  for (std::size_t i = 0; i < points.size(); ++i)
    apply(InsertCentrelinePoint{static_cast<int>(i), {doc.snapped(points[i]), 12.0}});
  apply(SetDefaultWidth{13});
  apply(SetPointWidth{{ElementKind::CentrelinePoint, 9, 0}, 15});  // wider through the first corner
  apply(SetRunoff{{Surface::Grass, 12}});
  apply(SetKerbSettings{true, 100, 1.2});
  apply(AddKerbSpan{{7, 11, KerbSide::Left}});
  apply(AddZone{{Surface::Gravel, {{209, -30}, {216, -30}, {216, 30}, {209, 30}}}});  // beside the right straight
  ObstacleSpec tyres;
  tyres.position = {0, 114};
  tyres.radius = 0.9;
  apply(AddObstacle{tyres});
  ObstacleSpec wall;
  wall.shape = ObstacleShape::Box;
  wall.kind = "barrier";
  wall.position = {60, -114};
  apply(AddObstacle{wall});
  apply(ResizeObstacle{1, 0.5, 16, 1});
  apply(RotateObstacle{1, 2});
  apply(AddBarrier{{{-213, -30}, {-213, 30}}});
  apply(InsertBarrierPoint{0, 1, {-214, 0}});
  apply(SetStart{{4, 0, false}});  // (20, -100): 160 m of straight behind the line
  apply(SetGrid{{8, 8, 6, 2}});
  apply(SetSectors{3});
  apply(SetLaps{3});
}

TEST(EditorScriptedTrack, ATrackBuiltOnlyByEditsPassesTrackcheckAndSixAiCarsFinishThreeLaps) {
  const test::TempDir dir;
  const std::filesystem::path path = dir / "tracks" / "scripted_ring.json";
  Document doc(TrackSpec{}, path, "new");
  EXPECT_FALSE(doc.validation().ok()) << "an empty track is not valid";
  build_by_edits(doc);
  if (HasFatalFailure()) return;
  const Validation& v = doc.validation();
  ASSERT_TRUE(v.ok()) << v.issues.front().error.to_string();
  ASSERT_TRUE(doc.save().empty());

  // trackcheck's check of the file: Track::load, no problems.
  const Result<std::shared_ptr<const Track>> track = Track::load(path.string());
  ASSERT_TRUE(track.ok()) << track.error_text();
  EXPECT_NEAR(track.value()->centreline().length(), 1097.0, 15.0);  // 2 x 280 + 2 x 80 m + a 60 m circle
  EXPECT_EQ(track.value()->grid().size(), 8u);
  EXPECT_EQ(track.value()->obstacles().size(), 2u);

  // The race as the headless runner builds it (make_headless_race).
  ReplaySetup s;
  s.track_path = path.string();
  s.track_id = "scripted_ring";
  s.car_path = "assets/cars/sedan.json";
  s.car_id = "sedan";
  s.seed = 1;
  s.laps = 3;
  s.ai_cars = 6;
  s.difficulty = "mixed";
  ReplayAssets a;
  a.track = track.value();
  a.car = load_car_spec(test::car_path("sedan")).value();
  a.profiles = test::shipped_profiles();
  stamp_replay_setup(s, a);
  const std::unique_ptr<Race> race = make_headless_race(s, a);
  const auto max_steps = static_cast<std::uint64_t>(s.rate_hz * 600);  // 10 minutes: a stuck race fails
  std::uint64_t steps = 0;
  while (!race->over() && steps < max_steps) {
    race->step();
    ++steps;
  }
  const RaceResult r = race->result();
  ASSERT_EQ(r.cars.size(), 6u);
  for (const RaceCarResult& c : r.cars) {
    EXPECT_TRUE(c.finished) << c.name << " completed " << c.laps_completed << " laps";
    EXPECT_EQ(c.laps_completed, 3) << c.name;
  }
}

TEST(EditorScriptedTrack, TheScriptedTrackUndoesBackToNothing) {
  Document doc(TrackSpec{}, "", "new");
  build_by_edits(doc);
  if (HasFatalFailure()) return;
  EXPECT_GT(doc.history().size(), 40u);
  doc.go_to(0);
  EXPECT_TRUE(doc.spec().centreline.empty());
  EXPECT_TRUE(doc.spec().obstacles.empty());
  doc.go_to(doc.history().size() - 1);
  EXPECT_EQ(doc.spec().centreline.size(), 34u);
  EXPECT_EQ(doc.spec().name, "Scripted Ring");
}

}  // namespace
}  // namespace racer::editor
