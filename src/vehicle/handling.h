#pragma once
// The car's linear handling balance from its data: the steady-state understeer gradient a
// bicycle model of the car gives at small lateral accelerations, with the causes the car
// model has (car.cpp): each axle's cornering stiffness at its static load (the rear's
// scaled by rear_cornering_factor), the pneumatic trail moving each axle's force back, the
// steering's compliance under the front tyres' moment about the steering axes, and the
// rear axle's lateral-force compliance steer. (Load transfer and the tyres' load sensitivity
// shift the balance further as the lateral acceleration grows; that is not linear.)
#include "vehicle/car_spec.h"

namespace racer {

struct LinearHandling {
  double front_cornering_stiffness = 0.0;  ///< N/rad, both front tyres at their static loads
  double rear_cornering_stiffness = 0.0;   ///< N/rad, both rear tyres, stiffened by the axle's compliance steer
  double front_force_share = 0.5;          ///< of the lateral force, the front axle's in steady cornering
  double compliance = 0.0;                 ///< rad of road-wheel angle given back per N of front lateral force
  /// Road-wheel angle the car needs beyond the kinematic L / R per m/s^2 of lateral
  /// acceleration, rad s^2/m (> 0 = understeer). Multiply by g and 180/pi for degrees per g.
  double understeer_gradient = 0.0;
};

LinearHandling linear_handling(const CarSpec& spec);

}  // namespace racer
