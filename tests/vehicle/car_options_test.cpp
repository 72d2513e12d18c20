// The physical effect of the car format's optional features (docs/car-format.md): staggered
// tyres move the balance, downforce raises the grip at speed, rolling resistance grows with
// speed, a limited-slip differential drives the wheel with grip, a torque table sets the
// torque, the flywheel's inertia slows the car in low gears, a second final drive turns the
// gears it is given. Each expected value is derived here; each tolerance says why.
#include <gtest/gtest.h>

#include <box2d/box2d.h>

#include <cmath>

#include "core/math.h"
#include "sim/proving_ground.h"
#include "sim/world.h"
#include "test_cars.h"
#include "vehicle/car.h"

namespace racer {
namespace {

void step(World& world, const Controls& c) { world.step(std::span<const Controls>(&c, 1)); }

// ---------------------------------------------------------------- 1. tyres

// A tanh tyre with a strong load sensitivity, so the contact patch's effect is plain.
TyreSpec sensitive_tyre() {
  TyreSpec t;
  t.model = TyreModel::Tanh;
  t.width = 0.225;
  t.coefficients_width = 0.225;
  t.tanh = {1.0, 0.25, 3500.0, 18.0, 20.0};
  return t;
}

TEST(TyreWidth, AWiderTyreIsTwoNarrowOnesSideBySide) {
  // Width 2x the coefficients' at load 2 fz gives exactly twice the force of the narrow
  // tyre at fz, at every slip (the model's definition; 1e-9 relative: rounding only).
  TyreSpec narrow = sensitive_tyre();
  TyreSpec wide = narrow;
  wide.width = 2.0 * narrow.coefficients_width;
  const Tyre n(narrow), w(wide);
  for (double alpha : {0.01, 0.05, 0.2})
    EXPECT_NEAR(w.pure_fy(7000.0, alpha), 2.0 * n.pure_fy(3500.0, alpha), 1e-9 * n.pure_fy(3500.0, alpha));
  // At one load the wider tyre's patch is less loaded: a higher friction coefficient, by
  // the tanh model's mu (1 - s (fz/w - ref) / ref).
  const double fz = 4000.0;
  EXPECT_NEAR(w.mu_peak(fz) / n.mu_peak(fz), (1.0 - 0.25 * (fz / 2.0 - 3500.0) / 3500.0) / (1.0 - 0.25 * (fz - 3500.0) / 3500.0),
              1e-9);
}

TEST(TyreWidth, PacejkaTyreGainsGripWithWidthAndTheCompoundScalesIt) {
  TyreSpec base = test::reference_sedan().tyre;
  base.coefficients_width = base.width;
  TyreSpec wide = base;
  wide.width = 1.3 * base.width;
  TyreSpec soft = base;
  soft.grip_scale = 1.1;
  const double fz = 4000.0;
  // The sedan's a1 < 0: mu falls with load, so spreading it over a wider patch raises it.
  EXPECT_GT(Tyre(wide).mu_peak(fz), Tyre(base).mu_peak(fz));
  EXPECT_NEAR(Tyre(soft).peak_fy(fz), 1.1 * Tyre(base).peak_fy(fz), 1e-9 * Tyre(base).peak_fy(fz));
  // Without coefficients_width the width is drawing only (today's behaviour).
  TyreSpec drawn = test::reference_sedan().tyre;
  drawn.width *= 1.3;
  EXPECT_EQ(Tyre(drawn).peak_fy(fz), Tyre(test::reference_sedan().tyre).peak_fy(fz));
}

// A neutral rear-drive test car on the sensitive tyres: the balance comes from the tyres.
CarSpec balance_car() {
  CarSpec c = test::reference_sedan();
  c.tyre = sensitive_tyre();
  c.tyre.rear_cornering_factor = 1.0;
  return c;
}

double understeer_at_the_limit(const CarSpec& spec) {
  // 20 m/s and 0.1 of lock: about 0.8 g on these tyres, where the load sensitivity tells.
  return run_yaw(spec, 120.0, 20.0, 0.1).understeer_gradient_deg_per_g;
}

TEST(StaggeredTyres, WiderRearTyresMoveTheBalanceTowardsUndersteer) {
  const CarSpec base = balance_car();
  CarSpec wide_rear = base;
  wide_rear.rear_tyre = base.tyre;
  wide_rear.rear_tyre->width = 0.295;
  CarSpec wide_front = base;
  wide_front.tyre.width = 0.295;
  wide_front.rear_tyre = base.tyre;
  const double k_base = understeer_at_the_limit(base);
  const double k_rear = understeer_at_the_limit(wide_rear);
  const double k_front = understeer_at_the_limit(wide_front);
  // 0.1 deg/g: the runs are deterministic, so the whole change is the tyres'; 0.1 is a
  // seventh of this car's gradient (0.7 deg/g). The front change is the larger: the car
  // understeers at this load, its front tyres are the nearer to their limit.
  EXPECT_GT(k_rear, k_base + 0.1) << k_base << " " << k_rear;
  EXPECT_LT(k_front, k_base - 0.2) << k_base << " " << k_front;
}

TEST(StaggeredTyres, BiggerRearWheelsRollAtTheCarsSpeed) {
  // A staggered AWD car: rear tyres of a larger radius spin slower at the same speed, and
  // the drivetrain's matched rear ratio keeps the axles from fighting (no wheelspin).
  CarSpec spec = test::shipped_car("racer");
  spec.rear_tyre = spec.tyre;
  spec.rear_tyre->radius = spec.tyre.radius * 1.1;
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& c = world.car(0);
  Controls half;
  half.throttle = 0.3;
  for (int i = 0; i < 240 * 3; ++i) step(world, half);
  const double v = c.forward_speed();
  // 3%: the slip ratio a driven tyre runs at part throttle.
  EXPECT_NEAR(c.wheel(kFrontLeft).omega * spec.tyre.radius, v, 0.03 * v);
  EXPECT_NEAR(c.wheel(kRearLeft).omega * spec.rear_tyre->radius, v, 0.03 * v);
}

TEST(TrackWidth, EachAxleCarriesItsOwnTrack) {
  CarSpec spec = test::shipped_car("sedan");
  spec.body.rear_track_width = spec.body.track_width + 0.08;
  const Suspension s(spec);
  EXPECT_DOUBLE_EQ(s.corner_y(kFrontLeft), spec.body.track_width / 2.0);
  EXPECT_DOUBLE_EQ(s.corner_y(kRearRight), -spec.body.rear_track_width / 2.0);
}

// ---------------------------------------------------------------- 2. aero and rolling

TEST(Downforce, TheSuspensionCarriesItAtSpeed) {
  CarSpec spec = test::shipped_car("sedan");
  spec.body.front_downforce_area = 0.3;
  spec.body.rear_downforce_area = 0.5;
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& c = world.car(0);
  const double v = 40.0;
  c.place({0.0, 0.0}, 0.0, v);
  c.drivetrain().set_gear(0);
  double front = 0.0, rear = 0.0, speed = 0.0, ax = 0.0;
  const int n = 240;
  for (int i = 0; i < 240 * 3 + n; ++i) {
    c.body()->SetLinearVelocity(b2Vec2(static_cast<float>(v), 0.0f));  // held at v: no pitch from slowing
    step(world, Controls{});
    if (i >= 240 * 3) {
      front += c.wheel(kFrontLeft).load + c.wheel(kFrontRight).load;
      rear += c.wheel(kRearLeft).load + c.wheel(kRearRight).load;
      speed += c.speed();
      ax += c.local_acceleration().x;
    }
  }
  front /= n;
  rear /= n;
  speed /= n;
  ax /= n;
  const double q = 0.5 * kAirDensity * speed * speed;
  const double mg = spec.body.mass * kGravity;
  const double front_static = mg * spec.rear_axle_to_cg() / spec.body.wheelbase;
  // Drag slows the car within each step (the velocity is reset between steps): the body
  // pitches by m a h / L as when braking.
  const double pitch = -spec.body.mass * ax * spec.body.cg_height / spec.body.wheelbase;
  // 1% of the axle load: float rounding and the suspension's settling.
  EXPECT_NEAR(front, front_static + q * 0.3 + pitch, 0.01 * front_static);
  EXPECT_NEAR(rear, mg - front_static + q * 0.5 - pitch, 0.01 * front_static);
}

TEST(Downforce, RaisesTheSkidpadFigureAtSpeed) {
  // A 100 m circle is held at about 30 m/s; there 1 m^2 of downforce per axle adds about
  // 2 x 550 N to the sedan's 14.7 kN, 7%; the tyres' load sensitivity takes some back.
  const CarSpec base = test::shipped_car("sedan");
  CarSpec winged = base;
  winged.body.front_downforce_area = 1.0;
  winged.body.rear_downforce_area = 1.0;
  const SkidpadResult a = run_skidpad(base, 120.0, 100.0);
  const SkidpadResult b = run_skidpad(winged, 120.0, 100.0);
  EXPECT_GT(b.lateral_g, a.lateral_g * 1.03) << a.lateral_g << " " << b.lateral_g;
  // And lift takes grip away.
  CarSpec lifting = base;
  lifting.body.front_downforce_area = lifting.body.rear_downforce_area = -0.5;
  EXPECT_LT(run_skidpad(lifting, 120.0, 100.0).lateral_g, a.lateral_g * 0.99);
}

double coast_decel(const CarSpec& spec, double v) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& c = world.car(0);
  c.place({0.0, 0.0}, 0.0, v);
  c.drivetrain().set_gear(0);
  for (int i = 0; i < 60; ++i) step(world, Controls{});  // settle the wheels' slip
  const double v0 = c.forward_speed();
  for (int i = 0; i < 240; ++i) step(world, Controls{});
  return v0 - c.forward_speed();
}

TEST(RollingResistance, GrowsWithTheSquareOfSpeed) {
  const CarSpec base = test::reference_sedan();
  CarSpec growing = base;
  growing.tyre.rolling_resistance_doubling_speed = kmh_to_mps(120.0);
  const double crr = surface_props(Surface::Asphalt).rolling_resistance;
  for (double v : {15.0, 35.0}) {
    // Over one second the extra deceleration is crr g (v / v2)^2; 10%: the speed falls a
    // little over that second and drag differs slightly between the two runs.
    const double extra = coast_decel(growing, v) - coast_decel(base, v);
    const double expected = crr * kGravity * square(v / growing.tyre.rolling_resistance_doubling_speed);
    EXPECT_NEAR(extra, expected, 0.1 * expected) << v;
  }
}

// ---------------------------------------------------------------- 3. differentials

// Ice under the left wheels, asphalt under the right.
class SplitMu final : public SurfaceMap {
 public:
  Surface surface_at(Vec2 p) const override { return p.y > 0.0 ? Surface::Ice : Surface::Asphalt; }
};

struct LaunchResult {
  double speed = 0.0;                   // m/s after 2 s
  double torque_ice = 0.0, torque_grip = 0.0;  // mean drive torque, N·m, rear left / right
};

LaunchResult split_mu_launch(CarSpec spec) {
  // The differential alone: no traction control and no launch control trimming each
  // wheel's torque after the split.
  spec.assists.tcs = false;
  spec.gearbox.launch_control = false;
  const SplitMu ground;
  World world(ground, {240.0});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& c = world.car(0);
  Controls full;
  full.throttle = 1.0;
  LaunchResult r;
  const int n = 240 * 2;
  for (int i = 0; i < n; ++i) {
    step(world, full);
    r.torque_ice += c.wheel(kRearLeft).drive_torque / n;
    r.torque_grip += c.wheel(kRearRight).drive_torque / n;
  }
  r.speed = c.forward_speed();
  return r;
}

TEST(LimitedSlip, SendsTorqueToTheWheelWithGrip) {
  const CarSpec open = test::shipped_car("sedan");
  CarSpec clutch = open;
  clutch.drive.rear_diff = {DiffType::Clutch, 100.0, 0.5, 0.2, 1.0};
  CarSpec torsen = open;
  torsen.drive.rear_diff = {DiffType::Torsen, 0.0, 0.0, 0.0, 3.0};
  const LaunchResult a = split_mu_launch(open), b = split_mu_launch(clutch), t = split_mu_launch(torsen);
  // Open: both wheels get the same torque, what the wheel on ice can hold.
  EXPECT_DOUBLE_EQ(a.torque_ice, a.torque_grip);
  // Locking: the wheel on asphalt gets more, so the car leaves faster. 20%: a clear margin
  // over the open diff that a spinning ice wheel cannot give.
  EXPECT_GT(b.torque_grip, 1.5 * b.torque_ice);
  EXPECT_GT(t.torque_grip, 1.5 * t.torque_ice);
  EXPECT_GT(b.speed, 1.2 * a.speed) << a.speed << " " << b.speed;
  EXPECT_GT(t.speed, 1.2 * a.speed) << a.speed << " " << t.speed;
  // A torque-biasing diff never gives one wheel more than bias_ratio times the other (on
  // average: 2%, the steps where the ice wheel's speed settles).
  EXPECT_LE(t.torque_grip, 3.0 * t.torque_ice * 1.02);
}

TEST(LimitedSlip, CentreDiffFeedsTheAxleWithGrip) {
  // The racer (AWD) with its front wheels on ice and its rear wheels on asphalt: the open
  // centre keeps its fixed split; a clutch centre diff moves torque from the spinning front
  // axle to the rear one.
  CarSpec open = test::shipped_car("racer");
  open.assists.tcs = false;
  open.gearbox.launch_control = false;  // the centre diff alone, as above
  CarSpec locked = open;
  locked.drive.centre_diff = {DiffType::Clutch, 200.0, 0.8, 0.0, 1.0};
  class IceAhead final : public SurfaceMap {
   public:
    Surface surface_at(Vec2 p) const override { return p.x > 0.3 ? Surface::Ice : Surface::Asphalt; }
  } ground;
  const auto front_share = [&](const CarSpec& spec) {
    World world(ground, {240.0});
    world.add_car(spec, {0.0, 0.0}, 0.0);
    Car& c = world.car(0);
    Controls full;
    full.throttle = 1.0;
    double front = 0.0, total = 0.0;
    for (int i = 0; i < 120; ++i) {  // 0.5 s: the rear wheels stay on asphalt
      step(world, full);
      front += c.wheel(kFrontLeft).drive_torque + c.wheel(kFrontRight).drive_torque;
      total += c.wheel(kFrontLeft).drive_torque + c.wheel(kFrontRight).drive_torque + c.wheel(kRearLeft).drive_torque +
               c.wheel(kRearRight).drive_torque;
    }
    EXPECT_LT(c.position().x, 1.0);
    return front / total;
  };
  EXPECT_NEAR(front_share(open), open.drive.awd_front_share, 1e-9);  // a fixed split
  EXPECT_LT(front_share(locked), open.drive.awd_front_share - 0.1);  // the front spins: less to it
}

// ---------------------------------------------------------------- 4. engine and gearbox

TEST(TorqueTable, IsLinearBetweenPointsAndFlatBeyond) {
  EngineSpec e;
  e.torque_table = {{1000.0, 200.0}, {2000.0, 300.0}, {5000.0, 300.0}, {6500.0, 240.0}};
  EXPECT_EQ(engine_torque_curve(e, 500.0), 200.0);
  EXPECT_EQ(engine_torque_curve(e, 1000.0), 200.0);
  EXPECT_DOUBLE_EQ(engine_torque_curve(e, 1500.0), 250.0);
  EXPECT_DOUBLE_EQ(engine_torque_curve(e, 3500.0), 300.0);
  EXPECT_DOUBLE_EQ(engine_torque_curve(e, 6000.0), 260.0);
  EXPECT_EQ(engine_torque_curve(e, 9000.0), 240.0);
}

TEST(TorqueTable, TheDrivetrainDeliversIt) {
  // Third gear, wheels at a fixed spin, full throttle, clutch in: wheel torque = table(rpm)
  // x ratio x efficiency (the limiter is far).
  CarSpec spec = test::shipped_car("sedan");
  spec.engine.torque_table = {{500.0, 150.0}, {3000.0, 400.0}, {7000.0, 300.0}};
  Drivetrain d(spec);
  d.set_automatic(false);  // the automatic box would shift down at this rpm
  d.set_gear(3);
  Controls c;
  c.throttle = 1.0;
  const double omega = 40.0;
  const double torque = d.step(c, 1.0, omega, omega * spec.tyre.radius, 1.0 / 240.0);
  const double rpm = rads_to_rpm(omega * d.overall_ratio(3));
  EXPECT_NEAR(torque, torque_table_at(spec.engine.torque_table, rpm) * d.overall_ratio(3) * spec.gearbox.efficiency, 1e-9);
}

double speed_gain_in_second(const CarSpec& spec) {
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& c = world.car(0);
  c.place({0.0, 0.0}, 0.0, 8.0);
  c.drivetrain().set_automatic(false);
  c.drivetrain().set_gear(2);
  Controls full;
  full.throttle = 1.0;
  const double v0 = c.forward_speed();
  for (int i = 0; i < 120; ++i) step(world, full);
  return c.forward_speed() - v0;
}

TEST(FlywheelInertia, SlowsTheCarByItsReflectedInertia) {
  // In second gear the engine's inertia I acts at the wheels as I G^2: the car accelerates
  // as if its mass were m + (sum of wheel inertias + I G^2) / r^2 instead of m + sum / r^2.
  CarSpec base = test::shipped_car("sedan");
  base.assists.tcs = false;
  CarSpec heavy = base;
  heavy.engine.flywheel_inertia = 0.25;
  const double r = base.tyre.radius;
  const double g2 = base.gearbox.ratios[1] * base.gearbox.final_drive;
  const double m = base.body.mass;
  const double wheels = 4.0 * base.tyre.wheel_inertia / (r * r);
  const double expected = (m + wheels) / (m + wheels + heavy.engine.flywheel_inertia * g2 * g2 / (r * r));
  const double ratio = speed_gain_in_second(heavy) / speed_gain_in_second(base);
  // 2%: drag and rolling resistance are the same force in both, a slightly larger share of
  // the slower car's smaller net force.
  EXPECT_NEAR(ratio, expected, 0.02) << expected;
  EXPECT_LT(ratio, 0.97);
}

TEST(SecondFinalDrive, TurnsTheGearsItIsGiven) {
  CarSpec spec = test::shipped_car("sedan");
  spec.gearbox.final_drive_2 = 2.5;
  spec.gearbox.final_drive_2_gears = {5, 6};
  const Drivetrain d(spec);
  EXPECT_DOUBLE_EQ(d.overall_ratio(4), spec.gearbox.ratios[3] * spec.gearbox.final_drive);
  EXPECT_DOUBLE_EQ(d.overall_ratio(5), spec.gearbox.ratios[4] * 2.5);
  EXPECT_DOUBLE_EQ(d.overall_ratio(-1), -spec.gearbox.reverse * spec.gearbox.final_drive);
  // And the car: in 6th at 30 m/s the engine turns at the second final drive's rpm.
  const UniformSurface ground(Surface::Asphalt);
  World world(ground, {240.0});
  world.add_car(spec, {0.0, 0.0}, 0.0);
  Car& c = world.car(0);
  c.place({0.0, 0.0}, 0.0, 30.0);
  c.drivetrain().set_automatic(false);
  c.drivetrain().set_gear(6);
  Controls light;
  light.throttle = 0.2;
  step(world, light);
  const double rpm = rads_to_rpm(c.wheel(kRearLeft).omega * spec.gearbox.ratios[5] * 2.5);
  EXPECT_NEAR(c.drivetrain().state().rpm, rpm, 0.01 * rpm);  // 1%: rear wheels' slip at light throttle
}

}  // namespace
}  // namespace racer
