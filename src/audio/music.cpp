// Sections: set-up | events | render | echo.
#include "audio/music.h"

#include <algorithm>
#include <cmath>

namespace racer::audio {
namespace {

constexpr std::size_t kBlock = 256;  // frames rendered per inner block (scratch size)

}  // namespace

// ---- set-up -----------------------------------------------------------------------------

MusicPlayer::MusicPlayer(Song song, double sample_rate, std::uint32_t seed)
    : song_(std::move(song)), sample_rate_(sanitize(sample_rate, 8000.0, 192000.0, 48000.0)), seed_(seed) {
  song_.bpm = sanitize(song_.bpm, 40.0, 300.0, 120.0);
  song_.steps_per_bar = std::max(song_.steps_per_bar, 1);
  song_.bars = std::max(song_.bars, 1);
  frames_per_step_ = sample_rate_ * 60.0 / (song_.bpm * 4.0);
  loop_frames_ = std::max<std::int64_t>(frame_of_step(static_cast<std::int64_t>(song_.bars) * song_.steps_per_bar), 1);
  voices_.resize(song_.parts.size());
  for (std::size_t p = 0; p < song_.parts.size(); ++p)
    voices_[p].resize(static_cast<std::size_t>(std::clamp(song_.parts[p].voices, 1, 32)));
  for (auto* b : {&part_left_, &part_right_, &mix_left_, &mix_right_, &send_}) b->assign(kBlock, 0.0f);
  const auto echo_frames = static_cast<std::size_t>(std::max<std::int64_t>(std::llround(song_.echo_steps * frames_per_step_), 1));
  echo_left_.assign(echo_frames, 0.0f);
  echo_right_.assign(echo_frames, 0.0f);
  echo_damp_a_ = 1.0 - std::exp(-kTwoPi * std::max(song_.echo_damping, 20.0) / sample_rate_);
  compile_events();
}

std::int64_t MusicPlayer::frame_of_step(std::int64_t step) const {
  return std::llround(static_cast<double>(step) * frames_per_step_);
}

void MusicPlayer::restart() {
  for (auto& part : voices_)
    for (Voice& v : part) v.synth.stop();
  std::fill(echo_left_.begin(), echo_left_.end(), 0.0f);
  std::fill(echo_right_.begin(), echo_right_.end(), 0.0f);
  echo_at_ = 0;
  echo_lp_left_ = echo_lp_right_ = 0.0;
  position_ = 0;
  next_event_ = 0;
}

// ---- events -----------------------------------------------------------------------------

void MusicPlayer::compile_events() {
  const std::int64_t total_steps = static_cast<std::int64_t>(song_.bars) * song_.steps_per_bar;
  events_.clear();
  for (std::size_t p = 0; p < song_.parts.size(); ++p) {
    const Part& part = song_.parts[p];
    int alternate = 0;  // spread: successive notes of the part go left, right, left, ...
    for (int bar = 0; bar < song_.bars; ++bar) {
      const int index = bar < static_cast<int>(part.bars.size()) ? part.bars[static_cast<std::size_t>(bar)] : -1;
      if (index < 0 || index >= static_cast<int>(part.patterns.size())) continue;
      for (const NoteEvent& n : part.patterns[static_cast<std::size_t>(index)]) {
        const std::int64_t step = (static_cast<std::int64_t>(bar) * song_.steps_per_bar + std::max(n.step, 0)) % total_steps;
        Event e;
        e.frame = frame_of_step(step);
        e.gate = std::max<std::int64_t>(frame_of_step(step + std::max(n.length, 1)) - e.frame, 1);
        e.part = static_cast<int>(p);
        e.note = n.note;
        e.velocity = n.velocity;
        const double side = (alternate++ % 2 == 0) ? -1.0 : 1.0;
        e.pan = std::clamp(part.pan + side * std::clamp(part.spread, 0.0, 1.0), -1.0, 1.0);
        e.seed = mix_seed(seed_, static_cast<std::uint32_t>(p) * 100003u + static_cast<std::uint32_t>(events_.size()));
        events_.push_back(e);
      }
    }
  }
  std::stable_sort(events_.begin(), events_.end(), [](const Event& a, const Event& b) { return a.frame < b.frame; });
}

void MusicPlayer::trigger(const Event& e) {
  std::vector<Voice>& pool = voices_[static_cast<std::size_t>(e.part)];
  Voice* voice = nullptr;
  for (Voice& v : pool) {
    if (!v.synth.active()) {
      voice = &v;
      break;
    }
  }
  if (voice == nullptr) {  // none free: the quietest gives way
    voice = &*std::min_element(pool.begin(), pool.end(),
                               [](const Voice& a, const Voice& b) { return a.synth.level() < b.synth.level(); });
    ++stolen_;
  }
  const Part& part = song_.parts[static_cast<std::size_t>(e.part)];
  const double theta = (e.pan + 1.0) * kTwoPi / 8.0;  // constant power
  voice->left = part.level * std::cos(theta);
  voice->right = part.level * std::sin(theta);
  voice->synth.start(part.patch, e.note, e.velocity, e.gate, sample_rate_, e.seed);
}

// ---- render -----------------------------------------------------------------------------

void MusicPlayer::render(std::span<float> out) {
  const std::size_t frames = out.size() / 2;
  std::size_t done = 0;
  while (done < frames) {
    while (next_event_ < events_.size() && events_[next_event_].frame == position_) trigger(events_[next_event_++]);
    const std::int64_t until = next_event_ < events_.size() ? events_[next_event_].frame : loop_frames_;
    const std::size_t n = std::min({frames - done, static_cast<std::size_t>(until - position_), kBlock});
    render_block(out.data() + 2 * done, n);
    done += n;
    position_ += static_cast<std::int64_t>(n);
    if (position_ >= loop_frames_) {  // the loop point: the next pass starts with its first notes
      position_ = 0;
      next_event_ = 0;
    }
  }
}

void MusicPlayer::render_block(float* out, std::size_t n) {
  std::fill_n(mix_left_.begin(), n, 0.0f);
  std::fill_n(mix_right_.begin(), n, 0.0f);
  std::fill_n(send_.begin(), n, 0.0f);
  for (std::size_t p = 0; p < voices_.size(); ++p) {
    bool sounding = false;
    for (const Voice& v : voices_[p]) sounding = sounding || v.synth.active();
    if (!sounding) continue;
    std::fill_n(part_left_.begin(), n, 0.0f);
    std::fill_n(part_right_.begin(), n, 0.0f);
    for (Voice& v : voices_[p]) {
      if (v.synth.active()) v.synth.render_add(part_left_.data(), part_right_.data(), n, v.left, v.right);
    }
    const auto echo = static_cast<float>(0.5 * std::clamp(song_.parts[p].echo, 0.0, 1.0));
    for (std::size_t i = 0; i < n; ++i) {
      mix_left_[i] += part_left_[i];
      mix_right_[i] += part_right_[i];
      send_[i] += echo * (part_left_[i] + part_right_[i]);
    }
  }
  apply_echo(n);
  const double g = song_.gain;
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = static_cast<float>(g * static_cast<double>(mix_left_[i]));
    out[2 * i + 1] = static_cast<float>(g * static_cast<double>(mix_right_[i]));
  }
}

// ---- echo -------------------------------------------------------------------------------

void MusicPlayer::apply_echo(std::size_t n) {
  const double fb = std::clamp(song_.echo_feedback, 0.0, 0.9);
  const double wet = std::clamp(song_.echo_level, 0.0, 1.0);
  const std::size_t length = echo_left_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const double dl = static_cast<double>(echo_left_[echo_at_]), dr = static_cast<double>(echo_right_[echo_at_]);
    echo_lp_left_ += echo_damp_a_ * (dl - echo_lp_left_);
    echo_lp_right_ += echo_damp_a_ * (dr - echo_lp_right_);
    if (std::abs(echo_lp_left_) < 1e-12) echo_lp_left_ = 0.0;  // no denormals in a dying echo
    if (std::abs(echo_lp_right_) < 1e-12) echo_lp_right_ = 0.0;
    // Ping-pong: the send enters on the left, each line feeds the other.
    const double to_left = static_cast<double>(send_[i]) + fb * echo_lp_right_;
    const double to_right = fb * echo_lp_left_;
    echo_left_[echo_at_] = static_cast<float>(to_left);
    echo_right_[echo_at_] = static_cast<float>(to_right);
    mix_left_[i] += static_cast<float>(wet * dl);
    mix_right_[i] += static_cast<float>(wet * dr);
    if (++echo_at_ == length) echo_at_ = 0;
  }
}

}  // namespace racer::audio
