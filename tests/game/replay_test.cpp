// The replay file format (game/replay.h): a round trip keeps every field and every input
// bit for bit; equal inputs are stored once per run; a damaged file is refused with the
// byte offset of what is wrong, never a crash.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "game/replay.h"

namespace racer {
namespace {

Replay sample_replay() {
  Replay r;
  ReplaySetup& s = r.setup;
  s.kind = ReplayKind::Game;
  s.physics_version = 7;
  s.track_path = "tracks/kestrel_downs.json";
  s.track_id = "kestrel_downs";
  s.track_hash = 0x0123456789abcdefull;
  s.car_path = "assets/cars/sedan.json";
  s.car_id = "sedan";
  s.car_hash = 0xfedcba9876543210ull;
  s.profile_names = {"easy", "medium", "hard"};
  s.profile_hashes = {1, 2, 0xffffffffffffffffull};
  s.seed = 0x8000000000000001ull;
  s.laps = 4;
  s.rate_hz = 120.0;
  s.ai_cars = 5;
  s.difficulty = "hard";
  s.damage = DamageMode::Full;
  s.mode = 2;
  s.grid_slot = 3;
  s.autodrive = false;
  s.abs = true;
  s.tcs = false;
  s.automatic = true;
  ReplayStream player;
  player.car = 3;
  for (int i = 0; i < 500; ++i) {
    PlayerInput in;
    in.controls.steer = i < 100 ? 0.0 : -0.3 + 1e-9 * i;  // a long run, then a change every step
    in.controls.throttle = i % 7 == 0 ? 1.0 : 0.25;
    in.controls.brake = i > 400 ? 0.5 : 0.0;
    in.controls.clutch = i == 450 ? 1.0 : 0.0;
    in.controls.handbrake = i == 300;
    in.controls.shift = i == 200 ? ShiftRequest::Down : i == 210 ? ShiftRequest::Up : ShiftRequest::None;
    in.controls.abs = i == 220 ? SwitchCommand::Off : SwitchCommand::Keep;
    in.controls.tcs = i == 230 ? SwitchCommand::On : SwitchCommand::Keep;
    in.controls.automatic = i == 240 ? SwitchCommand::Off : SwitchCommand::Keep;
    in.respawn = i == 250;
    player.append(in);
  }
  r.steps = 500;
  r.humans.push_back(player);
  r.final_state_hash = 0x1122334455667788ull;
  return r;
}

TEST(ReplayFormat, RoundTripKeepsEveryField) {
  const Replay r = sample_replay();
  const std::string bytes = encode_replay(r);
  const Result<Replay> back = decode_replay(bytes, "x.racerreplay");
  ASSERT_TRUE(back.ok()) << back.error_text();
  EXPECT_EQ(back.value(), r);
  EXPECT_EQ(back.value().humans[0].steps(), 500u);
  EXPECT_EQ(encode_replay(back.value()), bytes);
}

TEST(ReplayFormat, EqualInputsAreStoredOncePerRun) {
  Replay r = sample_replay();
  r.humans[0].runs.clear();
  PlayerInput cruise;
  cruise.controls.throttle = 0.8;
  for (int i = 0; i < 100000; ++i) r.humans[0].append(cruise);
  r.steps = 100000;
  EXPECT_EQ(r.humans[0].runs.size(), 1u);
  const std::string one_run = encode_replay(r);
  PlayerInput lift = cruise;
  lift.controls.throttle = 0.0;
  r.humans[0].append(lift);
  r.steps += 1;
  // One more run: 4 bytes of count, 4 doubles and 5 bytes of switches.
  EXPECT_EQ(encode_replay(r).size(), one_run.size() + 4 + 32 + 5);
  EXPECT_LT(one_run.size(), 300u) << "100000 equal steps are one run";
}

TEST(ReplayFormat, NegativeZeroIsNotZero) {
  // The inputs replay bit for bit: -0.0 steers the same but is another run.
  ReplayStream s;
  PlayerInput a, b;
  b.controls.steer = -0.0;
  s.append(a);
  s.append(b);
  EXPECT_EQ(s.runs.size(), 2u);
}

TEST(ReplayFormat, EveryTruncationIsRefusedWithAnOffset) {
  const std::string bytes = encode_replay(sample_replay());
  for (std::size_t n = 0; n < bytes.size(); n += n < 400 || n + 200 > bytes.size() ? 1 : 7) {  // every header byte
    const Result<Replay> r = decode_replay(bytes.substr(0, n), "cut.racerreplay");
    ASSERT_FALSE(r.ok()) << "cut at " << n;
    const std::string e = r.error_text();
    EXPECT_EQ(e.rfind("cut.racerreplay: byte ", 0), 0u) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << "one line: " << e;
  }
}

TEST(ReplayFormat, EveryFlippedByteIsRefused) {
  const std::string bytes = encode_replay(sample_replay());
  for (std::size_t i = 0; i < bytes.size(); i += i < 400 || i + 200 > bytes.size() ? 1 : 7) {  // every header byte
    std::string bad = bytes;
    bad[i] = static_cast<char>(bad[i] ^ 0x10);
    const Result<Replay> r = decode_replay(bad, "flip.racerreplay");
    ASSERT_FALSE(r.ok()) << "byte " << i << " flipped was accepted";
    EXPECT_EQ(r.error_text().rfind("flip.racerreplay: byte ", 0), 0u) << r.error_text();
  }
}

TEST(ReplayFormat, ABadFieldIsNamedAtItsOffset) {
  std::string bytes = encode_replay(sample_replay());
  // The last run ends: shift, abs, tcs, automatic; then the final hash and the checksum.
  const std::size_t shift_at = bytes.size() - 8 - 8 - 4;
  bytes[shift_at] = 5;
  const Result<Replay> r = decode_replay(bytes, "bad.racerreplay");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error_text(), "bad.racerreplay: byte " + std::to_string(shift_at) + ": a shift request must be in [-1, 1], got 5");
}

TEST(ReplayFormat, NotAReplayAndANewerFormatAreSaidSo) {
  const Result<Replay> json = decode_replay("{\"format\": 1}", "a.json");
  ASSERT_FALSE(json.ok());
  EXPECT_EQ(json.error_text(), "a.json: byte 0: not a racer replay (it does not start with \"RACERRPL\")");
  std::string bytes = encode_replay(sample_replay());
  bytes[8] = 9;
  const Result<Replay> newer = decode_replay(bytes, "b.racerreplay");
  ASSERT_FALSE(newer.ok());
  EXPECT_EQ(newer.error_text(), "b.racerreplay: byte 8: replay format version 9, this build reads version 1");
}

TEST(ReplayFormat, TrailingBytesAreRefused) {
  const std::string bytes = encode_replay(sample_replay()) + "x";
  const Result<Replay> r = decode_replay(bytes, "t.racerreplay");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error_text(), "t.racerreplay: byte " + std::to_string(bytes.size() - 1) + ": 1 bytes after the checksum");
}

TEST(ReplayFormat, RunsMustCoverTheSteps) {
  Replay r = sample_replay();
  r.steps = 499;  // one fewer than the inputs
  const Result<Replay> d = decode_replay(encode_replay(r), "s.racerreplay");
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.error_text().find("does not fit the replay's 499 steps"), std::string::npos) << d.error_text();
}

}  // namespace
}  // namespace racer
