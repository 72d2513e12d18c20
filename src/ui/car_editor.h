#pragma once
// The "Car editor" window (beside the Vehicle panel in free driving, `racer --screen
// drive`, and in a race for the car the Vehicle panel shows): every parameter of game/car_edit.h as a slider over the loader's range, applied
// to the car as it drives when the slider is released (the app rebuilds the car where it
// is, at its speed); Revert goes back to the car file; Save as writes the edited car as
// <data dir>/cars/<name>.json, which the menus then offer beside the shipped cars.
#include <string>

#include "vehicle/car_spec.h"

namespace racer {

/// What the window keeps between frames: the UI's own choices.
struct CarEditorState {
  bool open = true;
  std::string save_name;  ///< the Save as box's text
  std::string message;    ///< "Saved <path>" or why not
  bool message_ok = true;
};

enum class CarEditAction { None, Apply, Revert, Save };

/// Draws the window over `draft` (edited in place). Returns Apply when a slider was
/// released with a new value, Revert or Save when clicked (Save only with `can_save`).
/// `edited`: the draft differs from the car file (shown in the title line). `note`, when
/// not empty, is shown in orange under the title (in a race: what an edit does to it).
CarEditAction draw_car_editor(CarSpec& draft, bool edited, bool can_save, CarEditorState& state,
                              const std::string& note = {});

}  // namespace racer
