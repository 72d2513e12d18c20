#pragma once
// BoundInput: the player's bindings (game/settings.h: SDL key names and GameController
// names per action) applied to the keyboard and every connected controller.
//   - keys are tracked from SDL_KEYDOWN / SDL_KEYUP events (handle()), so the state is the
//     same for real key presses and for events a test pushes; losing the window focus
//     releases them all
//   - controllers are read as levels (SDL_GameControllerGetButton / GetAxis)
//   - read() fills the driving InputState (game/input_map.h: key levels, analogue steer
//     from the steering bindings' axes, throttle/brake from theirs, shift edges) and the
//     actions pressed since the last read() (edges: respawn, pause, shifts)
// A name SDL does not know is reported once in problems() and otherwise ignored.
#include <array>
#include <span>
#include <string>
#include <vector>

#include "game/input_map.h"
#include "game/settings.h"

typedef union SDL_Event SDL_Event;
struct _SDL_GameController;

namespace racer {

/// Per action: went down since the last read() (true for one read only).
using ActionEdges = std::array<bool, kActionCount>;

class BoundInput {
 public:
  explicit BoundInput(const InputSettings& settings = {});
  /// New bindings and deadzones (keeps the keys held now).
  void set(const InputSettings& settings);

  void handle(const SDL_Event& e);
  /// Levels and edges now. `pads`: the connected controllers. `input`'s shift edges are
  /// OR-ed in (the caller clears them once a step used them); the rest is overwritten.
  ActionEdges read(std::span<_SDL_GameController* const> pads, InputState& input);
  /// Forgets the held keys and the previous levels (a new screen: no stale edges).
  void reset();

  /// "unknown key name 'Foo' for throttle" and the like.
  const std::vector<std::string>& problems() const { return problems_; }

  /// How far (0..1) `action` is applied now by any binding (keys and buttons give 1).
  double level(InputAction action, std::span<_SDL_GameController* const> pads) const;

 private:
  struct Resolved {
    std::vector<int> scancodes;
    std::vector<GamepadBinding> pad;
  };
  std::array<Resolved, kActionCount> actions_;
  std::array<bool, 512> keys_{};      ///< held, by scancode
  std::array<bool, 512> tapped_{};    ///< went down since the last read() (a tap inside one frame counts)
  std::array<bool, kActionCount> was_down_{};
  std::vector<std::string> problems_;
  double trigger_deadzone_ = 0.05;
};

}  // namespace racer
