#include "args.h"

#include <charconv>
#include <cstdlib>
#include <sstream>

namespace racer::bench {

namespace {

// A number as a person writes it: 0.5, 1000, 1e+08.
std::string show(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

}  // namespace

ArgParser& ArgParser::add(const std::string& name, std::function<void(const std::string&)> set, bool takes_value) {
  options_.push_back({name, takes_value, std::move(set)});
  return *this;
}

ArgParser& ArgParser::flag(const std::string& name, bool& out) {
  return add(name, [&out](const std::string&) { out = true; }, false);
}

ArgParser& ArgParser::number(const std::string& name, double& out, double lo, double hi) {
  return add(name, [&out, name, lo, hi](const std::string& v) { out = parse_number(name, v, lo, hi); });
}

ArgParser& ArgParser::text(const std::string& name, std::string& out) {
  return add(name, [&out](const std::string& v) { out = v; });
}

ArgParser& ArgParser::choice(const std::string& name, std::string& out, std::vector<std::string> allowed) {
  return add(name, [&out, name, allowed = std::move(allowed)](const std::string& v) {
    for (const std::string& a : allowed)
      if (v == a) {
        out = v;
        return;
      }
    std::string list;
    for (std::size_t i = 0; i < allowed.size(); ++i)
      list += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + allowed[i];
    throw UsageError(name + " expects " + list + ", got '" + v + "'");
  });
}

ArgParser& ArgParser::positionals(std::vector<std::string>& out) {
  positionals_ = &out;
  return *this;
}

void ArgParser::parse(const std::vector<std::string>& args) const {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0) {
      if (positionals_ == nullptr) throw UsageError("unexpected argument '" + arg + "' (see --help)");
      positionals_->push_back(arg);
      continue;
    }
    const Option* option = nullptr;
    for (const Option& o : options_)
      if (o.name == arg) option = &o;
    if (option == nullptr) throw UsageError("unknown option '" + arg + "' (see --help)");
    if (!option->takes_value) {
      option->set("");
      continue;
    }
    if (i + 1 >= args.size()) throw UsageError(arg + " needs a value");
    option->set(args[++i]);
  }
}

long long ArgParser::parse_integer(const std::string& name, const std::string& text, long long lo, long long hi) {
  long long v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || ptr != end) {
    const char* kind = lo >= 1 ? "a positive integer" : lo == 0 ? "a non-negative integer" : "an integer";
    throw UsageError(name + " expects " + kind + ", got '" + text + "'");
  }
  if (v < lo || v > hi)
    throw UsageError(name + " expects an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got '" + text + "'");
  return v;
}

double ArgParser::parse_number(const std::string& name, const std::string& text, double lo, double hi) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(v >= lo && v <= hi))
    throw UsageError(name + " expects a number in [" + show(lo) + ", " + show(hi) + "], got '" + text + "'");
  return v;
}

}  // namespace racer::bench
