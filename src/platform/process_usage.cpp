#include "platform/process_usage.h"

#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>

namespace racer {
namespace {

volatile std::sig_atomic_t g_stop = 0;

extern "C" void on_stop_signal(int) { g_stop = 1; }

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); }

}  // namespace

ProcessUsage process_usage() {
  ProcessUsage u;
  rusage r{};
  if (getrusage(RUSAGE_SELF, &r) == 0) {
    u.cpu_s = seconds(r.ru_utime) + seconds(r.ru_stime);
    u.peak_rss_mib = static_cast<double>(r.ru_maxrss) / 1024.0;  // KiB on Linux
  }
  // /proc/self/statm: size resident shared ... in pages.
  if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
    long size = 0, resident = 0;
    if (std::fscanf(f, "%ld %ld", &size, &resident) == 2)
      u.rss_mib = static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
    std::fclose(f);
  }
  return u;
}

void install_stop_signals() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGINT, &action, nullptr);
}

bool stop_requested() { return g_stop != 0; }

}  // namespace racer
