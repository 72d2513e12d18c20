#pragma once
// A small software rasteriser for tool output (trackcheck --render): an RGB canvas with
// alpha-blended fills of polygons, circles and thick polylines in pixel coordinates.
// No anti-aliasing of its own: draw on a canvas N times larger and downsample() it.
// Every primitive clips to the canvas and ignores non-finite input, so bad geometry can
// never write out of bounds or loop for long.
#include <cstdint>
#include <vector>

#include "core/vec2.h"

namespace racer::tools {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
};

/// Mixes a and b: t = 0 gives a, 1 gives b.
Rgb mix(Rgb a, Rgb b, double t);
/// Multiplies every channel by f (clamped to 0..255).
Rgb scale(Rgb c, double f);

class Canvas {
 public:
  /// width, height in pixels, each in [1, 32768] (clamped); filled with `background`.
  Canvas(int width, int height, Rgb background = {});

  int width() const { return w_; }
  int height() const { return h_; }
  /// Row-major RGB bytes, 3 per pixel.
  const std::vector<std::uint8_t>& bytes() const { return px_; }

  Rgb get(int x, int y) const;
  void set(int x, int y, Rgb c);
  /// Blends `c` over the pixel with opacity alpha in [0, 1]; outside the canvas: nothing.
  void blend(int x, int y, Rgb c, double alpha = 1.0);

  /// Fills a polygon (even-odd rule, pixel centres at +0.5). Any vertex count >= 3.
  void fill_polygon(const std::vector<Vec2>& points, Rgb c, double alpha = 1.0);
  /// Fills a disc of radius r pixels.
  void fill_circle(Vec2 centre, double r, Rgb c, double alpha = 1.0);
  /// A thick segment with round caps, `width` pixels across.
  void line(Vec2 a, Vec2 b, double width, Rgb c, double alpha = 1.0);
  /// A thick polyline with round joins; `closed` joins the last point to the first.
  void polyline(const std::vector<Vec2>& points, double width, Rgb c, bool closed = false,
                double alpha = 1.0);
  /// A dashed polyline: `dash` pixels drawn, `gap` pixels skipped, along its length.
  void dashed(const std::vector<Vec2>& points, double width, double dash, double gap, Rgb c,
              double alpha = 1.0);
  /// Fills an axis-aligned rectangle of pixels [x0, x1) x [y0, y1).
  void fill_rect(int x0, int y0, int x1, int y1, Rgb c, double alpha = 1.0);

  /// A canvas `factor` times smaller, each pixel the mean of a factor x factor block.
  Canvas downsample(int factor) const;

 private:
  // Fills the pixels of row y from x0 to x1 (pixel-centre coverage), clipped.
  void span(int y, double x0, double x1, Rgb c, double alpha);

  int w_, h_;
  std::vector<std::uint8_t> px_;
  std::vector<double> scratch_;  // polygon edge crossings of one row
};

}  // namespace racer::tools
