// Track render for review.
//
//   View            world metres <-> pixels (y flipped: north is up), layout and scale
//   palette         surface colours with a little texture noise, kerb stripes
//   ground          one raster lookup per pixel (surface_at, flags_at)
//   scenery         what stands beyond the walls (track/scenery.h), as flat footprints
//   furniture       walls, barriers, obstacles
//   markings        start line, grid slots, stations, sector starts, branches, arrows
//   overlays        header: name, legend, figures and a scale bar
//   render_track    the order of the passes
#include "track_render.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bitmap_font.h"
#include "core/noise.h"
#include "track/scenery.h"

namespace racer::tools {
namespace {

// --- View ----------------------------------------------------------------------------

struct View {
  Vec2 world_min;       // m, world point at the left edge of the map area
  double world_top = 0; // m, world y at the top edge of the map area
  double s = 1.0;       // px per metre on the working canvas (includes supersampling)
  double top_px = 0;    // px, where the map area starts (below the header)
  int ss = 1;           // supersampling factor

  Vec2 to_px(Vec2 w) const { return {(w.x - world_min.x) * s, top_px + (world_top - w.y) * s}; }
  Vec2 to_world(double px, double py) const {
    return {world_min.x + px / s, world_top - (py - top_px) / s};
  }
  /// Working-canvas pixels for `final_px` pixels of the output image.
  double px(double final_px) const { return final_px * ss; }
  /// Working-canvas pixels for `metres`, at least `min_final_px` output pixels.
  double size(double metres, double min_final_px) const { return std::max(metres * s, px(min_final_px)); }
};

std::vector<Vec2> to_px(const View& v, const std::vector<Vec2>& world) {
  std::vector<Vec2> out;
  out.reserve(world.size());
  for (Vec2 p : world) out.push_back(v.to_px(p));
  return out;
}

// --- palette -------------------------------------------------------------------------

constexpr Rgb kWhite{245, 245, 245}, kBlack{20, 20, 22}, kYellow{255, 214, 0}, kCyan{0, 224, 255};
constexpr Rgb kKerbRed{204, 32, 32}, kKerbWhite{238, 238, 238};
constexpr Rgb kHeader{28, 30, 34};

Rgb surface_colour(Surface s) {
  switch (s) {
    case Surface::Asphalt: return {74, 76, 80};
    case Surface::Kerb: return kKerbRed;
    case Surface::Grass: return {72, 134, 52};
    case Surface::Gravel: return {186, 176, 158};
    case Surface::Sand: return {222, 196, 122};
    case Surface::Ice: return {196, 228, 246};
    case Surface::Dirt: return {134, 96, 60};
    case Surface::Count: break;
  }
  return {255, 0, 255};
}

// How much texture each surface shows: (broad patches, fine grain).
std::array<double, 2> surface_texture(Surface s) {
  switch (s) {
    case Surface::Asphalt: return {0.03, 0.03};
    case Surface::Grass: return {0.08, 0.05};
    case Surface::Gravel: return {0.03, 0.12};
    case Surface::Sand: return {0.05, 0.05};
    case Surface::Ice: return {0.04, 0.02};
    case Surface::Dirt: return {0.08, 0.08};
    default: return {0.0, 0.0};
  }
}

Rgb textured(Surface s, Vec2 w) {
  const auto [broad, fine] = surface_texture(s);
  const double n = broad * value_noise(w.x * 0.08, w.y * 0.08, 11u) +
                   fine * value_noise(w.x * 2.1, w.y * 2.1, 23u);
  return scale(surface_colour(s), 1.0 + n);
}

// Red/white kerb stripes by distance along the nearest path (main loop or a branch).
class KerbStripes {
 public:
  KerbStripes(const Track& track, double stripe_m) : track_(track), stripe_(stripe_m) {
    hints_.assign(track.branches().size() + 1, -1);
  }

  bool white(Vec2 p) {
    const bool near_last = length_squared(p - last_) < 9.0;
    last_ = p;
    double best_d = 1e300, best_s = 0.0;
    for (std::size_t i = 0; i < hints_.size(); ++i) {
      const Centreline& c = i == 0 ? track_.centreline() : track_.branches()[i - 1];
      if (c.samples().size() < 2) continue;
      const Projection pr = c.project(p, near_last ? hints_[i] : -1);
      hints_[i] = pr.index;
      if (pr.distance < best_d) {
        best_d = pr.distance;
        best_s = pr.s;
      }
    }
    const double k = std::floor(best_s / stripe_);
    return std::fmod(std::fabs(k), 2.0) >= 1.0;
  }

 private:
  const Track& track_;
  double stripe_;
  std::vector<int> hints_;
  Vec2 last_{1e300, 1e300};
};

// --- ground --------------------------------------------------------------------------

// Fills the map area from the track's raster; records which surfaces appear.
void draw_ground(const Track& track, const View& v, Canvas& c, std::array<bool, kSurfaceCount>& seen) {
  KerbStripes stripes(track, std::max(1.5, v.px(4.0) / v.s));
  const int top = static_cast<int>(v.top_px);
  for (int y = top; y < c.height(); ++y) {
    for (int x = 0; x < c.width(); ++x) {
      const Vec2 w = v.to_world(x + 0.5, y + 0.5);
      const Surface s = track.surface_at(w);
      const std::uint8_t flags = track.flags_at(w);
      Rgb colour;
      if ((flags & kCellKerb) != 0 || s == Surface::Kerb) {
        colour = stripes.white(w) ? kKerbWhite : kKerbRed;
        seen[static_cast<std::size_t>(Surface::Kerb)] = true;
      } else {
        colour = textured(s, w);
        if (static_cast<std::size_t>(s) < kSurfaceCount && (flags & kCellOutside) == 0)
          seen[static_cast<std::size_t>(s)] = true;
      }
      if ((flags & kCellOutside) != 0) colour = mix(scale(colour, 0.5), Rgb{40, 44, 40}, 0.35);
      c.set(x, y, colour);
    }
  }
}

// --- scenery -------------------------------------------------------------------------

// Every object's footprint in a colour by kind: enough to review where things stand (the
// game draws them in detail, render/scenery_view.h).
void draw_scenery(const Track& track, const View& v, Canvas& c) {
  auto colour = [](SceneryKind k) -> Rgb {
    switch (k) {
      case SceneryKind::Grandstand: return {70, 110, 200};
      case SceneryKind::PitBuilding: return {210, 212, 216};
      case SceneryKind::Gantry: return {20, 20, 24};
      case SceneryKind::TyreWall: return {24, 24, 28};
      case SceneryKind::Boards: return {240, 200, 40};
      case SceneryKind::MarshalPost: return {240, 120, 30};
      case SceneryKind::Building: return {170, 90, 70};
      case SceneryKind::Container: return {180, 60, 50};
      case SceneryKind::Tank: return {190, 190, 196};
      case SceneryKind::Tree: return {40, 96, 40};
      case SceneryKind::Conifer: return {24, 70, 50};
      case SceneryKind::Bush: return {80, 124, 60};
      case SceneryKind::Rock: return {130, 128, 122};
      case SceneryKind::Water: return {44, 90, 130};
      case SceneryKind::Boat: return {236, 236, 232};
      case SceneryKind::Count: break;
    }
    return {255, 0, 255};
  };
  for (const SceneryItem& it : place_scenery(track).items) {
    if (scenery_kind_round(it.kind)) {
      c.fill_circle(v.to_px(it.position), std::max(0.5 * it.length * v.s, v.px(0.5)), colour(it.kind));
      continue;
    }
    for (const SceneryBox& b : scenery_footprint(it)) {
      const Vec2 u = b.axis * b.half_length, n = perp(b.axis) * b.half_width;
      c.fill_polygon(to_px(v, {b.centre + u + n, b.centre - u + n, b.centre - u - n, b.centre + u - n}), colour(it.kind));
    }
  }
}

// --- furniture -----------------------------------------------------------------------

void draw_walls(const Track& track, const View& v, Canvas& c) {
  const double w = v.size(0.8, 2.5);
  const double edge = v.px(1.0);
  for (const WallLoop& loop : track.wall_loops()) {
    const auto pts = to_px(v, loop.points);
    c.polyline(pts, w + 2 * edge, {30, 30, 32}, true);
    c.polyline(pts, w, {214, 214, 208}, true);
  }
  for (const auto& barrier : track.barriers()) {
    const auto pts = to_px(v, barrier);
    c.polyline(pts, w + 2 * edge, {30, 30, 32});
    c.polyline(pts, w, {176, 186, 198});
  }
}

bool kind_is(const std::string& kind, const char* word) { return kind.find(word) != std::string::npos; }

void draw_obstacles(const Track& track, const View& v, Canvas& c) {
  for (const ObstacleSpec& o : track.obstacles()) {
    const Vec2 p = v.to_px(o.position);
    if (o.shape == ObstacleShape::Circle) {
      const double r = std::max(o.radius * v.s, v.px(2.5));
      if (kind_is(o.kind, "cone")) {
        c.fill_circle(p, r + v.px(0.5), kBlack);
        c.fill_circle(p, r, {255, 118, 0});
        c.fill_circle(p, r * 0.5, kWhite);
        c.fill_circle(p, r * 0.25, {255, 118, 0});
      } else if (kind_is(o.kind, "tyre") || kind_is(o.kind, "tire")) {
        c.fill_circle(p, r, {14, 14, 14});
        c.fill_circle(p, r * 0.72, kWhite);
        c.fill_circle(p, r * 0.5, {40, 40, 40});
      } else {
        c.fill_circle(p, r + v.px(0.5), kBlack);
        c.fill_circle(p, r, {150, 150, 150});
      }
    } else {
      const Vec2 u = from_angle(o.angle), n = perp(u);
      const double hl = std::max(o.half_length * v.s, v.px(1.0));
      const double hw = std::max(o.half_width * v.s, v.px(1.0));
      // Pixel space has y down: flip the directions.
      const Vec2 pu{u.x, -u.y}, pn{n.x, -n.y};
      const std::vector<Vec2> box = {p + pu * hl + pn * hw, p - pu * hl + pn * hw,
                                     p - pu * hl - pn * hw, p + pu * hl - pn * hw};
      Rgb fill{150, 150, 150};
      if (kind_is(o.kind, "truck") || kind_is(o.kind, "bus") || kind_is(o.kind, "container"))
        fill = {46, 92, 176};
      else if (kind_is(o.kind, "barrier"))
        fill = {190, 190, 184};
      c.polyline(box, v.px(2.0), kBlack, true);
      c.fill_polygon(box, fill);
      if (kind_is(o.kind, "truck")) {  // a cab at the front
        const std::vector<Vec2> cab = {p + pu * hl + pn * hw, p + pu * (hl * 0.6) + pn * hw,
                                       p + pu * (hl * 0.6) - pn * hw, p + pu * hl - pn * hw};
        c.fill_polygon(cab, {210, 220, 235});
      }
    }
  }
}

// --- markings ------------------------------------------------------------------------

void draw_start_line(const Track& track, const View& v, Canvas& c) {
  if (track.stations().empty() || track.stations().front().gates.empty()) return;
  const Gate& g = track.start_line();
  const double len = length(g.b - g.a);
  if (!(len > 0.0) || !std::isfinite(len)) return;
  const Vec2 along = (g.b - g.a) / len, fwd = perp(g.b - g.a) / len;
  const double square_m = std::max(1.0, v.px(3.0) / v.s);
  const int n = std::clamp(static_cast<int>(len / square_m), 2, 400);
  const double q = len / n;
  for (int row = 0; row < 2; ++row) {
    for (int i = 0; i < n; ++i) {
      const Vec2 o = g.a + along * (i * q) + fwd * ((row - 1) * q);
      const std::vector<Vec2> sq = {v.to_px(o), v.to_px(o + along * q), v.to_px(o + along * q + fwd * q),
                                    v.to_px(o + fwd * q)};
      c.fill_polygon(sq, (i + row) % 2 == 0 ? kWhite : kBlack);
    }
  }
}

void draw_grid(const Track& track, const View& v, Canvas& c) {
  const double line_w = v.size(0.25, 1.0);
  const double box_px = 2.4 * v.s / v.ss;  // slot width in output pixels
  int number = 0;
  for (const Pose& pose : track.grid()) {
    ++number;
    const Vec2 u = from_angle(pose.heading), n = perp(u);
    const double hl = 2.5, hw = 1.25;
    const Vec2 p = pose.position;
    // A grid box: front line and both sides, open at the back.
    const Vec2 fl = p + u * hl + n * hw, fr = p + u * hl - n * hw;
    const Vec2 bl = p - u * hl + n * hw, br = p - u * hl - n * hw;
    c.line(v.to_px(fl), v.to_px(fr), line_w, kWhite);
    c.line(v.to_px(fl), v.to_px(bl), line_w, kWhite);
    c.line(v.to_px(fr), v.to_px(br), line_w, kWhite);
    if (box_px >= 9.0) {
      const std::string label = std::to_string(number);
      const int fp = std::max(1, static_cast<int>(box_px / 9.0)) * v.ss;
      const Vec2 centre = v.to_px(p);
      draw_text(c, static_cast<int>(centre.x) - text_width(label) * fp / 2,
                static_cast<int>(centre.y) - kGlyphHeight * fp / 2, label, fp, kWhite);
    }
  }
}

void draw_stations(const Track& track, const View& v, Canvas& c, int text_px) {
  const auto& stations = track.stations();
  for (std::size_t i = 1; i < stations.size(); ++i) {
    for (const Gate& g : stations[i].gates) {
      c.line(v.to_px(g.a), v.to_px(g.b), v.px(2.5), {40, 34, 0}, 0.6);
      c.line(v.to_px(g.a), v.to_px(g.b), v.px(1.0), kYellow);
    }
  }
  // Sector starts on top, thicker, labelled with the sector number.
  const int fp = v.ss * text_px;
  for (std::size_t i = 1; i < stations.size(); ++i) {
    if (stations[i].sector <= 0) continue;
    for (const Gate& g : stations[i].gates) {
      c.line(v.to_px(g.a), v.to_px(g.b), v.px(5.0), {0, 40, 60});
      c.line(v.to_px(g.a), v.to_px(g.b), v.px(3.0), kCyan);
      // Label beyond the right end of the gate.
      const Vec2 d = g.b - g.a;
      const double len = length(d);
      if (!(len > 0.0)) continue;
      const Vec2 at = v.to_px(g.b + d * (std::max(2.0, v.px(5.0 * text_px) / v.s) / len));
      const std::string label = "S" + std::to_string(stations[i].sector + 1);
      draw_text(c, static_cast<int>(at.x) - text_width(label) * fp / 2,
                static_cast<int>(at.y) - kGlyphHeight * fp / 2, label, fp, kCyan);
    }
  }
}

std::vector<Vec2> sample_points(const Centreline& line) {
  std::vector<Vec2> out;
  out.reserve(line.samples().size());
  for (const CentreSample& s : line.samples()) out.push_back(s.position);
  return out;
}

void draw_branches(const Track& track, const View& v, Canvas& c) {
  for (const Centreline& b : track.branches()) {
    const auto pts = to_px(v, sample_points(b));
    c.dashed(pts, v.size(0.5, 2.0), v.size(4.0, 6.0), v.size(4.0, 6.0), {255, 255, 255}, 0.85);
  }
}

// A filled arrow pointing along `dir` (unit, world), centred at p (world), `size` px long.
void draw_arrow(const View& v, Canvas& c, Vec2 p, Vec2 dir, double size) {
  const Vec2 centre = v.to_px(p);
  const Vec2 u{dir.x, -dir.y};  // pixel space, y down
  const Vec2 n = perp(u);
  const double l = size, w = size * 0.55;
  const std::vector<Vec2> shape = {
      centre + u * (0.5 * l),                          // tip
      centre + u * (0.05 * l) + n * (0.5 * w),         // head, left
      centre + u * (0.05 * l) + n * (0.2 * w),         // shaft, left
      centre - u * (0.5 * l) + n * (0.2 * w),
      centre - u * (0.5 * l) - n * (0.2 * w),
      centre + u * (0.05 * l) - n * (0.2 * w),
      centre + u * (0.05 * l) - n * (0.5 * w),         // head, right
  };
  c.fill_polygon(shape, {255, 255, 255}, 0.6);
}

double arrow_size(const View& v, double road_width) { return std::max(road_width * 0.7 * v.s, v.px(14.0)); }

// +1 when the centreline's tangents point the way the cars drive (over the start line).
double travel_sign(const Track& track) {
  const Centreline& line = track.centreline();
  if (line.samples().size() < 2 || track.stations().empty() || track.stations().front().gates.empty())
    return 1.0;
  const Gate& g = track.start_line();
  const Projection pr = line.project((g.a + g.b) * 0.5);
  return dot(line.at(pr.s).tangent, perp(g.b - g.a)) < 0.0 ? -1.0 : 1.0;
}

void draw_arrows(const Track& track, const View& v, Canvas& c) {
  const Centreline& line = track.centreline();
  const double total = line.length();
  if (line.samples().size() < 2 || !(total > 0.0) || !std::isfinite(total)) return;
  const double sign = travel_sign(track);
  const int count = std::clamp(static_cast<int>(std::lround(total / 150.0)), 6, 40);
  double line_s = 0.0;
  if (!track.stations().empty() && !track.stations().front().gates.empty()) {
    const Gate& g = track.start_line();
    line_s = line.project((g.a + g.b) * 0.5).s;
  }
  for (int i = 0; i < count; ++i) {
    const double s = line_s + total * (i + 0.5) / count;
    const CentreSample at = line.at(std::fmod(s, total));
    draw_arrow(v, c, at.position, at.tangent * sign, arrow_size(v, at.width));
  }
  // Branches: the same spacing, off their middles (where a station's alternative gate
  // often sits).
  for (const Centreline& b : track.branches()) {
    if (b.samples().size() < 2 || !(b.length() > 0.0) || !std::isfinite(b.length())) continue;
    const int n = std::clamp(static_cast<int>(std::lround(b.length() / 150.0)), 1, 20);
    for (int i = 0; i < n; ++i) {
      const CentreSample at = b.at(b.length() * (i + 0.3) / n);
      draw_arrow(v, c, at.position, at.tangent * sign, arrow_size(v, at.width));
    }
  }
}

// --- overlays ------------------------------------------------------------------------

std::string format_length(double metres) {
  char buf[64];
  if (metres >= 1000.0)
    std::snprintf(buf, sizeof buf, "%.2f KM", metres / 1000.0);
  else
    std::snprintf(buf, sizeof buf, "%.0f M", metres);
  return buf;
}

// A scale bar of a 1-2-5 length about `target_px` long, its label on the right, the whole
// ending at x_right; top at y, `fp` px per font pixel. Returns its left edge.
int draw_scale_bar(const View& v, Canvas& c, int x_right, int y, int fp, double target_px) {
  const double target_m = target_px / v.s;
  double nice = 1.0;
  for (double decade = 1.0; decade < 1e7; decade *= 10.0)
    for (double m : {1.0, 2.0, 5.0})
      if (m * decade <= target_m) nice = m * decade;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g M", nice);
  const std::string label = buf;
  const int label_w = text_width(label) * fp;
  const int len = static_cast<int>(nice * v.s);
  const int x1 = x_right - label_w - fp * 3, x0 = x1 - len;
  const int y0 = y + fp, y1 = y + kGlyphHeight * fp - fp;
  c.fill_rect(x0 - v.ss, y0 - v.ss, x1 + v.ss, y1 + v.ss, {120, 120, 126});
  for (int i = 0; i < 4; ++i) {
    const int a = x0 + len * i / 4, b = x0 + len * (i + 1) / 4;
    c.fill_rect(a, y0, b, y1, i % 2 == 0 ? kWhite : Rgb{20, 20, 22});
  }
  draw_text(c, x_right - label_w, y, label, fp, {210, 210, 214}, false);
  return x0;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The header band: name and legend on the first line, facts and the scale bar below.
void draw_header(const Track& track, const View& v, Canvas& c, int title_px,
                 const std::array<bool, kSurfaceCount>& seen) {
  c.fill_rect(0, 0, c.width(), static_cast<int>(v.top_px), kHeader);
  c.fill_rect(0, static_cast<int>(v.top_px) - v.ss, c.width(), static_cast<int>(v.top_px), {90, 90, 96});
  const int tp = title_px * v.ss, sp = std::max(1, title_px / 2) * v.ss;
  const int margin = tp * 2;
  const std::string name = track.spec().name.empty() ? "UNNAMED TRACK" : track.spec().name;
  draw_text(c, margin, margin, name, tp, kWhite, false);

  // Line 2, right: the scale bar; left: the facts (the author only if there is room).
  const int facts_y = margin + kGlyphHeight * tp + tp * 2;
  const int bar_left = draw_scale_bar(v, c, c.width() - margin, facts_y, sp, c.width() / 7.0);
  std::string facts = format_length(track.centreline().length());
  facts += "   " + plural(track.grid().size(), "GRID SLOT", "GRID SLOTS");
  facts += "   " + plural(static_cast<std::size_t>(std::max(track.spec().sectors, 0)), "SECTOR", "SECTORS");
  facts += "   " + plural(static_cast<std::size_t>(std::max(track.spec().laps, 0)), "LAP", "LAPS");
  if (!track.branches().empty()) facts += "   " + plural(track.branches().size(), "BRANCH", "BRANCHES");
  const std::string with_author = facts + "   BY " + track.spec().author;
  if (!track.spec().author.empty() && margin + text_width(with_author) * sp + margin < bar_left)
    facts = with_author;
  draw_text(c, margin, facts_y, facts, sp, {190, 194, 200}, false);

  // Line 1, right-aligned legend: a swatch and a name for each surface on the map.
  int x = c.width() - margin;
  const int y = margin;
  const int box = kGlyphHeight * sp;
  const int mid = y + kGlyphHeight * tp / 2;
  for (int i = static_cast<int>(kSurfaceCount) - 1; i >= 0; --i) {
    if (!seen[static_cast<std::size_t>(i)]) continue;
    const Surface s = static_cast<Surface>(i);
    const std::string label{surface_name(s)};
    const int w = text_width(label) * sp;
    if (x - w - box - sp * 2 < margin + text_width(name) * tp + margin) break;  // no room
    x -= w;
    draw_text(c, x, mid - box / 2, label, sp, {210, 210, 214}, false);
    x -= box + sp * 2;
    const Rgb swatch = s == Surface::Kerb ? kKerbRed : surface_colour(s);
    c.fill_rect(x - v.ss, mid - box / 2 - v.ss, x + box + v.ss, mid + box / 2 + v.ss, {10, 10, 10});
    c.fill_rect(x, mid - box / 2, x + box, mid + box / 2, swatch);
    if (s == Surface::Kerb) c.fill_rect(x + box / 2, mid - box / 2, x + box, mid + box / 2, kKerbWhite);
    x -= sp * 6;
  }
}

}  // namespace

bool render_track(const Track& track, const RenderOptions& options, Canvas& out, RenderInfo& info,
                  std::string& error) {
  const Vec2 lo = track.bounds_min(), hi = track.bounds_max();
  const Vec2 ext = hi - lo;
  if (!std::isfinite(ext.x) || !std::isfinite(ext.y) || !std::isfinite(lo.x) || !std::isfinite(lo.y) ||
      !(ext.x > 0.0) || !(ext.y > 0.0) || ext.x > 1e6 || ext.y > 1e6) {
    error = "the track's extent is empty or not finite; nothing to draw";
    return false;
  }
  const int max_size = std::clamp(options.max_size, 64, 8192);
  const double margin = std::max(6.0, 0.03 * std::max(ext.x, ext.y));
  const double ew = ext.x + 2 * margin, eh = ext.y + 2 * margin;
  const auto title_px_for = [](int width) { return std::clamp(width / 200, 2, 9); };
  const auto header_for = [](int title_px) { return title_px * (4 + 7 + 2 + 4) + (title_px / 2) * 7; };

  // Scale: fit into max_size (the header takes part of the height), or as asked if it fits.
  const double fit = std::min(max_size / ew, (max_size - header_for(title_px_for(max_size))) / eh);
  double scale = fit;
  info.scale_reduced = false;
  if (options.scale > 0.0 && std::isfinite(options.scale)) {
    scale = options.scale;
    if (scale > fit) {
      scale = fit;
      info.scale_reduced = true;
    }
  }
  const int width = std::max(static_cast<int>(std::ceil(ew * scale)), 8);
  const int title_px = title_px_for(width);
  const int header = header_for(title_px);
  const int height = header + std::max(static_cast<int>(std::ceil(eh * scale)), 8);

  // Supersample 2x while the working canvas stays moderate.
  const int ss = static_cast<double>(width) * height <= 9.0e6 ? 2 : 1;
  View v;
  v.ss = ss;
  v.s = scale * ss;
  v.world_min = {lo.x - margin, 0.0};
  v.world_top = hi.y + margin;
  v.top_px = header * ss;

  Canvas c(width * ss, height * ss, kHeader);
  std::array<bool, kSurfaceCount> seen{};
  draw_ground(track, v, c, seen);
  draw_scenery(track, v, c);
  draw_branches(track, v, c);
  draw_arrows(track, v, c);
  draw_stations(track, v, c, std::max(1, title_px / 2));
  draw_start_line(track, v, c);
  draw_grid(track, v, c);
  draw_walls(track, v, c);
  draw_obstacles(track, v, c);
  draw_header(track, v, c, title_px, seen);

  out = ss > 1 ? c.downsample(ss) : std::move(c);
  info.width = out.width();
  info.height = out.height();
  info.scale = scale;
  return true;
}

}  // namespace racer::tools
