/* hud_replay.c: draws what hud_capture.c wrote, alone, over a cleared 1280x720 window under
 * Xvfb (Mesa's llvmpipe), in variants, alternating them FRAMES frames at a time for ROUNDS
 * rounds; prints the CPU per frame of the whole process (llvmpipe's threads included) per
 * round and the median (docs/frame-performance.md, "Where a race frame goes"). Variants: none
 * (clear and present only), hud (as captured, under the last call's clip rectangle: the
 * race's HUD is one call), noclip (no
 * scissor), notex (no texture: the glyphs become blocks), shapes / glyphs (only the
 * triangles that sample the atlas's white pixel / only the others), nofringe / fringe (only
 * the triangles with no / some vertex of alpha 0: ImGui's anti-aliasing fringes), split
 * (the white-pixel triangles untextured, then the rest: the order changes).
 *   cc -O2 tools/frame_bench/hud_replay.c -o /tmp/hud_replay $(sdl2-config --cflags --libs)
 *   xvfb-run -a -s "-screen 0 1280x720x24" /tmp/hud_replay /tmp/cap 100 5 none hud noclip notex shapes glyphs */
#include <SDL2/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
typedef struct { float x, y; SDL_Color c; float u, v; } V;
static V* verts; static int nverts; static int clipr[4];
static SDL_Texture* atlas; static int aw, ah;
static double cpu(void) { struct rusage u; getrusage(RUSAGE_SELF, &u); return u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec); }
static float wu, wv; /* white pixel uv */
static int is_white(const V* v) { return v->u == wu && v->v == wv; }
static void draw(SDL_Renderer* r, V* vs, int n, SDL_Texture* t) {
  if (n <= 0) return;
  SDL_RenderGeometryRaw(r, t, &vs->x, sizeof(V), &vs->c, sizeof(V), &vs->u, sizeof(V), n, NULL, 0, 0);
}
static V* sel; static int nsel;
static void pick(int (*keep)(const V* tri)) { nsel = 0; for (int i = 0; i + 2 < nverts; i += 3) if (keep(verts + i)) { memcpy(sel + nsel, verts + i, 3 * sizeof(V)); nsel += 3; } }
static int all_white(const V* t) { return is_white(t) && is_white(t + 1) && is_white(t + 2); }
static int not_white(const V* t) { return !all_white(t); }
static int no_fringe(const V* t) { return t[0].c.a && t[1].c.a && t[2].c.a; }
static int fringe(const V* t) { return !no_fringe(t); }
static void variant(SDL_Renderer* r, const char* m) {
  SDL_Rect cr = {clipr[0], clipr[1], clipr[2], clipr[3]};
  if (!strcmp(m, "none")) return;
  if (!strcmp(m, "hud")) { SDL_RenderSetClipRect(r, &cr); draw(r, verts, nverts, atlas); SDL_RenderSetClipRect(r, NULL); return; }
  if (!strcmp(m, "noclip")) { draw(r, verts, nverts, atlas); return; }
  if (!strcmp(m, "notex")) { SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND); draw(r, verts, nverts, NULL); return; }
  if (!strcmp(m, "split")) { /* shapes untextured, glyphs textured (order changes) */
    pick(all_white); SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND); draw(r, sel, nsel, NULL);
    pick(not_white); draw(r, sel, nsel, atlas); return; }
  if (!strcmp(m, "shapes")) { pick(all_white); draw(r, sel, nsel, atlas); return; }
  if (!strcmp(m, "glyphs")) { pick(not_white); draw(r, sel, nsel, atlas); return; }
  if (!strcmp(m, "nofringe")) { pick(no_fringe); draw(r, sel, nsel, atlas); return; }
  if (!strcmp(m, "fringe")) { pick(fringe); draw(r, sel, nsel, atlas); return; }
  fprintf(stderr, "unknown %s\n", m); exit(2);
}
int main(int argc, char** argv) {
  if (argc < 5) { fprintf(stderr, "usage: hud_replay CAPDIR FRAMES ROUNDS VARIANT...\n"); return 2; }
  const char* capdir = argv[1]; int frames = atoi(argv[2]); int rounds = atoi(argv[3]);
  if (argc - 4 > 32 || rounds < 1 || rounds > 64) { fprintf(stderr, "at most 32 variants and 64 rounds\n"); return 2; }
  char p[512]; snprintf(p, sizeof p, "%s/calls.txt", capdir); FILE* f = fopen(p, "r");
  if (!f) { fprintf(stderr, "hud_replay: cannot read %s\n", p); return 1; }
  char line[256]; int cap = 0;
  while (fgets(line, sizeof line, f)) {
    if (!strncmp(line, "call", 4)) { int tex, on, n; sscanf(line, "call tex=%d clip=%d %d %d %d %d n=%d", &tex, &on, &clipr[0], &clipr[1], &clipr[2], &clipr[3], &n); continue; }
    if (nverts == cap) { cap = cap ? 2 * cap : 4096; verts = realloc(verts, cap * sizeof(V)); }
    V* v = verts + nverts++; int c[4]; sscanf(line, "%f %f %d %d %d %d %f %f", &v->x, &v->y, &c[0], &c[1], &c[2], &c[3], &v->u, &v->v);
    v->c.r = c[0]; v->c.g = c[1]; v->c.b = c[2]; v->c.a = c[3];
  }
  sel = malloc(nverts * sizeof(V));
  /* the white pixel uv: the most common uv */
  { int best = 0; for (int i = 0; i < nverts && i < 3000; i += 7) { int k = 0; for (int j = 0; j < nverts; ++j) k += verts[j].u == verts[i].u && verts[j].v == verts[i].v; if (k > best) { best = k; wu = verts[i].u; wv = verts[i].v; } } }
  SDL_Init(SDL_INIT_VIDEO);
  SDL_Window* w = SDL_CreateWindow("replay", 0, 0, 1280, 720, 0);
  SDL_Renderer* r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED);
  SDL_RendererInfo info; SDL_GetRendererInfo(r, &info);
  snprintf(p, sizeof p, "%s/tex_0.rgba", capdir); f = fopen(p, "rb");
  if (!f) { fprintf(stderr, "hud_replay: cannot read %s\n", p); return 1; }
  unsigned fmt; int pitch; fscanf(f, "%d %d %u %d", &aw, &ah, &fmt, &pitch); fgetc(f);
  void* px = malloc((size_t)pitch * ah); fread(px, 1, (size_t)pitch * ah, f);
  atlas = SDL_CreateTexture(r, fmt, SDL_TEXTUREACCESS_STATIC, aw, ah); SDL_UpdateTexture(atlas, NULL, px, pitch); SDL_SetTextureBlendMode(atlas, SDL_BLENDMODE_BLEND);
  int ntri = nverts / 3, nw = 0, nfr = 0; for (int i = 0; i < nverts; i += 3) { nw += all_white(verts + i); nfr += fringe(verts + i); }
  printf("renderer %s, %d triangles (%d white-uv shapes, %d with a zero-alpha vertex), atlas %dx%d, white uv %g %g\n", info.name, ntri, nw, nfr, aw, ah, wu, wv);
  const int nv = argc - 4; double per[32][64];
  for (int round = 0; round < rounds; ++round)
    for (int k = 0; k < nv; ++k) {
      double c0 = cpu();
      for (int i = 0; i < frames; ++i) {
        SDL_SetRenderDrawColor(r, 60, 120, 60, 255); SDL_RenderClear(r);
        variant(r, argv[4 + k]);
        SDL_RenderPresent(r);
      }
      per[k][round] = (cpu() - c0) / frames * 1000.0;
    }
  for (int k = 0; k < nv; ++k) {
    printf("%-10s", argv[4 + k]);
    for (int i = 0; i < rounds; ++i) printf(" %6.2f", per[k][i]);
    double s[64]; memcpy(s, per[k], rounds * sizeof(double));
    for (int i = 0; i < rounds; ++i) for (int j = i + 1; j < rounds; ++j) if (s[j] < s[i]) { double t = s[i]; s[i] = s[j]; s[j] = t; }
    printf("  median %.2f ms\n", s[rounds / 2]);
  }
  return 0;
}
