// The car format's optional features (docs/car-format.md): each one read from its
// documented keys, saved and read back equal, left out of the saved text when absent, and
// a bad value reported with file:line:col.
#include <gtest/gtest.h>

#include <string>

#include "core/math.h"
#include "vehicle/car_spec.h"
#include "game/temp_dir.h"
#include "test_paths.h"

namespace racer {
namespace {

// A complete small car; `body`, `tyre`, `engine`, `gearbox` and `drive` add keys to their
// section (each starting with ", ").
struct Extra {
  std::string body = "", tyre = "", engine = "", gearbox = "", drive = "", layout = "rwd", steering = "";
};

std::string car_text(const Extra& x) {
  return R"({
  "format": 1,
  "name": "options",
  "body": { "mass_kg": 1200)" + x.body + R"( },
  "tyre": { "model": "tanh", "width_m": 0.205, "tanh": { "mu": 1.0 })" + x.tyre + R"( },
  "engine": { "max_rpm": 6500)" + x.engine + R"( },
  "gearbox": { "ratios": [3.3, 2.0, 1.4, 1.05, 0.85])" + x.gearbox + R"( },
  "drive": { "layout": ")" + x.layout + "\"" + x.drive + R"( },
  "steering": { "max_angle_deg": 34)" + x.steering + R"( }
}
)";
}

// Most cases want the Gaussian's one required key.
Extra with_torque(Extra x) {
  if (x.engine.find("torque_curve") == std::string::npos) x.engine = R"(, "max_torque_nm": 200)" + x.engine;
  return x;
}

CarSpec parse_ok(const Extra& x) {
  const Result<CarSpec> r = parse_car_spec(car_text(with_torque(x)), "opt.json");
  EXPECT_TRUE(r.ok()) << r.error_text();
  return r.ok() ? r.value() : CarSpec{};
}

std::string parse_error(const Extra& x) {
  const Result<CarSpec> r = parse_car_spec(car_text(with_torque(x)), "opt.json");
  EXPECT_FALSE(r.ok());
  return r.ok() ? std::string{} : r.error_text();
}

// Save -> load gives the same car, and saving that gives the same text.
CarSpec round_trip(const CarSpec& spec) {
  const std::string text = save_car_spec(spec);
  const Result<CarSpec> again = parse_car_spec(text, "saved.json");
  EXPECT_TRUE(again.ok()) << again.error_text() << "\n" << text;
  if (!again.ok()) return {};
  EXPECT_EQ(save_car_spec(again.value()), text);
  return again.value();
}

TEST(CarSpecOptions, AbsentOptionalKeysAreNotSaved) {
  // Absent features save nothing: a car's saved text (and so its ghosts' car checks) holds
  // only the optional keys its file gives. The reference sedan gives none of them.
  for (const std::string& path : {test::car_path("hatchback"), test::car_path("sedan"), test::car_path("racer"),
                                   test::source_path("tests/vehicle/reference_sedan.json")}) {
    const std::string file = test::read_all(path);
    const std::string text = save_car_spec(load_car_spec(path).value());
    for (const char* key : {"rear_track_width_m", "downforce_area", "\"rear\"", "coefficients_width_m", "grip_scale",
                            "rolling_resistance_doubling", "torque_curve", "flywheel", "final_drive_2", "_diff",
                            "pneumatic_trail_m", "relaxation_length_m", "caster_trail_m", "stiffness_nm_per_deg",
                            "rear_compliance_steer"})
      if (file.find(key) == std::string::npos) {
        EXPECT_EQ(text.find(key), std::string::npos) << path << " saves " << key;
      }
  }
}

// ---------------------------------------------------------------- 1. axles and tyres

TEST(CarSpecOptions, RearTrackWidthRoundTrips) {
  const CarSpec c = parse_ok({.body = R"(, "track_width_m": 1.50, "rear_track_width_m": 1.58)"});
  EXPECT_EQ(c.body.rear_track_width, 1.58);
  EXPECT_EQ(c.wheel_track(0), 1.50);
  EXPECT_EQ(c.wheel_track(3), 1.58);
  EXPECT_EQ(round_trip(c).body.rear_track_width, 1.58);
  EXPECT_EQ(parse_ok({}).wheel_track(3), parse_ok({}).body.track_width);  // absent: one track
}

TEST(CarSpecOptions, NegativeRearTrackIsReportedWhereItStands) {
  const std::string e = parse_error({.body = R"(, "rear_track_width_m": -1.5)"});
  EXPECT_NE(e.find("opt.json:4:52: \"rear_track_width_m\" must be a number of metres in [0.6, 2.8], got -1.5"),
            std::string::npos)
      << e;
}

TEST(CarSpecOptions, RearTyresInheritTheFrontAndChangeWhatTheyGive) {
  const CarSpec c = parse_ok({.tyre = R"(, "coefficients_width_m": 0.205, "grip_scale": 1.05,
      "rear": { "radius_m": 0.34, "width_m": 0.285, "tanh": { "mu": 1.1 } })"});
  ASSERT_TRUE(c.rear_tyre.has_value());
  const TyreSpec& r = *c.rear_tyre;
  EXPECT_EQ(r.radius, 0.34);
  EXPECT_EQ(r.width, 0.285);
  EXPECT_EQ(r.tanh.mu, 1.1);
  EXPECT_EQ(r.coefficients_width, 0.205);  // inherited
  EXPECT_EQ(r.grip_scale, 1.05);
  EXPECT_EQ(r.tanh.lateral_stiffness, c.tyre.tanh.lateral_stiffness);
  EXPECT_EQ(&c.wheel_tyre(2), &*c.rear_tyre);
  EXPECT_EQ(&c.wheel_tyre(1), &c.tyre);
  const CarSpec again = round_trip(c);
  ASSERT_TRUE(again.rear_tyre.has_value());
  EXPECT_EQ(again.rear_tyre->radius, 0.34);
  EXPECT_EQ(again.rear_tyre->tanh.mu, 1.1);
  EXPECT_EQ(again.tyre.grip_scale, 1.05);
}

TEST(CarSpecOptions, RearTyreOfAnotherModelNeedsItsCoefficients) {
  const std::string e = parse_error({.tyre = R"(, "rear": { "model": "pacejka" })"});
  EXPECT_NE(e.find("missing required key \"pacejka\""), std::string::npos) << e;
}

TEST(CarSpecOptions, NegativeTyreWidthIsReported) {
  const std::string e = parse_error({.tyre = R"(, "rear": { "width_m": -0.3 })"});
  EXPECT_NE(e.find("opt.json:5:92: \"width_m\" must be a number of metres in [0.08, 0.5], got -0.3"), std::string::npos)
      << e;
}

TEST(CarSpecOptions, BalanceKeysRoundTripPerAxle) {
  const CarSpec c = parse_ok({.tyre = R"(, "pneumatic_trail_m": 0.03, "relaxation_length_m": 0.45,
      "rear": { "pneumatic_trail_m": 0.025, "relaxation_length_m": 0.5 })",
                              .steering = R"(, "caster_trail_m": 0.02, "stiffness_nm_per_deg": 500)"});
  EXPECT_EQ(c.tyre.pneumatic_trail, 0.03);
  EXPECT_EQ(c.tyre.relaxation_length, 0.45);
  ASSERT_TRUE(c.rear_tyre.has_value());
  EXPECT_EQ(c.rear_tyre->pneumatic_trail, 0.025);
  EXPECT_EQ(c.rear_tyre->relaxation_length, 0.5);
  EXPECT_EQ(c.steering.caster_trail, 0.02);
  EXPECT_DOUBLE_EQ(c.steering.stiffness, 500.0 * 180.0 / kPi);  // N·m/rad inside
  const CarSpec again = round_trip(c);
  EXPECT_EQ(again.tyre.pneumatic_trail, 0.03);
  EXPECT_EQ(again.rear_tyre->relaxation_length, 0.5);
  EXPECT_EQ(again.steering.caster_trail, 0.02);
  EXPECT_NEAR(again.steering.stiffness, c.steering.stiffness, 1e-9 * c.steering.stiffness);
  // Absent: no trail, no lag, a rigid steering, and none of the keys saved.
  const CarSpec plain = parse_ok({});
  EXPECT_EQ(plain.tyre.pneumatic_trail, 0.0);
  EXPECT_EQ(plain.tyre.relaxation_length, 0.0);
  EXPECT_EQ(plain.steering.stiffness, 0.0);
  const std::string text = save_car_spec(plain);
  for (const char* key : {"pneumatic_trail_m", "relaxation_length_m", "caster_trail_m", "stiffness_nm_per_deg"})
    EXPECT_EQ(text.find(key), std::string::npos) << key;
}

TEST(CarSpecOptions, BadBalanceKeysAreReported) {
  EXPECT_NE(parse_error({.steering = R"(, "stiffness_nm_per_deg": 5)"})
                .find("\"stiffness_nm_per_deg\" must be a number of N·m/degree in [20, 100000], got 5"),
            std::string::npos);
  EXPECT_NE(parse_error({.tyre = R"(, "pneumatic_trail_m": 0.5)"})
                .find("\"pneumatic_trail_m\" must be a number of metres in [0, 0.15], got 0.5"),
            std::string::npos);
  EXPECT_NE(parse_error({.steering = R"(, "caster_trail_m": -0.01)"})
                .find("\"caster_trail_m\" must be a number of metres in [0, 0.15], got -0.01"),
            std::string::npos);
}

TEST(CarSpecOptions, RearComplianceSteerRoundTripsInDegreesPerKilonewton) {
  const Result<CarSpec> r = parse_car_spec(R"({
  "format": 1, "name": "rear steer",
  "body": { "mass_kg": 1200 },
  "suspension": { "rear_compliance_steer_deg_per_kn": 0.25 },
  "tyre": { "model": "tanh", "tanh": { "mu": 1.0 } },
  "engine": { "max_torque_nm": 200 },
  "gearbox": { "ratios": [3.3, 2.0, 1.4, 1.05, 0.85] },
  "drive": { "layout": "rwd" },
  "steering": { "max_angle_deg": 34 }
})", "rear.json");
  ASSERT_TRUE(r.ok()) << r.error_text();
  EXPECT_NEAR(r.value().suspension.rear_compliance_steer, 0.25 * kPi / 180.0 / 1000.0, 1e-15);  // rad per N inside
  EXPECT_NEAR(round_trip(r.value()).suspension.rear_compliance_steer, r.value().suspension.rear_compliance_steer, 1e-15);
  EXPECT_EQ(save_car_spec(parse_ok({})).find("rear_compliance_steer"), std::string::npos);  // absent: not saved
}

// ---------------------------------------------------------------- 2. aero and rolling

TEST(CarSpecOptions, DownforceAndRollingResistanceRoundTrip) {
  const CarSpec c = parse_ok({.body = R"(, "front_downforce_area_m2": 0.4, "rear_downforce_area_m2": -0.1)",
                              .tyre = R"(, "rolling_resistance_doubling_kmh": 150)"});
  EXPECT_EQ(c.body.front_downforce_area, 0.4);
  EXPECT_EQ(c.body.rear_downforce_area, -0.1);
  EXPECT_DOUBLE_EQ(c.tyre.rolling_resistance_doubling_speed, 150.0 / 3.6);
  const CarSpec again = round_trip(c);
  EXPECT_EQ(again.body.front_downforce_area, 0.4);
  EXPECT_EQ(again.body.rear_downforce_area, -0.1);
  EXPECT_DOUBLE_EQ(again.tyre.rolling_resistance_doubling_speed, 150.0 / 3.6);
}

TEST(CarSpecOptions, OutOfRangeAeroAndRollingAreReported) {
  EXPECT_NE(parse_error({.body = R"(, "rear_downforce_area_m2": 40)"}).find("\"rear_downforce_area_m2\" must be a number of square metres in [-5, 10], got 40"),
            std::string::npos);
  EXPECT_NE(parse_error({.tyre = R"(, "rolling_resistance_doubling_kmh": -5)"}).find("\"rolling_resistance_doubling_kmh\" must be a number of km/h in [20, 1000]"),
            std::string::npos);
}

// ---------------------------------------------------------------- 3. differentials

TEST(CarSpecOptions, DifferentialsRoundTrip) {
  const CarSpec c = parse_ok({.drive = R"(, "awd_front_share": 0.35,
      "front_diff": { "type": "torsen", "bias_ratio": 2.5 },
      "rear_diff": { "type": "clutch", "preload_nm": 80, "power_lock": 0.45, "coast_lock": 0.2 },
      "centre_diff": { "type": "clutch", "preload_nm": 40, "power_lock": 0.3 })",
                              .layout = "awd"});
  EXPECT_EQ(c.drive.front_diff.type, DiffType::Torsen);
  EXPECT_EQ(c.drive.front_diff.bias_ratio, 2.5);
  EXPECT_EQ(c.drive.rear_diff.type, DiffType::Clutch);
  EXPECT_EQ(c.drive.rear_diff.preload, 80.0);
  EXPECT_EQ(c.drive.rear_diff.coast_lock, 0.2);
  EXPECT_EQ(c.drive.centre_diff.power_lock, 0.3);
  EXPECT_EQ(c.drive.centre_diff.coast_lock, 0.0);  // default
  const CarSpec again = round_trip(c);
  EXPECT_EQ(again.drive.front_diff, c.drive.front_diff);
  EXPECT_EQ(again.drive.rear_diff, c.drive.rear_diff);
  EXPECT_EQ(again.drive.centre_diff, c.drive.centre_diff);
}

TEST(CarSpecOptions, LockingTorqueFollowsTheType) {
  const DiffSpec clutch{DiffType::Clutch, 50.0, 0.4, 0.1, 1.0};
  EXPECT_DOUBLE_EQ(clutch.locking_torque(1000.0, true), 50.0 + 400.0);
  EXPECT_DOUBLE_EQ(clutch.locking_torque(-200.0, false), 50.0 + 20.0);
  const DiffSpec torsen{DiffType::Torsen, 0.0, 0.0, 0.0, 3.0};
  // Bias ratio 3: the outputs may carry 750 and 250 of 1000, a difference of 500.
  EXPECT_DOUBLE_EQ(torsen.locking_torque(1000.0, true), 500.0);
  EXPECT_EQ(DiffSpec{}.locking_torque(1000.0, true), 0.0);
}

TEST(CarSpecOptions, BadDifferentialsAreReported) {
  EXPECT_NE(parse_error({.drive = R"(, "front_diff": { "type": "clutch" })"}).find("\"front_diff\" is not allowed here: the front axle is not driven"),
            std::string::npos);
  EXPECT_NE(parse_error({.drive = R"(, "rear_diff": { "type": "clutch", "power_lock": 1.5 })"}).find("opt.json:8:78: \"power_lock\" must be a number in [0, 1], got 1.5"),
            std::string::npos);
  EXPECT_NE(parse_error({.drive = R"(, "rear_diff": { "type": "clutch", "bias_ratio": 2 })"}).find("\"bias_ratio\" does not apply to a differential of type \"clutch\""),
            std::string::npos);
  EXPECT_NE(parse_error({.drive = R"(, "rear_diff": { "type": "torsen" })"}).find("missing required key \"bias_ratio\""),
            std::string::npos);
}

// ---------------------------------------------------------------- 4. engine and gearbox

TEST(CarSpecOptions, TorqueTableReplacesTheGaussianAndRoundTrips) {
  const CarSpec c = parse_ok({.engine = R"(, "idle_rpm": 800,
      "torque_curve": [[800, 180], [1800, 320], [4500, 320], [6500, 250]], "flywheel_inertia_kgm2": 0.18)"});
  ASSERT_EQ(c.engine.torque_table.size(), 4u);
  EXPECT_EQ(c.engine.torque_table[2], (TorquePoint{4500.0, 320.0}));
  EXPECT_EQ(c.engine.max_torque, 320.0);  // the table's largest value, where it first reaches it
  EXPECT_EQ(c.engine.peak_torque_rpm, 1800.0);
  EXPECT_EQ(c.engine.flywheel_inertia, 0.18);
  const CarSpec again = round_trip(c);
  EXPECT_EQ(again.engine.torque_table, c.engine.torque_table);
  EXPECT_EQ(again.engine.max_torque, 320.0);
  EXPECT_EQ(again.engine.flywheel_inertia, 0.18);
}

TEST(CarSpecOptions, BadTorqueTablesAreReportedAtThePoint) {
  const std::string e = parse_error({.engine = R"(, "torque_curve": [[1000, 200], [3000, 250], [2500, 240]])"});
  EXPECT_NE(e.find("opt.json:6:75: \"torque_curve\" point 3 must have a higher rpm than the point before (3000), got 2500"),
            std::string::npos)
      << e;
  EXPECT_NE(parse_error({.engine = R"(, "torque_curve": [[1000, 200], [3000, -5]])"}).find("point 2 must have a torque in [0, 3000] N·m"),
            std::string::npos);
  EXPECT_NE(parse_error({.engine = R"(, "torque_curve": [[1000, 200]])"}).find("must be an array of 2 to 64 [rpm, N·m] points"),
            std::string::npos);
  EXPECT_NE(parse_error({.engine = R"(, "torque_curve": [[1000, 200], [3000, 250]], "curve_c": 1.0)"}).find("\"curve_c\" shapes the Gaussian curve, which \"torque_curve\" replaces"),
            std::string::npos);
  EXPECT_NE(parse_error({.engine = R"(, "flywheel_inertia_kgm2": -0.2)"}).find("\"flywheel_inertia_kgm2\" must be a number of kg·m² in [0, 10], got -0.2"),
            std::string::npos);
}

TEST(CarSpecOptions, SecondFinalDriveRoundTrips) {
  const CarSpec c = parse_ok({.gearbox = R"(, "final_drive": 4.12, "final_drive_2": 3.04, "final_drive_2_gears": [4, 5, -1])"});
  EXPECT_EQ(c.gearbox.final_drive_2, 3.04);
  EXPECT_EQ(c.gearbox.final_drive_for(1), 4.12);
  EXPECT_EQ(c.gearbox.final_drive_for(3), 4.12);
  EXPECT_EQ(c.gearbox.final_drive_for(4), 3.04);
  EXPECT_EQ(c.gearbox.final_drive_for(-1), 3.04);
  const CarSpec again = round_trip(c);
  EXPECT_EQ(again.gearbox.final_drive_2, 3.04);
  EXPECT_EQ(again.gearbox.final_drive_2_gears, c.gearbox.final_drive_2_gears);
}

TEST(CarSpecOptions, BadSecondFinalDrivesAreReported) {
  EXPECT_NE(parse_error({.gearbox = R"(, "final_drive_2": 3.0, "final_drive_2_gears": [6])"}).find("\"final_drive_2_gears\" must list gears 1..5 or -1 (reverse), got 6"),
            std::string::npos);
  EXPECT_NE(parse_error({.gearbox = R"(, "final_drive_2": 3.0)"}).find("missing required key \"final_drive_2_gears\""),
            std::string::npos);
  EXPECT_NE(parse_error({.gearbox = R"(, "final_drive_2_gears": [5])"}).find("\"final_drive_2_gears\" needs \"final_drive_2\""),
            std::string::npos);
}

// A dual-clutch box's gear on the second shaft may be numerically taller than the one before
// (the Golf GTI's DQ250: 4th 0.902 through 4.118, 5th 0.914 through 3.043): what must fall is
// each gear's overall ratio.
TEST(CarSpecOptions, GearsFallByTheirOverallRatio) {
  const auto text = [](const std::string& gearbox) {
    std::string t = car_text(with_torque({.gearbox = gearbox}));
    const std::string ratios = "[3.3, 2.0, 1.4, 1.05, 0.85]";
    return t.replace(t.find(ratios), ratios.size(), "[3.462, 2.05, 1.3, 0.902, 0.914]");
  };
  const Result<CarSpec> dsg =
      parse_car_spec(text(R"(, "final_drive": 4.118, "final_drive_2": 3.043, "final_drive_2_gears": [5])"), "dsg.json");
  EXPECT_TRUE(dsg.ok()) << dsg.error_text();
  const Result<CarSpec> one_shaft = parse_car_spec(text(R"(, "final_drive": 4.118)"), "one.json");
  ASSERT_FALSE(one_shaft.ok());
  EXPECT_NE(one_shaft.error_text().find("\"ratios\" times their final drive must go down"), std::string::npos)
      << one_shaft.error_text();
}

}  // namespace
}  // namespace racer
