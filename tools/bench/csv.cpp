#include "csv.h"

#include "ai/driver_view.h"
#include "args.h"

namespace racer::bench {

std::ofstream open_csv(const std::string& path) {
  std::ofstream csv(path);
  if (!csv.is_open()) throw LoadError(path + ": cannot write the file");
  return csv;
}

double body_slip(const Car& car) {
  SelfView self;
  self.heading = car.heading();
  self.velocity = car.velocity();
  return self.body_slip();
}

double front_slip_angle(const Car& car) { return 0.5 * (car.wheel(0).slip_angle + car.wheel(1).slip_angle); }
double rear_slip_angle(const Car& car) { return 0.5 * (car.wheel(2).slip_angle + car.wheel(3).slip_angle); }

void write_handling(std::ostream& csv, const Car& car, const Controls& c, const DriverState& st) {
  csv << c.throttle << ',' << c.brake << ',' << c.steer << ',' << st.tracking_steer << ',' << st.steer_dwa << ','
      << car.yaw_rate() << ',' << body_slip(car) << ',' << front_slip_angle(car) << ',' << rear_slip_angle(car) << '\n';
}

}  // namespace racer::bench
