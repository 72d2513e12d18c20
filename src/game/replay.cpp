// Replay file format: the writer, the reader (bounds-checked, every error at its byte
// offset), the input runs.
// Sections: 1. layout and limits  2. writer  3. reader  4. encode  5. decode
#include "game/replay.h"

#include <cmath>
#include <cstring>
#include <optional>

#include "core/hash.h"
#include "game/race_plan.h"

namespace racer {
namespace {

// ---------------------------------------------------------------- 1. layout and limits

constexpr char kMagic[8] = {'R', 'A', 'C', 'E', 'R', 'R', 'P', 'L'};
constexpr std::size_t kMaxString = 1024;   // bytes in a path, id or name
constexpr std::uint32_t kMaxProfiles = 8;
constexpr std::uint32_t kMaxHumans = 16;
constexpr int kMaxCars = 40;

enum InputBits : std::uint8_t { kHandbrake = 1, kRespawn = 2 };

std::uint64_t checksum(std::string_view bytes) {
  Hash64 h;
  for (const char c : bytes) h.add(c);
  return h.value();
}

// ---------------------------------------------------------------- 2. writer

class Writer {
 public:
  void u8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u16(std::uint16_t v) { bytes(v, 2); }
  void u32(std::uint32_t v) { bytes(v, 4); }
  void u64(std::uint64_t v) { bytes(v, 8); }
  void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
  void f64(double v) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    u64(bits);
  }
  void str(const std::string& s) {
    const std::size_t n = std::min(s.size(), kMaxString);
    u16(static_cast<std::uint16_t>(n));
    out_.append(s, 0, n);
  }
  void raw(const char* p, std::size_t n) { out_.append(p, n); }
  std::string& text() { return out_; }

 private:
  void bytes(std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  }
  std::string out_;
};

// ---------------------------------------------------------------- 3. reader

// Reads little-endian fields; the first failure is kept (with its offset) and every read
// after it returns zeros, so the decoder reads straight through and checks once.
class Reader {
 public:
  Reader(std::string_view bytes, std::size_t start) : in_(bytes), at_(start) {}
  bool failed() const { return error_.has_value(); }
  const std::string& error() const { return *error_; }
  std::size_t offset() const { return at_; }
  std::size_t left() const { return in_.size() - at_; }

  void fail(std::size_t at, const std::string& what) {
    if (!error_) error_ = "byte " + std::to_string(at) + ": " + what;
  }
  std::uint8_t u8(const char* what) { return static_cast<std::uint8_t>(bytes(1, what)); }
  std::uint16_t u16(const char* what) { return static_cast<std::uint16_t>(bytes(2, what)); }
  std::uint32_t u32(const char* what) { return static_cast<std::uint32_t>(bytes(4, what)); }
  std::uint64_t u64(const char* what) { return bytes(8, what); }
  std::int32_t i32(const char* what) { return static_cast<std::int32_t>(u32(what)); }
  double f64(const char* what) {
    const std::size_t at = at_;
    const std::uint64_t bits = u64(what);
    double v = 0.0;
    std::memcpy(&v, &bits, sizeof v);
    if (!failed() && !std::isfinite(v)) fail(at, std::string(what) + " is not a finite number");
    return failed() ? 0.0 : v;
  }
  std::string str(const char* what) {
    const std::size_t at = at_;
    const std::uint16_t n = u16(what);
    if (failed()) return {};
    if (n > kMaxString) {
      fail(at, std::string(what) + " is " + std::to_string(n) + " bytes long, at most " + std::to_string(kMaxString) + " expected");
      return {};
    }
    if (left() < n) {
      fail(at_, std::string("the file ends inside ") + what + " (truncated)");
      return {};
    }
    std::string s(in_.substr(at_, n));
    at_ += n;
    return s;
  }
  /// An integer in [lo, hi] read by `read`, else a failure at its offset.
  template <class T, class F>
  T ranged(F read, long long lo, long long hi, const char* what) {
    const std::size_t at = at_;
    const T v = read(what);
    if (!failed() && (static_cast<long long>(v) < lo || static_cast<long long>(v) > hi))
      fail(at, std::string(what) + " must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
                   std::to_string(static_cast<long long>(v)));
    return failed() ? T{} : v;
  }
  double number(double lo, double hi, const char* what) {
    const std::size_t at = at_;
    const double v = f64(what);
    if (!failed() && !(v >= lo && v <= hi))
      fail(at, std::string(what) + " must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
                   std::to_string(v));
    return failed() ? 0.0 : v;
  }

 private:
  std::uint64_t bytes(int n, const char* what) {
    if (failed()) return 0;
    if (left() < static_cast<std::size_t>(n)) {
      fail(at_, std::string("the file ends inside ") + what + " (truncated)");
      return 0;
    }
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in_[at_ + i])) << (8 * i);
    at_ += static_cast<std::size_t>(n);
    return v;
  }
  std::string_view in_;
  std::size_t at_;
  std::optional<std::string> error_;
};

// ---------------------------------------------------------------- 4. encode

void write_setup(Writer& w, const ReplaySetup& s) {
  w.u8(static_cast<std::uint8_t>(s.kind));
  w.str(s.track_path);
  w.str(s.track_id);
  w.u64(s.track_hash);
  w.str(s.car_path);
  w.str(s.car_id);
  w.u64(s.car_hash);
  w.u32(static_cast<std::uint32_t>(s.profile_names.size()));
  for (std::size_t i = 0; i < s.profile_names.size(); ++i) {
    w.str(s.profile_names[i]);
    w.u64(i < s.profile_hashes.size() ? s.profile_hashes[i] : 0);
  }
  w.u64(s.seed);
  w.u32(static_cast<std::uint32_t>(s.laps));
  w.f64(s.rate_hz);
  w.u32(static_cast<std::uint32_t>(s.ai_cars));
  w.str(s.difficulty);
  w.u8(static_cast<std::uint8_t>(s.damage));
  w.u8(static_cast<std::uint8_t>(s.mode));
  w.i32(s.grid_slot);
  w.u8(static_cast<std::uint8_t>((s.autodrive ? 1 : 0) | (s.abs ? 2 : 0) | (s.tcs ? 4 : 0) | (s.automatic ? 8 : 0)));
}

void write_run(Writer& w, std::uint32_t count, const PlayerInput& in) {
  w.u32(count);
  w.f64(in.controls.steer);
  w.f64(in.controls.throttle);
  w.f64(in.controls.brake);
  w.f64(in.controls.clutch);
  w.u8(static_cast<std::uint8_t>((in.controls.handbrake ? kHandbrake : 0) | (in.respawn ? kRespawn : 0)));
  w.u8(static_cast<std::uint8_t>(in.controls.shift));
  w.u8(static_cast<std::uint8_t>(in.controls.abs));
  w.u8(static_cast<std::uint8_t>(in.controls.tcs));
  w.u8(static_cast<std::uint8_t>(in.controls.automatic));
}

void write_stream(Writer& w, const ReplayStream& s) {
  w.u32(static_cast<std::uint32_t>(s.car));
  w.u32(static_cast<std::uint32_t>(s.runs.size()));
  for (const InputRun& run : s.runs) write_run(w, run.steps, run.input);
}

// ---------------------------------------------------------------- 5. decode

ReplaySetup read_setup(Reader& r) {
  ReplaySetup s;
  s.kind = static_cast<ReplayKind>(r.ranged<std::uint8_t>([&](const char* w) { return r.u8(w); }, 0, 1, "the race kind"));
  s.track_path = r.str("the track path");
  s.track_id = r.str("the track id");
  s.track_hash = r.u64("the track hash");
  s.car_path = r.str("the car path");
  s.car_id = r.str("the car id");
  s.car_hash = r.u64("the car hash");
  const std::uint32_t profiles =
      r.ranged<std::uint32_t>([&](const char* w) { return r.u32(w); }, 0, kMaxProfiles, "the profile count");
  for (std::uint32_t i = 0; i < profiles && !r.failed(); ++i) {
    s.profile_names.push_back(r.str("a profile name"));
    s.profile_hashes.push_back(r.u64("a profile hash"));
  }
  s.seed = r.u64("the seed");
  s.laps = static_cast<int>(r.ranged<std::uint32_t>([&](const char* w) { return r.u32(w); }, 1, kMaxLaps, "the lap count"));
  s.rate_hz = r.number(60.0, 500.0, "the step rate (Hz)");
  s.ai_cars = static_cast<int>(r.ranged<std::uint32_t>([&](const char* w) { return r.u32(w); }, 0, kMaxCars, "the AI car count"));
  const std::size_t difficulty_at = r.offset();
  s.difficulty = r.str("the difficulty");
  if (!r.failed() && !is_race_difficulty(s.difficulty))
    r.fail(difficulty_at, "the difficulty must be easy, medium, hard or mixed, got \"" + s.difficulty + "\"");
  s.damage = static_cast<DamageMode>(r.ranged<std::uint8_t>([&](const char* w) { return r.u8(w); }, 0, 2, "the damage mode"));
  s.mode = r.ranged<std::uint8_t>([&](const char* w) { return r.u8(w); }, 0, 2, "the race mode");
  s.grid_slot = r.ranged<std::int32_t>([&](const char* w) { return r.i32(w); }, -1, kMaxCars, "the grid slot");
  const std::uint8_t flags = r.ranged<std::uint8_t>([&](const char* w) { return r.u8(w); }, 0, 15, "the player's flags");
  s.autodrive = (flags & 1) != 0;
  s.abs = (flags & 2) != 0;
  s.tcs = (flags & 4) != 0;
  s.automatic = (flags & 8) != 0;
  return s;
}

PlayerInput read_input(Reader& r) {
  PlayerInput in;
  in.controls.steer = r.number(-1.0, 1.0, "a steer input");
  in.controls.throttle = r.number(0.0, 1.0, "a throttle input");
  in.controls.brake = r.number(0.0, 1.0, "a brake input");
  in.controls.clutch = r.number(0.0, 1.0, "a clutch input");
  const std::uint8_t bits = r.ranged<std::uint8_t>([&](const char* w) { return r.u8(w); }, 0, 3, "the input switches");
  in.controls.handbrake = (bits & kHandbrake) != 0;
  in.respawn = (bits & kRespawn) != 0;
  auto signed_byte = [&](const char* w) { return static_cast<std::int8_t>(r.u8(w)); };
  in.controls.shift = static_cast<ShiftRequest>(r.ranged<std::int8_t>(signed_byte, -1, 1, "a shift request"));
  in.controls.abs = static_cast<SwitchCommand>(r.ranged<std::int8_t>(signed_byte, 0, 2, "an ABS command"));
  in.controls.tcs = static_cast<SwitchCommand>(r.ranged<std::int8_t>(signed_byte, 0, 2, "a TCS command"));
  in.controls.automatic = static_cast<SwitchCommand>(r.ranged<std::int8_t>(signed_byte, 0, 2, "a gearbox command"));
  return in;
}

ReplayStream read_stream(Reader& r, std::uint32_t steps, int cars) {
  ReplayStream s;
  s.car = static_cast<int>(r.ranged<std::uint32_t>([&](const char* w) { return r.u32(w); }, 0, static_cast<long long>(cars) - 1,
                                                    "a human driver's car"));
  const std::uint32_t runs = r.ranged<std::uint32_t>([&](const char* w) { return r.u32(w); }, 0, steps, "the input run count");
  std::uint64_t total = 0;
  for (std::uint32_t k = 0; k < runs && !r.failed(); ++k) {
    const std::size_t at = r.offset();
    const std::uint32_t count = r.u32("an input run length");
    if (!r.failed() && (count == 0 || total + count > steps)) {
      r.fail(at, "an input run of " + std::to_string(count) + " steps after " + std::to_string(total) +
                     " does not fit the replay's " + std::to_string(steps) + " steps");
      break;
    }
    const PlayerInput in = read_input(r);
    if (r.failed()) break;
    s.runs.push_back(InputRun{count, in});
    total += count;
  }
  if (!r.failed() && total != steps)
    r.fail(r.offset(), "the inputs cover " + std::to_string(total) + " steps, the replay has " + std::to_string(steps));
  return s;
}

}  // namespace

bool same_input(const PlayerInput& a, const PlayerInput& b) {
  auto bits = [](double v) {
    std::uint64_t u = 0;
    std::memcpy(&u, &v, sizeof u);
    return u;
  };
  const Controls& x = a.controls;
  const Controls& y = b.controls;
  return bits(x.steer) == bits(y.steer) && bits(x.throttle) == bits(y.throttle) && bits(x.brake) == bits(y.brake) &&
         bits(x.clutch) == bits(y.clutch) && x.handbrake == y.handbrake && x.shift == y.shift && x.abs == y.abs &&
         x.tcs == y.tcs && x.automatic == y.automatic && a.respawn == b.respawn;
}

bool InputRun::operator==(const InputRun& o) const { return steps == o.steps && same_input(input, o.input); }

void ReplayStream::append(const PlayerInput& input) {
  if (!runs.empty() && runs.back().steps < 0xffffffffu && same_input(runs.back().input, input)) {
    runs.back().steps += 1;
    return;
  }
  runs.push_back(InputRun{1, input});
}

std::uint64_t ReplayStream::steps() const {
  std::uint64_t n = 0;
  for (const InputRun& r : runs) n += r.steps;
  return n;
}

std::string encode_replay(const Replay& replay) {
  Writer w;
  w.raw(kMagic, sizeof kMagic);
  w.u32(static_cast<std::uint32_t>(kReplayFormatVersion));
  w.u32(static_cast<std::uint32_t>(replay.setup.physics_version));
  write_setup(w, replay.setup);
  w.u32(replay.steps);
  w.u32(static_cast<std::uint32_t>(replay.humans.size()));
  for (const ReplayStream& s : replay.humans) write_stream(w, s);
  w.u64(replay.final_state_hash);
  w.u64(checksum(w.text()));
  return std::move(w.text());
}

Result<Replay> decode_replay(std::string_view bytes, const std::string& file) {
  auto error = [&](const std::string& message) { return Result<Replay>(DataError{file, 0, 0, message}); };
  if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    return error("byte 0: not a racer replay (it does not start with \"RACERRPL\")");
  Reader r(bytes, sizeof kMagic);
  const std::uint32_t format = r.u32("the format version");
  if (!r.failed() && format != static_cast<std::uint32_t>(kReplayFormatVersion))
    return error("byte 8: replay format version " + std::to_string(format) + ", this build reads version " +
                 std::to_string(kReplayFormatVersion));
  Replay out;
  const int physics = static_cast<int>(r.ranged<std::uint32_t>([&](const char* w) { return r.u32(w); }, 0, 1000000,
                                                                "the physics version"));
  out.setup = read_setup(r);
  out.setup.physics_version = physics;
  out.steps = r.ranged<std::uint32_t>([&](const char* w) { return r.u32(w); }, 0, kMaxReplaySteps, "the step count");
  const std::uint32_t humans = r.ranged<std::uint32_t>([&](const char* w) { return r.u32(w); }, 0, kMaxHumans, "the human driver count");
  const int cars = out.setup.ai_cars + (out.setup.kind == ReplayKind::Game ? 1 : 0);
  for (std::uint32_t k = 0; k < humans && !r.failed(); ++k) out.humans.push_back(read_stream(r, out.steps, cars));
  out.final_state_hash = r.u64("the final state hash");
  const std::size_t sum_at = r.offset();
  const std::uint64_t sum = r.u64("the checksum");
  if (!r.failed() && r.left() > 0) r.fail(r.offset(), std::to_string(r.left()) + " bytes after the checksum");
  if (r.failed()) return error(r.error());
  if (sum != checksum(bytes.substr(0, sum_at)))
    return error("byte " + std::to_string(sum_at) + ": the checksum does not match the contents (the file is damaged)");
  return out;
}

}  // namespace racer
