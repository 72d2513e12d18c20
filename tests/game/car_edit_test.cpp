// Car edits from the Vehicle panel: a car edited through set_car_param (what the panel
// calls) saves, reloads to the same spec, and drives the same as a car file written by hand
// with those values (same state hash over a scripted drive); values are clamped to the
// loader's ranges, unknown keys change nothing, and the user's car files are listed.
#include "game/car_edit.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sim/world.h"
#include "temp_dir.h"
#include "test_cars.h"
#include "test_paths.h"
#include "track/test_ground.h"

namespace racer {
namespace {

namespace fs = std::filesystem;
using test::read_all;
using test::TempDir;
using test::write_all;

// A launch, a weave and a stop on the test ground (every surface): 10 s at 240 Hz.
std::uint64_t scripted_drive(const CarSpec& spec) {
  const TestGround ground;
  World world(ground, {240.0});
  add_test_ground_walls(world, ground);
  world.add_car(spec, {0.0, 0.0}, 1.2);
  for (int i = 0; i < 240 * 10; ++i) {
    const double t = i / 240.0;
    Controls c;
    c.throttle = t < 6.0 ? 1.0 : 0.0;
    c.brake = t > 6.0 ? 0.8 : 0.0;
    c.steer = 0.3 * std::sin(t * 0.9);
    world.step(std::span<const Controls>(&c, 1));
  }
  return world.state_hash();
}

/// `text` with the first `from` replaced by `to` (the test fails when it is not there).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(CarEdit, AnEditedCarSavesReloadsAndDrivesLikeAHandWrittenFile) {
  TempDir dir;
  const Result<CarSpec> shipped = load_car_spec(test::car_path("sedan"));
  ASSERT_TRUE(shipped.ok()) << shipped.error_text();
  // The panel's edits.
  CarSpec edited = shipped.value();
  ASSERT_TRUE(set_car_param(edited, "body.mass_kg", 1420.0));
  ASSERT_TRUE(set_car_param(edited, "engine.max_torque_nm", 360.0));
  ASSERT_TRUE(set_car_param(edited, "gearbox.final_drive", 3.4));
  ASSERT_TRUE(set_car_param(edited, "brakes.front_bias", 0.6));
  ASSERT_TRUE(set_car_param(edited, "steering.max_angle_deg", 30.0));
  const Result<fs::path> saved = save_user_car(dir.path(), "sedan_tuned", edited);
  ASSERT_TRUE(saved.ok()) << saved.error_text();
  EXPECT_EQ(saved.value(), dir.path() / "cars" / "sedan_tuned.json");
  const Result<CarSpec> reloaded = load_car_spec(saved.value().string());
  ASSERT_TRUE(reloaded.ok()) << reloaded.error_text();
  // The same values typed into a copy of the shipped file.
  std::string text = read_all(test::car_path("sedan"));
  text = replaced(text, "\"mass_kg\": 1500", "\"mass_kg\": 1420");
  text = replaced(text, "\"max_torque_nm\": 320", "\"max_torque_nm\": 360");
  text = replaced(text, "\"final_drive\": 3.15", "\"final_drive\": 3.4");
  text = replaced(text, "\"front_bias\": 0.64", "\"front_bias\": 0.6");
  text = replaced(text, "\"max_angle_deg\": 34", "\"max_angle_deg\": 30");
  write_all(dir.path() / "by_hand.json", text);
  const Result<CarSpec> by_hand = load_car_spec((dir.path() / "by_hand.json").string());
  ASSERT_TRUE(by_hand.ok()) << by_hand.error_text();

  const std::uint64_t hand_hash = scripted_drive(by_hand.value());
  EXPECT_EQ(scripted_drive(reloaded.value()), hand_hash);
  EXPECT_EQ(scripted_drive(edited), hand_hash) << "the live edit drives as its saved file";
  EXPECT_NE(scripted_drive(shipped.value()), hand_hash) << "the edits changed nothing";
}

TEST(CarEdit, ValuesAreClampedToTheLoadersRangeAndUnknownKeysChangeNothing) {
  CarSpec spec;
  ASSERT_TRUE(set_car_param(spec, "brakes.front_bias", 1.7));
  EXPECT_EQ(spec.brakes.front_bias, 1.0);
  ASSERT_TRUE(set_car_param(spec, "body.mass_kg", 5.0));
  EXPECT_EQ(spec.body.mass, 100.0);
  const std::string before = save_car_spec(spec);
  EXPECT_FALSE(set_car_param(spec, "body.wings", 3.0));
  EXPECT_EQ(save_car_spec(spec), before);
  for (const CarParam& p : car_params()) {  // every parameter reads back what it was set to
    CarSpec s;
    const double mid = 0.5 * (p.lo + p.hi);
    p.set(s, mid);
    EXPECT_NEAR(p.get(s), mid, 1e-9 * std::abs(mid)) << p.key;  // degrees <-> radians round off
  }
}

TEST(CarEdit, TheBalanceSlidersSaveACarThatLoadsAnywhereOnThem) {
  // These keys have no rule beside their own range (others are checked together, and the
  // editor shows the loader's message): at the slider's ends, a hundredth in from its low
  // end (where a key's "absent" 0 meets the loader's lowest accepted value) and its middle.
  for (const char* key : {"tyre.rear_cornering_factor", "tyre.pneumatic_trail_m", "tyre.relaxation_length_m",
                          "suspension.rear_compliance_steer_deg_per_kn", "steering.caster_trail_m",
                          "steering.stiffness_nm_per_deg"}) {
    const CarParam* p = find_car_param(key);
    ASSERT_NE(p, nullptr) << key;
    for (double u : {0.0, 0.001, 0.01, 0.5, 1.0}) {
      CarSpec s = test::shipped_car("sedan");
      ASSERT_TRUE(set_car_param(s, key, p->lo + u * (p->hi - p->lo)));
      const Result<CarSpec> again = parse_car_spec(save_car_spec(s), "edited.json");
      EXPECT_TRUE(again.ok()) << key << " at " << u << ": " << again.error_text();
    }
  }
}

TEST(CarEdit, UserCarFilesAreListedSortedAndNamesCannotLeaveTheFolder) {
  TempDir dir;
  EXPECT_TRUE(user_car_files(dir.path()).empty());
  ASSERT_TRUE(save_user_car(dir.path(), "zz", CarSpec{}).ok());
  ASSERT_TRUE(save_user_car(dir.path(), "aa", CarSpec{}).ok());
  EXPECT_EQ(user_car_files(dir.path()),
            (std::vector<fs::path>{dir.path() / "cars" / "aa.json", dir.path() / "cars" / "zz.json"}));
  EXPECT_EQ(user_car_file("/d", "../x"), fs::path("/d/cars/.._x.json"));
  EXPECT_FALSE(save_user_car(dir.path(), "", CarSpec{}).ok());
}

}  // namespace
}  // namespace racer
