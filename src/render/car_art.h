#pragma once
// A car's art in its body frame, and the pieces of draw_car that draw it: the fixed art
// (body of its style in its livery, glass, lamps, shut lines, the race number), the lamps
// lit by the pedals and the gear, the tyres and the shadow. render/car_view.cpp puts them
// in order on screen; render/car_sprites.cpp draws the fixed parts once into a texture.
//
// Sections: the art | drawing it | tyres | shadow
#include <cstdint>
#include <vector>

#include "render/car_body.h"
#include "render/car_damage.h"
#include "render/livery.h"
#include "render/mesh.h"
#include "sim/snapshot.h"
#include "vehicle/car_spec.h"

namespace racer {

// ---- the art ---------------------------------------------------------------------------

struct ArtPiece {
  std::vector<Vec2> outline;  ///< m, body frame, convex, counter-clockwise
  Rgba rim, centre;
};
struct ArtLine {
  Vec2 a, b;  ///< m, body frame
  double width_m;
  Rgba colour;
};

/// Everything about a car's look that does not move, in the body frame (m). Built once per
/// (shape, livery) and kept in a small cache, so a frame only transforms points.
struct CarArt {
  std::uint64_t id = 0;        ///< unique to this art: its look (a texture cache's key)
  std::uint64_t model_id = 0;  ///< the same for every art of one body shape and front and rear tyre sizes
  BodyShape shape;
  std::vector<Vec2> shadow;
  std::vector<std::vector<Vec2>> skin;  ///< structural parts inside their outline: scorch and dents clip to these
  std::vector<ArtPiece> pieces;         ///< in drawing order
  std::vector<BodyPart> lamps;          ///< coloured by the pedals and the gear
  std::vector<ArtLine> lines;           ///< shut lines, creases, then the number's strokes
  /// The lines drawn again over lit lamps (they touch a brake or reverse lamp or a brake
  /// glow), so the lamps lit over the fixed art keep the lines over them as drawn directly.
  std::vector<std::size_t> lines_over_lamps;
  Vec2 lo, hi;  ///< m, body frame: bounds of the pieces, lamps and lines (not the shadow)
  bool has_brake_lights = false;
  Vec2 brake_lo, brake_hi;  ///< m, body frame: bounds of the brake lights, their glows and the lines over lamps
  double tyre_half_len = 0.0, tyre_half_width = 0.0;  ///< m, the drawn front tyre (TyreLook)
  double rear_tyre_half_len = 0.0, rear_tyre_half_width = 0.0;  ///< m, the drawn rear tyre
  /// Whether the rear tyres are drawn at another size than the front ones (a staggered car).
  bool staggered() const { return rear_tyre_half_len != tyre_half_len || rear_tyre_half_width != tyre_half_width; }
};

/// The art for this car, from a small cache keyed by everything it depends on (the render
/// thread only). The reference stays valid until 64 other looks have been asked for.
const CarArt& art_for(const CarSpec& spec, const Livery& livery);

// ---- drawing it ------------------------------------------------------------------------

/// The lamps' state a frame draws them in.
struct LampState {
  double brake = 0.0;  ///< [0, 1], brightens the brake lights (with a glow behind them)
  bool reverse = false;
  /// Whether the lamps look as in the fixed art (no brake, not in reverse).
  bool at_rest() const { return brake <= 0.0 && !reverse; }
};
LampState lamp_state(const CarSnapshot& car);

/// The pieces, the lamps in state `lamps` and the lines, in that order.
void draw_art(Mesh& m, const BodyFrame& f, const CarArt& art, const LampState& lamps);
/// Over art drawn at rest: the brake (with `brake_lights`) and reverse lamps in state
/// `lamps`, then the lines in `art.lines_over_lamps`; nothing when none of them is lit.
void draw_lit_lamps(Mesh& m, const BodyFrame& f, const CarArt& art, const LampState& lamps, bool brake_lights = true);

// ---- tyres -----------------------------------------------------------------------------

/// Where a tyre is drawn, in the body frame.
struct TyreLook {
  Vec2 centre;        ///< m, body frame
  double half_len;    ///< m, along the wheel
  double half_width;  ///< m, across it
};
TyreLook tyre_look(const CarSnapshot& car, const WheelSnapshot& w, const TyreSpec& tyre, const BodyShape& shape);

/// m between tread blocks, and their length along the tyre.
inline constexpr double kTreadPitchM = 0.16;
inline constexpr double kTreadBlockM = 0.05;
/// m, [0, kTreadPitchM): how far the tread blocks have moved with the wheel's spin.
double tread_offset(const WheelSnapshot& w, const TyreLook& t);

/// The tyre in frame `f` (centred on the tyre, x along the wheel): the tyre, its tread
/// blocks at `tread_offset_m`, on the half that shows (`side` > 0: the car's left; all
/// across when `exposed`), and the sidewall.
void draw_tyre(Mesh& m, const BodyFrame& f, const TyreLook& t, double tread_offset_m, double side, bool exposed);

// ---- shadow ----------------------------------------------------------------------------

/// m, world frame: the shadow's offset from the car (the sun's direction).
inline constexpr Vec2 kShadowOffsetM{0.18, -0.26};
void draw_shadow(Mesh& m, const BodyFrame& f, const CarArt& art);

}  // namespace racer
