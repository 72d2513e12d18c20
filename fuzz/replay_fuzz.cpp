// Fuzz target: the replay file loader (decode_replay, then encode and decode again).
// The format is binary, so an error has no line and column: decode_replay gives exactly
// one error, naming the file, with line 0, column 0 and a message "byte N: ...", N within
// the input (N equal to its size when the input is truncated).
// A mutated file almost never carries a matching checksum (its last 8 bytes), so each
// input is also decoded with its last 8 bytes replaced by the checksum of the rest: the
// fields after the header then get decoded, and a decoded replay gets re-encoded, too.
#include <cctype>

#include "core/hash.h"

#include "fuzz_check.h"
#include "game/replay.h"

namespace {

/// The one error of a refused replay names the file and a byte offset within `size`.
void check_replay_error(const std::vector<racer::DataError>& errors, const std::string& file, std::size_t size) {
  using racer::fuzz::fail;
  if (errors.size() != 1) fail("a refused replay with " + std::to_string(errors.size()) + " errors");
  const racer::DataError& e = errors.front();
  if (e.file != file || e.line != 0 || e.column != 0)
    fail("a replay error not at line 0, column 0 of the file: \"" + e.to_string() + "\"");
  const std::string& m = e.message;
  std::size_t end = 5;
  while (end < m.size() && std::isdigit(static_cast<unsigned char>(m[end]))) ++end;
  if (m.rfind("byte ", 0) != 0 || end == 5 || end > 5 + 19 || m.compare(end, 2, ": ") != 0 || m.size() == end + 2)
    fail("a replay error without \"byte N: \": \"" + m + "\"");
  const unsigned long long at = std::stoull(m.substr(5, end - 5));
  if (at > size) fail("a replay error past the end (" + std::to_string(size) + " bytes): \"" + m + "\"");
}

/// `bytes` with its last 8 bytes the checksum of the rest (FNV-1a, little-endian, as
/// encode_replay writes it); `bytes` shorter than that as they are.
std::string with_checksum(std::string bytes) {
  if (bytes.size() < 8) return bytes;
  const std::size_t body = bytes.size() - 8;
  racer::Hash64 h;
  for (std::size_t i = 0; i < body; ++i) h.add(bytes[i]);
  for (std::size_t i = 0; i < 8; ++i) bytes[body + i] = static_cast<char>((h.value() >> (8 * i)) & 0xff);
  return bytes;
}

/// decode_replay on `bytes`: a refusal is checked, a replay is encoded and decoded again.
void check_decode(std::string_view bytes) {
  using namespace racer;
  const Result<Replay> replay = decode_replay(bytes, "race.racerreplay");
  if (!replay.ok()) {
    check_replay_error(replay.errors(), "race.racerreplay", bytes.size());
    return;
  }
  const std::string saved = encode_replay(replay.value());
  const Result<Replay> again = decode_replay(saved, "saved.racerreplay");
  if (!again.ok()) fuzz::fail("an encoded replay does not decode: " + again.error_text());
  if (!(again.value() == replay.value())) fuzz::fail("decode(encode(x)) is not x");
  if (encode_replay(again.value()) != saved) fuzz::fail("encode(decode(encode(x))) differs from encode(x)");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = racer::fuzz::as_text(data, size);
  check_decode(bytes);
  check_decode(with_checksum(std::string(bytes)));
  return 0;
}
