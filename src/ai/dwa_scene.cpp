// DwaScene loading and seed 004's closed-loop drive (see dwa_scene.h).
#include "ai/dwa_scene.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/json_doc.h"
#include "core/json_reader.h"

namespace racer {

namespace {

constexpr double kBig = 1e6;  // m, coordinates beyond this are refused

void read_waypoints(ObjectReader& root, std::vector<DataError>& errors, std::vector<Vec2>& out) {
  const nlohmann::json* raw = root.raw("waypoints");
  const std::string pointer = JsonDoc::child_pointer(root.pointer(), "waypoints");
  if (raw == nullptr) {
    root.object_error("missing required key \"waypoints\" (an array of at least 2 [x, y] points in metres)");
    return;
  }
  if (!raw->is_array() || raw->size() < 2) {
    errors.push_back(root.doc().error_at(pointer, "\"waypoints\" must be an array of at least 2 [x, y] points in metres, got " + describe_json(*raw)));
    return;
  }
  for (std::size_t i = 0; i < raw->size(); ++i) {
    const nlohmann::json& p = (*raw)[i];
    const bool ok = p.is_array() && p.size() == 2 && p[0].is_number() && p[1].is_number() &&
                    std::abs(p[0].get<double>()) <= kBig && std::abs(p[1].get<double>()) <= kBig;
    if (!ok) {
      errors.push_back(root.doc().error_at(JsonDoc::child_pointer(pointer, i),
                                           "waypoint must be [x, y] in metres (|x|, |y| <= 1e6), got " + describe_json(p)));
      continue;
    }
    out.push_back({p[0].get<double>(), p[1].get<double>()});
  }
}

Result<DwaScene> read_scene(const JsonDoc& doc) {
  std::vector<DataError> errors;
  ObjectReader root = root_reader(doc, errors);
  DwaScene scene;
  if (auto car = root.object("car", true)) {
    scene.car.pos.x = car->number("x", -kBig, kBig, "metres");
    scene.car.pos.y = car->number("y", -kBig, kBig, "metres");
    scene.car.heading = car->number("heading", -100.0, 100.0, "radians");
    scene.car.v = car->number("v", -100.0, 100.0, "m/s");
    scene.car.omega = car->number("omega", -100.0, 100.0, "rad/s");
    scene.car_radius = car->number("radius", 0.05, 10.0, "metres");
    car->finish();
  }
  read_waypoints(root, errors, scene.waypoints);
  for (ObjectReader& o : root.objects("obstacles", 0, 100000, true)) {
    if (!o.valid()) continue;
    const std::string type = o.choice("type", {"circle", "rect"});
    const Vec2 c{o.number("x", -kBig, kBig, "metres"), o.number("y", -kBig, kBig, "metres")};
    const Vec2 vel{o.number("vx", -200.0, 200.0, "m/s", 0.0), o.number("vy", -200.0, 200.0, "m/s", 0.0)};
    if (type == "circle") {
      scene.obstacles.push_back(DwaObstacle::circle(c, o.number("radius", 0.0, 1000.0, "metres"), vel));
    } else {
      const double hw = o.number("half_width", 0.0, 1000.0, "metres");
      const double hh = o.number("half_height", 0.0, 1000.0, "metres");
      scene.obstacles.push_back(DwaObstacle::rect(c, hw, hh, o.number("angle", -100.0, 100.0, "radians"), vel));
    }
    o.finish();
  }
  root.finish();
  if (!errors.empty()) return errors;
  return scene;
}

// Least distance between the disc centre moving a -> b over [t, t + dt] and the obstacle
// (moving linearly too): exact, in the obstacle's frame.
double swept_distance(const DwaObstacle& o, Vec2 a, Vec2 b, double t, double dt) {
  return dwa_segment_distance(o, a - o.velocity * t, b - o.velocity * (t + dt));
}

}  // namespace

Result<DwaScene> parse_dwa_scene(std::string_view json_text, const std::string& file_name) {
  Result<JsonDoc> doc = JsonDoc::parse(json_text, file_name);
  if (!doc) return doc.errors();
  return read_scene(doc.value());
}

Result<DwaScene> load_dwa_scene(const std::string& path) {
  Result<JsonDoc> doc = JsonDoc::load_file(path);
  if (!doc) return doc.errors();
  return read_scene(doc.value());
}

DwaState seed_step(const DwaState& s, double v, double omega, double dt) {
  DwaState n;
  n.heading = s.heading + omega * dt;
  const double mid = s.heading + 0.5 * omega * dt;
  n.pos = s.pos + Vec2{std::cos(mid), std::sin(mid)} * (v * dt);
  n.v = v;
  n.omega = omega;
  return n;
}

DwaDriveResult drive_dwa_scene(const DwaScene& scene, const DwaParams& params, int max_steps) {
  DwaParams p = params;
  p.car_radius = scene.car_radius;
  DwaPlanner planner(p);
  DwaDriveResult r;
  r.length_m = polyline_length(scene.waypoints);
  r.min_gap_m = std::numeric_limits<double>::infinity();
  const double dt = p.limits.period;
  const Vec2 end = scene.waypoints.back();
  std::vector<DwaObstacle> now = scene.obstacles;  // obstacles moved to the current time
  DwaState car = scene.car;
  double stall = 0.0;
  for (int step = 0; step < max_steps; ++step) {
    const double t = step * dt;
    for (std::size_t i = 0; i < now.size(); ++i)
      now[i].centre = scene.obstacles[i].centre + scene.obstacles[i].velocity * t;
    DwaInput in;
    in.state = car;
    in.waypoints = scene.waypoints;
    in.obstacles = now;
    const DwaDecision d = planner.decide(in);
    if (!d.admissible) ++r.fallbacks;
    const DwaState next = seed_step(car, d.v, d.omega, dt);
    for (const DwaObstacle& o : scene.obstacles) {
      const double gap = swept_distance(o, car.pos, next.pos, t, dt) - scene.car_radius;
      r.min_gap_m = std::min(r.min_gap_m, gap);
      if (gap < 0.0) r.collided = true;
    }
    car = next;
    r.steps = step + 1;
    stall = std::abs(car.v) < p.stall_speed ? stall + dt : 0.0;
    r.max_stall_s = std::max(r.max_stall_s, stall);
    r.progress_m = polyline_progress(scene.waypoints, car.pos);
    if (r.collided) break;
    if (length(car.pos - end) < 1.5 || r.progress_m >= r.length_m - 1e-9) {
      r.reached_end = true;
      break;
    }
  }
  return r;
}

}  // namespace racer
