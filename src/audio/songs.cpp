// Sections: notation | instruments | menu theme | race theme.
#include "audio/songs.h"

#include <algorithm>
#include <cctype>

namespace racer::audio {

// ---- notation ---------------------------------------------------------------------------

double note_number(std::string_view name) {
  static constexpr int kSemitone[] = {9, 11, 0, 2, 4, 5, 7};  // A B C D E F G
  if (name.size() < 2) return -1.0;
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  if (letter < 'A' || letter > 'G') return -1.0;
  int semitone = kSemitone[letter - 'A'];
  std::size_t i = 1;
  if (name[i] == '#') semitone += 1, ++i;
  else if (name[i] == 'b') semitone -= 1, ++i;
  if (i >= name.size()) return -1.0;
  int octave = 0;
  for (; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return -1.0;
    octave = octave * 10 + (name[i] - '0');
  }
  return 12.0 * (octave + 1) + semitone;
}

Pattern hits(std::string_view grid, double note) {
  Pattern p;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const double v = grid[i] == 'X' ? 1.0 : grid[i] == 'x' ? 0.7 : grid[i] == 'o' ? 0.4 : 0.0;
    if (v > 0.0) p.push_back({static_cast<int>(i), 1, note, v});
  }
  return p;
}

Pattern melody(std::string_view tokens, double velocity) {
  Pattern p;
  int step = 0;
  bool holding = false;
  std::size_t at = 0;
  while (at < tokens.size()) {
    while (at < tokens.size() && tokens[at] == ' ') ++at;
    if (at >= tokens.size()) break;
    std::size_t end = tokens.find(' ', at);
    if (end == std::string_view::npos) end = tokens.size();
    const std::string_view t = tokens.substr(at, end - at);
    at = end;
    if (t == "-") {
      if (holding) ++p.back().length;
    } else if (t == ".") {
      holding = false;
    } else if (const double n = note_number(t); n >= 0.0) {
      p.push_back({step, 1, n, velocity});
      holding = true;
    }
    ++step;
  }
  return p;
}

Pattern bass_line(std::string_view rhythm, double root, double velocity) {
  Pattern p;
  bool holding = false;
  for (std::size_t i = 0; i < rhythm.size(); ++i) {
    const char c = rhythm[i];
    if (c == '-') {
      if (holding) ++p.back().length;
      continue;
    }
    holding = c == 'R' || c == 'O' || c == 'F';
    if (holding) p.push_back({static_cast<int>(i), 1, root + (c == 'O' ? 12.0 : c == 'F' ? 7.0 : 0.0), velocity});
  }
  return p;
}

Pattern chord(const std::vector<double>& notes, int length, double velocity) {
  Pattern p;
  for (double n : notes) p.push_back({0, length, n, velocity});
  return p;
}

Pattern arpeggio(const std::vector<double>& notes, std::string_view order, int gate, double velocity) {
  Pattern p;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(order[i]))) continue;
    const auto d = static_cast<std::size_t>(order[i] - '0');
    if (d >= notes.size()) continue;
    p.push_back({static_cast<int>(i), gate, notes[d], std::min(1.0, velocity + (i % 4 == 0 ? 0.2 : 0.0))});
  }
  return p;
}

std::vector<int> arrange(const std::vector<Run>& runs) {
  std::vector<int> bars;
  for (const Run& r : runs)
    for (int i = 0; i < r.bars; ++i) bars.push_back(r.cycle.empty() ? -1 : r.cycle[static_cast<std::size_t>(i) % r.cycle.size()]);
  return bars;
}

namespace {

// ---- instruments ------------------------------------------------------------------------

Patch kick() {
  Patch p;
  p.wave = Wave::Sine;
  p.pitch_drop = 30.0;  // a fast sweep from ~280 Hz down to the note: the beater, then the body
  p.pitch_decay = 0.03;
  p.attack = 0.001;
  p.decay = 0.16;
  p.sustain = 0.0;
  p.release = 0.04;
  return p;
}

Patch snare(double decay) {
  Patch p;
  p.wave = Wave::Sine;
  p.osc_a = 0.6;  // the shell's tone under the wires' noise
  p.pitch_drop = 5.0;
  p.pitch_decay = 0.03;
  p.noise = 0.9;
  p.noise_highpass = 1200.0;
  p.cutoff = 9000.0;
  p.attack = 0.001;
  p.decay = decay;
  p.sustain = 0.0;
  p.release = 0.04;
  return p;
}

Patch hat(double decay, double highpass) {
  Patch p;
  p.osc_a = 0.0;
  p.noise = 1.0;
  p.noise_highpass = highpass;
  p.filter = FilterMode::High;
  p.cutoff = highpass;
  p.attack = 0.001;
  p.decay = decay;
  p.sustain = 0.0;
  p.release = 0.03;
  return p;
}

Patch pad(double attack, double release, double cutoff) {
  Patch p;
  p.wave = p.wave_b = Wave::Saw;
  p.osc_a = p.osc_b = 0.5;
  p.detune_b = 0.14;  // two saws 14 cents apart: a slow chorus
  p.cutoff = cutoff;
  p.cutoff_env = 500.0;
  p.filter_decay = 1.2;
  p.resonance = 0.8;
  p.attack = attack;
  p.decay = 1.5;
  p.sustain = 0.8;
  p.release = release;
  return p;
}

// ---- menu theme -------------------------------------------------------------------------

}  // namespace

Song menu_theme() {
  Song s;
  s.name = "Paddock Lights";
  s.bpm = 92.0;
  s.bars = 16;
  s.echo_steps = 3.0;
  s.echo_feedback = 0.4;
  s.echo_level = 0.45;
  s.echo_damping = 3000.0;
  s.gain = 0.35;  // peaks near 0.45
  // Gmaj7 A6 F#m7 Bm7 | Em7 A7sus4 Dmaj9 D, twice; the second time with the lead and drums.
  const std::vector<std::vector<double>> chords = {
      {55, 59, 62, 66}, {57, 61, 64, 66}, {54, 57, 61, 64}, {57, 59, 62, 66},
      {55, 59, 62, 64}, {55, 57, 62, 64}, {54, 57, 61, 64}, {57, 62, 66, 69}};
  const std::vector<double> roots = {43, 45, 42, 47, 40, 45, 38, 38};
  const std::vector<int> progression = {0, 1, 2, 3, 4, 5, 6, 7};

  Part pad_part{"pad", pad(0.7, 0.4, 1100.0), 0.42, 0.0, 0.6, 0.25, 12, {}, {}};
  Part bass{"bass", {}, 0.55, 0.0, 0.0, 0.0, 4, {}, {}};
  bass.patch.wave = Wave::Sine;
  bass.patch.wave_b = Wave::Triangle;
  bass.patch.osc_a = 0.8;
  bass.patch.osc_b = 0.3;
  bass.patch.cutoff = 900.0;
  bass.patch.attack = 0.012;
  bass.patch.decay = 1.2;
  bass.patch.sustain = 0.6;
  bass.patch.release = 0.25;
  Part bell{"bell", {}, 0.3, 0.0, 0.45, 0.45, 8, {}, {}};
  bell.patch.wave = Wave::Sine;
  bell.patch.fm_ratio = 1.0;  // an electric piano's tine: the modulator at the note, its index dying away
  bell.patch.fm_index = 2.2;
  bell.patch.fm_decay = 0.35;
  bell.patch.attack = 0.002;
  bell.patch.decay = 0.3;
  bell.patch.sustain = 0.0;
  bell.patch.release = 0.25;
  for (std::size_t c = 0; c < chords.size(); ++c) {
    pad_part.patterns.push_back(chord(chords[c], 16, 0.8));
    bass.patterns.push_back(bass_line("R---------R---F-", roots[c], 0.9));
    std::vector<double> up = chords[c];
    for (double& n : up) n += 12.0;
    bell.patterns.push_back(arpeggio(up, "0.1.2.3.2.1.3.2.", 3, 0.55));
  }
  pad_part.bars = arrange({{16, progression}});
  bass.bars = arrange({{16, progression}});
  bell.bars = arrange({{2, {-1}}, {6, {2, 3, 4, 5, 6, 7}}, {8, progression}});

  Part lead{"lead", {}, 0.34, 0.1, 0.0, 0.5, 6, {}, {}};
  lead.patch.wave = Wave::Triangle;
  lead.patch.wave_b = Wave::Sine;
  lead.patch.osc_b = 0.25;
  lead.patch.detune_b = 12.0;
  lead.patch.noise = 0.02;  // breath
  lead.patch.noise_highpass = 3000.0;
  lead.patch.cutoff = 3200.0;
  lead.patch.attack = 0.05;
  lead.patch.decay = 0.6;
  lead.patch.sustain = 0.8;
  lead.patch.release = 0.35;
  lead.patch.vibrato = 0.18;
  lead.patch.vibrato_rate = 5.0;
  lead.patch.vibrato_delay = 0.3;
  lead.patterns = {
      melody("F#5 - - - - - E5 - D5 - - - B4 - - -", 0.8), melody("C#5 - - - - - - - A4 - - - - - - -", 0.75),
      melody("A4 - - - C#5 - - - E5 - - - - - C#5 -", 0.8), melody("D5 - - - - - - - - - - - . . . .", 0.75),
      melody("B4 - - - D5 - - - F#5 - - - G5 - - -", 0.8), melody("F#5 - - - E5 - - - - - - - D5 - E5 -", 0.8),
      melody("F#5 - - - - - - - - - - - - - - -", 0.8),    melody("E5 - - - D5 - - - - - - - . . . .", 0.7)};
  lead.bars = arrange({{8, {-1}}, {8, progression}});

  Part kick_part{"kick", kick(), 0.5, 0.0, 0.0, 0.0, 2, {hits("X.........x.....", 31), hits("X.........x...x.", 31)}, {}};
  kick_part.bars = arrange({{8, {-1}}, {7, {0}}, {1, {1}}});
  Part shaker{"shaker", hat(0.05, 5000.0), 0.12, 0.3, 0.0, 0.0, 2, {hits("o.x.o.x.o.x.o.xo", 60)}, {}};
  shaker.patch.attack = 0.006;
  shaker.bars = arrange({{8, {-1}}, {8, {0}}});
  Part rim{"rim", snare(0.05), 0.18, -0.2, 0.0, 0.3, 2, {hits("....x.......x...", 62)}, {}};
  rim.bars = arrange({{8, {-1}}, {8, {0}}});

  s.parts = {pad_part, bass, bell, lead, kick_part, shaker, rim};
  return s;
}

// ---- race theme -------------------------------------------------------------------------

Song race_theme() {
  Song s;
  s.name = "Full Throttle";
  s.bpm = 140.0;
  s.bars = 32;
  s.echo_steps = 3.0;
  s.echo_feedback = 0.3;
  s.echo_level = 0.4;
  s.echo_damping = 4000.0;
  s.gain = 0.26;  // peaks near 0.45 (the kick on the bass)
  // Chords 0 Am, 1 F, 2 C, 3 G, 4 Em. Sections of 8 bars: A groove, B lead, C breakdown
  // (F G Em Am, half time), D everything.
  const std::vector<std::vector<double>> chords = {{57, 60, 64}, {57, 60, 65}, {55, 60, 64}, {55, 59, 62}, {55, 59, 64}};
  const std::vector<std::vector<double>> arps = {
      {69, 72, 76, 81}, {69, 72, 77, 81}, {67, 72, 76, 79}, {67, 71, 74, 79}, {67, 71, 76, 79}};
  const std::vector<double> roots = {33, 29, 36, 31, 28};
  const std::vector<int> verse = {0, 1, 2, 3}, bridge = {1, 3, 4, 0};

  Part kick_part{"kick", kick(), 0.7, 0.0, 0.0, 0.0, 4, {}, {}};
  kick_part.patterns = {hits("X...X...X...X...", 31), hits("X...X...X...X.x.", 31), hits("X.........X.....", 31),
                        hits("X...X...X.X.XXXX", 31)};
  kick_part.bars = arrange({{7, {0}}, {1, {1}}, {7, {0}}, {1, {1}}, {7, {2}}, {1, {3}}, {7, {0}}, {1, {1}}});
  Part snare_part{"snare", snare(0.12), 0.5, 0.05, 0.0, 0.12, 5, {}, {}};
  snare_part.patterns = {hits("....X.......X...", 50), hits("....X.......XxxX", 50), hits("........X.......", 50),
                         hits("x.x.x.x.xxxxXXXX", 50)};
  snare_part.bars = arrange({{4, {-1}}, {3, {0}}, {1, {1}}, {7, {0}}, {1, {1}}, {7, {2}}, {1, {3}}, {7, {0}}, {1, {1}}});
  Part hats{"hats", hat(0.03, 7000.0), 0.2, 0.25, 0.0, 0.0, 3, {}, {}};
  hats.patterns = {hits("xoXoxoXoxoXoxoXo", 60), hits("x.x.x.x.x.x.x.x.", 60), hits("xo.oxo.oxo.oxo.o", 60)};
  hats.bars = arrange({{8, {0}}, {8, {2}}, {8, {1}}, {8, {2}}});
  Part open_hat{"open hat", hat(0.18, 6000.0), 0.13, -0.25, 0.0, 0.0, 2, {hits("..x...x...x...x.", 60)}, {}};
  open_hat.bars = arrange({{8, {-1}}, {8, {0}}, {8, {-1}}, {8, {0}}});

  Part bass{"bass", {}, 0.36, 0.0, 0.0, 0.0, 5, {}, {}};
  bass.patch.wave = Wave::Saw;
  bass.patch.wave_b = Wave::Square;
  bass.patch.osc_b = 0.5;
  bass.patch.detune_b = -12.0;  // a square sub-octave under the saw
  bass.patch.cutoff = 260.0;
  bass.patch.cutoff_env = 2400.0;
  bass.patch.filter_decay = 0.09;
  bass.patch.resonance = 1.6;
  bass.patch.attack = 0.002;
  bass.patch.decay = 0.25;
  bass.patch.sustain = 0.55;
  bass.patch.release = 0.05;
  for (double root : roots) bass.patterns.push_back(bass_line("R.RRO.R.R.RRO.RO", root, 0.9));  // 0..4: driving
  for (double root : roots) bass.patterns.push_back(bass_line("R-------R---O---", root, 0.85));  // 5..9: held
  bass.bars = arrange({{16, verse}, {8, {6, 8, 9, 5}}, {8, verse}});

  Part pad_part{"pad", pad(0.25, 0.35, 1500.0), 0.3, 0.0, 0.5, 0.15, 12, {}, {}};
  for (const auto& c : chords) pad_part.patterns.push_back(chord(c, 16, 0.8));
  pad_part.bars = arrange({{4, {-1}}, {12, verse}, {8, bridge}, {8, verse}});

  Part pluck{"pluck", {}, 0.24, 0.0, 0.35, 0.35, 6, {}, {}};
  pluck.patch.wave = Wave::Saw;
  pluck.patch.wave_b = Wave::Square;
  pluck.patch.osc_b = 0.3;
  pluck.patch.detune_b = 12.0;
  pluck.patch.cutoff = 500.0;
  pluck.patch.cutoff_env = 3500.0;
  pluck.patch.filter_decay = 0.07;
  pluck.patch.resonance = 2.0;
  pluck.patch.attack = 0.001;
  pluck.patch.decay = 0.15;
  pluck.patch.sustain = 0.0;
  pluck.patch.release = 0.05;
  for (const auto& a : arps) pluck.patterns.push_back(arpeggio(a, "0121321201213231", 1, 0.7));
  pluck.bars = arrange({{8, verse}, {8, {-1}}, {8, bridge}, {8, verse}});

  Part lead{"lead", {}, 0.3, -0.05, 0.0, 0.35, 6, {}, {}};
  lead.patch.wave = Wave::Saw;
  lead.patch.wave_b = Wave::Square;
  lead.patch.osc_a = 0.5;
  lead.patch.osc_b = 0.4;
  lead.patch.detune_b = 0.07;
  lead.patch.cutoff = 2200.0;
  lead.patch.cutoff_env = 1500.0;
  lead.patch.filter_decay = 0.25;
  lead.patch.resonance = 1.2;
  lead.patch.attack = 0.008;
  lead.patch.decay = 0.4;
  lead.patch.sustain = 0.75;
  lead.patch.release = 0.12;
  lead.patch.vibrato = 0.22;
  lead.patch.vibrato_rate = 5.6;
  lead.patch.vibrato_delay = 0.18;
  lead.patterns = {
      melody("A4 - C5 - E5 - - - D5 - C5 - D5 - E5 -", 0.85), melody("F5 - - - E5 - C5 - - - A4 - C5 - - -", 0.8),
      melody("G5 - - - E5 - - - C5 - D5 - E5 - G5 -", 0.85), melody("D5 - - - - - B4 - - - G4 - - - . .", 0.8),
      melody("A4 - C5 - E5 - - - A5 - G5 - E5 - - -", 0.85), melody("F5 - - - A5 - - - G5 - F5 - E5 - C5 -", 0.85),
      melody("E5 - - - G5 - - - C6 - - - B5 - G5 -", 0.9),   melody("D5 - - - - - - - B4 - - - D5 - - -", 0.8)};
  const std::vector<int> tune = {0, 1, 2, 3, 4, 5, 6, 7};
  lead.bars = arrange({{8, {-1}}, {8, tune}, {8, {-1}}, {8, tune}});

  s.parts = {kick_part, snare_part, hats, open_hat, bass, pad_part, pluck, lead};
  return s;
}

}  // namespace racer::audio
