#pragma once
// StepProbe: told when a race step enters and leaves its phases, so the game can measure
// them (the AI's share of a frame, F6) with the wall clock it owns; the race itself never
// reads a clock. An observer only: it cannot change the step. Null = not observed.
namespace racer {

class StepProbe {
 public:
  enum class Phase { Drivers };  ///< the AI drivers' ticks (every car's controls)
  virtual ~StepProbe() = default;
  virtual void enter(Phase phase) = 0;
  virtual void leave(Phase phase) = 0;
};

}  // namespace racer
