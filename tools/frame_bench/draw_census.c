/* draw_census.c: an LD_PRELOAD shim that lists what one frame of any build of the game
 * asks SDL to draw, to see where the pixels and triangles go (docs/frame-performance.md, "A
 * frame of the game"). For frame CENSUS_FRAME (default 300) it writes to CENSUS_OUT
 * (default draw_census.txt) one line per SDL_RenderGeometry(Raw) call: the calling
 * function's address in its object (resolve with addr2line -f -C -e BINARY ADDR), whether
 * a texture is used, the blend mode (0 none, 1 blend, 2 add), the triangles, those under
 * 4 px^2 ("tiny"), those with all three vertices opaque, and the area on screen clipped to
 * 1280x720, in screens (1.0 = every pixel once); also the SDL_RenderCopyF and
 * SDL_RenderClear calls. The game's meshes all draw through render/draw_runs, so their
 * caller is that function: the calls' order (the race screen's drawing order) tells the
 * layers apart.
 *   cc -shared -fPIC -O2 tools/frame_bench/draw_census.c -o /tmp/draw_census.so -ldl -lm $(sdl2-config --cflags)
 *   CENSUS_FRAME=600 CENSUS_OUT=census.txt SDL_AUDIODRIVER=dummy LD_PRELOAD=/tmp/draw_census.so \
 *     xvfb-run -a -s "-screen 0 1280x720x24" ./build/racer --track tracks/port_ardent.json \
 *     --opponents 11 --autodrive --frames 610 --screenshot /tmp/x.png */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <SDL2/SDL.h>

static int frame = 0, target = -1, depth = 0;
static FILE* out;
static void init(void) {
  if (target >= 0) return;
  const char* f = getenv("CENSUS_FRAME"); target = f ? atoi(f) : 300;
  out = fopen(getenv("CENSUS_OUT") ? getenv("CENSUS_OUT") : "draw_census.txt", "w");
}
static double clipped_area(const float* a, const float* b, const float* c) {
  double px[16], py[16], qx[16], qy[16]; int n = 3;
  px[0]=a[0];py[0]=a[1];px[1]=b[0];py[1]=b[1];px[2]=c[0];py[2]=c[1];
  for (int e = 0; e < 4; ++e) {
    int m = 0;
    for (int i = 0; i < n; ++i) {
      int j = (i + 1) % n;
      double di = e==0 ? px[i] : e==1 ? 1280-px[i] : e==2 ? py[i] : 720-py[i];
      double dj = e==0 ? px[j] : e==1 ? 1280-px[j] : e==2 ? py[j] : 720-py[j];
      if (di >= 0) { qx[m]=px[i]; qy[m]=py[i]; ++m; }
      if ((di >= 0) != (dj >= 0)) { double t = di/(di-dj); qx[m]=px[i]+t*(px[j]-px[i]); qy[m]=py[i]+t*(py[j]-py[i]); ++m; }
    }
    n = m; for (int i = 0; i < n; ++i) { px[i]=qx[i]; py[i]=qy[i]; }
  }
  double s = 0; for (int i = 0; i < n; ++i) { int j=(i+1)%n; s += px[i]*py[j]-px[j]*py[i]; }
  return fabs(s) * 0.5;
}
static void report(const char* what, void* ra, SDL_Renderer* r, SDL_Texture* t, const float* xy, int xs, const SDL_Color* col, int cs,
                   int nv, const void* idx, int ni, int si) {
  if (frame != target) return;
  SDL_BlendMode bm = SDL_BLENDMODE_NONE;
  if (t) SDL_GetTextureBlendMode(t, &bm); else SDL_GetRenderDrawBlendMode(r, &bm);
  int n = idx ? ni : nv;
  double area = 0, opaque_area = 0; long tris = 0, tiny = 0, opaque = 0;
  for (int i = 0; i + 2 < n; i += 3) {
    int k[3];
    for (int j = 0; j < 3; ++j) {
      if (!idx) k[j] = i + j;
      else if (si == 1) k[j] = ((const unsigned char*)idx)[i + j];
      else if (si == 2) k[j] = ((const unsigned short*)idx)[i + j];
      else k[j] = ((const int*)idx)[i + j];
    }
    const float* a = (const float*)((const char*)xy + k[0] * xs);
    const float* b = (const float*)((const char*)xy + k[1] * xs);
    const float* c = (const float*)((const char*)xy + k[2] * xs);
    // clip-ish: clamp to screen for area estimate
    double ar = clipped_area(a, b, c);
    area += ar; ++tris; if (ar < 4.0) ++tiny;
    int op = 1;
    for (int j = 0; j < 3; ++j) { const SDL_Color* cc = (const SDL_Color*)((const char*)col + k[j] * cs); if (cc->a != 255) op = 0; }
    if (op) { ++opaque; opaque_area += ar; }
  }
  Dl_info di; dladdr(ra, &di); ra = (void*)((char*)ra - (char*)di.dli_fbase);
  fprintf(out, "%s ra=%p tex=%d blend=%d tris=%ld tiny=%ld opaque_tris=%ld area=%.3f screens opaque_area=%.3f\n", what, ra, t != NULL, (int)bm,
          tris, tiny, opaque, area / (1280.0 * 720.0), opaque_area / (1280.0 * 720.0));
}
int SDL_RenderGeometryRaw(SDL_Renderer* r, SDL_Texture* t, const float* xy, int xs, const SDL_Color* col, int cs, const float* uv, int us,
                          int nv, const void* idx, int ni, int si) {
  static int (*real)(SDL_Renderer*, SDL_Texture*, const float*, int, const SDL_Color*, int, const float*, int, int, const void*, int, int);
  init(); if (!real) real = dlsym(RTLD_NEXT, "SDL_RenderGeometryRaw");
  if (depth == 0) report("geomraw", __builtin_return_address(0), r, t, xy, xs, col, cs, nv, idx, ni, si);
  ++depth; int rc = real(r, t, xy, xs, col, cs, uv, us, nv, idx, ni, si); --depth; return rc;
}
int SDL_RenderGeometry(SDL_Renderer* r, SDL_Texture* t, const SDL_Vertex* v, int nv, const int* idx, int ni) {
  static int (*real)(SDL_Renderer*, SDL_Texture*, const SDL_Vertex*, int, const int*, int);
  init(); if (!real) real = dlsym(RTLD_NEXT, "SDL_RenderGeometry");
  if (depth == 0) report("geom", __builtin_return_address(0), r, t, (const float*)&v->position, sizeof(SDL_Vertex), &v->color, sizeof(SDL_Vertex), nv, idx, ni, 4);
  ++depth; int rc = real(r, t, v, nv, idx, ni); --depth; return rc;
}
int SDL_RenderCopyF(SDL_Renderer* r, SDL_Texture* t, const SDL_Rect* s, const SDL_FRect* d) {
  static int (*real)(SDL_Renderer*, SDL_Texture*, const SDL_Rect*, const SDL_FRect*);
  init(); if (!real) real = dlsym(RTLD_NEXT, "SDL_RenderCopyF");
  if (frame == target && depth == 0) fprintf(out, "copyF ra=%p %s\n", __builtin_return_address(0), d ? "rect" : "full");
  ++depth; int rc = real(r, t, s, d); --depth; return rc;
}
int SDL_RenderClear(SDL_Renderer* r) {
  static int (*real)(SDL_Renderer*);
  init(); if (!real) real = dlsym(RTLD_NEXT, "SDL_RenderClear");
  if (frame == target) fprintf(out, "clear ra=%p\n", __builtin_return_address(0));
  return real(r);
}
void SDL_RenderPresent(SDL_Renderer* r) {
  static void (*real)(SDL_Renderer*);
  init(); if (!real) real = dlsym(RTLD_NEXT, "SDL_RenderPresent");
  if (frame == target) { fprintf(out, "present\n"); fflush(out); }
  ++frame; real(r);
}
