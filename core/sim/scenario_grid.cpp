#include "core/sim/scenario_grid.hpp"

#include "core/sim/scenario_json.hpp"
#include "core/util/input_error.hpp"
#include "core/util/json_text.hpp"
#include "core/util/text_file.hpp"

#include <boost/json.hpp>


namespace clens {

namespace json = boost::json;

namespace {

std::vector<std::string> splitPath(const std::string& path)
{
    std::vector<std::string> parts;
    std::string cur;
    for (const char c : path) {
        if (c == '.') {
            parts.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    parts.push_back(cur);
    return parts;
}

void setPath(json::object& root, const std::vector<std::string>& parts, const json::value& v, const std::string& source,
             const std::string& key)
{
    json::object* o = &root;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        auto& child = (*o)[parts[i]];
        if (child.is_null())
            child = json::object{};
        if (!child.is_object())
            throw InputError(source, 0, key, "'" + parts[i] + "' in base is not an object");
        o = &child.get_object();
    }
    (*o)[parts.back()] = v;
}

// A value as the CSV and the Sweep page show it: 1.5, not Boost's "1.5E0" (toJsonText).
std::string label(const json::value& v)
{
    if (v.is_null())
        return "";
    if (v.is_string())
        return std::string(v.get_string());
    return toJsonText(v);
}

} // namespace

ScenarioGrid parseScenarioGrid(std::string_view text, const std::string& source)
{
    const auto root = parseJsonText(text, source);
    if (!root.is_object())
        throw InputError(source, 0, "", "expected an object {\"base\": {...}, \"vary\": {...}}");
    json::object base;
    const json::object* vary = nullptr;
    for (const auto& kv : root.get_object()) {
        if (kv.key() == "base") {
            if (!kv.value().is_object())
                throw InputError(source, 0, "base", "expected an object");
            base = kv.value().get_object();
        } else if (kv.key() == "vary") {
            if (!kv.value().is_object())
                throw InputError(source, 0, "vary", "expected an object of key path -> list of values");
            vary = &kv.value().get_object();
        } else {
            throw InputError(source, 0, std::string(kv.key()), "unknown key (expected base, vary)");
        }
    }
    parseScenarioJson(json::serialize(base), source); // report errors in base once, by key
    ScenarioGrid grid;
    std::vector<const json::array*> lists;
    if (vary)
        for (const auto& kv : *vary) {
            const std::string key = "vary." + std::string(kv.key());
            if (!kv.value().is_array() || kv.value().get_array().empty())
                throw InputError(source, 0, key, "expected a non-empty list of values");
            grid.keys.emplace_back(kv.key());
            lists.push_back(&kv.value().get_array());
        }
    // The run limit of docs/simulation.md "Sweeps": a few hundred bytes of lists must not make
    // millions of scenarios (or overflow the product).
    std::size_t total = 1;
    for (const auto* l : lists) {
        if (l->size() > kMaxGridRuns / total)
            throw InputError(source, 0, "vary",
                             "the grid has more than " + std::to_string(kMaxGridRuns) +
                                 " runs (the product of the lengths of the vary lists); split the sweep");
        total *= l->size();
    }
    std::vector<std::size_t> pick(lists.size(), 0);
    for (std::size_t run = 0; run < total; ++run) {
        json::object o = base;
        std::vector<std::string> labels;
        for (std::size_t k = 0; k < lists.size(); ++k) {
            const auto& v = (*lists[k])[pick[k]];
            setPath(o, splitPath(grid.keys[k]), v, source, "vary." + grid.keys[k]);
            labels.push_back(label(v));
        }
        grid.runs.push_back(parseScenarioJson(json::serialize(o), source + " (run " + std::to_string(run + 1) + ")"));
        grid.labels.push_back(std::move(labels));
        for (std::size_t k = lists.size(); k-- > 0;) { // odometer: the last key varies fastest
            if (++pick[k] < lists[k]->size())
                break;
            pick[k] = 0;
        }
    }
    return grid;
}

ScenarioGrid loadScenarioGrid(const std::string& path)
{
    const auto text = readTextFile(path);
    try {
        return parseScenarioGrid(text, path);
    } catch (const InputError& e) {
        // A key of the base, else a varied one (a run's error names the key it varies).
        const bool inBase = lineOfKeyPath(text, "base." + e.field()) != 0;
        rethrowWithKeyLine(e, text, inBase ? "base." : "vary.");
    }
}

} // namespace clens
