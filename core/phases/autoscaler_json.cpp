#include "core/phases/autoscaler_json.hpp"

#include "core/phases/precise_json.hpp"
#include "core/util/input_error.hpp"
#include "core/util/text_file.hpp"

#include <boost/json.hpp>

#include <cmath>

namespace clens {

namespace json = boost::json;

AutoscalerSection parseAutoscalerSection(std::string_view text, const std::string& source, const AutoscalerSection& base)
{
    const auto doc = parseJsonPrecise(text, source);
    if (!doc.is_object())
        throw InputError(source, 0, "", "a scenario must be a JSON object");
    AutoscalerSection out = base;
    const auto* section = doc.get_object().if_contains("autoscaler");
    if (!section)
        return out;
    if (!section->is_object())
        throw InputError(source, 0, "autoscaler", "expected a JSON object");
    const auto number = [&](const json::value& v, const std::string& key) {
        std::error_code ec;
        const double d = v.to_number<double>(ec);
        if (ec || !std::isfinite(d))
            throw InputError(source, 0, key, "expected a number");
        return d;
    };
    for (const auto& [name, v] : section->get_object()) {
        const auto key = "autoscaler." + std::string(name);
        if (name == "policy") {
            const auto p = v.is_string() ? scalingPolicyFromName(std::string(v.get_string())) : std::nullopt;
            if (!p)
                throw InputError(source, 0, key,
                                 "expected one of prev.step.max, prev.step.rules, phase.rule, current.step.max, "
                                 "current.step.rules");
            out.policy = *p;
        } else if (name == "interval_s") {
            const double d = number(v, key);
            if (d != std::floor(d) || d < 1 || d > 1e9)
                throw InputError(source, 0, key, "expected a whole number of seconds >= 1");
            out.config.interval_s = static_cast<std::int64_t>(d);
        } else if (name == "sigma") {
            out.config.sigma = number(v, key);
            if (out.config.sigma < 0)
                throw InputError(source, 0, key, "must be >= 0");
        } else if (name == "headroom") {
            out.config.headroom = number(v, key);
            if (out.config.headroom < 0 || out.config.headroom > 100)
                throw InputError(source, 0, key, "must be a fraction in [0, 100] (0.1 = 10 %)");
        } else {
            throw InputError(source, 0, key, "unknown key (expected policy, interval_s, sigma or headroom)");
        }
    }
    return out;
}

AutoscalerSection loadAutoscalerSection(const std::string& path, const AutoscalerSection& base)
{
    return parseAutoscalerSection(readTextFile(path, "the scenario file"), path, base);
}

} // namespace clens
