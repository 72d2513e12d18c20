#include "ai/measured_envelope.h"

#include "sim/proving_ground.h"

namespace racer {

CarEnvelope measured_envelope(const CarSpec& spec, double rate_hz) {
  CarEnvelope e = car_envelope(spec);
  e.drive_force = measured_drive_force(spec, e.mass, e.drag_k, rate_hz, e.force_step);
  return e;
}

}  // namespace racer
