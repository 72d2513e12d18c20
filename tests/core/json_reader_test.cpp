// ObjectReader: typed reads, exact messages with file:line:col, every error collected.
#include "core/json_reader.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

namespace racer {
namespace {

/// Parses `text` as "car.json", runs `read` on the root reader, finishes it and returns
/// all errors one per line ("" when none).
std::string read_errors(std::string_view text, const std::function<void(ObjectReader&)>& read) {
  const Result<JsonDoc> doc = JsonDoc::parse(text, "car.json");
  if (!doc.ok()) return "PARSE FAILED: " + doc.error_text();
  std::vector<DataError> errors;
  ObjectReader root = root_reader(doc.value(), errors);
  read(root);
  root.finish();
  return join_errors(errors);
}

TEST(FormatNumber, IsCompact) {
  EXPECT_EQ(format_number(4), "4");
  EXPECT_EQ(format_number(60), "60");
  EXPECT_EQ(format_number(0.5), "0.5");
  EXPECT_EQ(format_number(1e-6), "1e-06");
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(-2.25), "-2.25");
  EXPECT_EQ(format_number(-0.0), "0") << "\"-0\" reads back as the integer 0: the saved text would change";
  EXPECT_EQ(format_number(100000), "100000");
  EXPECT_EQ(format_number(1234567), "1234567");  // more digits only when needed to round-trip
  EXPECT_EQ(format_number(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(format_number(1e22), "1e+22");
}

TEST(DescribeJson, ShowsJsonTextShortened) {
  EXPECT_EQ(describe_json(nlohmann::json("wide")), "\"wide\"");
  EXPECT_EQ(describe_json(nlohmann::json(75.0)), "75");
  EXPECT_EQ(describe_json(nlohmann::json::parse("[1, {\"a\": null}]")), "[1,{\"a\":null}]");
  EXPECT_EQ(describe_json(nlohmann::json(std::string(100, 'x'))),
            "\"" + std::string(39, 'x') + "...");
}

TEST(ObjectReader, ReadsAGoodObject) {
  const char* text = R"({
  "name": "kart", "mass_kg": 80, "abs": true, "gears": 5, "drive": "fwd",
  "ratios": [3.5, 2, 1.25],
  "body": {"width": 1.5},
  "wheels": [{"radius": 0.25}, {"radius": 0.3}]
})";
  std::string name, drive;
  double mass = 0, width = 0, wheelbase = 0;
  bool abs = false;
  int gears = 0, seats = 0;
  std::vector<double> ratios, radii;
  EXPECT_EQ(read_errors(text,
                        [&](ObjectReader& r) {
                          name = r.string("name");
                          mass = r.number("mass_kg", 50, 5000, "kg");
                          abs = r.boolean("abs", false);
                          gears = r.integer("gears", 1, 8);
                          seats = r.integer("seats", 1, 4, 1);  // absent: default
                          drive = r.choice("drive", {"rwd", "fwd", "awd"});
                          ratios = r.numbers("ratios", 0.1, 6, "", 1, 8);
                          auto body = r.object("body", true);
                          ASSERT_TRUE(body.has_value());
                          width = body->number("width", 0.5, 3, "metres");
                          wheelbase = body->number("wheelbase", 0.5, 5, "metres", 1.8);
                          body->finish();
                          for (ObjectReader& w : r.objects("wheels", 1, 4, true)) {
                            radii.push_back(w.number("radius", 0.1, 1, "metres"));
                            w.finish();
                          }
                        }),
            "");
  EXPECT_EQ(name, "kart");
  EXPECT_EQ(mass, 80.0);
  EXPECT_TRUE(abs);
  EXPECT_EQ(gears, 5);
  EXPECT_EQ(seats, 1);
  EXPECT_EQ(drive, "fwd");
  EXPECT_EQ(ratios, (std::vector<double>{3.5, 2, 1.25}));
  EXPECT_EQ(width, 1.5);
  EXPECT_EQ(wheelbase, 1.8);
  EXPECT_EQ(radii, (std::vector<double>{0.25, 0.3}));
}

TEST(ObjectReader, WrongType) {
  double width = 0;
  EXPECT_EQ(read_errors(R"({"width": "wide"})",
                        [&](ObjectReader& r) { width = r.number("width", 4, 60, "metres"); }),
            R"(car.json:1:11: "width" must be a number of metres in [4, 60], got "wide")");
  EXPECT_EQ(width, 4.0);  // in range, so loading can go on
  EXPECT_EQ(read_errors(R"({"abs": 1})", [](ObjectReader& r) { r.boolean("abs", false); }),
            R"(car.json:1:9: "abs" must be true or false, got 1)");
  EXPECT_EQ(read_errors(R"({"name": ""})", [](ObjectReader& r) { r.string("name"); }),
            R"(car.json:1:10: "name" must be a non-empty string, got "")");
  EXPECT_EQ(read_errors(R"({"name": ["a", "b"]})", [](ObjectReader& r) { r.string("name", "x"); }),
            R"(car.json:1:10: "name" must be a string, got ["a","b"])");
  EXPECT_EQ(read_errors(R"({"body": 3})", [](ObjectReader& r) { EXPECT_FALSE(r.object("body", true)); }),
            R"(car.json:1:10: "body" must be an object, got 3)");
  EXPECT_EQ(read_errors(R"({"gears": 2.5})", [](ObjectReader& r) { r.integer("gears", 1, 8, 5); }),
            R"(car.json:1:11: "gears" must be an integer in [1, 8], got 2.5)");
  EXPECT_EQ(read_errors(R"({"gears": 5.0})", [](ObjectReader& r) { EXPECT_EQ(r.integer("gears", 1, 8), 5); }),
            "");
}

TEST(ObjectReader, OutOfRange) {
  double width = 0, grip = 0;
  EXPECT_EQ(read_errors("{\n  \"width\": 75,\n  \"grip\": 2.5\n}",
                        [&](ObjectReader& r) {
                          width = r.number("width", 4, 60, "metres");
                          grip = r.number("grip", 1e-6, 0.5, "", 0.25);
                        }),
            "car.json:2:12: \"width\" must be a number of metres in [4, 60], got 75\n"
            "car.json:3:11: \"grip\" must be a number in [1e-06, 0.5], got 2.5");
  EXPECT_EQ(width, 60.0);  // required: clamped
  EXPECT_EQ(grip, 0.25);   // optional: the default
  EXPECT_EQ(read_errors(R"({"torque": -5})",
                        [](ObjectReader& r) {
                          r.number("torque", 0, std::numeric_limits<double>::infinity(), "N·m");
                        }),
            R"(car.json:1:12: "torque" must be a number of N·m >= 0, got -5)");
  EXPECT_EQ(read_errors(R"({"gears": 12})", [](ObjectReader& r) { EXPECT_EQ(r.integer("gears", 1, 8), 8); }),
            R"(car.json:1:11: "gears" must be an integer in [1, 8], got 12)");
}

TEST(ObjectReader, MissingRequiredKeyIsAtTheEnclosingObject) {
  EXPECT_EQ(read_errors("{\n  \"name\": \"kart\",\n  \"body\": {\n    \"width\": 1\n  }\n}",
                        [](ObjectReader& r) {
                          r.number("mass_kg", 100, 5000, "kg");
                          r.string("name");
                          if (auto body = r.object("body", true)) {
                            body->number("width", 0.5, 3, "metres");
                            body->integer("doors", 0, 5);
                            body->choice("shape", {"box", "wedge"});
                            body->finish();
                          }
                          r.object("engine", true);
                          r.objects("wheels", 2, 4, true);
                          r.numbers("ratios", 0.1, 6, "", 1, ObjectReader::kNoLimit);
                          r.boolean("abs");
                          r.number("optional", 0, 1, "", 0.5);  // absent optional: silent
                        }),
            "car.json:1:1: missing required key \"mass_kg\" (a number of kg in [100, 5000])\n"
            "car.json:3:11: missing required key \"doors\" (an integer in [0, 5])\n"
            "car.json:3:11: missing required key \"shape\" (one of \"box\", \"wedge\")\n"
            "car.json:1:1: missing required key \"engine\" (an object)\n"
            "car.json:1:1: missing required key \"wheels\" (an array of 2 to 4 objects)\n"
            "car.json:1:1: missing required key \"ratios\" (a non-empty array of numbers in "
            "[0.1, 6])\n"
            "car.json:1:1: missing required key \"abs\" (true or false)");
}

TEST(ObjectReader, UnknownKeysAreReportedAtTheKey) {
  const char* text =
      "{\n"
      "  \"colour\": \"red\",\n"
      "  \"body\": {\"widht\": 1.5, \"length\": 2}\n"
      "}";
  EXPECT_EQ(read_errors(text,
                        [](ObjectReader& r) {
                          if (auto body = r.object("body", true)) {
                            body->number("width", 0.5, 3, "metres", 1.0);
                            body->number("length", 1, 6, "metres");
                            body->finish();
                            body->finish();  // a second call reports nothing new
                          }
                        }),
            "car.json:3:12: unknown key \"widht\" in \"body\" (did you mean \"width\"?)\n"
            "car.json:2:3: unknown key \"colour\" in the top-level object");
}

TEST(ObjectReader, UnknownKeysComeInFileOrderWithPaths) {
  const char* text = R"({"zeta": 1, "alpha": 2, "wheels": [{"radius": 0.3, "camber": 1}]})";
  EXPECT_EQ(read_errors(text,
                        [](ObjectReader& r) {
                          for (ObjectReader& w : r.objects("wheels", 1, 4, true)) {
                            w.number("radius", 0.1, 1, "metres");
                            w.finish();
                          }
                        }),
            "car.json:1:52: unknown key \"camber\" in \"wheels[0]\"\n"
            "car.json:1:2: unknown key \"zeta\" in the top-level object\n"
            "car.json:1:13: unknown key \"alpha\" in the top-level object");
}

TEST(ObjectReader, Choice) {
  std::string drive;
  EXPECT_EQ(read_errors(R"({"drive": "4wd"})",
                        [&](ObjectReader& r) { drive = r.choice("drive", {"rwd", "fwd", "awd"}, "rwd"); }),
            R"(car.json:1:11: "drive" must be one of "rwd", "fwd", "awd", got "4wd")");
  EXPECT_EQ(drive, "rwd");
  EXPECT_EQ(read_errors(R"({"drive": 4})",
                        [&](ObjectReader& r) { drive = r.choice("drive", {"rwd", "awd"}); }),
            R"(car.json:1:11: "drive" must be one of "rwd", "awd", got 4)");
  EXPECT_EQ(drive, "rwd");
  EXPECT_EQ(read_errors(R"({})", [&](ObjectReader& r) { drive = r.choice("drive", {"rwd", "awd"}, "awd"); }),
            "");
  EXPECT_EQ(drive, "awd");
}

TEST(ObjectReader, ArraysOfNumbers) {
  std::vector<double> gears;
  EXPECT_EQ(read_errors(R"({"gears": [1, 2, 3, 4]})",
                        [&](ObjectReader& r) { gears = r.numbers("gears", 0.1, 6, "", 1, 3); }),
            R"(car.json:1:11: "gears" must have 1 to 3 items, got 4)");
  EXPECT_EQ(gears, (std::vector<double>{1, 2, 3}));  // at most max_count
  EXPECT_EQ(read_errors(R"({"gears": [1, "x", 9]})",
                        [&](ObjectReader& r) { gears = r.numbers("gears", 0.1, 6, "", 1, 8); }),
            "car.json:1:15: \"gears\"[1] must be a number in [0.1, 6], got \"x\"\n"
            "car.json:1:20: \"gears\"[2] must be a number in [0.1, 6], got 9");
  EXPECT_EQ(gears, (std::vector<double>{1, 0.1, 6}));
  EXPECT_EQ(read_errors(R"({"gears": 3})",
                        [&](ObjectReader& r) { r.numbers("gears", 0.1, 6, "", 1, 8); }),
            R"(car.json:1:11: "gears" must be an array of 1 to 8 numbers in [0.1, 6], got 3)");
  EXPECT_EQ(read_errors(R"({"pos": [1]})",
                        [&](ObjectReader& r) { r.numbers("pos", -1e4, 1e4, "metres", 2, 2); }),
            R"(car.json:1:9: "pos" must have exactly 2 items, got 1)");
  EXPECT_EQ(read_errors(R"({})",
                        [&](ObjectReader& r) { gears = r.numbers("gears", 0.1, 6, "", 1, 8, {3, 2}); }),
            "");
  EXPECT_EQ(gears, (std::vector<double>{3, 2}));
}

TEST(ObjectReader, ArraysOfObjects) {
  const char* text = R"({"wheels": [{"radius": 0.3}, 3, {"radius": 5}]})";
  std::size_t count = 0;
  EXPECT_EQ(read_errors(text,
                        [&](ObjectReader& r) {
                          std::vector<ObjectReader> wheels = r.objects("wheels", 1, 2, true);
                          count = wheels.size();
                          for (ObjectReader& w : wheels) {
                            w.number("radius", 0.1, 1, "metres");  // silent on the invalid one
                            w.finish();
                          }
                        }),
            "car.json:1:12: \"wheels\" must have 1 to 2 items, got 3\n"
            "car.json:1:30: \"wheels\"[1] must be an object, got 3");
  EXPECT_EQ(count, 2u);
  EXPECT_EQ(read_errors(R"({"wheels": {}})", [](ObjectReader& r) { r.objects("wheels", 1, 4, true); }),
            R"(car.json:1:12: "wheels" must be an array of 1 to 4 objects, got {})");
  EXPECT_EQ(read_errors(R"({})", [](ObjectReader& r) { EXPECT_TRUE(r.objects("wheels", 0, 4, false).empty()); }),
            "");
}

TEST(ObjectReader, RootMustBeAnObject) {
  const Result<JsonDoc> doc = JsonDoc::parse("[1, 2]", "car.json");
  ASSERT_TRUE(doc.ok());
  std::vector<DataError> errors;
  ObjectReader root = root_reader(doc.value(), errors);
  EXPECT_FALSE(root.valid());
  EXPECT_EQ(root.number("mass_kg", 100, 5000, "kg"), 100.0);  // silent: one mistake, one message
  EXPECT_FALSE(root.object("body", true).has_value());
  root.error("mass_kg", "ignored");
  root.finish();
  EXPECT_EQ(join_errors(errors), "car.json:1:1: the top-level value must be an object, got [1,2]");
}

TEST(ObjectReader, CustomErrorsHasAndRaw) {
  const char* text = R"({"gears": [3, 2, 2.5], "extra": {"a": 1}})";
  EXPECT_EQ(read_errors(text,
                        [](ObjectReader& r) {
                          EXPECT_TRUE(r.has("extra"));
                          EXPECT_FALSE(r.has("nope"));
                          const nlohmann::json* extra = r.raw("extra");
                          ASSERT_NE(extra, nullptr);
                          EXPECT_EQ((*extra)["a"], 1);
                          r.numbers("gears", 0.1, 6, "", 1, 8);
                          r.error("gears", "\"gears\" must be decreasing");
                          r.error("spare", "no spare tyre");
                          r.object_error("this car is silly");
                        }),
            "car.json:1:11: \"gears\" must be decreasing\n"
            "car.json:1:1: no spare tyre\n"
            "car.json:1:1: this car is silly");
}

TEST(ObjectReader, CollectsEveryErrorInOnePass) {
  const char* text =
      "{\n"
      "  \"format\": 1,\n"
      "  \"mass_kg\": \"heavy\",\n"
      "  \"drive\": \"4wd\",\n"
      "  \"bodyy\": {}\n"
      "}\n";
  EXPECT_EQ(read_errors(text,
                        [](ObjectReader& r) {
                          EXPECT_EQ(format_version(r, 1), 1);
                          r.number("mass_kg", 100, 5000, "kg");
                          r.choice("drive", {"rwd", "fwd", "awd"}, "rwd");
                          r.object("body", true);
                        }),
            "car.json:3:14: \"mass_kg\" must be a number of kg in [100, 5000], got \"heavy\"\n"
            "car.json:4:12: \"drive\" must be one of \"rwd\", \"fwd\", \"awd\", got \"4wd\"\n"
            "car.json:1:1: missing required key \"body\" (an object)\n"
            "car.json:5:3: unknown key \"bodyy\" in the top-level object (did you mean \"body\"?)");
}

TEST(FormatVersion, ChecksTheVersion) {
  auto version_errors = [](std::string_view text, int expected_version) {
    return read_errors(text, [&](ObjectReader& r) { EXPECT_EQ(format_version(r, 1), expected_version); });
  };
  EXPECT_EQ(version_errors(R"({"format": 1})", 1), "");
  EXPECT_EQ(version_errors(R"({"format": 7})", 0),
            R"(car.json:1:12: "format" 7 is newer than this game supports (1))");
  EXPECT_EQ(version_errors(R"({"format": 0})", 0),
            R"(car.json:1:12: "format" 0 is not a valid format version (versions start at 1))");
  EXPECT_EQ(version_errors(R"({"format": "1"})", 0),
            R"(car.json:1:12: "format" must be an integer format version in [1, 1], got "1")");
  EXPECT_EQ(version_errors(R"({"name": "kart"})", 0),
            "car.json:1:1: missing required key \"format\" (an integer format version in [1, 1])\n"
            "car.json:1:2: unknown key \"name\" in the top-level object");
}

}  // namespace
}  // namespace racer
