#pragma once
// StepProbe: told when a race step enters and leaves its phases, so the game can measure
// them (the AI's share of a frame, F6; each AI layer's share, F9) with the wall clock it
// owns; the race and the AI never read a clock. An observer only: it cannot change the step.
// Null = not observed (headless races and tests pay one null check per phase).
// Phases nest: Drivers (every car's controls) holds the AI layers of every AI car's tick;
// a layer is entered only on the steps it runs (its own rate, ai/driver.h).
#include <array>
#include <cstddef>

namespace racer {

class StepProbe {
 public:
  enum class Phase {
    Drivers,     ///< the drivers' ticks (every car's controls)
    Sense,       ///< AI: our place on the racing line and the stall watch
    Recovery,    ///< AI: a recovery manoeuvre under way (reverse-out, planned way out)
    Traffic,     ///< AI: the traffic scan
    Racecraft,   ///< AI: pass, room, defend, let by: the line to track
    Dwa,         ///< AI: the DWA guard
    Routing,     ///< AI: the A* detour round a stopped car
    SpeedPlan,   ///< AI: the speed plan on the line
    Tracking,    ///< AI: Pure Pursuit on the chosen line
    Pedals,      ///< AI: mistakes, the pedals, the filters and the reaction delay
  };
  static constexpr std::size_t kPhases = 10;
  static constexpr std::size_t kAiLayers = kPhases - 1;  ///< the phases after Drivers

  virtual ~StepProbe() = default;
  virtual void enter(Phase phase) = 0;
  virtual void leave(Phase phase) = 0;
};

/// The AI layers' names, in StepProbe::Phase order from Sense on.
inline constexpr std::array<const char*, StepProbe::kAiLayers> kAiLayerNames{
    "sense", "recovery", "traffic", "racecraft", "DWA", "routing", "speed plan", "tracking", "pedals"};

/// Tells `probe` of one phase from construction to destruction (null: nothing).
class ProbeScope {
 public:
  ProbeScope(StepProbe* probe, StepProbe::Phase phase) : probe_(probe), phase_(phase) {
    if (probe_ != nullptr) probe_->enter(phase_);
  }
  ~ProbeScope() {
    if (probe_ != nullptr) probe_->leave(phase_);
  }
  ProbeScope(const ProbeScope&) = delete;
  ProbeScope& operator=(const ProbeScope&) = delete;

 private:
  StepProbe* probe_;
  StepProbe::Phase phase_;
};

}  // namespace racer
