#pragma once
// CSV output of the traces (lap, trace, kick, pass, contacts): opening the file, and the
// car's handling figures that several traces report in the same columns.
#include <fstream>
#include <ostream>
#include <string>

#include "ai/driver.h"
#include "vehicle/car.h"

namespace racer::bench {

/// `path` opened for writing; throws LoadError when it cannot be.
std::ofstream open_csv(const std::string& path);

/// rad, the car's body slip angle (+ = sliding to the left), as its driver reads it.
double body_slip(const Car& car);
/// rad, the mean slip angle of the front (wheels 0, 1) and rear (wheels 2, 3) tyres.
double front_slip_angle(const Car& car);
double rear_slip_angle(const Car& car);

/// The handling columns `trace` and `kick` end their rows with, and write_handling's row end:
/// the pedals and steering, the tracking layer's and DWA's steering, yaw rate (rad/s), body
/// slip and the front and rear slip angles (rad), then the newline.
inline constexpr const char* kHandlingColumns = "throttle,brake,steer,tracking_steer,steer_dwa,yaw_rate,body_slip,alpha_f,alpha_r";
void write_handling(std::ostream& csv, const Car& car, const Controls& c, const DriverState& st);

}  // namespace racer::bench
