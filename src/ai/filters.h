#pragma once
// The AI's Controls filters (TORCS bt style: filterABS(filterBrakeSpeed(...))): each takes
// the Controls so far and a few measured numbers and returns the Controls to use. Each is a
// plain function, testable alone; the driver applies them in a fixed order.
#include "vehicle/controls.h"

namespace racer {

/// filter_braking: never throttle and brake together (brake wins), and share the friction
/// circle: while cornering at a fraction `lateral_use` (|a_lat| / (mu g), [0, 1+]) of the
/// grip, the brake is capped to sqrt(1 - lateral_use^2) (at least `min_brake`), so a
/// braking car keeps enough grip to steer.
struct BrakingFilter {
  double lateral_use = 0.0;  ///< |a_lat| / (mu g)
  double min_brake = 0.35;   ///< the cap never goes below this
};
Controls filter_braking(Controls c, const BrakingFilter& f);

/// filter_traction: cuts the throttle while a driven wheel spins beyond `slip_limit`
/// (slip ratio) or the car slides sideways (rear slip angle beyond `slide_limit` rad):
/// throttle scaled down linearly to 0 at twice the limit.
struct TractionFilter {
  double driven_slip = 0.0;    ///< largest slip ratio among the driven wheels
  double rear_slip_angle = 0.0;///< rad, largest |slip angle| at the rear
  double slip_limit = 0.12;
  double slide_limit = 0.12;   ///< rad
};
Controls filter_traction(Controls c, const TractionFilter& f);

/// filter_engine_braking: off the pedals in a low gear on ice or gravel, the engine's drag
/// can lock the driven wheels (slip ratio below -`slip_limit`) and the rear steps out. As a
/// driver blips the throttle, the throttle rises with the lock, `gain` per unit of slip
/// beyond the limit, up to `max_throttle`, and a light brake (up to `light_brake`) is let
/// off; a harder brake is left alone (ABS's business).
struct EngineBrakingFilter {
  double driven_slip = 0.0;    ///< most negative slip ratio among the driven wheels
  double slip_limit = 0.1;     ///< the tyres' longitudinal peak
  double gain = 4.0;           ///< throttle per unit of slip ratio beyond the limit
  double max_throttle = 0.8;
  double light_brake = 0.1;
};
Controls filter_engine_braking(Controls c, const EngineBrakingFilter& f);

/// filter_collision: a car ahead in our path at `gap` m closing at `closing_speed` m/s
/// needs a deceleration closing^2 / (2 (gap - standoff)); beyond `comfortable_decel` the
/// throttle goes and the brake rises to reach it (full at `max_decel`).
struct CollisionFilter {
  double gap = 1e9;               ///< m, bumper to bumper along our path (1e9: nobody)
  double closing_speed = 0.0;     ///< m/s, our speed minus theirs along the path (> 0 closing)
  double standoff = 1.5;          ///< m kept at the end
  double comfortable_decel = 2.0; ///< m/s^2
  double max_decel = 9.0;         ///< m/s^2
};
Controls filter_collision(Controls c, const CollisionFilter& f);

/// filter_front_grip: steering past the front tyres' peak slip angle only loses grip (the
/// car runs wide and the tracker asks for yet more lock). While the front slip angle
/// exceeds `peak_slip_angle` x `margin` in the direction the steer drives it, the steer is
/// held at the previous road-wheel angle less the excess.
struct FrontGripFilter {
  double speed = 0.0;            ///< m/s, forward; below 5 m/s nothing happens
  double slip_angle = 0.0;       ///< rad, mean front slip angle (steering left drives it negative)
  double peak_slip_angle = 0.12; ///< rad, the tyres' lateral peak
  double previous_steer = 0.0;   ///< [-1, 1], the steer of the last step
  double max_angle = 0.6;        ///< rad of road-wheel angle at steer = 1
  double margin = 1.1;           ///< share of the peak allowed before the limit acts
};
Controls filter_front_grip(Controls c, const FrontGripFilter& f);

/// filter_edge: the car's own arc (its speed and yaw rate held) reaches the edge of the
/// drivable area in `time_to_edge` s: closer than `brake_time` s, the throttle goes and the
/// brake rises to full at half of it (ABS keeps the steering), whatever the other filters
/// allowed. A car sliding wide at speed stops before the wall rather than scraping it.
struct EdgeFilter {
  double time_to_edge = 1e9;  ///< s along the current arc to the first undrivable cell
  double brake_time = 0.8;    ///< s
};
Controls filter_edge(Controls c, const EdgeFilter& f);

/// filter_steer_rate: the steer moves at most `max_rate` (1/s of full lock) from `previous`
/// over `dt`: no instant lock-to-lock (a human's hands, and a stable car).
Controls filter_steer_rate(Controls c, double previous, double max_rate, double dt);

}  // namespace racer

namespace racer {

/// filter_stability: catches a slide. `yaw_ref` is the yaw rate the path asks for
/// (speed x path curvature); when the car yaws faster than that by more than `deadband`
/// (oversteer) the steer is corrected against the error. When the body slips sideways
/// beyond `slip_deadband` the car is sliding: the steer moves towards the angle that points
/// the front tyres along their own path (front slip angle 0: counter-steer by as much as
/// the slide needs, no more), fully so at `slip_deadband` + `slide_blend`; the brake is
/// eased so the rear tyres get their grip back.
struct StabilityFilter {
  double speed = 0.0;        ///< m/s, forward
  double yaw_rate = 0.0;     ///< rad/s, measured
  double yaw_ref = 0.0;      ///< rad/s, what the path asks for
  double body_slip = 0.0;    ///< rad, atan(v_lateral / v_forward) (+ = sliding to the left)
  double front_slip_angle = 0.0;  ///< rad, mean of the front tyres (steering left drives it negative)
  double previous_steer = 0.0;    ///< [-1, 1], the steer of the last step
  double wheelbase = 2.6;    ///< m
  double max_angle = 0.6;    ///< rad at steer = 1
  double gain = 2.5;         ///< yaw-rate feedback, in units of the kinematic steer for the error
  double deadband = 0.12;    ///< rad/s
  double slip_deadband = 0.06;  ///< rad
  double slide_blend = 0.06;    ///< rad of body slip over which the slide steer takes over
};
Controls filter_stability(Controls c, const StabilityFilter& f);

}  // namespace racer
