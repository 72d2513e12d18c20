#include "game/championship.h"

#include <algorithm>
#include <utility>

namespace racer {

Championship::Championship(std::vector<int> points) : points_(std::move(points)) {}

int Championship::points_for(int position) const {
  if (position < 1 || position > static_cast<int>(points_.size())) return 0;
  return points_[static_cast<std::size_t>(position - 1)];
}

void Championship::add_round(std::span<const RoundResult> round) {
  for (Standing& d : drivers_) d.finishes.push_back(0);
  for (const RoundResult& r : round) {
    auto it = std::find_if(drivers_.begin(), drivers_.end(), [&](const Standing& d) { return d.name == r.name; });
    if (it == drivers_.end()) {
      Standing d;
      d.name = r.name;
      d.finishes.assign(static_cast<std::size_t>(rounds_ + 1), 0);
      drivers_.push_back(std::move(d));
      it = drivers_.end() - 1;
    }
    it->rounds += 1;
    if (!r.classified || r.position < 1) continue;
    it->finishes.back() = r.position;
    it->points += points_for(r.position);
    if (r.position == 1) it->wins += 1;
    if (it->best_finish == 0 || r.position < it->best_finish) it->best_finish = r.position;
  }
  ++rounds_;
}

void Championship::add_round(std::span<const SessionCarResult> results) {
  std::vector<RoundResult> round;
  for (const SessionCarResult& r : results) round.push_back({r.name, r.position, r.status == CarStatus::Finished});
  add_round(std::span<const RoundResult>(round));
}

std::vector<Standing> Championship::standings() const {
  std::vector<Standing> out = drivers_;
  auto best = [](const Standing& s) { return s.best_finish == 0 ? 1 << 30 : s.best_finish; };
  std::stable_sort(out.begin(), out.end(), [&](const Standing& a, const Standing& b) {
    if (a.points != b.points) return a.points > b.points;
    if (a.wins != b.wins) return a.wins > b.wins;
    return best(a) < best(b);
  });
  for (std::size_t k = 0; k < out.size(); ++k) out[k].position = static_cast<int>(k) + 1;
  return out;
}

}  // namespace racer
