// Liveries. Sections: paint | livery | pattern shapes | race number glyphs.
#include "render/livery.h"

#include <array>

namespace racer {

// ---------------------------------------------------------------- paint

CarPaint paint_from_colour(Rgba body) { return {body, shade(body, 0.84)}; }

CarPaint player_paint() { return {Rgba{250, 200, 30}, Rgba{214, 166, 18}}; }

namespace {

struct AiScheme {
  Rgba body, accent;
  LiveryPattern pattern;
};

// Strong, distinct colours, none of them the player's yellow; each accent contrasts with
// its body colour and is no yellow either.
constexpr std::array<AiScheme, kAiPaintCount> kSchemes{{
    {{206, 38, 40}, {240, 240, 236}, LiveryPattern::TwinStripes},
    {{30, 96, 196}, {245, 140, 30}, LiveryPattern::Sash},
    {{236, 236, 232}, {206, 38, 40}, LiveryPattern::CentreStripe},
    {{34, 150, 70}, {240, 240, 236}, LiveryPattern::SideFlashes},
    {{124, 196, 58}, {28, 40, 30}, LiveryPattern::TwoTone},
    {{128, 56, 170}, {240, 240, 236}, LiveryPattern::CentreStripe},
    {{26, 160, 170}, {20, 40, 84}, LiveryPattern::TwoTone},
    {{40, 40, 46}, {232, 64, 44}, LiveryPattern::TwinStripes},
    {{226, 80, 150}, {240, 240, 236}, LiveryPattern::Sash},
    {{150, 156, 166}, {30, 96, 196}, LiveryPattern::SideFlashes},
}};

// Race numbers of the AI cars in grid order; kPlayerNumber is not among them.
constexpr std::array<int, 24> kAiNumbers{7, 3, 12, 21, 44, 5, 16, 88, 27, 33, 9, 55,
                                         4, 11, 77, 23, 8, 18, 63, 2, 31, 14, 99, 6};

}  // namespace

CarPaint ai_paint(std::size_t index) { return paint_from_colour(kSchemes[index % kAiPaintCount].body); }

CarPaint driver_paint(std::size_t car, std::size_t player) {
  if (car == player) return player_paint();
  return ai_paint(car < player ? car : car - 1);
}

// ---------------------------------------------------------------- livery

Livery plain_livery(const CarPaint& paint) {
  Livery l;
  l.paint = paint;
  return l;
}

Livery player_livery() {
  Livery l;
  l.paint = player_paint();
  l.accent = Rgba{26, 26, 30};
  l.pattern = LiveryPattern::TwinStripes;
  l.number = kPlayerNumber;
  return l;
}

Livery ai_livery(std::size_t index) {
  const AiScheme& s = kSchemes[index % kAiPaintCount];
  Livery l;
  l.paint = ai_paint(index);
  l.accent = s.accent;
  // A second lap of the palette wears the next pattern, so repeated colours still differ.
  const int lap = static_cast<int>(index / kAiPaintCount);
  l.pattern = static_cast<LiveryPattern>(1 + (static_cast<int>(s.pattern) - 1 + lap) % (kLiveryPatternCount - 1));
  l.number = kAiNumbers[index % kAiNumbers.size()];
  return l;
}

Livery driver_livery(std::size_t car, std::size_t player) {
  if (car == player) return player_livery();
  return ai_livery(car < player ? car : car - 1);
}

// ---------------------------------------------------------------- pattern shapes

std::vector<std::vector<Vec2>> pattern_shapes(LiveryPattern pattern, const Extent& e) {
  const double x0 = e.rear - 0.5, x1 = e.front + 0.5, Y = e.half_width + 0.5;  // past every edge: clipped later
  const double hw = e.half_width;
  switch (pattern) {
    case LiveryPattern::Plain: return {};
    case LiveryPattern::TwinStripes:
      return {{{x0, 0.07}, {x1, 0.07}, {x1, 0.23}, {x0, 0.23}}, {{x0, -0.23}, {x1, -0.23}, {x1, -0.07}, {x0, -0.07}}};
    case LiveryPattern::CentreStripe: return {{{x0, -0.24}, {x1, -0.24}, {x1, 0.24}, {x0, 0.24}}};
    case LiveryPattern::TwoTone: return {{{e.at(0.56), -Y}, {x1, -Y}, {x1, Y}, {e.at(0.70), Y}}};
    case LiveryPattern::Sash: {
      const double c = e.at(0.47), w = 0.24, k = 0.55;  // centre, half width along x, slant dx/dy
      return {{{c - w - k * Y, -Y}, {c + w - k * Y, -Y}, {c + w + k * Y, Y}, {c - w + k * Y, Y}}};
    }
    case LiveryPattern::SideFlashes: {
      const double a = e.at(0.10), b = e.at(0.90);
      return {{{a, 0.86 * hw}, {b, 0.58 * hw}, {b, Y}, {a, Y}}, {{a, -Y}, {b, -Y}, {b, -0.58 * hw}, {a, -0.86 * hw}}};
    }
  }
  return {};
}

// ---------------------------------------------------------------- race number glyphs

std::uint8_t digit_segments(int digit) {
  static constexpr std::array<std::uint8_t, 10> kMasks{0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F};
  return digit >= 0 && digit <= 9 ? kMasks[static_cast<std::size_t>(digit)] : std::uint8_t{0};
}

double number_width(int number) {
  if (number < 0 || number > 99) return 0.0;
  const int digits = number < 10 ? 1 : 2;
  return digits * kDigitWidth + (digits - 1) * kDigitGap;
}

Vec2 number_plate_size(int number) { return {number_width(number) + 2.0 * kDigitGap, kPlateWidth}; }

std::vector<GlyphStroke> number_strokes(int number) {
  std::vector<GlyphStroke> out;
  if (number < 0 || number > 99) return out;
  const double t = kStrokeWidth / 2.0;  // centre lines inset by half a stroke, ends out by half a stroke
  const double l = t, r = kDigitWidth - t, top = 1.0 - t, bottom = t, mid = 0.5;
  // Segments a..g as centre lines, each lengthened by half a stroke at both ends.
  const std::array<GlyphStroke, 7> seg{{
      {{l - t, top}, {r + t, top}},        // a top
      {{r, top + t}, {r, mid - t}},        // b top right
      {{r, mid + t}, {r, bottom - t}},     // c bottom right
      {{l - t, bottom}, {r + t, bottom}},  // d bottom
      {{l, mid + t}, {l, bottom - t}},     // e bottom left
      {{l, top + t}, {l, mid - t}},        // f top left
      {{l - t, mid}, {r + t, mid}},        // g middle
  }};
  const std::vector<int> digits = number < 10 ? std::vector<int>{number} : std::vector<int>{number / 10, number % 10};
  double x = -number_width(number) / 2.0;
  for (int d : digits) {
    const std::uint8_t mask = digit_segments(d);
    for (std::size_t s = 0; s < seg.size(); ++s)
      if (mask & (1u << s)) out.push_back({seg[s].a + Vec2{x, -0.5}, seg[s].b + Vec2{x, -0.5}});
    x += kDigitWidth + kDigitGap;
  }
  return out;
}

}  // namespace racer
