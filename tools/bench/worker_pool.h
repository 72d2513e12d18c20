#pragma once
// Forked worker processes of the long-running benches (soak, tune): each takes the next job
// index from one counter the workers share (so a worker given the slower jobs does fewer)
// and writes text lines to its own pipe; the parent reads every worker's whole lines as
// they come, then collects the workers' exit statuses.
#include <sys/types.h>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace racer::bench {

/// Hands out the job indices 0, 1, 2, ... across every worker of a pool, each once.
class JobCounter {
 public:
  explicit JobCounter(std::uint64_t* shared) : shared_(shared) {}
  std::uint64_t next() const { return __atomic_fetch_add(shared_, 1, __ATOMIC_RELAXED); }

 private:
  std::uint64_t* shared_;
};

class WorkerPool {
 public:
  /// What a worker process runs: take indices from `jobs` until it has none left, writing
  /// its lines to `out` (flushed after each line). The process ends when it returns (status
  /// 0) or throws (the message on stderr, status 1).
  using Body = std::function<void(const JobCounter& jobs, std::FILE* out)>;
  /// A whole line (without its '\n') from worker `worker`.
  using LineHandler = std::function<void(int worker, const std::string& line)>;

  /// Forks `jobs` workers running `body`. `who` names the bench in errors ("racer-bench
  /// soak"); throws LoadError when a pipe, the shared counter or a process cannot be made.
  WorkerPool(int jobs, const std::string& who, const Body& body);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()); }
  /// Waits up to `timeout_ms` for output and hands each whole line that came to `on_line`.
  /// False once every worker has closed its pipe (every line delivered).
  bool read(int timeout_ms, const LineHandler& on_line);
  /// Waits for every worker to end; their `waitpid` statuses, in worker order.
  std::vector<int> wait();

 private:
  struct Worker {
    pid_t pid = -1;
    int fd = -1;
    std::string pending;  // bytes read, not yet a whole line
  };
  std::vector<Worker> workers_;
  std::uint64_t* counter_ = nullptr;
  int open_ = 0;
};

/// "exited with status N" or "was killed by signal N", of a `waitpid` status.
std::string exit_text(int status);

}  // namespace racer::bench
