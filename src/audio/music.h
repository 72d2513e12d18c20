#pragma once
// Music: a song is pattern data defined in code (audio/songs.h), played by a small
// sequencer on the synth voices of audio/synth.h, with a stereo ping-pong echo. No sample
// files, no SDL, no clock: MusicPlayer renders the same samples for the same calls, and
// how the output is cut into blocks does not change them (notes start at exact samples).
//
// Time: a step is a 16th note (steps_per_beat = 4); a pattern is one bar of events; each
// part lists a pattern per bar. The song loops at its last bar: step k starts at sample
// round(k x samples per step), so the loop is a whole number of samples, and notes held
// across the loop point, their release tails and the echo carry on into the next pass.
// A note's sound depends only on the note (voices start from silence, noise is seeded
// from the note's place in the song), so every pass of the loop repeats the first once
// the previous pass's tails have died away.
// Sections: song data | the player.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "audio/synth.h"

namespace racer::audio {

// ---- song data --------------------------------------------------------------------------

struct NoteEvent {
  int step = 0;           ///< 16th-note steps from the start of its bar, >= 0
  int length = 1;         ///< steps the note is held, >= 1 (may run into the next bars)
  double note = 60.0;     ///< MIDI note number (60 = C4)
  double velocity = 1.0;  ///< [0, 1]
};
/// One bar of a part.
using Pattern = std::vector<NoteEvent>;

/// One instrument's line through the song.
struct Part {
  std::string name;
  Patch patch;
  double level = 1.0;   ///< gain of the part
  double pan = 0.0;     ///< [-1, 1], left .. right (constant power)
  double spread = 0.0;  ///< [0, 1]: notes struck together alternate this far left / right of pan
  double echo = 0.0;    ///< [0, 1], send to the echo
  int voices = 4;       ///< polyphony; a note with none free takes the quietest voice
  std::vector<Pattern> patterns;
  std::vector<int> bars;  ///< a pattern index per bar of the song, -1 = rest (shorter: rests)
};

struct Song {
  std::string name;
  double bpm = 120.0;          ///< quarter notes per minute, [40, 300]
  int steps_per_bar = 16;      ///< 16th-note steps per bar
  int bars = 8;                ///< the loop, bars
  double echo_steps = 3.0;     ///< echo delay, steps (3: a dotted eighth)
  double echo_feedback = 0.35; ///< [0, 0.9]
  double echo_level = 0.5;     ///< [0, 1], the echo's return
  double echo_damping = 3500.0;///< Hz, low-pass in the echo's feedback
  double gain = 0.5;           ///< the whole song's level
  std::vector<Part> parts;
};

// ---- the player -------------------------------------------------------------------------

class MusicPlayer {
 public:
  /// `song` is copied. sample_rate Hz [8000, 192000]; seed: the drums' noise.
  MusicPlayer(Song song, double sample_rate, std::uint32_t seed = 1);

  /// Writes out.size() / 2 frames of interleaved stereo (L R L R ...) and moves on.
  void render(std::span<float> out);
  /// Back to the start of the song, every voice and the echo silenced.
  void restart();

  const Song& song() const { return song_; }
  double sample_rate() const { return sample_rate_; }
  /// Samples in one pass of the loop.
  std::int64_t loop_frames() const { return loop_frames_; }
  /// Samples into the current pass, [0, loop_frames).
  std::int64_t position() const { return position_; }
  /// Sample at which 16th step `step` of the loop starts.
  std::int64_t frame_of_step(std::int64_t step) const;
  /// Notes that found no free voice so far (took a sounding one).
  std::int64_t voices_stolen() const { return stolen_; }

 private:
  struct Event {
    std::int64_t frame = 0;  ///< in the loop
    std::int64_t gate = 1;   ///< samples held
    int part = 0;
    double note = 60.0, velocity = 1.0;
    double pan = 0.0;        ///< [-1, 1], the part's pan and spread
    std::uint32_t seed = 1;
  };
  struct Voice {
    SynthVoice synth;
    double left = 0.0, right = 0.0;  ///< pan gains of its note
  };
  void compile_events();
  void trigger(const Event& e);
  void render_block(float* out, std::size_t n);
  void apply_echo(std::size_t n);

  Song song_;
  double sample_rate_;
  std::uint32_t seed_;
  double frames_per_step_ = 0.0;
  std::int64_t loop_frames_ = 1;
  std::vector<Event> events_;               ///< sorted by frame
  std::vector<std::vector<Voice>> voices_;  ///< per part
  std::vector<float> part_left_, part_right_, mix_left_, mix_right_, send_;  ///< scratch, one block
  std::int64_t position_ = 0;
  std::size_t next_event_ = 0;
  std::int64_t stolen_ = 0;
  // The echo: two delay lines feeding each other (ping-pong), damped.
  std::vector<float> echo_left_, echo_right_;
  std::size_t echo_at_ = 0;
  double echo_lp_left_ = 0.0, echo_lp_right_ = 0.0, echo_damp_a_ = 0.0;
};

}  // namespace racer::audio
