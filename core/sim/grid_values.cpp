#include "core/sim/grid_values.hpp"

#include "core/sim/scenario_grid.hpp"
#include "core/util/input_error.hpp"
#include "core/util/json_text.hpp"
#include "core/util/number_format.hpp"

#include <boost/json.hpp>

#include <charconv>
#include <cmath>
#include <optional>

namespace clens {

namespace {

constexpr const char* kSource = "sweep";

std::string_view trimmed(std::string_view s)
{
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

std::optional<double> number(std::string_view s)
{
    s = trimmed(s);
    double v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::string numberText(double v, bool whole)
{
    return whole ? std::to_string(std::llround(v)) : formatDouble(v);
}

// "FROM..TO step STEP"
std::vector<std::string> rangeValues(std::string_view text, std::size_t dots, const std::string& key)
{
    const auto stepAt = text.find("step");
    if (stepAt == std::string_view::npos || stepAt < dots)
        throw InputError(kSource, 0, key, "a range needs a step: FROM..TO step STEP");
    const auto from = number(text.substr(0, dots));
    const auto to = number(text.substr(dots + 2, stepAt - dots - 2));
    const auto step = number(text.substr(stepAt + 4));
    if (!from || !to || !step)
        throw InputError(kSource, 0, key, "a range is FROM..TO step STEP, with numbers");
    if (*step <= 0)
        throw InputError(kSource, 0, key, "the step of a range must be positive");
    if (*to < *from)
        throw InputError(kSource, 0, key, "a range goes up: FROM must not exceed TO");
    const auto count = std::floor((*to - *from) / *step * (1 + 1e-12)) + 1;
    if (count > static_cast<double>(kMaxGridRuns))
        throw InputError(kSource, 0, key, "the range has more than " + std::to_string(kMaxGridRuns) + " values");
    const bool whole = *from == std::round(*from) && *step == std::round(*step);
    std::vector<std::string> out;
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(count); ++i)
        out.push_back(numberText(*from + static_cast<double>(i) * *step, whole));
    return out;
}

} // namespace

std::vector<std::string> parseGridValues(std::string_view text, const std::string& key)
{
    text = trimmed(text);
    if (text.empty())
        throw InputError(kSource, 0, key, "no values: type a list (0, 600, null) or a range (0..3600 step 600)");
    if (const auto dots = text.find(".."); dots != std::string_view::npos && text.front() != '"')
        return rangeValues(text, dots, key);
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = text.find(',', start);
        const auto item = trimmed(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (item.empty())
            throw InputError(kSource, 0, key, "an empty value in the list");
        boost::system::error_code ec;
        const auto v = boost::json::parse(item, ec);
        out.push_back(ec ? toJsonText(boost::json::value(boost::json::string(item))) : toJsonText(v));
        if (out.size() > kMaxGridRuns)
            throw InputError(kSource, 0, key, "more than " + std::to_string(kMaxGridRuns) + " values");
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    return out;
}

std::string gridJson(const std::string& baseScenarioJson, const std::vector<std::pair<std::string, std::vector<std::string>>>& vary)
{
    boost::json::object grid;
    grid["base"] = parseJsonText(baseScenarioJson, kSource);
    boost::json::object v;
    for (const auto& [key, values] : vary) {
        boost::json::array list;
        for (const auto& text : values)
            list.push_back(parseJsonText(text, kSource));
        v[key] = std::move(list);
    }
    grid["vary"] = std::move(v);
    return toJsonText(grid);
}

} // namespace clens
