#pragma once
// A sweep's varied values as a person types them (the GUI's Sweep page:
// docs/gui.md "The Sweep page"), turned into a grid for parseScenarioGrid (docs/simulation.md "Sweeps"):
//   a list   "0, 600, null" — each item a JSON value; a bare word is a string ("strict, borrow");
//   a range  "0..3600 step 600" — FROM, FROM+STEP, … up to TO (TO included when hit); whole
//            numbers stay whole (a key that wants seconds rejects 600.0 as a fraction).
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clens {

// The values as JSON texts, in order. Throws InputError (source "sweep", field `key`) for an empty
// list, an empty item, a range without a positive step or going backwards, or more values than a
// grid may have runs.
std::vector<std::string> parseGridValues(std::string_view text, const std::string& key);

// The grid JSON {"base": base, "vary": {key: [values], …}} (keys in the given order). base is
// scenario JSON text; values are JSON texts (parseGridValues). Throws InputError when one is not
// JSON.
std::string gridJson(const std::string& baseScenarioJson, const std::vector<std::pair<std::string, std::vector<std::string>>>& vary);

} // namespace clens
