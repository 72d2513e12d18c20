#pragma once
// CarSprites: the parts of the cars that do not change from frame to frame, drawn once
// into textures and copied turned and placed each frame as textured quads, instead of a
// thousand small feathered triangles a car (Mesa's software renderer pays about as much for
// a one-pixel triangle as for a large one).
//
// Two kinds of texture, each for one zoom level:
// - a look's texture (one per CarArt: body, livery, number, glass, lamps at rest, lines;
//   below them its brake lights full on with their glow, copied over the car scaled by
//   the brake pedal in all four channels);
// - a model's atlas (one per body shape and front and rear tyre size, shared by every
//   livery): the shadow and the tyre seen from above on either side of the car, its tread
//   blocks at kTreadPhases positions along the pitch (the wheel's spin picks the nearest, at
//   most kTreadPitchM / kTreadPhases / 2 = 5 mm from where it would be drawn directly); a
//   staggered car's atlas has the same cells again at the rear tyres' size, for its rear
//   wheels.
// A level is a pixels-per-metre of 2^(level/4), drawn at the first level at or above the
// camera's and scaled down by at most 16% with linear filtering. The textures hold colour
// premultiplied by alpha (drawn into a target cleared to transparent) and are copied with
// the matching blend mode, so composing over the ground gives the picture drawn directly.
// What else changes (reverse lights, damage, the player's marker) is drawn over them by
// draw_car.
//
// The cache is bounded: at most `capacity` textures, the least recently used dropped.
// While the zoom moves to a new level, at most kBuildsPerFrame textures are made a frame;
// a car whose texture is not made yet uses the nearest level it has (drawn directly when
// none), so a level change costs no frame more than a few cars drawn directly.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <SDL.h>

#include "render/camera.h"
#include "render/car_art.h"
#include "sim/snapshot.h"

namespace racer {

class CarSprites {
 public:
  static constexpr std::size_t kDefaultCapacity = 48;  ///< 12 looks and their model at 3-4 levels
  static constexpr int kTreadPhases = 16;
  static constexpr int kBuildsPerFrame = 3;
  static constexpr double kMaxPixelsPerMetre = 64.0;  ///< closer views are drawn directly (big textures)

  explicit CarSprites(std::size_t capacity = kDefaultCapacity) : capacity_(capacity) {}
  ~CarSprites() { clear(); }
  CarSprites(const CarSprites&) = delete;
  CarSprites& operator=(const CarSprites&) = delete;

  /// Call once per frame before the cars: resets the per-frame build budget.
  void new_frame() {
    builds_this_frame_ = 0;
    frame_start_ = clock_;
  }
  /// Draws the car's shadow, tyres, fixed art (its lamps at rest) and brake lights from the
  /// textures, in that order. False when it cannot (no render targets or custom blend
  /// modes, as in SDL's software renderer, found on the first try; too close a view; the
  /// budget spent and no other level made yet): then nothing was drawn.
  /// Each axle's tyres come from cells of their own size (CarArt::staggered).
  /// `body` and `shadow`: the car's body frame on screen, and the same moved by kShadowOffsetM.
  bool draw(SDL_Renderer* renderer, const BodyFrame& body, const BodyFrame& shadow, const CarSnapshot& car,
            const CarSpec& spec, const CarArt& art);
  /// Frees every texture (before the renderer goes; the destructor does it too).
  void clear();
  /// Whether draw() may use textures (default yes); off, it frees them and returns false.
  void set_enabled(bool on);

  std::size_t size() const { return entries_.size(); }
  int textures_drawn() const { return textures_drawn_; }

  /// The level for `ppm` px/m: the smallest with level_ppm(level) >= ppm.
  static int level_for(double ppm);
  static double level_ppm(int level);

 private:
  /// A rectangle of a texture and where its frame's origin lands in it, texels.
  struct Cell {
    int x = 0, y = 0, w = 0, h = 0;
    Vec2 origin;
  };
  struct Entry {
    std::uint64_t key = 0;  ///< the art's id (a look) or model_id (a model)
    bool model = false;
    int level = 0;
    SDL_Texture* texture = nullptr;
    int width = 0, height = 0;
    /// a look: [body]; a model: [shadow, front tyres (side, phase)...], then for a staggered
    /// car its rear tyres (side, phase)...
    std::vector<Cell> cells;
    std::uint64_t last_used = 0;
  };

  const Entry* find(SDL_Renderer* r, std::uint64_t key, bool model, int level, const CarArt& art);
  bool build(SDL_Renderer* r, Entry& e, const CarArt& art);
  void evict_to(std::size_t n);

  std::size_t capacity_;
  std::vector<std::unique_ptr<Entry>> entries_;  ///< stable addresses while a car is drawn
  SDL_Renderer* renderer_ = nullptr;
  bool enabled_ = true, unsupported_ = false;
  int builds_this_frame_ = 0, textures_drawn_ = 0;
  std::uint64_t clock_ = 0, frame_start_ = 0;  ///< a use counter; its value when the frame began
};

}  // namespace racer
