#pragma once
// A tiny built-in 5x7 bitmap font for tool images: A-Z (lower case drawn as upper case,
// common accented Latin letters as their base letter), 0-9 and a few symbols; anything
// else is drawn as a box. Text is UTF-8.
#include <string_view>

#include "raster.h"

namespace racer::tools {

inline constexpr int kGlyphWidth = 5, kGlyphHeight = 7, kGlyphAdvance = 6;  ///< font pixels

/// Width in font pixels of `text` (advance per character, minus the trailing gap).
int text_width(std::string_view text);
/// Draws `text` with its top-left corner at (x, y), each font pixel a `px` x `px` square.
/// `shadow`: a one-font-pixel dark outline for legibility over any background.
void draw_text(Canvas& canvas, int x, int y, std::string_view text, int px, Rgb colour,
               bool shadow = true);

}  // namespace racer::tools
