// Sections: spatial helpers | sources | music | render.
#include "audio/mixer.h"

#include <algorithm>
#include <cmath>

#include "audio/songs.h"

namespace racer::audio {
namespace {

constexpr double kSpeedOfSound = 343.0;  // m/s, air at 20 °C
constexpr double kGainGlide = 0.02;      // s

}  // namespace

// ---- spatial helpers ------------------------------------------------------------------

double distance_gain(double distance, const MixConfig& config) {
  if (std::isnan(distance) || distance >= config.max_distance) return 0.0;
  const double ref = std::max(config.reference_distance, 1e-3);
  const double d = std::max(distance, ref);
  const double g = ref / (ref + std::max(config.rolloff, 0.0) * (d - ref));
  const double fade = std::clamp((config.max_distance - d) / (0.25 * config.max_distance), 0.0, 1.0);
  return g * fade;
}

StereoGain pan_gains(double pan) {
  const double p = sanitize(pan, -1.0, 1.0, 0.0);
  const double theta = (p + 1.0) * kTwoPi / 8.0;  // 0 .. pi/2
  return {std::cos(theta), std::sin(theta)};
}

double source_pan(Vec2 source, const Listener& listener, const MixConfig& config) {
  const Vec2 rel = source - listener.position;
  const double d = length(rel);
  if (std::isnan(d)) return 0.0;
  const double rl = length(listener.right);
  const Vec2 right = rl > 1e-9 && !std::isnan(rl) ? listener.right / rl : Vec2{1.0, 0.0};
  const double side = dot(rel, right) / std::max(d, std::max(config.reference_distance, 1e-3));
  return std::clamp(config.pan_width, 0.0, 1.0) * std::clamp(side, -1.0, 1.0);
}

double doppler_factor(Vec2 source_pos, Vec2 source_vel, const Listener& listener, const MixConfig& config) {
  const Vec2 rel = source_pos - listener.position;
  const double d = length(rel);
  if (!(d > 1e-6) || std::isinf(d)) return 1.0;
  const Vec2 u = rel / d;  // listener -> source
  const double k = std::max(config.doppler, 0.0);
  const double f = (kSpeedOfSound + k * dot(listener.velocity, u)) / (kSpeedOfSound + k * dot(source_vel, u));
  return sanitize(f, 0.5, 2.0, 1.0);
}

void to_int16(std::span<const float> in, std::span<std::int16_t> out) {
  const std::size_t n = std::min(in.size(), out.size());
  for (std::size_t i = 0; i < n; ++i) {
    const float x = std::isnan(in[i]) ? 0.0f : std::clamp(in[i], -1.0f, 1.0f);
    out[i] = static_cast<std::int16_t>(std::lround(x * 32767.0f));
  }
}

// ---- sources --------------------------------------------------------------------------

Mixer::Source::Source(int id_, const MixConfig& config)
    : id(id_),
      engine(config.sample_rate, mix_seed(config.seed, static_cast<std::uint32_t>(id_) * 4u + 0u)),
      squeal(config.sample_rate, mix_seed(config.seed, static_cast<std::uint32_t>(id_) * 4u + 1u)),
      impact(config.sample_rate, mix_seed(config.seed, static_cast<std::uint32_t>(id_) * 4u + 2u)),
      shift(config.sample_rate, mix_seed(config.seed, static_cast<std::uint32_t>(id_) * 4u + 3u)),
      engine_left(kGainGlide, config.sample_rate), engine_right(kGainGlide, config.sample_rate),
      fx_left(kGainGlide, config.sample_rate), fx_right(kGainGlide, config.sample_rate) {}

Mixer::Mixer(MixConfig config) : config_(config) {
  config_.sample_rate = sanitize(config_.sample_rate, 8000.0, 192000.0, 48000.0);
  config_.music_fade = sanitize(config_.music_fade, 1e-3, 60.0, 1.2);
  config_.duck_db = sanitize(config_.duck_db, -96.0, 0.0, -12.0);
  config_.duck_time = sanitize(config_.duck_time, 1e-3, 10.0, 0.12);
  master_ = Smoother(kGainGlide, config_.sample_rate, target_volumes_.master);
  music_volume_ = Smoother(kGainGlide, config_.sample_rate, 0.0);
  music_duck_ = Smoother(config_.duck_time, config_.sample_rate, 1.0);
  songs_[0] = {MusicPiece::Menu, std::make_unique<MusicPlayer>(menu_theme(), config_.sample_rate, mix_seed(config_.seed, 0x4D55u)), 0.0};
  songs_[1] = {MusicPiece::Race, std::make_unique<MusicPlayer>(race_theme(), config_.sample_rate, mix_seed(config_.seed, 0x5241u)), 0.0};
  sources_.reserve(32);
  pending_.reserve(64);
}

void Mixer::set_volumes(const MixVolumes& v) {
  target_volumes_ = {sanitize(v.master, 0.0, 1.0, 0.0), sanitize(v.engine, 0.0, 1.0, 0.0),
                     sanitize(v.effects, 0.0, 1.0, 0.0), sanitize(v.music, 0.0, 1.0, 0.0)};
}

void Mixer::post(const SoundEvent& event) { pending_.push_back(event); }

Mixer::Source& Mixer::source_for(int id) {
  for (Source& s : sources_) {
    if (s.id == id) return s;
  }
  return sources_.emplace_back(id, config_);
}

void Mixer::deliver_events(std::span<const CarSound> cars) {
  for (const SoundEvent& e : pending_) {
    const bool listed = std::any_of(cars.begin(), cars.end(), [&](const CarSound& c) { return c.id == e.car; });
    if (!listed) continue;
    Source& s = source_for(e.car);
    if (e.kind == SoundEvent::Kind::Impact) s.impact.trigger(e.impulse);
    else s.shift.trigger(e.from_gear, e.to_gear);
  }
  pending_.clear();
}

// ---- music ----------------------------------------------------------------------------

void Mixer::set_music(const MusicCue& cue) { music_cue_ = cue; }

double Mixer::music_fade(MusicPiece piece) const {
  for (const SongSlot& s : songs_)
    if (s.piece == piece) return s.fade;
  return 0.0;
}

const MusicPlayer* Mixer::music_player(MusicPiece piece) const {
  for (const SongSlot& s : songs_)
    if (s.piece == piece) return s.player.get();
  return nullptr;
}

double Mixer::duck_target() const { return music_cue_.ducked ? std::pow(10.0, config_.duck_db / 20.0) : 1.0; }

void Mixer::mix_music(std::span<float> out) {
  const std::size_t frames = out.size() / 2;
  const double volume = target_volumes_.music, duck = duck_target();
  if (volume == 0.0 && music_volume_.value() == 0.0) return;  // muted: nothing to synthesise
  if (music_buf_.size() < out.size()) {
    music_buf_.resize(out.size());
    song_buf_.resize(out.size());
  }
  std::fill_n(music_buf_.begin(), out.size(), 0.0f);
  const double step = 1.0 / (config_.music_fade * config_.sample_rate);
  for (SongSlot& s : songs_) {
    const double to = s.piece == music_cue_.piece ? 1.0 : 0.0;
    if (s.fade == 0.0 && to == 0.0) continue;
    const std::span<float> song(song_buf_.data(), out.size());
    s.player->render(song);
    for (std::size_t i = 0; i < frames; ++i) {
      s.fade = to > s.fade ? std::min(to, s.fade + step) : std::max(to, s.fade - step);
      const double heard = s.fade * s.fade * (3.0 - 2.0 * s.fade);  // smoothstep: no corner at the ends
      music_buf_[2 * i] += static_cast<float>(heard * static_cast<double>(song[2 * i]));
      music_buf_[2 * i + 1] += static_cast<float>(heard * static_cast<double>(song[2 * i + 1]));
    }
    if (s.fade == 0.0) s.player->restart();  // faded out: next time from the top
  }
  for (std::size_t i = 0; i < frames; ++i) {
    const double g = music_volume_.next(volume) * music_duck_.next(duck);
    out[2 * i] += static_cast<float>(g * static_cast<double>(music_buf_[2 * i]));
    out[2 * i + 1] += static_cast<float>(g * static_cast<double>(music_buf_[2 * i + 1]));
  }
}

// ---- render ---------------------------------------------------------------------------

void Mixer::mix_source(Source& s, const CarSound* car, const Listener& listener, std::span<float> out) {
  const std::size_t frames = out.size() / 2;
  StereoGain engine_target, fx_target;
  if (car != nullptr) {
    const double d = length(car->position - listener.position);
    const double g = distance_gain(d, config_);
    const StereoGain pan = pan_gains(source_pan(car->position, listener, config_));
    engine_target = {g * pan.left * target_volumes_.engine, g * pan.right * target_volumes_.engine};
    fx_target = {g * pan.left * target_volumes_.effects, g * pan.right * target_volumes_.effects};
    EngineParams e = car->engine;
    e.rpm *= doppler_factor(car->position, car->velocity, listener, config_);
    s.engine.set(e);
    s.squeal.set(car->squeal);
  }
  const bool silent_now = s.engine_left.value() == 0.0 && s.engine_right.value() == 0.0 &&
                          s.fx_left.value() == 0.0 && s.fx_right.value() == 0.0;
  const bool silent_target = engine_target.left == 0.0 && engine_target.right == 0.0 && fx_target.left == 0.0 &&
                             fx_target.right == 0.0;
  if (silent_now && silent_target) {  // out of earshot: nothing to synthesise, no hit kept for later
    s.impact.silence();
    s.shift.silence();
    return;
  }
  std::fill(engine_buf_.begin(), engine_buf_.begin() + static_cast<std::ptrdiff_t>(frames), 0.0f);
  std::fill(fx_buf_.begin(), fx_buf_.begin() + static_cast<std::ptrdiff_t>(frames), 0.0f);
  const std::span<float> eng(engine_buf_.data(), frames), fx(fx_buf_.data(), frames);
  s.engine.render_add(eng);
  s.squeal.render_add(fx);
  s.impact.render_add(fx);
  s.shift.render_add(fx);
  for (std::size_t i = 0; i < frames; ++i) {
    const double e = eng[i], f = fx[i];
    const double left = e * s.engine_left.next(engine_target.left) + f * s.fx_left.next(fx_target.left);
    const double right = e * s.engine_right.next(engine_target.right) + f * s.fx_right.next(fx_target.right);
    out[2 * i] += static_cast<float>(left);
    out[2 * i + 1] += static_cast<float>(right);
  }
}

void Mixer::render(std::span<const CarSound> cars, const Listener& listener, std::span<float> out) {
  const std::size_t frames = out.size() / 2;
  std::fill(out.begin(), out.end(), 0.0f);
  if (!started_) {  // what was set before the first block applies at once
    master_.reset(target_volumes_.master);
    music_volume_.reset(target_volumes_.music);
    music_duck_.reset(duck_target());
    for (SongSlot& s : songs_) s.fade = s.piece == music_cue_.piece ? 1.0 : 0.0;
  }
  started_ = true;
  if (engine_buf_.size() < frames) {
    engine_buf_.resize(frames);
    fx_buf_.resize(frames);
  }
  // Sources first (creating one may move the others), then the events, then the mix.
  for (const CarSound& c : cars) source_for(c.id);
  deliver_events(cars);
  for (Source& s : sources_) s.listed = false;
  for (const CarSound& c : cars) {
    Source& s = source_for(c.id);
    if (s.listed) continue;  // a repeated id is mixed once
    s.listed = true;
    mix_source(s, &c, listener, out);
  }
  for (Source& s : sources_) {
    if (!s.listed) mix_source(s, nullptr, listener, out);
  }
  std::erase_if(sources_, [](const Source& s) {
    return !s.listed && s.engine_left.value() == 0.0 && s.engine_right.value() == 0.0 && s.fx_left.value() == 0.0 &&
           s.fx_right.value() == 0.0;
  });
  mix_music(out);  // under the cars: the music's level sits below the effects'
  for (std::size_t i = 0; i < frames; ++i) {
    const double m = master_.next(target_volumes_.master);
    out[2 * i] = static_cast<float>(soft_clip(m * static_cast<double>(out[2 * i])));
    out[2 * i + 1] = static_cast<float>(soft_clip(m * static_cast<double>(out[2 * i + 1])));
  }
}

void Mixer::render(std::span<const CarSound> cars, const Listener& listener, std::span<std::int16_t> out) {
  float_out_.resize(out.size());
  render(cars, listener, std::span<float>(float_out_));
  to_int16(float_out_, out);
}

}  // namespace racer::audio
