// Car files: every shipped car loads, saves and loads back equal; bad files say where and why.
#include "vehicle/car_spec.h"

#include <gtest/gtest.h>

#include "test_paths.h"

namespace racer {
namespace {

void expect_equal(const CarSpec& a, const CarSpec& b) {
  // Text round trip: equal to the last bit except angles stored in degrees (one rounding).
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.body.mass, b.body.mass);
  EXPECT_EQ(a.body.cg_height, b.body.cg_height);
  EXPECT_EQ(a.body.cg_to_front_axle, b.body.cg_to_front_axle);
  EXPECT_EQ(a.body.style, b.body.style);
  EXPECT_EQ(a.suspension.front_stiffness, b.suspension.front_stiffness);
  EXPECT_EQ(a.suspension.travel, b.suspension.travel);
  EXPECT_EQ(a.tyre.model, b.tyre.model);
  if (a.tyre.model == TyreModel::Pacejka) {  // only the chosen model's section is saved
    EXPECT_EQ(a.tyre.pacejka.a, b.tyre.pacejka.a);
    EXPECT_EQ(a.tyre.pacejka.b, b.tyre.pacejka.b);
  } else {
    EXPECT_EQ(a.tyre.tanh.mu, b.tyre.tanh.mu);
    EXPECT_EQ(a.tyre.tanh.lateral_stiffness, b.tyre.tanh.lateral_stiffness);
  }
  EXPECT_EQ(a.tyre.radius, b.tyre.radius);
  EXPECT_EQ(a.engine.max_torque, b.engine.max_torque);
  EXPECT_EQ(a.engine.cylinders, b.engine.cylinders);
  EXPECT_EQ(a.gearbox.ratios, b.gearbox.ratios);
  EXPECT_EQ(a.gearbox.automatic, b.gearbox.automatic);
  EXPECT_EQ(a.drive.layout, b.drive.layout);
  EXPECT_EQ(a.drive.awd_front_share, b.drive.awd_front_share);
  EXPECT_EQ(a.brakes.max_torque, b.brakes.max_torque);
  EXPECT_NEAR(a.steering.max_angle, b.steering.max_angle, 1e-15);
  EXPECT_EQ(a.assists.abs, b.assists.abs);
  EXPECT_EQ(save_car_spec(a), save_car_spec(b));  // and the whole text is stable
}

class ShippedCar : public ::testing::TestWithParam<std::string> {};
INSTANTIATE_TEST_SUITE_P(Cars, ShippedCar, ::testing::Values("hatchback", "sedan", "racer", "mx5_nd", "golf_gti_mk7"));

TEST_P(ShippedCar, LoadsAndRoundTrips) {
  const Result<CarSpec> loaded = load_car_spec(test::car_path(GetParam()));
  ASSERT_TRUE(loaded.ok()) << loaded.error_text();
  const Result<CarSpec> again = parse_car_spec(save_car_spec(loaded.value()), "saved.json");
  ASSERT_TRUE(again.ok()) << again.error_text();
  expect_equal(loaded.value(), again.value());
}

TEST(CarSpec, TanhTyreRoundTrips) {
  CarSpec spec = load_car_spec(test::car_path("hatchback")).value();
  spec.tyre.model = TyreModel::Tanh;
  spec.tyre.tanh = {1.05, 0.1, 2700.0, 17.0, 19.0};
  const Result<CarSpec> again = parse_car_spec(save_car_spec(spec), "tanh.json");
  ASSERT_TRUE(again.ok()) << again.error_text();
  expect_equal(spec, again.value());
}

std::string minimal_car(const std::string& body_extra = "", const std::string& top_extra = "") {
  return R"({
  "format": 1,
  "name": "test",
  "body": { "mass_kg": 1200)" + body_extra + R"( },
  "tyre": { "model": "tanh", "tanh": { "mu": 1.0 } },
  "engine": { "max_torque_nm": 200 },
  "gearbox": { "ratios": [3.3, 2.0, 1.4, 1.05, 0.85] },
  "drive": { "layout": "fwd" })" + top_extra + R"(
}
)";
}

TEST(CarSpec, MinimalFileTakesDocumentedDefaults) {
  const Result<CarSpec> r = parse_car_spec(minimal_car(), "min.json");
  ASSERT_TRUE(r.ok()) << r.error_text();
  const CarSpec defaults;
  EXPECT_EQ(r.value().body.wheelbase, defaults.body.wheelbase);
  EXPECT_EQ(r.value().brakes.max_torque, defaults.brakes.max_torque);
  EXPECT_TRUE(r.value().assists.abs);
  EXPECT_EQ(r.value().body.style, BodyStyle::Sedan);
}

TEST(CarSpec, ShippedCarsEachHaveTheirOwnBodyStyle) {
  EXPECT_EQ(load_car_spec(test::car_path("hatchback")).value().body.style, BodyStyle::Hatchback);
  EXPECT_EQ(load_car_spec(test::car_path("sedan")).value().body.style, BodyStyle::Sedan);
  EXPECT_EQ(load_car_spec(test::car_path("racer")).value().body.style, BodyStyle::Racer);
}

TEST(CarSpec, PhysicalPartDropsOnlyTheDrawnStyle) {
  // A ghost's car check hashes the saved physical part: a restyled car keeps its ghosts, and
  // the text is the one a car file without a "style" key saves (ghosts recorded before the
  // key existed stay valid); any physical change still shows in the text.
  CarSpec hatch = load_car_spec(test::car_path("hatchback")).value();
  const std::string physical = save_car_spec(physical_part(hatch));
  EXPECT_EQ(physical.find("\"style\""), std::string::npos) << physical;
  EXPECT_NE(save_car_spec(hatch).find("\"style\": \"hatchback\""), std::string::npos);
  hatch.body.style = BodyStyle::Racer;
  EXPECT_EQ(save_car_spec(physical_part(hatch)), physical);
  hatch.body.mass += 1.0;
  EXPECT_NE(save_car_spec(physical_part(hatch)), physical);
}

TEST(CarSpec, UnknownBodyStyleIsReportedWithLineAndColumn) {
  const Result<CarSpec> r = parse_car_spec(minimal_car(R"(, "style": "van")"), "cars/x.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error_text().find("cars/x.json:4:39:"), std::string::npos) << r.error_text();
  EXPECT_NE(r.error_text().find("hatchback"), std::string::npos) << r.error_text();  // names what is allowed
}

TEST(CarSpec, BadValuesAreReportedWithLineAndColumn) {
  const Result<CarSpec> r = parse_car_spec(minimal_car(R"(, "cg_height_m": "low")"), "cars/x.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error_text(), R"(cars/x.json:4:45: "cg_height_m" must be a number of metres in [0.1, 1.5], got "low")");
}

TEST(CarSpec, UnknownKeysAreErrors) {
  const Result<CarSpec> r = parse_car_spec(minimal_car(R"(, "widht_m": 1.8)"), "x.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error_text().find(R"(unknown key "widht_m" in "body")"), std::string::npos) << r.error_text();
  EXPECT_NE(r.error_text().find("x.json:4:30:"), std::string::npos) << r.error_text();
}

TEST(CarSpec, InconsistentGeometryIsRejected) {
  const Result<CarSpec> r = parse_car_spec(minimal_car(R"(, "wheelbase_m": 2.5, "cg_to_front_axle_m": 2.6)"), "x.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error_text().find("\"cg_to_front_axle_m\" must be less than \"wheelbase_m\""), std::string::npos)
      << r.error_text();
}

TEST(CarSpec, HuntingShiftPointsAreRejected) {
  const std::string text = R"({"format": 1, "name": "t", "body": {"mass_kg": 1000},
    "tyre": {"model": "tanh", "tanh": {"mu": 1}}, "engine": {"max_torque_nm": 150, "max_rpm": 6500},
    "gearbox": {"ratios": [3.0, 1.0], "shift_up_rpm": 6000, "shift_down_rpm": 2500}, "drive": {"layout": "rwd"}})";
  const Result<CarSpec> r = parse_car_spec(text, "x.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error_text().find("or the box would hunt"), std::string::npos) << r.error_text();
}

// The rev limiter fades the torque out over the last kLimiterBandRpm (150 rpm) below max_rpm:
// a shift point in that band left the automatic sitting on the limiter in the lower gear.
TEST(CarSpec, ShiftPointInsideTheLimitersFadeBandIsRejected) {
  const auto parse = [](const std::string& up, const std::string& max) {
    return parse_car_spec(R"({"format": 1, "name": "t", "body": {"mass_kg": 1000},
    "tyre": {"model": "tanh", "tanh": {"mu": 1}}, "engine": {"max_torque_nm": 150, "max_rpm": )" + max + R"(},
    "gearbox": {"ratios": [3.0, 2.0], "shift_up_rpm": )" + up + R"(, "shift_down_rpm": 2500}, "drive": {"layout": "rwd"}})",
                          "x.json");
  };
  const Result<CarSpec> inside = parse("6800", "6900");
  ASSERT_FALSE(inside.ok());
  EXPECT_EQ(inside.error_text(),
            R"(x.json:3:55: "shift_up_rpm" (6800) must be at least 150 rpm below the engine's "max_rpm" (6900), )"
            R"(where the rev limiter starts to fade the torque out)");
  EXPECT_FALSE(parse("6851", "7000").ok());  // 149 rpm below
  EXPECT_TRUE(parse("6850", "7000").ok()) << parse("6850", "7000").error_text();  // the band's edge
}

TEST(CarSpec, LaunchKeysRoundTripAndAreLeftOutWhenAbsent) {
  const Result<CarSpec> plain = parse_car_spec(minimal_car(), "min.json");
  ASSERT_TRUE(plain.ok()) << plain.error_text();
  EXPECT_EQ(plain.value().gearbox.launch_rpm, 0.0);
  EXPECT_FALSE(plain.value().gearbox.launch_control);
  EXPECT_EQ(save_car_spec(plain.value()).find("launch"), std::string::npos);
  CarSpec spec = plain.value();
  spec.gearbox.launch_rpm = 3500.0;
  spec.gearbox.launch_control = true;
  const Result<CarSpec> again = parse_car_spec(save_car_spec(spec), "launch.json");
  ASSERT_TRUE(again.ok()) << again.error_text();
  EXPECT_EQ(again.value().gearbox.launch_rpm, 3500.0);
  EXPECT_TRUE(again.value().gearbox.launch_control);
  spec.gearbox.launch_rpm = spec.gearbox.shift_up_rpm + 100.0;
  const Result<CarSpec> above = parse_car_spec(save_car_spec(spec), "launch.json");
  ASSERT_FALSE(above.ok());
  EXPECT_NE(above.error_text().find(R"("launch_rpm" (6100) must lie between)"), std::string::npos) << above.error_text();
}

TEST(CarSpec, MissingFileAndGarbageDoNotCrash) {
  EXPECT_FALSE(load_car_spec("/nonexistent/car.json").ok());
  EXPECT_FALSE(parse_car_spec("{\"format\": 1, \"name\": ", "t.json").ok());
  EXPECT_FALSE(parse_car_spec("[]", "t.json").ok());
  EXPECT_FALSE(parse_car_spec(R"({"format": 99})", "t.json").ok());
}

}  // namespace
}  // namespace racer
