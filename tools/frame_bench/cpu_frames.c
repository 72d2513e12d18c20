/* cpu_frames.c: an LD_PRELOAD shim that measures the CPU a frame of any build of the game
 * costs over a fixed span of frames: user + system time of every thread but SDL's audio
 * (the main and llvmpipe threads), read from /proc/self/task at the presents of frames
 * CPU_FROM (default 300) and CPU_TO (default 900), per frame, appended with the audio
 * thread's to CPU_OUT (default stderr) after CPU_LABEL. With --frames the game steps a fixed
 * time a frame, so every run draws the same frames whatever the machine's load
 * (docs/frame-performance.md, "A frame of the game").
 *   cc -shared -fPIC -O2 tools/frame_bench/cpu_frames.c -o /tmp/cpu_frames.so -ldl $(sdl2-config --cflags)
 *   CPU_LABEL=main CPU_OUT=/tmp/cpu.txt SDL_AUDIODRIVER=dummy LD_PRELOAD=/tmp/cpu_frames.so \
 *     xvfb-run -a -s "-screen 0 1280x720x24" ./build/racer --track tracks/port_ardent.json \
 *     --opponents 11 --autodrive --frames 901 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <SDL2/SDL.h>
static int frame = 0;
static double cpu_noaudio(double* audio) {
  DIR* d = opendir("/proc/self/task"); struct dirent* e; double s = 0, a = 0; long tck = sysconf(_SC_CLK_TCK);
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char p[300], buf[1024]; snprintf(p, sizeof p, "/proc/self/task/%s/stat", e->d_name);
    FILE* f = fopen(p, "r"); if (!f) continue; size_t n = fread(buf, 1, sizeof buf - 1, f); fclose(f); buf[n] = 0;
    char* l = strchr(buf, '('); char* r = strrchr(buf, ')'); if (!l || !r) continue;
    int audio = strncmp(l + 1, "SDLAudio", 8) == 0;
    unsigned long ut, st; char* q = r + 2; int field = 3;
    while (field < 14) { q = strchr(q, ' ') + 1; ++field; }
    sscanf(q, "%lu %lu", &ut, &st);
    if (audio) a += (double)(ut + st) / tck; else s += (double)(ut + st) / tck;
  }
  closedir(d); if (audio) *audio = a; return s;
}
void SDL_RenderPresent(SDL_Renderer* r) {
  static void (*real)(SDL_Renderer*); static double c0, a0;
  if (!real) real = dlsym(RTLD_NEXT, "SDL_RenderPresent");
  real(r);
  ++frame;
  int from = getenv("CPU_FROM") ? atoi(getenv("CPU_FROM")) : 300, to = getenv("CPU_TO") ? atoi(getenv("CPU_TO")) : 900;
  if (frame == from) c0 = cpu_noaudio(&a0);
  if (frame == to) {
    double a1, c1 = cpu_noaudio(&a1);
    FILE* f = fopen(getenv("CPU_OUT") ? getenv("CPU_OUT") : "/dev/stderr", "a");
    fprintf(f, "%s %.3f ms/frame (audio %.3f)\n", getenv("CPU_LABEL") ? getenv("CPU_LABEL") : "", (c1 - c0) / (to - from) * 1000.0, (a1 - a0) / (to - from) * 1000.0);
    fclose(f);
  }
}
