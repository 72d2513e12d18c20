#pragma once
// The game's two songs, written as pattern data in code (audio/songs.cpp), and the small
// notation helpers they are written with (public for the tests).
//   menu_theme(): "Paddock Lights", 92 bpm, D major, 16 bars (about 42 s): a slow pad,
//     a soft bass, an FM bell arpeggio; in the second half a flute-like lead, a soft kick,
//     a shaker and a rim click.
//   race_theme(): "Full Throttle", 140 bpm, A minor, 32 bars (about 55 s): four-on-the-
//     floor drums, a galloping filtered bass, a plucked arpeggio, a pad, a saw lead in
//     the second and fourth sections, a half-time breakdown in the third.
#include <string_view>
#include <vector>

#include "audio/music.h"

namespace racer::audio {

Song menu_theme();
Song race_theme();

// ---- notation ---------------------------------------------------------------------------

/// "A4" -> 69, "C#5" -> 73, "Bb2" -> 46 (C4 = 60); -1 for anything else.
double note_number(std::string_view name);
/// One character per 16th step: 'X' a hit at velocity 1, 'x' 0.7, 'o' 0.4, '.' a rest.
Pattern hits(std::string_view grid, double note);
/// Space-separated tokens, one per step: a note name starts a note, '-' holds the one
/// before, '.' rests. Every note at `velocity`.
Pattern melody(std::string_view tokens, double velocity);
/// One character per step relative to `root`: 'R' the root, 'O' its octave, 'F' its fifth,
/// '-' holds, '.' rests.
Pattern bass_line(std::string_view rhythm, double root, double velocity);
/// The notes together from step 0, held `length` steps.
Pattern chord(const std::vector<double>& notes, int length, double velocity);
/// One character per step: a digit d plays notes[d] for `gate` steps ('.' rests); the
/// first note of each beat is accented (velocity + 0.2).
Pattern arpeggio(const std::vector<double>& notes, std::string_view order, int gate, double velocity);
/// A part's bars: runs of `bars` bars, each cycling through its pattern indices (-1 rests).
struct Run {
  int bars = 1;
  std::vector<int> cycle;
};
std::vector<int> arrange(const std::vector<Run>& runs);

}  // namespace racer::audio
