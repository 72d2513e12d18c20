#pragma once
// Hash64: FNV-1a over the exact bytes of the values fed to it. Used for the world's
// state hash: same build + same inputs => same bits => same hash.
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace racer {

class Hash64 {
 public:
  template <typename T>
  void add(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    for (unsigned char b : bytes) {
      h_ ^= b;
      h_ *= 0x100000001b3ull;
    }
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ull;
};

}  // namespace racer
