#include "render/track_backdrop.h"

#include <algorithm>
#include <cmath>

namespace racer {
namespace {

CarSnapshot at_rest(Vec2 position) {
  CarSnapshot s;
  s.position = position;
  return s;
}

CameraConfig north_up(double view_height_m) {
  CameraConfig c;
  c.view_height_m = view_height_m;
  c.zoom_with_speed = false;
  c.max_look_ahead_m = 0.0;
  return c;
}

}  // namespace

TrackBackdrop::TrackBackdrop(const TrackView& view, Vec2 bounds_min, Vec2 bounds_max, double view_height_m)
    : view_(view), bounds_min_(bounds_min), bounds_max_(bounds_max), view_height_m_(view_height_m) {}

TrackBackdrop::~TrackBackdrop() { release(); }

void TrackBackdrop::release() {
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
  texture_ = nullptr;
  texture_renderer_ = nullptr;
}

bool TrackBackdrop::make_texture(SDL_Renderer* r, int width, int height) {
  if (texture_ != nullptr) SDL_DestroyTexture(texture_);
  texture_ = nullptr;
  texture_renderer_ = r;
  for_width_ = width;
  for_height_ = height;
  // The track plus half a view (and 2 m) on every side, so a view centred anywhere on the
  // track stays inside the texture.
  const double ppm = static_cast<double>(height) / view_height_m_;
  const Vec2 half{0.5 * width / ppm + 2.0, 0.5 * height / ppm + 2.0};
  const Vec2 lo = bounds_min_ - half, hi = bounds_max_ + half;
  const int tw = static_cast<int>(std::ceil((hi.x - lo.x) * ppm)), th = static_cast<int>(std::ceil((hi.y - lo.y) * ppm));
  SDL_RendererInfo info;
  if (SDL_GetRendererInfo(r, &info) != 0 || (info.flags & SDL_RENDERER_TARGETTEXTURE) == 0) return false;
  if ((info.max_texture_width > 0 && tw > info.max_texture_width) ||
      (info.max_texture_height > 0 && th > info.max_texture_height) || tw <= 0 || th <= 0)
    return false;
  SDL_Texture* t = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, tw, th);
  if (t == nullptr) return false;
  SDL_Texture* previous = SDL_GetRenderTarget(r);
  if (SDL_SetRenderTarget(r, t) != 0) {
    SDL_DestroyTexture(t);
    return false;
  }
  texture_camera_ = Camera(north_up(static_cast<double>(th) / ppm));
  texture_camera_.set_viewport(tw, th);
  texture_camera_.snap_to(at_rest((lo + hi) * 0.5));
  view_.draw_ground(r, texture_camera_);
  view_.draw_objects(r, texture_camera_);
  SDL_SetRenderTarget(r, previous);
  SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE);
  texture_ = t;
  ++textures_drawn_;
  return true;
}

void TrackBackdrop::draw(SDL_Renderer* r, int width, int height, Vec2 eye) {
  if (width <= 0 || height <= 0) return;
  if (r != texture_renderer_ || width != for_width_ || height != for_height_) make_texture(r, width, height);
  if (texture_ == nullptr) {  // the meshes, as the view would draw them live
    Camera live(north_up(view_height_m_));
    live.set_viewport(width, height);
    live.snap_to(at_rest(eye));
    view_.draw_ground(r, live);
    view_.draw_objects(r, live);
    return;
  }
  // The texture pixel under the eye goes to the viewport's centre; whole pixels pick the
  // source, the fraction shifts the copy so the flight moves smoothly.
  const Vec2 p = texture_camera_.to_screen(eye);
  const double x0 = p.x - 0.5 * width, y0 = p.y - 0.5 * height;
  const double sx = std::floor(x0), sy = std::floor(y0);
  const SDL_Rect src{static_cast<int>(sx), static_cast<int>(sy), width + 1, height + 1};
  const SDL_FRect dst{static_cast<float>(sx - x0), static_cast<float>(sy - y0), static_cast<float>(width + 1),
                      static_cast<float>(height + 1)};
  SDL_RenderCopyF(r, texture_, &src, &dst);
}

}  // namespace racer
