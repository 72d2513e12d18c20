#pragma once
// The Vehicle panel's curves (ui/vehicle_panel.h), read live from the car every frame:
//   tyres       per wheel, longitudinal force against slip ratio and lateral force against
//               slip angle at the wheel's current load and surface grip, with the wheel's
//               operating point (its slip and the force it made last step) on them
//   suspension  per wheel, spring travel used and load against the static load
//   engine      full-throttle torque and power against rpm, the current rpm marked
//   gearbox     gear, ratios, clutch engagement, the last shift
#include "vehicle/car.h"

namespace racer {

/// Into the current ImGui window, as collapsing sections.
void draw_vehicle_curves(const Car& car);

}  // namespace racer
