#include "ai/profile_search.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/split_mix.h"

namespace racer {

namespace {

// The searched ranges are the loader's (ai_ranges), narrowed where the loader's ends are no
// driver anyone wants (a 2 s reaction, a mistake a second, a DWA weight of 100).
const std::vector<TuneParam> kTuneParams = {
    {"grip_use", ai_ranges::kGripUse, 0.04, false},
    {"speed_use", ai_ranges::kSpeedUse, 0.03, false},
    {"reaction_steps", {0, 30}, 4, true},
    {"mistakes_per_minute", {0.0, 6.0}, 0.5, false},
    {"overtake_offset_m", ai_ranges::kOvertakeOffset, 0.5, false},
    {"line_margin_m", ai_ranges::kLineMargin, 0.3, false},
    {"dwa.heading", {0.0, 10.0}, 0.5, false},
    {"dwa.clearance", {0.0, 10.0}, 0.2, false},
    {"dwa.speed", {0.0, 10.0}, 0.25, false},
};

// A step below an eighth of its first is too small to matter: the search has converged.
constexpr double kLastStepShare = 1.0 / 8.0;

// The member behind a key (reaction_steps, an int, is not one of these); P is AiParams or const AiParams.
template <class P>
auto* value_of(P& p, std::string_view key) {
  using Ptr = decltype(&p.grip_use);
  if (key == "grip_use") return &p.grip_use;
  if (key == "speed_use") return &p.speed_use;
  if (key == "mistakes_per_minute") return &p.mistakes_per_minute;
  if (key == "overtake_offset_m") return &p.overtake_offset;
  if (key == "line_margin_m") return &p.line_margin;
  if (key == "dwa.heading") return &p.dwa.heading;
  if (key == "dwa.clearance") return &p.dwa.clearance;
  if (key == "dwa.speed") return &p.dwa.speed;
  return Ptr{nullptr};
}

}  // namespace

const std::vector<TuneParam>& tune_params() { return kTuneParams; }

const TuneParam* find_tune_param(std::string_view key) {
  for (const TuneParam& p : kTuneParams)
    if (key == p.key) return &p;
  return nullptr;
}

double tune_value(const AiParams& p, std::string_view key) {
  if (key == "reaction_steps") return p.reaction_steps;
  const double* v = value_of(p, key);
  assert(v != nullptr && "not a key of tune_params()");
  return *v;
}

void set_tune_value(AiParams& p, std::string_view key, double v) {
  const TuneParam* param = find_tune_param(key);
  assert(param != nullptr && "not a key of tune_params()");
  // Rounded to a millionth: 0.8 + 0.03 is written 0.83, not 0.8300000000000001.
  v = std::clamp(std::round(v * 1e6) / 1e6, param->range.lo, param->range.hi);
  if (param->integer) v = std::round(v);
  if (key == "reaction_steps") {
    p.reaction_steps = static_cast<int>(v);
  } else {
    *value_of(p, key) = v;
  }
}

std::string reject_reason(const TuneScore& candidate, const TuneScore& start) {
  char buf[160];
  if (!candidate.all_finished) return "a car did not finish";
  if (candidate.walls_per_car_lap > start.walls_per_car_lap + 1e-9) {
    std::snprintf(buf, sizeof buf, "%.3f wall contacts a car-lap, the start %.3f", candidate.walls_per_car_lap,
                  start.walls_per_car_lap);
    return buf;
  }
  if (candidate.car_contacts_per_car_lap > start.car_contacts_per_car_lap + 1e-9) {
    std::snprintf(buf, sizeof buf, "%.3f car contacts a car-lap, the start %.3f", candidate.car_contacts_per_car_lap,
                  start.car_contacts_per_car_lap);
    return buf;
  }
  return "";
}

ProfileSearch::ProfileSearch(const AiParams& start, std::vector<std::string> keys, std::uint64_t seed)
    : best_(start), seed_(seed) {
  for (const std::string& key : keys) {
    const TuneParam* p = find_tune_param(key);
    assert(p != nullptr && "not a key of tune_params()");
    assert(std::find(params_.begin(), params_.end(), p) == params_.end() && "a key given twice");
    params_.push_back(p);
    steps_.push_back(p->first_step);
  }
}

void ProfileSearch::set_start_score(const TuneScore& score) { start_score_ = best_score_ = score; }

bool ProfileSearch::converged() const {
  for (std::size_t i = 0; i < params_.size(); ++i)
    if (steps_[i] >= params_[i]->first_step * kLastStepShare) return false;
  return true;
}

// The end of a sweep: halve every step unless it gained; a new order drawn from the seed.
void ProfileSearch::next_key() {
  if (at_ < order_.size()) return;
  if (sweeps_ > 0 && !gained_in_sweep_)
    for (double& s : steps_) s *= 0.5;
  order_.resize(params_.size());
  for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = i;
  SplitMix64 mix(seed_ * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(sweeps_));
  for (std::size_t i = order_.size(); i > 1; --i)
    std::swap(order_[i - 1], order_[static_cast<std::size_t>(mix.next() % i)]);
  ++sweeps_;
  gained_in_sweep_ = false;
  at_ = 0;
}

std::vector<TuneCandidate> ProfileSearch::next_batch() {
  batch_.clear();
  while (batch_.empty() && !params_.empty()) {
    next_key();
    if (converged()) break;
    const std::size_t i = order_[at_++];
    if (steps_[i] < params_[i]->first_step * kLastStepShare) continue;
    const char* key = params_[i]->key;
    const double from = tune_value(best_, key);
    for (const double dir : {1.0, -1.0}) {
      TuneCandidate c{best_, key, from, from};
      set_tune_value(c.params, key, from + dir * steps_[i]);
      c.to = tune_value(c.params, key);
      if (c.to != from) batch_.push_back(std::move(c));
    }
  }
  if (!batch_.empty()) ++round_;
  return batch_;
}

void ProfileSearch::report(const std::vector<TuneScore>& scores) {
  assert(scores.size() <= batch_.size() && "more scores than candidates");
  int taken = -1;
  double fastest = best_score_.objective;
  const std::size_t first = history_.size();
  for (std::size_t i = 0; i < scores.size(); ++i) {
    TuneStep step{round_, batch_[i], scores[i], false, reject_reason(scores[i], start_score_)};
    if (!step.verdict.empty()) {
      step.verdict = "rejected: " + step.verdict;
    } else if (scores[i].objective < fastest) {
      fastest = scores[i].objective;
      taken = static_cast<int>(i);
      step.verdict = "faster";
    } else {
      step.verdict = "not faster";
    }
    history_.push_back(std::move(step));
  }
  if (taken < 0) return;
  for (std::size_t i = first; i < history_.size(); ++i)
    if (history_[i].verdict == "faster" && i != first + static_cast<std::size_t>(taken))
      history_[i].verdict = "faster, but the other move was faster still";
  TuneStep& best = history_[first + static_cast<std::size_t>(taken)];
  best.taken = true;
  best.verdict = "taken: faster";
  best_ = best.candidate.params;
  best_score_ = best.score;
  gained_in_sweep_ = true;
}

}  // namespace racer
