#pragma once
// DriverAids: the player's switchable settings as the UI shows them (read live from the
// car every frame: Car::spec().assists and Drivetrain::gearbox().automatic).
namespace racer {

struct DriverAids {
  bool abs = true;        ///< anti-lock brakes switched on (F2)
  bool tcs = true;        ///< traction control switched on (F3)
  bool automatic = true;  ///< automatic gearbox; false = manual (M, gamepad Y)
};

}  // namespace racer
