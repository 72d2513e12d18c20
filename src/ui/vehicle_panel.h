#pragma once
// The "Vehicle" debug window (F1, in free driving and in races): the car's live state,
// rebuilt every frame from the snapshot (immediate mode: no mirrored UI state), and with the
// car itself its tyre, suspension, engine and gearbox curves (ui/vehicle_curves.h).
#include "sim/snapshot.h"
#include "ui/driver_aids.h"
#include "vehicle/car.h"
#include "vehicle/car_spec.h"

namespace racer {

/// `open` is the window's visibility; the close button clears it. `aids` are the live
/// switches (the spec's own assists and gearbox fields are what the car file said).
/// `live`: the car itself, for the curves (null: the numbers only).
void draw_vehicle_panel(const CarSnapshot& car, const CarSpec& spec, const DriverAids& aids, bool* open,
                        const Car* live = nullptr);

/// "R", "N" or the gear number.
const char* gear_label(int gear);

}  // namespace racer
