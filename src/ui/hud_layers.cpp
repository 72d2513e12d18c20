#include "ui/hud_layers.h"

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace racer {
namespace {

/// FNV-1a over 32-bit words (every buffer hashed is a multiple of 4 bytes long).
std::uint64_t mix(std::uint64_t h, const void* data, std::size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i + 4 <= bytes; i += 4) {
    std::uint32_t w = 0;
    std::memcpy(&w, p + i, 4);
    h = (h ^ w) * 0x100000001b3ull;
  }
  return h;
}

void reset(ImDrawList& list, ImVec2 display) {
  list._ResetForNewFrame();  // as ImGui readies its foreground list: flags, one empty command
  list.PushTextureID(ImGui::GetIO().Fonts->TexID);
  list.PushClipRect({0.0f, 0.0f}, display, false);
}

bool empty(const ImDrawList& list) {
  for (const ImDrawCmd& c : list.CmdBuffer)
    if (c.ElemCount > 0) return false;
  return true;
}

}  // namespace

HudLayers::~HudLayers() {
  for (Layer& l : layers_)
    for (Copy& c : l.copies)
      if (c.texture != nullptr) SDL_DestroyTexture(c.texture);
}

void HudLayers::begin_frame(SDL_Renderer* renderer, ImVec2 display_size) {
  if (renderer != renderer_) {  // textures belong to one renderer
    for (Layer& l : layers_)
      for (Copy& c : l.copies) {
        if (c.texture != nullptr) SDL_DestroyTexture(c.texture);
        c = Copy{};
      }
    renderer_ = renderer;
    SDL_RendererInfo info;
    broken_ = renderer == nullptr || SDL_GetRendererInfo(renderer, &info) != 0 || (info.flags & SDL_RENDERER_TARGETTEXTURE) == 0;
  }
  display_ = display_size;
  ++frame_;
  for (Layer& l : layers_)
    if (l.list) reset(*l.list, display_);
}

ImDrawList* HudLayers::layer(int i) {
  Layer& l = layers_[static_cast<std::size_t>(std::clamp(i, 0, kLayers - 1))];
  if (!l.list) {
    l.list = std::make_unique<ImDrawList>(ImGui::GetDrawListSharedData());
    reset(*l.list, display_);
  }
  return l.list.get();
}

void HudLayers::add_to(ImDrawList* list) { list->AddCallback(&HudLayers::draw_callback, this); }

void HudLayers::draw_callback(const ImDrawList* /*list*/, const ImDrawCmd* cmd) {
  static_cast<HudLayers*>(cmd->UserCallbackData)->draw_all();
}

void HudLayers::draw_all() {
  if (renderer_ == nullptr) return;
  for (Layer& l : layers_) {
    if (!l.list || empty(*l.list)) continue;
    if (broken_ || !draw_layer(l)) draw_list(*l.list, 0.0f, 0.0f, 0.0f);
  }
}

bool HudLayers::draw_layer(Layer& layer) {
  const ImDrawList& list = *layer.list;
  ImVec2 lo{1e9f, 1e9f}, hi{-1e9f, -1e9f};
  for (const ImDrawVert& v : list.VtxBuffer) {
    lo = {std::min(lo.x, v.pos.x), std::min(lo.y, v.pos.y)};
    hi = {std::max(hi.x, v.pos.x), std::max(hi.y, v.pos.y)};
  }
  // Whole pixels round every vertex (and a pixel more: a triangle's edge pixels), on screen.
  const int x0 = std::max(0, static_cast<int>(std::floor(lo.x)) - 1), y0 = std::max(0, static_cast<int>(std::floor(lo.y)) - 1);
  const int x1 = std::min(static_cast<int>(display_.x), static_cast<int>(std::ceil(hi.x)) + 1);
  const int y1 = std::min(static_cast<int>(display_.y), static_cast<int>(std::ceil(hi.y)) + 1);
  if (x1 <= x0 || y1 <= y0) return true;
  std::uint64_t key = 0xcbf29ce484222325ull;
  key = mix(key, list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
  key = mix(key, list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
  for (const ImDrawCmd& c : list.CmdBuffer) {
    const std::uint64_t fields[4] = {c.ElemCount, c.IdxOffset, c.VtxOffset, static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(c.GetTexID()))};
    key = mix(key, fields, sizeof fields);
  }
  const int rect[4] = {x0, y0, x1, y1};
  key = mix(key, rect, sizeof rect);

  Copy* copy = nullptr;
  for (Copy& c : layer.copies)
    if (c.texture != nullptr && c.key == key) copy = &c;
  if (copy == nullptr) {
    copy = layer.copies[0].used <= layer.copies[1].used ? &layer.copies[0] : &layer.copies[1];
    if (!remake(*copy, list, x0, y0, x1 - x0, y1 - y0)) return false;
    copy->key = key;
  }
  copy->used = frame_;
  const SDL_Rect to{copy->x, copy->y, copy->w, copy->h};
  return SDL_RenderCopyEx(renderer_, copy->texture, nullptr, &to, 0.0, nullptr, SDL_FLIP_VERTICAL) == 0;
}

bool HudLayers::remake(Copy& c, const ImDrawList& list, int x, int y, int w, int h) {
  if (c.texture != nullptr && (c.w != w || c.h != h)) {
    SDL_DestroyTexture(c.texture);
    c = Copy{};
  }
  if (c.texture == nullptr) {
    const SDL_BlendMode premultiplied =
        SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
                                   SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD);
    c.texture = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
    if (c.texture == nullptr || SDL_SetTextureBlendMode(c.texture, premultiplied) != 0 ||
        SDL_SetTextureScaleMode(c.texture, SDL_ScaleModeNearest) != 0) {
      if (c.texture != nullptr) SDL_DestroyTexture(c.texture);
      c = Copy{};
      broken_ = true;
      return false;
    }
    c.w = w;
    c.h = h;
  }
  SDL_Texture* previous = SDL_GetRenderTarget(renderer_);
  if (SDL_SetRenderTarget(renderer_, c.texture) != 0) {
    broken_ = true;
    return false;
  }
  Uint8 cr = 0, cg = 0, cb = 0, ca = 0;
  SDL_GetRenderDrawColor(renderer_, &cr, &cg, &cb, &ca);
  SDL_SetRenderDrawColor(renderer_, 0, 0, 0, 0);
  SDL_RenderClear(renderer_);
  draw_list(list, -static_cast<float>(x), -static_cast<float>(y), static_cast<float>(h));
  SDL_SetRenderDrawColor(renderer_, cr, cg, cb, ca);
  SDL_SetRenderTarget(renderer_, previous);
  c.x = x;
  c.y = y;
  ++drawn_;
  return true;
}

void HudLayers::draw_list(const ImDrawList& list, float dx, float dy, float flip_h) {
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.ElemCount == 0 || cmd.UserCallback != nullptr) continue;
    const int first = static_cast<int>(cmd.VtxOffset), count = list.VtxBuffer.Size - first;
    xy_.resize(2 * static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      const float y = list.VtxBuffer[first + i].pos.y + dy;
      xy_[2 * static_cast<std::size_t>(i)] = list.VtxBuffer[first + i].pos.x + dx;
      xy_[2 * static_cast<std::size_t>(i) + 1] = flip_h > 0.0f ? flip_h - y : y;
    }
    const ImDrawVert* v = list.VtxBuffer.Data + first;
    SDL_RenderGeometryRaw(renderer_, static_cast<SDL_Texture*>(cmd.GetTexID()), xy_.data(), 2 * static_cast<int>(sizeof(float)),
                          reinterpret_cast<const SDL_Color*>(&v->col), static_cast<int>(sizeof(ImDrawVert)), &v->uv.x,
                          static_cast<int>(sizeof(ImDrawVert)), count, list.IdxBuffer.Data + cmd.IdxOffset,
                          static_cast<int>(cmd.ElemCount), static_cast<int>(sizeof(ImDrawIdx)));
  }
}

}  // namespace racer
