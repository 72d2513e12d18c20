/* hud_capture.c: an LD_PRELOAD shim that writes what Dear ImGui draws in one frame of any
 * build of the game, to replay it alone with hud_replay.c (docs/frame-performance.md, "Where a
 * race frame goes"). At frame CAP_FRAME (default 600) each SDL_RenderGeometryRaw call with a
 * texture filled by SDL_UpdateTexture (ImGui's font atlas) goes to CAP_DIR/calls.txt: the
 * clip rectangle, then per index the vertex (x y r g b a u v); the atlas's pixels go to
 * CAP_DIR/tex_N.rgba (a "w h format pitch" line, then the rows).
 *   cc -shared -fPIC -O2 tools/frame_bench/hud_capture.c -o /tmp/hud_capture.so -ldl $(sdl2-config --cflags)
 *   mkdir -p /tmp/cap && CAP_FRAME=600 CAP_DIR=/tmp/cap SDL_AUDIODRIVER=dummy LD_PRELOAD=/tmp/hud_capture.so \
 *     xvfb-run -a -s "-screen 0 1280x720x24" ./build/racer --track tracks/port_ardent.json \
 *     --opponents 11 --autodrive --frames 610 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <SDL2/SDL.h>
static int frame = 0, target = -1;
static const char* dir;
static SDL_Rect clip; static int clip_on = 0;
static SDL_Texture* texs[64]; static int ntex = 0;
static void init(void) { if (target >= 0) return; const char* f = getenv("CAP_FRAME"); target = f ? atoi(f) : 600; dir = getenv("CAP_DIR"); if (!dir) dir = "."; }
static int tex_id(SDL_Texture* t) { for (int i = 0; i < ntex; ++i) if (texs[i] == t) return i; return -1; }
int SDL_UpdateTexture(SDL_Texture* t, const SDL_Rect* r, const void* px, int pitch) {
  static int (*real)(SDL_Texture*, const SDL_Rect*, const void*, int);
  init(); if (!real) real = dlsym(RTLD_NEXT, "SDL_UpdateTexture");
  if (!r && ntex < 64) {
    int w, h; Uint32 fmt; SDL_QueryTexture(t, &fmt, NULL, &w, &h);
    int id = ntex; texs[ntex++] = t;
    char p[512]; snprintf(p, sizeof p, "%s/tex_%d.rgba", dir, id);
    FILE* f = fopen(p, "wb"); fprintf(f, "%d %d %u %d\n", w, h, fmt, pitch); fwrite(px, 1, (size_t)pitch * h, f); fclose(f);
  }
  return real(t, r, px, pitch);
}
int SDL_RenderSetClipRect(SDL_Renderer* rr, const SDL_Rect* r) {
  static int (*real)(SDL_Renderer*, const SDL_Rect*);
  init(); if (!real) real = dlsym(RTLD_NEXT, "SDL_RenderSetClipRect");
  if (r) { clip = *r; clip_on = 1; } else clip_on = 0;
  return real(rr, r);
}
int SDL_RenderGeometryRaw(SDL_Renderer* r, SDL_Texture* t, const float* xy, int xs, const SDL_Color* col, int cs, const float* uv, int us,
                          int nv, const void* idx, int ni, int si) {
  static int (*real)(SDL_Renderer*, SDL_Texture*, const float*, int, const SDL_Color*, int, const float*, int, int, const void*, int, int);
  static FILE* out;
  init(); if (!real) real = dlsym(RTLD_NEXT, "SDL_RenderGeometryRaw");
  if (frame == target && t && tex_id(t) >= 0) {
    if (!out) { char p[512]; snprintf(p, sizeof p, "%s/calls.txt", dir); out = fopen(p, "w"); }
    int n = idx ? ni : nv;
    fprintf(out, "call tex=%d clip=%d %d %d %d %d n=%d\n", tex_id(t), clip_on, clip.x, clip.y, clip.w, clip.h, n);
    for (int i = 0; i < n; ++i) {
      int k = !idx ? i : si == 1 ? ((const unsigned char*)idx)[i] : si == 2 ? ((const unsigned short*)idx)[i] : ((const int*)idx)[i];
      const float* p = (const float*)((const char*)xy + k * xs);
      const SDL_Color* c = (const SDL_Color*)((const char*)col + k * cs);
      const float* q = (const float*)((const char*)uv + k * us);
      fprintf(out, "%.9g %.9g %d %d %d %d %.9g %.9g\n", p[0], p[1], c->r, c->g, c->b, c->a, q[0], q[1]);
    }
    fflush(out);
  }
  return real(r, t, xy, xs, col, cs, uv, us, nv, idx, ni, si);
}
void SDL_RenderPresent(SDL_Renderer* r) {
  static void (*real)(SDL_Renderer*);
  init(); if (!real) real = dlsym(RTLD_NEXT, "SDL_RenderPresent");
  ++frame; real(r);
}
