#pragma once
// Vec2: a 2D vector of doubles for the simulation's own maths (metres, m/s, newtons).
// World frame: x to the right (east), y up (north), angles counter-clockwise from +x.
#include <cmath>

namespace racer {

struct Vec2 {
  double x = 0.0;
  double y = 0.0;

  constexpr Vec2() = default;
  constexpr Vec2(double x_, double y_) : x(x_), y(y_) {}

  constexpr Vec2 operator+(Vec2 o) const { return {x + o.x, y + o.y}; }
  constexpr Vec2 operator-(Vec2 o) const { return {x - o.x, y - o.y}; }
  constexpr Vec2 operator-() const { return {-x, -y}; }
  constexpr Vec2 operator*(double s) const { return {x * s, y * s}; }
  constexpr Vec2 operator/(double s) const { return {x / s, y / s}; }
  constexpr Vec2& operator+=(Vec2 o) { x += o.x; y += o.y; return *this; }
  constexpr Vec2& operator-=(Vec2 o) { x -= o.x; y -= o.y; return *this; }
  constexpr Vec2& operator*=(double s) { x *= s; y *= s; return *this; }
  constexpr bool operator==(const Vec2&) const = default;
};

constexpr Vec2 operator*(double s, Vec2 v) { return v * s; }
constexpr double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
/// z component of the 3D cross product (a.x, a.y, 0) x (b.x, b.y, 0).
constexpr double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
/// Cross of a scalar angular velocity (rad/s, about +z) with a vector: w x r.
constexpr Vec2 cross(double w, Vec2 r) { return {-w * r.y, w * r.x}; }
constexpr double length_squared(Vec2 v) { return v.x * v.x + v.y * v.y; }
/// |v| without std::hypot's care for overflow and underflow (several times slower, and 2.6%
/// of a 20-car race): the simulation's vectors are metres, m/s and newtons.
inline double length(Vec2 v) { return std::sqrt(length_squared(v)); }
/// Rotate v by the angle whose cosine and sine are `by` (a unit vector, counter-clockwise).
constexpr Vec2 rotate(Vec2 v, Vec2 by) { return {by.x * v.x - by.y * v.y, by.y * v.x + by.x * v.y}; }
/// Rotate v by angle (rad, counter-clockwise).
inline Vec2 rotate(Vec2 v, double angle) { return rotate(v, Vec2{std::cos(angle), std::sin(angle)}); }
/// Unit vector at angle (rad).
inline Vec2 from_angle(double angle) { return {std::cos(angle), std::sin(angle)}; }
constexpr Vec2 perp(Vec2 v) { return {-v.y, v.x}; }

}  // namespace racer
