#pragma once
// Liveries: each car's paint (body and roof shade), a second colour, a pattern of stripes
// or panels, and a race number drawn with a seven-segment font generated here (no font
// files; ImGui's font is not available in the world pass). Pure: no SDL.
//
// Sections: paint | livery | pattern shapes | race number glyphs
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/vec2.h"
#include "render/car_body.h"
#include "render/mesh.h"

namespace racer {

// ---------------------------------------------------------------- paint

struct CarPaint {
  Rgba body{30, 96, 196};
  Rgba roof{24, 78, 164};
};

/// The paint for a given body colour (the roof a shade darker).
CarPaint paint_from_colour(Rgba body);
/// The player's paint: a bright yellow no AI car wears.
CarPaint player_paint();
/// Paint for the AI car at `index` (any index; the palette repeats after kAiPaintCount).
CarPaint ai_paint(std::size_t index);
inline constexpr std::size_t kAiPaintCount = 10;
/// Paint for every car of a field: the player's yellow, the others from the palette in
/// grid order (skipping nothing: the palette has no yellow).
CarPaint driver_paint(std::size_t car, std::size_t player);

// ---------------------------------------------------------------- livery

enum class LiveryPattern {
  Plain,         ///< body colour only
  TwinStripes,   ///< two racing stripes nose to tail either side of the centre line
  CentreStripe,  ///< one wide stripe down the middle
  TwoTone,       ///< the front of the car in the second colour, split on a slant
  Sash,          ///< a broad diagonal band across the cabin
  SideFlashes,   ///< bands along both flanks
};
inline constexpr int kLiveryPatternCount = 6;

struct Livery {
  CarPaint paint;
  Rgba accent{236, 236, 232};       ///< stripes, wings, helmet
  LiveryPattern pattern = LiveryPattern::Plain;
  int number = -1;                  ///< race number 0..99; < 0 draws none
  Rgba plate{244, 244, 240};        ///< the number's roundel
  Rgba ink{18, 18, 22};             ///< the digits
};

/// A livery with no pattern and no number (tools and views that have no field).
Livery plain_livery(const CarPaint& paint);
/// The player's livery: yellow with black twin stripes, number kPlayerNumber.
Livery player_livery();
inline constexpr int kPlayerNumber = 1;
/// The AI car at `index`: palette paint, a contrasting accent, a pattern, and a number
/// from a fixed list that never holds kPlayerNumber (distinct for the first 24 indices).
Livery ai_livery(std::size_t index);
/// Every car of a field, as driver_paint: the player's livery at `player`, the AI ones in grid order.
Livery driver_livery(std::size_t car, std::size_t player);

// ---------------------------------------------------------------- pattern shapes

/// The pattern's shapes over a body of extent `e`, convex and counter-clockwise in the
/// body frame (m), unclipped: car_view clips them to each structural part.
std::vector<std::vector<Vec2>> pattern_shapes(LiveryPattern pattern, const Extent& e);

// ---------------------------------------------------------------- race number glyphs

/// Seven-segment mask of a digit 0..9: bit 0 top, 1 top right, 2 bottom right, 3 bottom,
/// 4 bottom left, 5 top left, 6 middle. 0 for anything else.
std::uint8_t digit_segments(int digit);

struct GlyphStroke {
  Vec2 a, b;  ///< glyph frame: x to the right, y up, in units of the digit height
};
/// The strokes of `number` (0..99; others give none), one or two digits, centred on the
/// origin, digits 1 high and kDigitWidth wide, kDigitGap apart; drawn kStrokeWidth thick
/// (the ends already reach the corners, so strokes meet without gaps).
std::vector<GlyphStroke> number_strokes(int number);
inline constexpr double kDigitWidth = 0.56;
inline constexpr double kDigitGap = 0.18;
inline constexpr double kStrokeWidth = 0.17;
/// Width of the drawn number in digit heights (1 or 2 digits), strokes included.
double number_width(int number);
/// The plate behind the number, in digit heights: {number_width + margins, kPlateWidth};
/// never longer than kPlateLength (render/car_body.h).
Vec2 number_plate_size(int number);

}  // namespace racer
