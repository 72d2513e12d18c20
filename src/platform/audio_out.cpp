// Sections: snapshot -> sound parameters | the device | the game thread's side | the callback.
#include "platform/audio_out.h"

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <span>

#include "sim/world.h"

namespace racer {
namespace {

constexpr std::size_t kMaxPendingEvents = 64;

bool squeals_on(Surface s) { return s == Surface::Asphalt || s == Surface::Kerb || s == Surface::Ice; }

}  // namespace

// ---- snapshot -> sound parameters -----------------------------------------------------

audio::CarSound car_sound(const CarSnapshot& car, const CarSpec& spec, int id) {
  audio::CarSound s;
  s.id = id;
  s.position = car.position;
  s.velocity = car.velocity;
  s.engine = {car.rpm, std::clamp(car.throttle * car.tcs, 0.0, 1.0), spec.engine.cylinders};
  // Per wheel: combined slip hypot(ratio, sin(angle)); sliding speed from the slip ratio's
  // own denominator (max(|v|, 0.5 m/s)) and the sideways component |v| sin(angle).
  const double v = std::abs(car.speed);
  for (const WheelSnapshot& w : car.wheels) {
    if (w.load <= 0.0 || !squeals_on(w.surface)) continue;
    const double side = std::sin(w.slip_angle);
    const double slip = std::hypot(w.slip_ratio, side);
    const double sliding = std::hypot(w.slip_ratio * std::max(v, 0.5), v * side);
    if (slip > s.squeal.slip) s.squeal = {slip, sliding};
  }
  return s;
}

// ---- the device -----------------------------------------------------------------------

AudioOut::AudioOut(const AudioOutConfig& config) {
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
    error_ = std::string("no audio: ") + SDL_GetError();
    return;
  }
  subsystem_started_ = true;
  SDL_AudioSpec want{};
  want.freq = config.sample_rate;
  want.format = AUDIO_F32SYS;
  want.channels = 2;
  want.samples = static_cast<Uint16>(std::clamp(config.buffer_frames, 64, 8192));
  want.callback = &AudioOut::callback;
  want.userdata = this;
  SDL_AudioSpec have{};
  // SDL converts format and channels for us; a different rate or buffer size is taken as is.
  device_ = SDL_OpenAudioDevice(nullptr, 0, &want, &have,
                                SDL_AUDIO_ALLOW_FREQUENCY_CHANGE | SDL_AUDIO_ALLOW_SAMPLES_CHANGE);
  if (device_ == 0) {
    error_ = std::string("no audio device: ") + SDL_GetError();
    return;
  }
  sample_rate_ = have.freq;
  audio::MixConfig mix;
  mix.sample_rate = static_cast<double>(have.freq);
  mixer_ = std::make_unique<audio::Mixer>(mix);
  cars_.reserve(32);
  events_.reserve(kMaxPendingEvents);
  SDL_PauseAudioDevice(device_, 0);  // start
}

AudioOut::~AudioOut() {
  if (device_ != 0) SDL_CloseAudioDevice(device_);  // waits for a running callback
  if (subsystem_started_) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

// ---- the game thread's side -----------------------------------------------------------

void AudioOut::set_volumes(const audio::MixVolumes& volumes) {
  if (!ok()) return;
  SDL_LockAudioDevice(device_);
  volumes_ = volumes;
  volumes_changed_ = true;
  SDL_UnlockAudioDevice(device_);
}

void AudioOut::set_music(const audio::MusicCue& cue) {
  if (!ok() || cue == music_) return;
  SDL_LockAudioDevice(device_);
  music_ = cue;
  music_changed_ = true;
  SDL_UnlockAudioDevice(device_);
}

void AudioOut::update(const std::vector<audio::CarSound>& cars, const audio::Listener& listener) {
  if (!ok()) return;
  SDL_LockAudioDevice(device_);
  cars_ = cars;  // capacity is kept: no allocation once the field is known
  listener_ = listener;
  SDL_UnlockAudioDevice(device_);
}

void AudioOut::post(const audio::SoundEvent& event) {
  if (!ok()) return;
  SDL_LockAudioDevice(device_);
  if (events_.size() < kMaxPendingEvents) events_.push_back(event);
  SDL_UnlockAudioDevice(device_);
}

void AudioOut::update(const WorldSnapshot& snapshot, const World& world, std::size_t listener_car) {
  if (!ok()) return;
  const std::size_t n = std::min(snapshot.cars.size(), world.car_count());
  std::vector<audio::CarSound> cars;
  cars.reserve(n);
  cue_events_.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const CarSnapshot& c = snapshot.cars[i];
    const CarSpec& spec = world.car(i).spec();
    const int id = static_cast<int>(i);
    cars.push_back(car_sound(c, spec, id));
    cues_.update({id, c.gear, c.position, c.velocity, spec.body.mass, snapshot.time}, cue_events_);
  }
  audio::Listener listener;
  if (listener_car < n) {
    listener.position = snapshot.cars[listener_car].position;
    listener.velocity = snapshot.cars[listener_car].velocity;
  }
  SDL_LockAudioDevice(device_);
  cars_ = std::move(cars);
  listener_ = listener;
  for (const audio::SoundEvent& e : cue_events_) {
    if (events_.size() < kMaxPendingEvents) events_.push_back(e);
  }
  SDL_UnlockAudioDevice(device_);
}

// ---- the callback (SDL's audio thread, device lock held) ------------------------------

void AudioOut::callback(void* self, Uint8* stream, int len) {
  auto* out = static_cast<AudioOut*>(self);
  const int frames = len / static_cast<int>(2 * sizeof(float));
  out->mix(reinterpret_cast<float*>(stream), frames);
}

void AudioOut::mix(float* out, int frames) {
  if (volumes_changed_) {
    mixer_->set_volumes(volumes_);
    volumes_changed_ = false;
  }
  if (music_changed_) {
    mixer_->set_music(music_);
    music_changed_ = false;
  }
  for (const audio::SoundEvent& e : events_) mixer_->post(e);
  events_.clear();
  mixer_->render(cars_, listener_, std::span<float>(out, 2 * static_cast<std::size_t>(frames)));
  frames_mixed_ += frames;
}

}  // namespace racer
