#pragma once
// Mixer: every car's voices (engine, tyres, impacts, gear changes) mixed into one
// interleaved stereo buffer for a listener: inverse-distance attenuation, constant-power
// pan along the listener's right, Doppler on the engine, volume settings, a soft limiter.
// Under them the music (audio/music.h, audio/songs.h): the menu theme or the race music,
// crossfaded when the cue changes, at its own volume, ducked (the pause menu) with a glide.
// Pure: no SDL, no clock; the same calls give the same samples.
// Sections: inputs | spatial helpers | the mixer.
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "audio/engine_voice.h"
#include "audio/impact_voice.h"
#include "audio/music.h"
#include "audio/shift_voice.h"
#include "audio/squeal_voice.h"
#include "core/vec2.h"

namespace racer::audio {

// ---- inputs ---------------------------------------------------------------------------

/// One car's sound parameters for the next block.
struct CarSound {
  int id = 0;            ///< stable key (the car's index): each id keeps its own voices
  Vec2 position;         ///< m, world
  Vec2 velocity;         ///< m/s, world (Doppler)
  EngineParams engine;
  SquealParams squeal;
};

/// A one-off sound on a car.
struct SoundEvent {
  enum class Kind { Impact, Shift };
  Kind kind = Kind::Impact;
  int car = 0;               ///< CarSound::id it belongs to (dropped if that car is not rendered)
  double impulse = 0.0;      ///< Impact: N·s
  int from_gear = 0;         ///< Shift: -1 R, 0 N, 1..n
  int to_gear = 0;
};

struct Listener {
  Vec2 position;        ///< m, world
  Vec2 velocity;        ///< m/s, world (Doppler)
  Vec2 right{1.0, 0.0}; ///< unit vector toward the right ear, world (top-down screen: +x)
};

struct MixVolumes {
  double master = 0.8;   ///< [0, 1]
  double engine = 0.7;   ///< [0, 1], engines
  double effects = 0.8;  ///< [0, 1], tyres, impacts, gear changes
  double music = 0.7;    ///< [0, 1], the music
};

/// Which song plays.
enum class MusicPiece { None, Menu, Race };
struct MusicCue {
  MusicPiece piece = MusicPiece::None;
  bool ducked = false;  ///< lowered by MixConfig::duck_db (under the pause menu)
  bool operator==(const MusicCue&) const = default;
};

struct MixConfig {
  double sample_rate = 48000.0;     ///< Hz, [8000, 192000]
  double reference_distance = 8.0;  ///< m: full loudness within (> 0)
  double max_distance = 400.0;      ///< m: silent and not synthesised beyond
  double rolloff = 1.0;             ///< inverse-distance roll-off factor (1: gain halves per doubling)
  double pan_width = 0.8;           ///< [0, 1]: how far to one side a source can go
  double doppler = 1.0;             ///< Doppler scale, 0 = off
  std::uint32_t seed = 1;           ///< noise seed (each car's voices mix in their id)
  double music_fade = 1.2;          ///< s, a song fading in or out (the crossfade), > 0
  double duck_db = -12.0;           ///< dB, the music's level while ducked, <= 0
  double duck_time = 0.12;          ///< s, time constant of the duck's glide, > 0
};

// ---- spatial helpers ------------------------------------------------------------------

/// Distance gain [0, 1]: ref / (ref + rolloff (max(d, ref) - ref)), faded linearly to 0
/// over the last quarter before max_distance and 0 beyond (d in m; NaN counts as beyond).
double distance_gain(double distance, const MixConfig& config);

struct StereoGain {
  double left = 0.0, right = 0.0;
};
/// Constant-power pan: pan -1 (left) .. 0 (centre) .. 1 (right) -> gains with
/// left^2 + right^2 = 1 (clamped; NaN -> centre).
StereoGain pan_gains(double pan);

/// Pan [-pan_width, pan_width] of a source for the listener: its offset along the
/// listener's right over max(distance, reference_distance), so near sources stay central.
double source_pan(Vec2 source, const Listener& listener, const MixConfig& config);

/// Doppler pitch factor [0.5, 2] for a source heard by the listener (speed of sound 343 m/s).
double doppler_factor(Vec2 source_pos, Vec2 source_vel, const Listener& listener, const MixConfig& config);

/// Float samples [-1, 1] to int16 (rounded, saturated); out.size() >= in.size().
void to_int16(std::span<const float> in, std::span<std::int16_t> out);

// ---- the mixer ------------------------------------------------------------------------

class Mixer {
 public:
  explicit Mixer(MixConfig config = {});

  /// Clamped to [0, 1]; glide in ~20 ms (set before the first render(), they apply at once).
  void set_volumes(const MixVolumes& volumes);
  const MixConfig& config() const { return config_; }

  /// The song to play: a new piece fades in from its start while the old one fades out
  /// (MixConfig::music_fade) and is rewound; ducking glides (MixConfig::duck_time). Set
  /// before the first render(), it applies at once.
  void set_music(const MusicCue& cue);
  const MusicCue& music() const { return music_cue_; }
  /// [0, 1], how far faded in a piece is (tests).
  double music_fade(MusicPiece piece) const;
  /// The piece's player, null for None (tests: its loop length and position).
  const MusicPlayer* music_player(MusicPiece piece) const;

  /// Queues a one-off sound; it starts at the next render() that lists its car.
  void post(const SoundEvent& event);

  /// Renders out.size() / 2 frames of interleaved stereo (L R L R ...) in [-1, 1]. Cars
  /// missing from `cars` fade out within ~20 ms and are then forgotten. Gains, pan and
  /// pitch glide per sample, so with steady inputs the output does not depend on how it
  /// is cut into blocks.
  void render(std::span<const CarSound> cars, const Listener& listener, std::span<float> out);
  /// The same into int16 (uses an internal float buffer).
  void render(std::span<const CarSound> cars, const Listener& listener, std::span<std::int16_t> out);

  std::size_t source_count() const { return sources_.size(); }

 private:
  struct Source {
    Source(int id, const MixConfig& config);
    int id;
    EngineVoice engine;
    SquealVoice squeal;
    ImpactVoice impact;
    ShiftVoice shift;
    Smoother engine_left, engine_right, fx_left, fx_right;
    bool listed = false;  ///< in this render's cars
  };
  struct SongSlot {
    MusicPiece piece = MusicPiece::None;
    std::unique_ptr<MusicPlayer> player;
    double fade = 0.0;  ///< [0, 1], linear; heard through a smoothstep
  };
  Source& source_for(int id);
  void deliver_events(std::span<const CarSound> cars);
  void mix_source(Source& s, const CarSound* car, const Listener& listener, std::span<float> out);
  void mix_music(std::span<float> out);
  double duck_target() const;  ///< 1, or the duck's gain while ducked

  MixConfig config_;
  MixVolumes target_volumes_{};
  Smoother master_;
  bool started_ = false;  ///< a render() has run
  std::vector<Source> sources_;
  std::vector<SoundEvent> pending_;
  std::vector<float> engine_buf_, fx_buf_, float_out_;
  MusicCue music_cue_;
  std::array<SongSlot, 2> songs_;  ///< the menu theme, the race music
  Smoother music_volume_;  ///< the volume setting (glides like the others)
  Smoother music_duck_;    ///< 1 or the duck's gain (glides over duck_time)
  std::vector<float> music_buf_, song_buf_;
};

}  // namespace racer::audio
