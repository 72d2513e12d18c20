#pragma once
// kPhysicsVersion: the version of the simulation's behaviour. Recorded laps (ghosts, and
// anything else that replays positions or Controls) are only valid for the physics that
// produced them, so they carry this number and are refused when it differs.
//
// BUMP IT whenever the simulation changes behaviour: anything that changes where a car
// ends up for the same inputs (tyre, suspension, drivetrain, assists, Box2D settings,
// step order or rate, contact handling, car or track loading defaults). Refactors that
// keep World::state_hash() bit-identical need no bump.
namespace racer {

inline constexpr int kPhysicsVersion = 1;

}  // namespace racer
