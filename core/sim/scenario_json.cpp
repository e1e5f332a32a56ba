#include "core/sim/scenario_json.hpp"
#include "core/util/input_limits.hpp"

#include "core/sim/scenario_names.hpp"
#include "core/util/input_error.hpp"
#include "core/util/json_text.hpp"
#include "core/util/text_file.hpp"

#include <boost/json.hpp>

#include <cmath>
#include <functional>
#include <limits>
#include <sstream>

namespace clens {

namespace json = boost::json;

namespace {

class Reader {
public:
    explicit Reader(const std::string& source) : source_(source) {}

    [[noreturn]] void fail(const std::string& path, const std::string& reason) const
    {
        throw InputError(source_, 0, path, reason);
    }

    const json::object& object(const json::value& v, const std::string& path) const
    {
        if (!v.is_object())
            fail(path, "expected an object");
        return v.get_object();
    }

    std::int64_t integer(const json::value& v, const std::string& path, std::int64_t lo, std::int64_t hi) const
    {
        std::int64_t x = 0;
        if (v.is_int64()) {
            x = v.get_int64();
        } else if (v.is_uint64()) {
            if (v.get_uint64() > static_cast<std::uint64_t>(hi))
                fail(path, "out of range (at most " + std::to_string(hi) + ")");
            x = static_cast<std::int64_t>(v.get_uint64());
        } else if (v.is_double() && std::isfinite(v.get_double()) && std::trunc(v.get_double()) == v.get_double() &&
                   std::fabs(v.get_double()) < 9.0e18) {
            x = static_cast<std::int64_t>(v.get_double());
        } else {
            fail(path, "expected a whole number");
        }
        if (x < lo || x > hi)
            fail(path, "out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
        return x;
    }

    std::uint64_t unsignedInteger(const json::value& v, const std::string& path) const
    {
        if (v.is_uint64())
            return v.get_uint64();
        return static_cast<std::uint64_t>(integer(v, path, 0, std::numeric_limits<std::int64_t>::max()));
    }

    double number(const json::value& v, const std::string& path, double lo, double hi, bool loOpen = false) const
    {
        if (!v.is_number())
            fail(path, "expected a number");
        const double x = v.to_number<double>();
        if (!std::isfinite(x) || x > hi || (loOpen ? x <= lo : x < lo)) {
            std::ostringstream range;
            range << (loOpen ? "greater than " : "from ") << lo << (loOpen ? " and at most " : " to ") << hi;
            fail(path, "out of range (" + range.str() + ")");
        }
        return x;
    }

    std::optional<std::int64_t> optionalSeconds(const json::value& v, const std::string& path) const
    {
        if (v.is_null())
            return std::nullopt;
        return integer(v, path, 0, kMaxSeconds);
    }

    template <class E>
    E choice(const json::value& v, const std::string& path) const
    {
        if (v.is_string())
            if (const auto e = scenarioEnumFromString<E>(std::string_view(v.get_string())))
                return *e;
        const auto names = scenarioEnumNames<E>();
        fail(path, v.is_string() ? "unknown value '" + std::string(v.get_string()) + "' (expected " + names + ")"
                                 : "expected a string (" + names + ")");
    }

    // null -> nullopt (the documented meaning of null for that key), else a number in range.
    std::optional<double> optionalNumber(const json::value& v, const std::string& path, double lo, double hi) const
    {
        if (v.is_null())
            return std::nullopt;
        return number(v, path, lo, hi);
    }

    std::string text(const json::value& v, const std::string& path, std::initializer_list<const char*> allowed) const
    {
        std::string names;
        for (const auto* name : allowed) {
            if (v.is_string() && v.get_string() == name)
                return name;
            names += names.empty() ? "" : ", ";
            names += name;
        }
        fail(path, v.is_string() ? "unknown value '" + std::string(v.get_string()) + "' (expected " + names + ")"
                                 : "expected a string (" + names + ")");
    }

    // Calls fn(key, value, path) for each member; fn returns false for an unknown key.
    void members(const json::value& v, const std::string& path,
                 const std::function<bool(std::string_view, const json::value&, const std::string&)>& fn) const
    {
        for (const auto& kv : object(v, path)) {
            const std::string sub = path.empty() ? std::string(kv.key()) : path + "." + std::string(kv.key());
            if (!fn(kv.key(), kv.value(), sub))
                fail(sub, "unknown key");
        }
    }

private:
    const std::string& source_;
};

// One function per group of keys (docs/simulation.md "Scenario JSON").
void readLocality(const Reader& rd, const json::value& v, const std::string& path, Scenario& s)
{
    rd.members(v, path, [&](std::string_view k, const json::value& x, const std::string& p) {
        if (k == "relax_to_rack_after_s")
            s.locality.relaxToRackAfter_s = rd.optionalSeconds(x, p);
        else if (k == "relax_to_any_after_s")
            s.locality.relaxToAnyAfter_s = rd.optionalSeconds(x, p);
        else if (k == "rack_size")
            s.locality.rackSize = static_cast<std::int32_t>(rd.integer(x, p, 1, 1'000'000));
        else
            return false;
        return true;
    });
}

void readGang(const Reader& rd, const json::value& v, const std::string& path, Scenario& s)
{
    rd.members(v, path, [&](std::string_view k, const json::value& x, const std::string& p) {
        if (k == "policy")
            s.gang.policy = rd.choice<GangPolicy>(x, p);
        else if (k == "min_fraction")
            s.gang.minFraction = rd.number(x, p, 0.0, 1.0, true);
        else if (k == "elastic_after_s")
            s.gang.elasticAfter_s = rd.integer(x, p, 0, kMaxSeconds);
        else
            return false;
        return true;
    });
}

void readQuota(const Reader& rd, const json::value& v, const std::string& path, Scenario& s)
{
    rd.members(v, path, [&](std::string_view k, const json::value& x, const std::string& p) {
        if (k == "mode") {
            s.quota.mode = rd.choice<QuotaMode>(x, p);
        } else if (k == "vc") {
            for (const auto& kv : rd.object(x, p)) {
                const std::string vcPath = p + "." + std::string(kv.key());
                if (kv.key().empty())
                    rd.fail(vcPath, "empty VC name");
                if (kv.value().is_null())
                    s.quota.vcGpus.erase(std::string(kv.key())); // null: no quota for this VC
                else
                    s.quota.vcGpus[std::string(kv.key())] = rd.integer(kv.value(), vcPath, 0, 1'000'000'000);
            }
        } else {
            return false;
        }
        return true;
    });
}

void readQueue(const Reader& rd, const json::value& v, const std::string& path, Scenario& s)
{
    rd.members(v, path, [&](std::string_view k, const json::value& x, const std::string& p) {
        if (k == "policy") {
            s.queue.policy = rd.choice<QueuePolicyKind>(x, p);
        } else if (k == "las_thresholds_gpu_s") {
            if (!x.is_array())
                rd.fail(p, "expected an array of GPU-seconds in ascending order");
            std::vector<double> thresholds;
            for (const auto& e : x.get_array()) {
                thresholds.push_back(rd.number(e, p, 0.0, 1e15, true));
                if (thresholds.size() > 1 && thresholds.back() <= thresholds[thresholds.size() - 2])
                    rd.fail(p, "thresholds must be in ascending order");
            }
            s.queue.lasThresholdsGpuS = std::move(thresholds);
        } else if (k == "starvation_factor") {
            s.queue.starvationFactor = rd.number(x, p, 0.0, 1e6);
        } else if (k == "preempt_overhead_s") {
            s.queue.preemptOverhead_s = rd.integer(x, p, 0, kMaxSeconds);
        } else {
            return false;
        }
        return true;
    });
}

void readSlowdown(const Reader& rd, const json::value& v, const std::string& path, Scenario& s)
{
    rd.members(v, path, [&](std::string_view k, const json::value& x, const std::string& p) {
        if (k == "per_extra_server")
            s.slowdown.perExtraServer = rd.number(x, p, 0.0, 100.0);
        else if (k == "cross_rack")
            s.slowdown.crossRack = rd.number(x, p, 0.0, 100.0);
        else if (k == "max_factor")
            s.slowdown.maxFactor = rd.number(x, p, 1.0, 1e6);
        else
            return false;
        return true;
    });
}

void readFailures(const Reader& rd, const json::value& v, const std::string& path, Scenario& s)
{
    rd.members(v, path, [&](std::string_view k, const json::value& x, const std::string& p) {
        if (k == "trial_run_s")
            s.failures.trialRun_s = rd.integer(x, p, 0, kMaxSeconds);
        else if (k == "server_mtbf_h")
            s.failures.serverMtbf_h = rd.number(x, p, 0.0, 1e9);
        else if (k == "repair_h")
            s.failures.repair_h = rd.number(x, p, 0.0, 1e6);
        else if (k == "checkpoint_s")
            s.failures.checkpoint_s = rd.integer(x, p, 0, kMaxSeconds);
        else if (k == "horizon_s")
            s.failures.horizon_s = rd.integer(x, p, 1, kMaxSeconds);
        else
            return false;
        return true;
    });
}

void readAutoscaler(const Reader& rd, const json::value& v, const std::string& path, Scenario& s)
{
    rd.members(v, path, [&](std::string_view k, const json::value& x, const std::string& p) {
        if (k == "policy")
            s.autoscaler.policy = rd.text(
                x, p, {"phase.rule", "prev.step.max", "prev.step.rules", "current.step.max", "current.step.rules", "request"});
        else if (k == "interval_s")
            s.autoscaler.interval_s = rd.integer(x, p, 1, kMaxSeconds);
        else if (k == "sigma")
            s.autoscaler.sigma = rd.number(x, p, 0.0, 1000.0);
        else if (k == "headroom")
            s.autoscaler.headroom = rd.number(x, p, 0.0, 100.0);
        else if (k == "usage")
            s.autoscaler.usage = rd.choice<UsageModel>(x, p);
        else
            return false;
        return true;
    });
}

void readResources(const Reader& rd, const json::value& v, const std::string& path, Scenario& s)
{
    rd.members(v, path, [&](std::string_view k, const json::value& x, const std::string& p) {
        if (k == "server_defaults") {
            auto& d = s.resources.serverDefaults;
            rd.members(x, p, [&](std::string_view k2, const json::value& y, const std::string& p2) {
                if (k2 == "cpu_cores")
                    d.cpuCores = rd.optionalNumber(y, p2, 0.0, 1e6);
                else if (k2 == "mem_gb")
                    d.memGb = rd.optionalNumber(y, p2, 0.0, 1e9);
                else
                    return false;
                return true;
            });
        } else if (k == "job_defaults") {
            auto& d = s.resources.jobDefaults;
            rd.members(x, p, [&](std::string_view k2, const json::value& y, const std::string& p2) {
                if (k2 == "cpu_per_gpu")
                    d.cpuPerGpu = rd.optionalNumber(y, p2, 0.0, 1e6);
                else if (k2 == "mem_gb_per_gpu")
                    d.memGbPerGpu = rd.optionalNumber(y, p2, 0.0, 1e9);
                else
                    return false;
                return true;
            });
        } else {
            return false;
        }
        return true;
    });
}

void readPower(const Reader& rd, const json::value& v, const std::string& path, Scenario& s)
{
    auto& w = s.power;
    rd.members(v, path, [&](std::string_view k, const json::value& x, const std::string& p) {
        if (k == "enabled") {
            if (!x.is_bool())
                rd.fail(p, "expected true or false");
            w.enabled = x.get_bool();
        } else if (k == "idle_off_after_s") {
            w.idleOffAfter_s = rd.integer(x, p, 0, kMaxSeconds);
        } else if (k == "spare_servers") {
            w.spareServers = static_cast<std::int32_t>(rd.integer(x, p, 0, 10'000'000));
        } else if (k == "boot_s") {
            w.boot_s = rd.integer(x, p, 0, kMaxSeconds);
        } else if (k == "server_idle_w") {
            w.serverIdleW = rd.number(x, p, 0.0, 1e7);
        } else if (k == "gpu_idle_w") {
            w.gpuIdleW = rd.number(x, p, 0.0, 1e7);
        } else if (k == "gpu_busy_w") {
            w.gpuBusyW = rd.number(x, p, 0.0, 1e7);
        } else if (k == "off_w") {
            w.offW = rd.number(x, p, 0.0, 1e7);
        } else {
            return false;
        }
        return true;
    });
}

void readArrivals(const Reader& rd, const json::value& v, const std::string& path, Scenario& s)
{
    rd.members(v, path, [&](std::string_view k, const json::value& x, const std::string& p) {
        if (k != "speedup")
            return false;
        s.arrivals.speedup = rd.number(x, p, 0.0, 1e6, true);
        return true;
    });
}

} // namespace

Scenario parseScenarioJson(std::string_view text, const std::string& sourceName, const Scenario& base)
{
    const Reader rd(sourceName);
    const auto root = parseJsonText(text, sourceName);
    Scenario s = base;
    using Group = void (*)(const Reader&, const json::value&, const std::string&, Scenario&);
    static const std::pair<std::string_view, Group> kGroups[] = {
        {"locality", readLocality},
        {"gang", readGang},
        {"quota", readQuota},
        {"queue", readQueue},
        {"slowdown", readSlowdown},
        {"failures", readFailures},
        {"autoscaler", readAutoscaler},
        {"resources", readResources},
        {"power", readPower},
        {"arrivals", readArrivals},
    };
    rd.members(root, "", [&](std::string_view key, const json::value& v, const std::string& path) {
        for (const auto& [name, read] : kGroups)
            if (key == name) {
                read(rd, v, path, s);
                return true;
            }
        if (key == "placement")
            s.placement = rd.choice<PlacementPolicy>(v, path);
        else if (key == "backfill")
            s.backfill = rd.choice<BackfillPolicy>(v, path);
        else if (key == "seed")
            s.seed = rd.unsignedInteger(v, path);
        else if (key == "series_step_s")
            s.seriesStep_s = rd.integer(v, path, 1, kMaxSeconds);
        else
            return false;
        return true;
    });
    return s;
}

Scenario loadScenarioFile(const std::string& path, const Scenario& base)
{
    const auto text = readTextFile(path);
    try {
        return parseScenarioJson(text, path, base);
    } catch (const InputError& e) {
        rethrowWithKeyLine(e, text);
    }
}

namespace {
json::value optionalInt(const std::optional<std::int64_t>& v) { return v ? json::value(*v) : json::value(nullptr); }
json::value optionalReal(const std::optional<double>& v) { return v ? json::value(*v) : json::value(nullptr); }
template <class E>
json::string name(E v) { return json::string(toString(v)); }
} // namespace

std::string scenarioToJson(const Scenario& s)
{
    json::object o;
    o["locality"] = json::object{{"relax_to_rack_after_s", optionalInt(s.locality.relaxToRackAfter_s)},
                                 {"relax_to_any_after_s", optionalInt(s.locality.relaxToAnyAfter_s)},
                                 {"rack_size", s.locality.rackSize}};
    o["gang"] = json::object{{"policy", name(s.gang.policy)}, {"min_fraction", s.gang.minFraction}, {"elastic_after_s", s.gang.elasticAfter_s}};
    json::object vc;
    for (const auto& [k, v] : s.quota.vcGpus)
        vc[k] = v;
    o["quota"] = json::object{{"mode", name(s.quota.mode)}, {"vc", std::move(vc)}};
    json::array thresholds;
    for (const auto v : s.queue.lasThresholdsGpuS)
        thresholds.push_back(v);
    o["queue"] = json::object{{"policy", name(s.queue.policy)},
                              {"las_thresholds_gpu_s", std::move(thresholds)},
                              {"starvation_factor", s.queue.starvationFactor},
                              {"preempt_overhead_s", s.queue.preemptOverhead_s}};
    o["placement"] = name(s.placement);
    o["backfill"] = name(s.backfill);
    o["slowdown"] = json::object{{"per_extra_server", s.slowdown.perExtraServer},
                                 {"cross_rack", s.slowdown.crossRack},
                                 {"max_factor", s.slowdown.maxFactor}};
    o["failures"] = json::object{{"trial_run_s", s.failures.trialRun_s},
                                 {"server_mtbf_h", s.failures.serverMtbf_h},
                                 {"repair_h", s.failures.repair_h},
                                 {"checkpoint_s", s.failures.checkpoint_s},
                                 {"horizon_s", s.failures.horizon_s}};
    o["autoscaler"] = json::object{{"policy", s.autoscaler.policy},
                                   {"interval_s", s.autoscaler.interval_s},
                                   {"sigma", s.autoscaler.sigma},
                                   {"headroom", s.autoscaler.headroom},
                                   {"usage", name(s.autoscaler.usage)}};
    const auto& w = s.power;
    o["power"] = json::object{{"enabled", w.enabled},           {"idle_off_after_s", w.idleOffAfter_s},
                              {"spare_servers", w.spareServers}, {"boot_s", w.boot_s},
                              {"server_idle_w", w.serverIdleW},  {"gpu_idle_w", w.gpuIdleW},
                              {"gpu_busy_w", w.gpuBusyW},        {"off_w", w.offW}};
    const auto& rs = s.resources;
    o["resources"] = json::object{
        {"server_defaults", json::object{{"cpu_cores", optionalReal(rs.serverDefaults.cpuCores)},
                                         {"mem_gb", optionalReal(rs.serverDefaults.memGb)}}},
        {"job_defaults", json::object{{"cpu_per_gpu", optionalReal(rs.jobDefaults.cpuPerGpu)},
                                      {"mem_gb_per_gpu", optionalReal(rs.jobDefaults.memGbPerGpu)}}}};
    o["arrivals"] = json::object{{"speedup", s.arrivals.speedup}};
    o["seed"] = s.seed;
    o["series_step_s"] = s.seriesStep_s;
    return toJsonText(o);
}

} // namespace clens
