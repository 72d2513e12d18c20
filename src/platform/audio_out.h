#pragma once
// AudioOut: the SDL audio device, fed by audio::Mixer from SDL's audio thread.
// The game thread hands over each frame's parameters (every car's rpm, load, slip,
// position, velocity; one-off impacts and gear changes; the music's cue) into a small parameter block
// guarded by SDL_LockAudioDevice; the callback (which SDL runs with that lock held) mixes
// from it. Without a device (no sound card, SDL audio failing) ok() is false, every call is
// a cheap no-op and the game goes on silent. Works with SDL_AUDIODRIVER=dummy.
#include <SDL_audio.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "audio/cues.h"
#include "audio/mixer.h"
#include "sim/snapshot.h"
#include "vehicle/car_spec.h"

namespace racer {

class World;

struct AudioOutConfig {
  int sample_rate = 48000;  ///< Hz requested; the device may pick another (the mixer follows it)
  int buffer_frames = 512;  ///< frames per callback, a power of two (~11 ms at 48 kHz)
};

/// One car's sound parameters from its snapshot: rpm, load = throttle x traction-control
/// factor, and the tyre squeal of the wheel sliding most (wheels on the road surfaces that
/// squeal: asphalt, kerb, ice; lifted wheels do not). Pure, for the tests.
audio::CarSound car_sound(const CarSnapshot& car, const CarSpec& spec, int id);

class AudioOut {
 public:
  /// Opens the default output device (float stereo). Never throws; check ok() / error().
  explicit AudioOut(const AudioOutConfig& config = {});
  ~AudioOut();
  AudioOut(const AudioOut&) = delete;
  AudioOut& operator=(const AudioOut&) = delete;

  bool ok() const { return device_ != 0; }
  const std::string& error() const { return error_; }
  int sample_rate() const { return sample_rate_; }  ///< Hz the device runs at (0 without one)

  void set_volumes(const audio::MixVolumes& volumes);
  /// The song to play (the mixer crossfades to it) and whether it is ducked; cheap when
  /// unchanged (call it every frame).
  void set_music(const audio::MusicCue& cue);
  /// The cars and listener for the next callbacks (replaces the last ones).
  void update(const std::vector<audio::CarSound>& cars, const audio::Listener& listener);
  /// Queues a one-off sound (at most 64 wait between callbacks; more are dropped).
  void post(const audio::SoundEvent& event);

  /// The game's per-frame hook: every car of the snapshot (its id = its index) with the
  /// specs from `world`, heard from car `listener_car`; gear changes and collisions are
  /// found by comparing with the previous call (audio::CueDetector).
  void update(const WorldSnapshot& snapshot, const World& world, std::size_t listener_car = 0);
  /// Forgets the previous states (a new world: no collision with the old one).
  void reset_cues() { cues_.reset(); }

  /// Frames the callback has mixed so far (tests, diagnostics).
  std::int64_t frames_mixed() const { return frames_mixed_.load(); }

 private:
  static void callback(void* self, Uint8* stream, int len);
  void mix(float* out, int frames);

  SDL_AudioDeviceID device_ = 0;
  bool subsystem_started_ = false;
  int sample_rate_ = 0;
  std::string error_;
  std::unique_ptr<audio::Mixer> mixer_;  ///< audio thread (under the device lock)
  audio::CueDetector cues_;              ///< game thread only
  std::vector<audio::SoundEvent> cue_events_;  ///< game thread scratch

  // The parameter block: written by the game thread and read by the callback, both under
  // SDL_LockAudioDevice.
  std::vector<audio::CarSound> cars_;
  audio::Listener listener_;
  std::vector<audio::SoundEvent> events_;
  audio::MixVolumes volumes_;
  bool volumes_changed_ = true;
  audio::MusicCue music_;  ///< also read by the game thread alone (set_music's comparison)
  bool music_changed_ = false;

  std::atomic<std::int64_t> frames_mixed_{0};
};

}  // namespace racer
