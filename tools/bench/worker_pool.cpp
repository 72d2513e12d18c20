#include "worker_pool.h"

#include <poll.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <exception>

#include "args.h"

namespace racer::bench {

WorkerPool::WorkerPool(int jobs, const std::string& who, const Body& body) {
  void* shared = ::mmap(nullptr, sizeof(std::uint64_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) throw LoadError(who + ": cannot share the job counter with the workers");
  counter_ = static_cast<std::uint64_t*>(shared);
  *counter_ = 0;
  workers_.resize(static_cast<std::size_t>(jobs));
  for (int w = 0; w < jobs; ++w) {
    int fds[2];
    if (::pipe(fds) != 0) throw LoadError(who + ": cannot make a pipe for a worker");
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) throw LoadError(who + ": cannot start a worker process");
    if (pid == 0) {
      ::close(fds[0]);
      for (int v = 0; v < w; ++v) ::close(workers_[static_cast<std::size_t>(v)].fd);
      std::FILE* out = ::fdopen(fds[1], "w");
      int status = 0;
      try {
        body(JobCounter(counter_), out);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: worker %d: %s\n", who.c_str(), w, e.what());
        status = 1;
      }
      std::fclose(out);
      ::_exit(status);
    }
    ::close(fds[1]);
    workers_[static_cast<std::size_t>(w)].pid = pid;
    workers_[static_cast<std::size_t>(w)].fd = fds[0];
    ++open_;
  }
}

WorkerPool::~WorkerPool() {
  for (Worker& w : workers_)
    if (w.fd >= 0) ::close(w.fd);
  if (counter_ != nullptr) ::munmap(counter_, sizeof(std::uint64_t));
}

bool WorkerPool::read(int timeout_ms, const LineHandler& on_line) {
  std::vector<pollfd> polls;
  std::vector<int> index;
  for (std::size_t w = 0; w < workers_.size(); ++w) {
    if (workers_[w].fd < 0) continue;
    polls.push_back({workers_[w].fd, POLLIN, 0});
    index.push_back(static_cast<int>(w));
  }
  if (polls.empty()) return false;
  ::poll(polls.data(), polls.size(), timeout_ms);
  for (std::size_t p = 0; p < polls.size(); ++p) {
    if ((polls[p].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
    Worker& w = workers_[static_cast<std::size_t>(index[p])];
    char buf[8192];
    const ssize_t n = ::read(w.fd, buf, sizeof buf);
    if (n <= 0) {
      ::close(w.fd), w.fd = -1, --open_;
      continue;
    }
    w.pending.append(buf, static_cast<std::size_t>(n));
    for (std::size_t nl; (nl = w.pending.find('\n')) != std::string::npos;) {
      on_line(index[p], w.pending.substr(0, nl));
      w.pending.erase(0, nl + 1);
    }
  }
  return open_ > 0;
}

std::vector<int> WorkerPool::wait() {
  std::vector<int> statuses;
  for (Worker& w : workers_) {
    int status = 0;
    ::waitpid(w.pid, &status, 0);
    statuses.push_back(status);
  }
  return statuses;
}

std::string exit_text(int status) {
  if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
  return "exited with status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace racer::bench
