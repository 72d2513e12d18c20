/* present_counter.c: an LD_PRELOAD shim for tools/frame-bench.sh. It wraps
 * SDL_RenderPresent to count the frames any build of the game draws (also builds that
 * have no --frame-stats), and writes, at exit, the frames presented after the first
 * FRAME_BENCH_WARMUP seconds (default 5) and the seconds they took, to FRAME_BENCH_OUT.
 * When the warm-up is over it creates FRAME_BENCH_OUT.warm, so the script starts reading
 * the CPU time at the same moment (the first frame comes only after a race is built).
 * Built by the script: cc -shared -fPIC -O2 present_counter.c -o present_counter.so -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef void (*present_fn)(void*);

static present_fn real_present;
static double start_s = -1.0, warm_s = -1.0, last_s = 0.0;
static double warmup = 5.0;
static unsigned long long frames_warm;

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void SDL_RenderPresent(void* renderer) {
  if (real_present == NULL) {
    real_present = (present_fn)dlsym(RTLD_NEXT, "SDL_RenderPresent");
    const char* w = getenv("FRAME_BENCH_WARMUP");
    if (w != NULL) warmup = atof(w);
  }
  real_present(renderer);
  const double t = now_s();
  if (start_s < 0.0) start_s = t;
  if (warm_s < 0.0) {
    if (t - start_s >= warmup) {
      warm_s = t;
      const char* out = getenv("FRAME_BENCH_OUT");
      char marker[4096];
      if (out != NULL && snprintf(marker, sizeof marker, "%s.warm", out) < (int)sizeof marker) {
        FILE* f = fopen(marker, "w");
        if (f != NULL) fclose(f);
      }
    }
    return;
  }
  ++frames_warm;
  last_s = t;
}

__attribute__((destructor)) static void report(void) {
  const char* out = getenv("FRAME_BENCH_OUT");
  if (out == NULL) return;
  FILE* f = fopen(out, "w");
  if (f == NULL) return;
  fprintf(f, "%llu %.6f\n", frames_warm, warm_s < 0.0 ? 0.0 : last_s - warm_s);
  fclose(f);
}
