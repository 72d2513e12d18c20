#pragma once
// ContactCount: the race's count of contacts, the one place every runner and trace reads.
// A contact begins when a car touches a wall or another car after kContactGap s of not
// touching it: Box2D begins a new contact for every edge of a wall chain, so one scrape
// along a wall would otherwise count dozens of times. A car's tally stops at its finish.
//
// Pure and deterministic; reads the World's Box2D contact lists after a step.
#include <cstddef>
#include <vector>

namespace racer {

class World;

/// A contact counted in the last step: car `a` with a wall (b = -1) or with car `b`;
/// `a_counts` / `b_counts`: whether it was added to that car's tally (not after its finish).
struct CountedContact {
  int a = 0, b = -1;
  bool a_counts = true, b_counts = false;
};

class ContactCount {
 public:
  /// s without touching after which touching again is a new contact.
  static constexpr double kContactGap = 0.5;

  /// Counts the contacts of the World's last step; `finished[i]`: car i's tally has stopped.
  void update(const World& world, const std::vector<bool>& finished);

  int walls(std::size_t car) const { return car < walls_.size() ? walls_[car] : 0; }  ///< wall contacts begun
  int cars(std::size_t car) const { return car < cars_.size() ? cars_[car] : 0; }    ///< car contacts begun
  /// The contacts counted in the last update.
  const std::vector<CountedContact>& counted() const { return counted_; }

 private:
  void resize(std::size_t n);

  std::vector<int> walls_, cars_;
  std::vector<double> wall_touch_;  // s, last step each car touched static geometry
  std::vector<double> pair_touch_;  // s, last step each pair of cars touched (i * n + j, i < j)
  std::vector<CountedContact> counted_;
};

}  // namespace racer
