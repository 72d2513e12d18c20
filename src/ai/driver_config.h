#pragma once
// DriverConfig: the AI driver's fixed tuning, the same for every profile (AiParams holds
// what differs between drivers). Read by the driver's parts.
namespace racer {

struct DriverConfig {
  double tracking_hz = 20.0;       ///< Pure Pursuit rate
  double local_hz = 60.0;          ///< other-car scan, racecraft and DWA rate
  bool use_dwa = true;             ///< DWA when something is near (off: tracking + filters only)
  double dwa_range = 14.0;         ///< m, a car or obstacle this close (and not behind) wakes DWA
  double look_range = 45.0;        ///< m along the line scanned for cars ahead
  double steer_rate = 5.0;         ///< 1/s of full lock
  double stall_trigger_s = 1.0;    ///< s without progress at standstill before reversing
  double respawn_after_s = 8.0;    ///< s without progress before asking for a respawn
  double progress_step_m = 3.0;    ///< m of race distance that resets the stall clock (the race's own)
  double queue_gap_m = 10.0;       ///< m, a car this close ahead in our path: waiting, not stuck
  double follow_time_s = 0.6;      ///< s, the following gap kept to a car ahead on our line (and 2 m)
  double start_calm_s = 5.0;       ///< s from the start before a lane pass, racing room, a let-by or a defence is started (the field sorts itself out off the grid)
};

}  // namespace racer
