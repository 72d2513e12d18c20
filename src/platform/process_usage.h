#pragma once
// What the process uses, read from the operating system (Linux/POSIX): CPU time of every
// thread (the renderer's worker threads and the audio thread included), resident memory
// now and at its peak. And a stop request from SIGTERM / SIGINT, so the game ends its
// frame loop normally (and writes --frame-stats) when a benchmark's timeout stops it.
namespace racer {

struct ProcessUsage {
  double cpu_s = 0.0;         ///< s, user + system time of the whole process so far
  double rss_mib = 0.0;       ///< MiB, resident memory now (0 if unknown)
  double peak_rss_mib = 0.0;  ///< MiB, the largest resident memory so far
};

ProcessUsage process_usage();

/// SIGTERM and SIGINT set a flag (and do nothing else) from now on; stop_requested()
/// reads it. Replaces SDL's own handlers, which turn the signals into SDL_QUIT events.
void install_stop_signals();
bool stop_requested();

}  // namespace racer
