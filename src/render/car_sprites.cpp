// CarSprites. Sections: levels | the cache | making a texture | drawing a car.
#include "render/car_sprites.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "render/premultiplied.h"

namespace racer {
namespace {

constexpr int kPadPx = 3;         ///< transparent texels round each cell: the feathered rims and filtering
constexpr int kTyreColumns = 8;   ///< tyre cells a row in a model's atlas
constexpr int kMaxTexturePx = 2048;

}  // namespace

// ---- levels ----------------------------------------------------------------------------

int CarSprites::level_for(double ppm) {
  if (!(ppm > 0.0)) return -1000;
  return static_cast<int>(std::ceil(4.0 * std::log2(ppm) - 1e-9));
}

double CarSprites::level_ppm(int level) { return std::exp2(level / 4.0); }

// ---- the cache -------------------------------------------------------------------------

void CarSprites::clear() {
  for (const std::unique_ptr<Entry>& e : entries_)
    if (e->texture != nullptr) SDL_DestroyTexture(e->texture);
  entries_.clear();
  renderer_ = nullptr;
  unsupported_ = false;
}

void CarSprites::set_enabled(bool on) {
  if (!on) clear();
  enabled_ = on;
}

void CarSprites::evict_to(std::size_t n) {
  while (entries_.size() > n) {
    // The least recently used that this frame has not drawn; none: the frame needs them all.
    auto oldest = entries_.end();
    for (auto it = entries_.begin(); it != entries_.end(); ++it)
      if ((*it)->last_used <= frame_start_ && (oldest == entries_.end() || (*it)->last_used < (*oldest)->last_used)) oldest = it;
    if (oldest == entries_.end()) return;
    if ((*oldest)->texture != nullptr) SDL_DestroyTexture((*oldest)->texture);
    entries_.erase(oldest);
  }
}

const CarSprites::Entry* CarSprites::find(SDL_Renderer* r, std::uint64_t key, bool model, int level, const CarArt& art) {
  Entry* nearest = nullptr;  // another level of the same texture: the closest above, else the closest below
  auto rank = [level](int l) { return l > level ? l - level : 1000 + level - l; };
  for (const std::unique_ptr<Entry>& e : entries_) {
    if (e->key != key || e->model != model) continue;
    if (e->level == level) {
      e->last_used = ++clock_;
      return e.get();
    }
    if (nearest == nullptr || rank(e->level) < rank(nearest->level)) nearest = e.get();
  }
  if (builds_this_frame_ < kBuildsPerFrame) {
    ++builds_this_frame_;
    auto e = std::make_unique<Entry>();
    e->key = key;
    e->model = model;
    e->level = level;
    if (!build(r, *e, art)) {  // no custom blend modes (SDL's software renderer) or no targets: draw directly from now on
      unsupported_ = true;
      return nullptr;
    }
    evict_to(capacity_ > 0 ? capacity_ - 1 : 0);
    e->last_used = ++clock_;
    entries_.push_back(std::move(e));
    ++textures_drawn_;
    return entries_.back().get();
  }
  if (nearest != nullptr) nearest->last_used = ++clock_;
  return nearest;
}

// ---- making a texture ------------------------------------------------------------------

bool CarSprites::build(SDL_Renderer* r, Entry& e, const CarArt& art) {
  const double ppm = level_ppm(e.level);
  // The cells: a frame's bounds (m) at this level, padded, its origin's texel.
  auto cell = [ppm](int x, int y, Vec2 lo, Vec2 hi) {
    Cell c;
    c.x = x;
    c.y = y;
    c.w = static_cast<int>(std::ceil((hi.x - lo.x) * ppm)) + 2 * kPadPx;
    c.h = static_cast<int>(std::ceil((hi.y - lo.y) * ppm)) + 2 * kPadPx;
    c.origin = {x + kPadPx - lo.x * ppm, y + kPadPx + hi.y * ppm};  // texel y grows toward the frame's -y
    return c;
  };
  auto frame = [ppm](const Cell& c) { return BodyFrame{c.origin, {ppm, 0.0}, {0.0, -ppm}, ppm}; };
  Mesh m;
  if (!e.model) {
    e.cells = {cell(0, 0, art.lo, art.hi)};
    e.width = e.cells[0].w;
    e.height = e.cells[0].h;
    draw_art(m, frame(e.cells[0]), art, LampState{});
    if (art.has_brake_lights) {  // below it: the brake lights full on, copied faded by the pedal
      e.cells.push_back(cell(0, e.height, art.brake_lo, art.brake_hi));
      e.width = std::max(e.width, e.cells[1].w);
      e.height += e.cells[1].h;
      draw_lit_lamps(m, frame(e.cells[1]), art, LampState{1.0, false});
    }
  } else {
    Vec2 lo{1e9, 1e9}, hi{-1e9, -1e9};
    for (Vec2 p : art.shadow) {
      lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
      hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
    }
    e.cells = {cell(0, 0, lo, hi)};
    e.width = e.cells[0].w;
    e.height = e.cells[0].h;
    draw_shadow(m, frame(e.cells[0]), art);
    // The front tyres' cells in rows below the shadow, then (a staggered car) the rear's.
    std::vector<TyreLook> sizes{{{}, art.tyre_half_len, art.tyre_half_width}};
    if (art.staggered()) sizes.push_back({{}, art.rear_tyre_half_len, art.rear_tyre_half_width});
    for (const TyreLook& t : sizes) {
      const double l = t.half_len, hw = t.half_width;
      const Cell tyre = cell(0, 0, {-l, -hw}, {l, hw});
      const int top = e.height;
      e.width = std::max(e.width, kTyreColumns * tyre.w);
      for (int i = 0; i < 2 * kTreadPhases; ++i) {  // the car's left side first, then its right
        const int column = i % kTyreColumns, row = i / kTyreColumns;
        e.cells.push_back(cell(column * tyre.w, top + row * tyre.h, {-l, -hw}, {l, hw}));
        e.height = std::max(e.height, e.cells.back().y + tyre.h);
        const double side = i < kTreadPhases ? 1.0 : -1.0, offset = (i % kTreadPhases) * (kTreadPitchM / kTreadPhases);
        draw_tyre(m, frame(e.cells.back()), t, offset, side, art.shape.exposed_wheels);
      }
    }
  }
  if (e.width <= 0 || e.height <= 0 || e.width > kMaxTexturePx || e.height > kMaxTexturePx) return false;
  SDL_Texture* t = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, e.width, e.height);
  if (t == nullptr) return false;
  if (SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear) != 0 || !draw_premultiplied(r, t, m)) {
    SDL_DestroyTexture(t);
    return false;
  }
  e.texture = t;
  return true;
}

// ---- drawing a car ---------------------------------------------------------------------

namespace {

/// A cell of a texture `w` x `h` drawn in frame `f`: two triangles, the texels multiplied by `tint`.
void quad(std::vector<SDL_Vertex>& out, const BodyFrame& f, double ppm, Vec2 origin, int x, int y, int cw, int ch, int w,
          int h, Uint8 tint = 255) {
  const std::array<Vec2, 4> texel{Vec2{static_cast<double>(x), static_cast<double>(y)},
                                  Vec2{static_cast<double>(x + cw), static_cast<double>(y)},
                                  Vec2{static_cast<double>(x + cw), static_cast<double>(y + ch)},
                                  Vec2{static_cast<double>(x), static_cast<double>(y + ch)}};
  std::array<SDL_Vertex, 4> v{};
  for (std::size_t i = 0; i < 4; ++i) {
    const Vec2 local{(texel[i].x - origin.x) / ppm, (origin.y - texel[i].y) / ppm};
    const Vec2 p = f.s(local);
    v[i].position = {static_cast<float>(p.x), static_cast<float>(p.y)};
    v[i].color = {tint, tint, tint, tint};
    v[i].tex_coord = {static_cast<float>(texel[i].x / w), static_cast<float>(texel[i].y / h)};
  }
  for (std::size_t i : {0u, 1u, 2u, 0u, 2u, 3u}) out.push_back(v[i]);
}

}  // namespace

bool CarSprites::draw(SDL_Renderer* r, const BodyFrame& body, const BodyFrame& shadow, const CarSnapshot& car,
                      const CarSpec& spec, const CarArt& art) {
  if (!enabled_ || unsupported_ || r == nullptr) return false;
  if (r != renderer_) {
    clear();
    renderer_ = r;
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(r, &info) != 0 || (info.flags & SDL_RENDERER_TARGETTEXTURE) == 0) unsupported_ = true;
    if (unsupported_) return false;
  }
  const int level = level_for(body.ppm);
  if (level_ppm(level) > kMaxPixelsPerMetre) return false;
  const Entry* model = find(r, art.model_id, true, level, art);
  const Entry* look = model != nullptr ? find(r, art.id, false, level, art) : nullptr;
  if (model == nullptr || look == nullptr) return false;

  std::vector<SDL_Vertex> v;
  v.reserve(30);
  const double mp = level_ppm(model->level);
  auto add = [&](const BodyFrame& f, const Cell& c) { quad(v, f, mp, c.origin, c.x, c.y, c.w, c.h, model->width, model->height); };
  add(shadow, model->cells[0]);
  for (std::size_t i = 0; i < car.wheels.size(); ++i) {  // tyres under the body, each axle at its size, as drawn directly
    const WheelSnapshot& w = car.wheels[i];
    const TyreLook t = tyre_look(car, w, spec.wheel_tyre(static_cast<int>(i)), art.shape);
    const int axle = i >= 2 && art.staggered() ? 1 : 0;  // a staggered car's rear tyres: the cells after the front's
    const int side = t.centre.y > 0.0 ? 0 : 1;
    const int phase = static_cast<int>(std::lround(tread_offset(w, t) / (kTreadPitchM / kTreadPhases))) % kTreadPhases;
    add(body.moved(t.centre, w.steer),
        model->cells[static_cast<std::size_t>(1 + (2 * axle + side) * kTreadPhases + phase)]);
  }
  SDL_RenderGeometry(r, model->texture, v.data(), static_cast<int>(v.size()), nullptr, 0);
  v.clear();
  const Cell& c = look->cells[0];
  const double lp = level_ppm(look->level);
  quad(v, body, lp, c.origin, c.x, c.y, c.w, c.h, look->width, look->height);
  const double brake = lamp_state(car).brake;
  if (brake > 0.0 && look->cells.size() > 1) {
    // The lamps' colour is linear in the pedal (dim to bright) and the glow's alpha
    // proportional to it, so the full-on picture scaled by the pedal (all four channels:
    // premultiplied) over the dim lamps gives what draw_car draws for that pedal.
    const Cell& b = look->cells[1];
    quad(v, body, lp, b.origin, b.x, b.y, b.w, b.h, look->width, look->height,
         static_cast<Uint8>(std::lround(255.0 * brake)));
  }
  SDL_RenderGeometry(r, look->texture, v.data(), static_cast<int>(v.size()), nullptr, 0);
  return true;
}

}  // namespace racer
