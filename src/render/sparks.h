#pragma once
// Sparks: bright, short-lived streaks from metal meeting a wall or another car, a visual
// effect only (it never feeds back into the sim). Fed once per fixed step with the cars'
// snapshots and the step's touching contacts (sim/contact_points.h, read from Box2D after
// the step), with its own seeded generator, so a scripted run throws the same sparks.
//  - A scrape (the car sliding along the wall or the other car at the contact point) gives
//    a steady stream, more the faster it slides.
//  - A knock (the car's velocity changing faster than its tyres can change it, as
//    audio/cues hears a crash) gives one burst and a short flash at the contact.
// No contact, no sparks, whatever the cars do. Sparks fly off along the slide and away from
// the wall, slow down, and cool from white-yellow through orange to red; the count is
// capped (the oldest go first). Drawn as streaks along their motion with additive blending
// (they glow over the road and the cars), in one SDL_RenderGeometry call.
//
// Sections: config | Sparks.
#include <cstdint>
#include <span>
#include <vector>

#include <SDL.h>

#include "core/vec2.h"
#include "render/camera.h"
#include "render/fx_random.h"
#include "render/mesh.h"
#include "sim/contact_points.h"
#include "sim/snapshot.h"

namespace racer {

// ---- config ----------------------------------------------------------------------------

struct SparkConfig {
  std::size_t capacity = 400;      ///< sparks alive at most; the oldest are dropped first
  double scrape_start_mps = 2.5;   ///< m/s of sliding at the contact where sparks start
  double scrape_full_mps = 20.0;   ///< m/s of sliding for the full stream
  double scrape_rate = 140.0;      ///< sparks per second from one scraping car at full stream
  double max_tyre_accel = 25.0;    ///< m/s^2: a faster change of velocity is a knock (as audio/cues)
  double knock_start_mps = 0.8;    ///< m/s of unexplained velocity change that makes a burst
  double burst_per_mps = 7.0;      ///< sparks per m/s of that change
  std::size_t max_burst = 48;      ///< sparks in one burst at most
  double teleport_margin_m = 5.0;  ///< m a car may move beyond |v| dt before it counts as placed
  double life_s = 0.32;            ///< s, a spark's mean life
  double drag = 3.5;               ///< 1/s, how fast a spark loses its speed
  double streak_s = 0.05;          ///< s of motion a streak shows behind its head
};

struct Spark {
  Vec2 position;       ///< m, world
  Vec2 velocity;       ///< m/s
  double age = 0.0;    ///< s
  double life = 0.3;   ///< s, dies at age >= life
  double size = 0.0;   ///< m, a flash's radius (streaks are drawn from their motion)
  bool flash = false;  ///< the glow where a knock landed, not a streak
};

// ---- Sparks ------------------------------------------------------------------------------

class Sparks {
 public:
  explicit Sparks(SparkConfig config = {}, std::uint64_t seed = 0x59a4c);

  /// One fixed step: ages and moves every spark by dt (s), drops the dead, then spawns at
  /// the contacts (car indices into `cars`; contacts naming no car there are skipped).
  void step(std::span<const CarSnapshot> cars, std::span<const ContactPoint> contacts, double dt);
  void clear();

  const std::vector<Spark>& sparks() const { return sparks_; }
  std::size_t count() const { return sparks_.size(); }
  const SparkConfig& config() const { return config_; }

  /// [0, 1]: 1 white-hot at birth, 0 when it dies.
  static double heat(const Spark& s);
  /// The colour of a spark at this heat (alpha = its opacity).
  static Rgba colour(double heat);

  /// Streaks and flashes, additive, one SDL_RenderGeometry call; only the visible ones.
  void draw(SDL_Renderer* renderer, const Camera& camera) const;

 private:
  /// m/s of velocity change in the last step that the car's tyres cannot explain, 0 after a
  /// teleport or on a car's first step.
  double knock(std::size_t car, const CarSnapshot& now, double dt) const;
  /// `count` sparks at `point` moving with `base` (m/s, the surfaces' mean motion there),
  /// fanned along `along` (unit, the slide) at up to `slide` m/s and out along `away`.
  void emit(Vec2 point, Vec2 base, Vec2 along, double slide, Vec2 away, std::size_t count);

  SparkConfig config_;
  FxRandom random_;
  std::vector<Spark> sparks_;  ///< oldest first
  std::vector<Vec2> last_position_, last_velocity_;  ///< per car, the previous step's
  std::vector<bool> seen_;                           ///< per car, last_* hold a step
  std::vector<bool> burst_;                          ///< per car, burst already in this step
  std::vector<int> touches_;                         ///< per car, contacts in this step
};

}  // namespace racer
