#pragma once
// The one command-line parser of racer-bench: an experiment declares its options, each bound
// to a variable of its own with the values it accepts, then parses its arguments (argv[2..]).
// A bad command line throws UsageError with what was expected; main prints it as
// "racer-bench <sub-command>: <message>" and exits with status 1.
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace racer::bench {

/// A bad command line (unknown option, bad value, missing argument): the message names the
/// option and what it expects.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A file that did not load or cannot be written: the message is complete as it is
/// ("file:line:col: what is wrong, what was expected").
struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The options of one sub-command. Declare them, then parse(): an option given twice keeps
/// its last value, an option not given keeps the variable's value (its default).
class ArgParser {
 public:
  /// A flag without a value (--each): sets `out` to true.
  ArgParser& flag(const std::string& name, bool& out);
  /// A whole number in [lo, hi] (--seeds 6).
  template <class Int>
  ArgParser& integer(const std::string& name, Int& out, long long lo, long long hi) {
    return add(name, [&out, name, lo, hi](const std::string& v) { out = static_cast<Int>(parse_integer(name, v, lo, hi)); });
  }
  /// A number in [lo, hi] (--jitter 0.5).
  ArgParser& number(const std::string& name, double& out, double lo, double hi);
  /// Any text, a file name most often (--car FILE).
  ArgParser& text(const std::string& name, std::string& out);
  /// One of `allowed` (--difficulty mixed).
  ArgParser& choice(const std::string& name, std::string& out, std::vector<std::string> allowed);
  /// The arguments that do not start with "--" (TRACK...), in order; without this call
  /// such an argument is an error.
  ArgParser& positionals(std::vector<std::string>& out);

  /// Reads `args` into the declared variables; throws UsageError on the first bad argument.
  void parse(const std::vector<std::string>& args) const;

 private:
  static long long parse_integer(const std::string& name, const std::string& text, long long lo, long long hi);
  static double parse_number(const std::string& name, const std::string& text, double lo, double hi);

  struct Option {
    std::string name;
    bool takes_value = true;
    std::function<void(const std::string&)> set;
  };
  ArgParser& add(const std::string& name, std::function<void(const std::string&)> set, bool takes_value = true);

  std::vector<Option> options_;
  std::vector<std::string>* positionals_ = nullptr;
};

}  // namespace racer::bench
