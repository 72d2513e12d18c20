// The mixer: distance attenuation, constant-power pan, Doppler, several cars at once,
// volume settings, the limiter for anything thrown at it, determinism.
#include "audio/mixer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "measure.h"

namespace racer::audio {
namespace {

constexpr double kRate = 48000.0;
constexpr double kPi = 3.14159265358979323846;

CarSound car_at(int id, Vec2 pos, double rpm = 3000.0, double load = 0.5) {
  CarSound c;
  c.id = id;
  c.position = pos;
  c.engine = {rpm, load, 4};
  return c;
}

/// Renders `settle` s (discarded: gains and voices glide in) then `seconds` s of stereo.
std::vector<float> mix(Mixer& m, const std::vector<CarSound>& cars, const Listener& listener, double seconds,
                       double settle = 0.3) {
  std::vector<float> warm(2 * static_cast<std::size_t>(settle * kRate));
  if (!warm.empty()) m.render(cars, listener, std::span<float>(warm));
  std::vector<float> out(2 * static_cast<std::size_t>(seconds * kRate));
  m.render(cars, listener, std::span<float>(out));
  return out;
}

std::vector<float> mix(const std::vector<CarSound>& cars, const Listener& listener, double seconds,
                       double settle = 0.3, MixVolumes volumes = {}) {
  Mixer m;
  m.set_volumes(volumes);
  return mix(m, cars, listener, seconds, settle);
}

TEST(Mixer, DistanceGainIsInverseDistanceBeyondTheReference) {
  const MixConfig c;  // reference 8 m, rolloff 1, max 400 m
  EXPECT_EQ(distance_gain(0.0, c), 1.0);
  EXPECT_EQ(distance_gain(8.0, c), 1.0);
  EXPECT_DOUBLE_EQ(distance_gain(16.0, c), 0.5);
  EXPECT_DOUBLE_EQ(distance_gain(32.0, c), 0.25);
  EXPECT_DOUBLE_EQ(distance_gain(80.0, c), 0.1);
  // The last quarter before max_distance fades to 0 so a car does not vanish with a step.
  EXPECT_NEAR(distance_gain(350.0, c), 8.0 / 350.0 * 0.5, 1e-12);
  EXPECT_EQ(distance_gain(400.0, c), 0.0);
  EXPECT_EQ(distance_gain(1e9, c), 0.0);
  EXPECT_EQ(distance_gain(std::numeric_limits<double>::quiet_NaN(), c), 0.0);
  MixConfig steep = c;
  steep.rolloff = 2.0;
  EXPECT_DOUBLE_EQ(distance_gain(16.0, steep), 1.0 / 3.0);
}

TEST(Mixer, PanIsConstantPower) {
  for (double p = -1.0; p <= 1.0; p += 0.125) {
    const StereoGain g = pan_gains(p);
    EXPECT_NEAR(g.left * g.left + g.right * g.right, 1.0, 1e-12) << p;
  }
  EXPECT_NEAR(pan_gains(-1.0).right, 0.0, 1e-12);
  EXPECT_NEAR(pan_gains(1.0).left, 0.0, 1e-12);
  EXPECT_NEAR(pan_gains(0.0).left, std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(pan_gains(0.0).right, std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(pan_gains(std::numeric_limits<double>::quiet_NaN()).left, std::sqrt(0.5), 1e-12);
  EXPECT_GT(pan_gains(0.5).right, pan_gains(0.25).right);
}

TEST(Mixer, SourcePanFollowsTheListenersRight) {
  const MixConfig c;  // pan width 0.8, reference 8 m
  Listener l;
  EXPECT_NEAR(source_pan({50.0, 0.0}, l, c), 0.8, 1e-12);   // hard right (as far as the width allows)
  EXPECT_NEAR(source_pan({-50.0, 0.0}, l, c), -0.8, 1e-12);
  EXPECT_NEAR(source_pan({0.0, 50.0}, l, c), 0.0, 1e-12);   // straight ahead (up the screen)
  EXPECT_NEAR(source_pan({2.0, 0.0}, l, c), 0.8 * 2.0 / 8.0, 1e-12);  // near sources stay central
  l.right = {0.0, -2.0};  // a listener facing west, right ear north... scaled vectors are normalised
  EXPECT_NEAR(source_pan({0.0, -30.0}, l, c), 0.8, 1e-12);
}

// Ratio of RMS for a car at 16 m against 32 m: the inverse-distance law gives exactly 2;
// the same id and seed make the two mono signals identical, so only the gains differ
// (tolerance 0.5%: the gain glide has settled to 1e-6 after 0.3 s; the limiter is idle).
TEST(Mixer, AttenuatesWithDistance) {
  const Listener l;
  const std::vector<float> near = mix({car_at(0, {0.0, 16.0})}, l, 0.3);
  const std::vector<float> far = mix({car_at(0, {0.0, 32.0})}, l, 0.3);
  const std::vector<float> gone = mix({car_at(0, {0.0, 500.0})}, l, 0.3);
  EXPECT_NEAR(test::rms(near) / test::rms(far), 2.0, 0.01);
  EXPECT_EQ(test::peak(gone), 0.0);
  EXPECT_GT(test::rms(near), 0.01);
}

// A car to the right: the channels' RMS ratio is the pan law's right/left = tan(theta),
// theta = (pan + 1) pi / 4, to 0.5% (same settled-gain argument as above).
TEST(Mixer, PansTowardTheCar) {
  const Listener l;
  const std::vector<float> x = mix({car_at(0, {20.0, 0.0})}, l, 0.3);
  const double left = test::rms(test::channel(x, 0)), right = test::rms(test::channel(x, 1));
  const double pan = source_pan({20.0, 0.0}, l, MixConfig{});
  EXPECT_NEAR(right / left, std::tan((pan + 1.0) * kPi / 4.0), 0.005 * std::tan((pan + 1.0) * kPi / 4.0));
  EXPECT_GT(right, 3.0 * left);
  const std::vector<float> y = mix({car_at(0, {-20.0, 0.0})}, l, 0.3);
  EXPECT_GT(test::rms(test::channel(y, 0)), 3.0 * test::rms(test::channel(y, 1)));
}

// Two cars at once are the sum of each alone (the mix is linear below the limiter's knee;
// float rounding of the sum is the only difference).
TEST(Mixer, SeveralCarsAddUp) {
  const Listener l;
  const CarSound a = car_at(0, {10.0, 5.0}, 2500.0, 0.3), b = car_at(1, {-30.0, 20.0}, 6000.0, 1.0);
  const std::vector<float> both = mix({a, b}, l, 0.2), only_a = mix({a}, l, 0.2), only_b = mix({b}, l, 0.2);
  ASSERT_LT(test::peak(both), 0.8);  // below the knee
  double worst = 0.0;
  for (std::size_t i = 0; i < both.size(); ++i) {
    worst = std::max(worst, std::abs(static_cast<double>(both[i]) - static_cast<double>(only_a[i]) - static_cast<double>(only_b[i])));
  }
  EXPECT_LT(worst, 1e-6);
  EXPECT_GT(test::rms(only_b), 0.005);  // the far car is audible, not culled
}

// A car approaching at 30 m/s sounds higher by c / (c - v) = 343 / 313 (0.1%: the pitch
// measurement's tolerance, see the engine test).
TEST(Mixer, DopplerShiftsTheEngine) {
  const Listener l;
  CarSound c = car_at(0, {0.0, 40.0}, 3000.0, 0.5);  // 100 Hz
  c.velocity = {0.0, -30.0};
  const std::vector<float> x = mix({c}, l, 16384.0 / kRate);
  const double f = test::peak_frequency(test::channel(x, 0), kRate, 15.0, 3000.0);
  EXPECT_NEAR(f, 100.0 * 343.0 / 313.0, 0.001 * 100.0 * 343.0 / 313.0);
  EXPECT_LT(doppler_factor({0.0, 40.0}, {0.0, 30.0}, l, MixConfig{}), 1.0);  // receding
  EXPECT_EQ(doppler_factor({0.0, 0.0}, {0.0, 30.0}, l, MixConfig{}), 1.0);   // on top of the listener
  MixConfig off;
  off.doppler = 0.0;
  EXPECT_EQ(doppler_factor({0.0, 40.0}, {0.0, -30.0}, l, off), 1.0);
}

TEST(Mixer, VolumeSettingsScaleTheirGroups) {
  const Listener l;
  CarSound c = car_at(0, {0.0, 0.0}, 3000.0, 0.5);
  c.squeal = {1.0, 20.0};
  const double full = test::rms(mix({c}, l, 0.3, 0.3, {1.0, 1.0, 1.0}));
  const double no_engine = test::rms(mix({c}, l, 0.3, 0.3, {1.0, 0.0, 1.0}));
  const double no_fx = test::rms(mix({c}, l, 0.3, 0.3, {1.0, 1.0, 0.0}));
  EXPECT_GT(no_engine, 0.01);  // the squeal alone
  EXPECT_GT(no_fx, 0.01);      // the engine alone
  EXPECT_LT(no_engine, full);
  EXPECT_LT(no_fx, full);
  EXPECT_EQ(test::peak(mix({c}, l, 0.3, 0.3, {0.0, 1.0, 1.0})), 0.0);  // master off
  // Half the master is half the output while below the limiter's knee.
  const double half = test::rms(mix({c}, l, 0.3, 0.3, {0.5, 1.0, 1.0}));
  const double quiet_full = test::rms(mix({c}, l, 0.3, 0.3, {1.0, 1.0, 1.0}));
  EXPECT_NEAR(half / quiet_full, 0.5, 0.02);  // 2%: the knee at 0.8 touches a few full-volume peaks
}

TEST(Mixer, EventsPlayOnTheirCar) {
  const Listener l;
  Mixer m;
  m.set_volumes({1.0, 0.0, 1.0});  // effects only
  const std::vector<CarSound> cars = {car_at(0, {30.0, 0.0}), car_at(1, {-30.0, 0.0})};
  std::vector<float> warm(2 * 4800);
  m.render(cars, l, std::span<float>(warm));
  EXPECT_EQ(test::peak(warm), 0.0);  // no squeal, no events: silence
  m.post({SoundEvent::Kind::Impact, 1, 8000.0, 0, 0});
  std::vector<float> x(2 * 9600);
  m.render(cars, l, std::span<float>(x));
  EXPECT_GT(test::rms(test::channel(x, 0)), 3.0 * test::rms(test::channel(x, 1)));  // car 1 is on the left
  // An event for a car not rendered is dropped, not kept for later.
  m.post({SoundEvent::Kind::Shift, 7, 0.0, 2, 3});
  std::vector<float> after(2 * static_cast<std::size_t>(1.2 * kRate));
  m.render(cars, l, std::span<float>(after));
  std::vector<float> tail(2 * 4800);
  m.render(cars, l, std::span<float>(tail));
  EXPECT_EQ(test::peak(tail), 0.0);
  // A gear change on car 0 (to the right).
  m.post({SoundEvent::Kind::Shift, 0, 0.0, 2, 3});
  std::vector<float> shift(2 * 4800);
  m.render(cars, l, std::span<float>(shift));
  EXPECT_GT(test::rms(test::channel(shift, 1)), 3.0 * test::rms(test::channel(shift, 0)));
}

TEST(Mixer, NeverClipsAndSurvivesNonsense) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  Mixer m;
  m.set_volumes({1.0, 1.0, 1.0});
  std::vector<CarSound> cars;
  for (int i = 0; i < 16; ++i) {  // sixteen cars on top of the listener, flat out, sliding
    CarSound c = car_at(i, {0.1 * i, 0.0}, 1e6, 1.0);
    c.squeal = {5.0, 100.0};
    cars.push_back(c);
  }
  cars.push_back(car_at(16, {nan, nan}, nan, nan));
  CarSound wild = car_at(17, {inf, -inf}, -inf, inf);
  wild.velocity = {nan, inf};
  wild.squeal = {nan, inf};
  cars.push_back(wild);
  CarSound fast = car_at(18, {5.0, 5.0}, 7000.0, 1.0);
  fast.velocity = {1e9, -1e9};
  cars.push_back(fast);
  for (int i = 0; i < 19; ++i) m.post({SoundEvent::Kind::Impact, i, i % 2 ? nan : 1e9, 0, 0});
  Listener l;
  std::vector<float> x(2 * 24000);
  m.render(cars, l, std::span<float>(x));
  EXPECT_TRUE(test::all_finite(x));
  EXPECT_LT(test::peak(x), 0.981);  // the limiter's ceiling, 0.98, plus float rounding
  Listener broken;
  broken.position = {nan, nan};
  broken.right = {0.0, 0.0};
  m.render(cars, broken, std::span<float>(x));
  EXPECT_TRUE(test::all_finite(x));
  EXPECT_LT(test::peak(x), 0.981);  // the limiter's ceiling, 0.98, plus float rounding
}

TEST(Mixer, SameInputsGiveTheSameSamplesInAnyBlockSize) {
  const Listener l;
  CarSound c = car_at(0, {12.0, -7.0}, 4500.0, 0.8);
  c.squeal = {0.3, 6.0};
  const std::vector<CarSound> cars = {c, car_at(3, {-40.0, 3.0}, 2200.0, 0.1)};
  Mixer a, b;
  a.post({SoundEvent::Kind::Impact, 0, 4000.0, 0, 0});
  b.post({SoundEvent::Kind::Impact, 0, 4000.0, 0, 0});
  std::vector<float> whole(2 * 9600), pieces(2 * 9600);
  a.render(cars, l, std::span<float>(whole));
  for (std::size_t i = 0; i < pieces.size(); i += 2 * 256) {
    b.render(cars, l, std::span<float>(pieces).subspan(i, std::min<std::size_t>(2 * 256, pieces.size() - i)));
  }
  EXPECT_EQ(whole, pieces);
  EXPECT_GT(test::rms(whole), 0.01);
}

TEST(Mixer, ACarThatLeavesFadesOutAndIsForgotten) {
  const Listener l;
  Mixer m;
  const std::vector<float> on = mix(m, {car_at(0, {5.0, 0.0}), car_at(1, {0.0, 9.0})}, l, 0.1);
  EXPECT_EQ(m.source_count(), 2u);
  std::vector<float> off(2 * static_cast<std::size_t>(0.6 * kRate));
  m.render(std::vector<CarSound>{car_at(1, {0.0, 9.0})}, l, std::span<float>(off));
  EXPECT_EQ(m.source_count(), 1u);
  std::vector<float> none(2 * static_cast<std::size_t>(0.6 * kRate));
  m.render({}, l, std::span<float>(none));
  EXPECT_EQ(m.source_count(), 0u);
  EXPECT_EQ(none[none.size() - 1], 0.0f);
  // No click: the first 1 ms after the cars vanish is no louder than before.
  EXPECT_LE(test::peak(std::span<const float>(none).subspan(0, 96)), test::peak(on) * 1.05);
}

TEST(Mixer, Int16OutputIsTheFloatOutputScaled) {
  const Listener l;
  const std::vector<CarSound> cars = {car_at(0, {3.0, 4.0}, 5000.0, 1.0)};
  Mixer a, b;
  std::vector<float> f(2 * 4800);
  std::vector<std::int16_t> s(2 * 4800);
  a.render(cars, l, std::span<float>(f));
  b.render(cars, l, std::span<std::int16_t>(s));
  for (std::size_t i = 0; i < f.size(); ++i) ASSERT_EQ(s[i], static_cast<std::int16_t>(std::lround(f[i] * 32767.0f))) << i;
  std::vector<std::int16_t> clipped(3);
  const float extremes[] = {2.0f, -2.0f, std::numeric_limits<float>::quiet_NaN()};
  to_int16(extremes, clipped);
  EXPECT_EQ(clipped[0], 32767);
  EXPECT_EQ(clipped[1], -32767);
  EXPECT_EQ(clipped[2], 0);
}

}  // namespace
}  // namespace racer::audio
