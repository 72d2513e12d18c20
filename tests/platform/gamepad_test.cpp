// The gamepad path end to end through SDL: a virtual controller (SDL 2.26's
// SDL_JoystickAttachVirtual, which Debian's SDL maps as a GameController with the
// standard layout a0..a5 = leftx, lefty, rightx, righty, lefttrigger, righttrigger and
// b0..b14 = A, B, X, Y, back, guide, start, sticks, shoulders, d-pad) is hot-plugged while
// InputDevices runs, its axes are moved, SDL's event queue is pumped by InputDevices::poll,
// and what comes out (InputState, AppCommands, and the Controls InputMapper makes of it) is
// checked. Runs headless: SDL_VIDEODRIVER=dummy.
#include "platform/input_devices.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "game/input_map.h"

namespace racer {
namespace {

constexpr double kDt = 1.0 / 240.0;
// Joystick-level axis indices of the virtual controller (its automatic mapping).
constexpr int kLeftX = 0, kTriggerLeft = 4, kTriggerRight = 5;
constexpr int kButtonA = 0, kButtonX = 2, kButtonY = 3, kLeftShoulder = 9;
constexpr Sint16 kAxisMin = -32768, kAxisMax = 32767;

/// SDL for the whole suite, as Window starts it (video, events, game controllers).
class GamepadTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    setenv("SDL_VIDEODRIVER", "dummy", 0);  // also set by ctest; kept for a bare run
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
    ASSERT_EQ(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER), 0) << SDL_GetError();
  }
  static void TearDownTestSuite() { SDL_Quit(); }

  void TearDown() override {
    if (joystick_ != nullptr) SDL_JoystickClose(joystick_);
    if (index_ >= 0) SDL_JoystickDetachVirtual(index_);
    SDL_PumpEvents();
    SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
  }

  /// Plugs in a virtual controller and opens our own handle on it to move its axes.
  /// Triggers start released: at the joystick level a trigger's rest is the axis minimum
  /// (a virtual axis starts at 0, which the controller mapping reads as half pressed).
  void attach() {
    index_ = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0);
    ASSERT_GE(index_, 0) << SDL_GetError();
    ASSERT_TRUE(SDL_IsGameController(index_)) << "the virtual joystick is not mapped as a GameController";
    joystick_ = SDL_JoystickOpen(index_);
    ASSERT_NE(joystick_, nullptr) << SDL_GetError();
    set_axis(kTriggerLeft, kAxisMin);
    set_axis(kTriggerRight, kAxisMin);
  }
  void detach() {
    SDL_JoystickClose(joystick_);
    joystick_ = nullptr;
    ASSERT_EQ(SDL_JoystickDetachVirtual(index_), 0) << SDL_GetError();
    index_ = -1;
  }
  void set_axis(int axis, Sint16 value) { ASSERT_EQ(SDL_JoystickSetVirtualAxis(joystick_, axis, value), 0) << SDL_GetError(); }
  void set_button(int button, bool down) {
    ASSERT_EQ(SDL_JoystickSetVirtualButton(joystick_, button, down ? 1 : 0), 0) << SDL_GetError();
  }

  /// One frame's poll, as GameApp does it; records the event types seen.
  AppCommands poll(InputDevices& devices) {
    return devices.poll(input_, [this](const SDL_Event& e) { events_.push_back(e.type); });
  }
  bool saw(Uint32 type) const {
    for (Uint32 t : events_)
      if (t == type) return true;
    return false;
  }

  int index_ = -1;
  SDL_Joystick* joystick_ = nullptr;
  InputState input_;
  std::vector<Uint32> events_;
};

TEST_F(GamepadTest, HotPluggedControllerIsPickedUpAndReportsItsAxes) {
  InputDevices devices;
  poll(devices);
  ASSERT_EQ(devices.controller_count(), 0u);
  EXPECT_FALSE(input_.has_analog);

  attach();
  poll(devices);
  EXPECT_TRUE(saw(SDL_CONTROLLERDEVICEADDED));
  ASSERT_EQ(devices.controller_count(), 1u) << "the controller plugged in while running is opened";
  EXPECT_TRUE(input_.has_analog);
  EXPECT_NEAR(input_.analog_steer, 0.0, 1e-9) << "stick centred";
  EXPECT_NEAR(input_.analog_throttle, 0.0, 1e-9) << "triggers released";
  EXPECT_NEAR(input_.analog_brake, 0.0, 1e-9);

  // Left stick X: SDL's + is right, the game's + is left.
  set_axis(kLeftX, kAxisMin);
  poll(devices);
  EXPECT_NEAR(input_.analog_steer, 1.0, 1e-9) << "stick full left = steer +1 (left)";
  set_axis(kLeftX, kAxisMax);
  poll(devices);
  EXPECT_NEAR(input_.analog_steer, -1.0, 1e-9) << "stick full right = steer -1";
  set_axis(kLeftX, 16384);
  poll(devices);
  EXPECT_NEAR(input_.analog_steer, -0.5, 1e-3) << "half right";

  // Right trigger throttle, left trigger brake. The controller maps a trigger's joystick
  // range [-32768, 32767] to [0, 32767]; the mid value is half pressed.
  set_axis(kTriggerRight, kAxisMax);
  poll(devices);
  EXPECT_NEAR(input_.analog_throttle, 1.0, 1e-9);
  EXPECT_NEAR(input_.analog_brake, 0.0, 1e-9);
  set_axis(kTriggerRight, 0);
  set_axis(kTriggerLeft, kAxisMax);
  poll(devices);
  EXPECT_NEAR(input_.analog_throttle, 0.5, 1e-3) << "right trigger half way";
  EXPECT_NEAR(input_.analog_brake, 1.0, 1e-9) << "left trigger full";
}

TEST_F(GamepadTest, ButtonsGiveShiftEdgesHandbrakeAndTheGearboxToggle) {
  InputDevices devices;
  attach();
  poll(devices);
  ASSERT_EQ(devices.controller_count(), 1u);

  set_button(kButtonA, true);
  AppCommands commands = poll(devices);
  EXPECT_TRUE(input_.shift_up) << "A shifts up (an edge kept until a step consumes it)";
  EXPECT_FALSE(commands.toggle_gearbox);
  input_.shift_up = false;
  set_button(kButtonA, false);
  set_button(kLeftShoulder, true);
  poll(devices);
  EXPECT_TRUE(input_.shift_down) << "left shoulder shifts down";
  EXPECT_FALSE(input_.shift_up);
  input_.shift_down = false;

  set_button(kButtonY, true);
  commands = poll(devices);
  EXPECT_TRUE(commands.toggle_gearbox) << "Y toggles automatic/manual";
  commands = poll(devices);
  EXPECT_FALSE(commands.toggle_gearbox) << "once per press, not while held";

  set_button(kButtonX, true);
  poll(devices);
  EXPECT_TRUE(input_.handbrake_key) << "X is the handbrake, a level";
  set_button(kButtonX, false);
  poll(devices);
  EXPECT_FALSE(input_.handbrake_key);
}

TEST_F(GamepadTest, UnpluggingTheControllerIsHandled) {
  InputDevices devices;
  attach();
  set_axis(kLeftX, kAxisMin);
  set_axis(kTriggerRight, kAxisMax);
  poll(devices);
  ASSERT_EQ(devices.controller_count(), 1u);
  ASSERT_NEAR(input_.analog_steer, 1.0, 1e-9);

  detach();
  poll(devices);
  EXPECT_TRUE(saw(SDL_CONTROLLERDEVICEREMOVED));
  EXPECT_EQ(devices.controller_count(), 0u) << "closed and forgotten";
  EXPECT_FALSE(input_.has_analog);
  EXPECT_DOUBLE_EQ(input_.analog_steer, 0.0) << "no stale stick left behind";
  EXPECT_DOUBLE_EQ(input_.analog_throttle, 0.0);

  // Plugged in again, it drives again.
  attach();
  set_axis(kLeftX, kAxisMax);
  poll(devices);
  EXPECT_EQ(devices.controller_count(), 1u);
  EXPECT_NEAR(input_.analog_steer, -1.0, 1e-9);
}

TEST_F(GamepadTest, ControllerConnectedAtStartIsOpenedOnce) {
  attach();
  InputDevices devices;  // start-up scan finds it ...
  EXPECT_EQ(devices.controller_count(), 1u);
  poll(devices);  // ... and the queued "added" event does not open it twice
  EXPECT_EQ(devices.controller_count(), 1u);
  set_axis(kLeftX, kAxisMin);
  poll(devices);
  EXPECT_NEAR(input_.analog_steer, 1.0, 1e-9);
}

TEST_F(GamepadTest, MappedControlsFollowTheStickDirectly) {
  InputDevices devices;
  InputMapper mapper;
  attach();
  poll(devices);
  const DriveContext fast{30.0, 4};  // at speed: the keys would be rate- and lock-limited

  set_axis(kLeftX, kAxisMin);
  set_axis(kTriggerRight, kAxisMax);
  poll(devices);
  Controls c = mapper.update(input_, fast, kDt);
  EXPECT_DOUBLE_EQ(c.steer, 1.0) << "full left lock on the first step, no ramp, no speed limit";
  EXPECT_DOUBLE_EQ(c.throttle, 1.0);
  EXPECT_DOUBLE_EQ(c.brake, 0.0);

  set_axis(kLeftX, 16384);  // half right: the deadzone rescales, nothing else
  set_axis(kTriggerRight, kAxisMin);
  set_axis(kTriggerLeft, kAxisMax);
  poll(devices);
  c = mapper.update(input_, fast, kDt);
  const double dz = mapper.config().stick_deadzone;
  EXPECT_DOUBLE_EQ(c.steer, apply_deadzone(input_.analog_steer, dz));
  EXPECT_NEAR(c.steer, -(0.5 - dz) / (1.0 - dz), 2e-3) << "the stick's position, the next step";
  EXPECT_DOUBLE_EQ(c.throttle, 0.0);
  EXPECT_DOUBLE_EQ(c.brake, 1.0);

  set_axis(kLeftX, 0);  // centred: straight at once (the keys' return ramp does not apply)
  set_axis(kTriggerLeft, kAxisMin);
  poll(devices);
  c = mapper.update(input_, fast, kDt);
  EXPECT_DOUBLE_EQ(c.steer, 0.0);
  EXPECT_DOUBLE_EQ(c.brake, 0.0);

  // Unplugged mid-corner: the controls fall back to the (idle) keys, not a stuck stick.
  set_axis(kLeftX, kAxisMax);
  poll(devices);
  ASSERT_DOUBLE_EQ(mapper.update(input_, fast, kDt).steer, -1.0);
  detach();
  poll(devices);
  c = mapper.update(input_, fast, kDt);
  EXPECT_GT(c.steer, -1.0) << "no longer held at full lock";
  for (int i = 0; i < 240; ++i) c = mapper.update(input_, fast, kDt);
  EXPECT_DOUBLE_EQ(c.steer, 0.0) << "back to centre";
}

}  // namespace
}  // namespace racer
