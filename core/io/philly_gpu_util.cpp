#include "core/io/philly_gpu_util.hpp"

#include "core/util/civil_time.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace clens {

namespace {

constexpr std::int64_t kGpuSlots = 4096; // GPU indices per server in the interval key

// One GPU held by one job between start and end.
struct Hold {
    std::int64_t start = 0, end = 0;
    std::int32_t job = 0;
};

// The holds of one GPU sorted by start, with the running maximum of end so a lookup can walk
// back over overlapping holds and stop early.
struct GpuHolds {
    std::vector<Hold> holds;
    std::vector<std::int64_t> maxEnd;
};

class HoldIndex {
public:
    explicit HoldIndex(const Trace& trace)
    {
        for (std::size_t j = 0; j < trace.jobs.size(); ++j) {
            const auto& job = trace.jobs[j];
            for (std::size_t k = 0; k < job.attempts.size(); ++k) {
                const auto& a = job.attempts[k];
                if (!a.start_s)
                    continue;
                std::optional<std::int64_t> end = a.end_s;
                if (!end && k + 1 == job.attempts.size())
                    end = job.recordedEnd_s; // still running at the end of the log
                if (!end || *end <= *a.start_s)
                    continue;
                for (const auto& entry : a.placement) {
                    const auto server = serverId(entry.server);
                    for (auto g : entry.gpus)
                        byGpu_[server * kGpuSlots + g].holds.push_back(Hold{*a.start_s, *end, static_cast<std::int32_t>(j)});
                }
            }
        }
        for (auto& [key, h] : byGpu_) {
            std::sort(h.holds.begin(), h.holds.end(), [](const Hold& a, const Hold& b) { return a.start < b.start; });
            h.maxEnd.resize(h.holds.size());
            std::int64_t m = INT64_MIN;
            for (std::size_t i = 0; i < h.holds.size(); ++i)
                h.maxEnd[i] = m = std::max(m, h.holds[i].end);
        }
    }

    // The index of a server the log places jobs on, or nullopt.
    std::optional<std::int64_t> findServer(std::string_view name) const
    {
        const auto s = servers_.find(std::string(name));
        return s == servers_.end() ? std::nullopt : std::optional<std::int64_t>(s->second);
    }

    // Calls fn(job) for every job holding GPU g of server (from findServer) at time t.
    template <class Fn>
    void forHolders(std::int64_t server, std::int64_t g, std::int64_t t, Fn&& fn) const
    {
        const auto it = byGpu_.find(server * kGpuSlots + g);
        if (it == byGpu_.end())
            return;
        const auto& h = it->second;
        auto i = static_cast<std::ptrdiff_t>(
            std::upper_bound(h.holds.begin(), h.holds.end(), t, [](std::int64_t v, const Hold& x) { return v < x.start; })
            - h.holds.begin());
        for (--i; i >= 0 && h.maxEnd[static_cast<std::size_t>(i)] > t; --i)
            if (h.holds[static_cast<std::size_t>(i)].end > t)
                fn(h.holds[static_cast<std::size_t>(i)].job);
    }

private:
    std::int64_t serverId(const std::string& name)
    {
        return servers_.emplace(name, static_cast<std::int64_t>(servers_.size())).first->second;
    }

    std::unordered_map<std::string, std::int64_t> servers_;
    std::unordered_map<std::int64_t, GpuHolds> byGpu_;
};

// A sample time: "YYYY-MM-DD HH:MM:SS[ PDT|PST]". nullopt when the text is not a date-time.
std::optional<std::int64_t> sampleTime(std::string_view text, const FieldRef& where)
{
    std::string zone;
    const auto t = parseDateTime(trim(text), &zone);
    if (!t)
        return std::nullopt;
    if (zone == "PDT")
        return unixFromUtc(*t) + 7 * 3600;
    if (zone == "PST")
        return unixFromUtc(*t) + 8 * 3600;
    if (zone.empty())
        return unixFromPacific(*t);
    if (zone == "UTC" || zone == "GMT")
        return unixFromUtc(*t);
    failField(where, "unknown time zone '" + zone + "' (expected PDT or PST)");
}

} // namespace

void applyPhillyGpuUtil(Trace& trace, const std::string& path, const ImportOptions& options)
{
    CsvReader csv(path);
    if (!csv.next())
        throw InputError(path, 0, "", "file is empty (expected a header line time,machineId,gpu0_util,...)");
    const CsvHeader header(csv);
    if (header.size() < 3 || header.name(0) != "time" || header.name(1) != "machineId")
        throw InputError(path, csv.line(), "time",
                         "not a Philly GPU utilization file (expected a header time,machineId,gpu0_util,...)");

    const HoldIndex index(trace);
    std::vector<double> sum(trace.jobs.size(), 0.0);
    std::vector<std::int64_t> count(trace.jobs.size(), 0);
    std::int64_t clamped = 0;
    std::vector<std::string> gpuFields; // "gpu<g>_util", named for errors
    ProgressTicker ticker(options.progress, 1 << 14);
    while (csv.next()) {
        const auto line = csv.line();
        const auto& f = csv.fields();
        std::size_t i = 0;
        while (i < f.size()) {
            // A record: time, machineId, then GPU values up to the next date-time field.
            if (i > 0 && trim(f[i]).empty()) { // trailing comma
                ++i;
                continue;
            }
            const auto t = sampleTime(f[i], {path, line, "time"});
            if (!t)
                failField({path, line, "time"}, "expected a date-time such as '2017-10-03 00:08:00 PDT', got '"
                                                    + std::string(trim(f[i]).substr(0, 40)) + "'");
            if (i + 1 >= f.size())
                failField({path, line, "machineId"}, "row ends before the machine id");
            const auto server = index.findServer(requireText(f[i + 1], {path, line, "machineId"}));
            std::size_t j = i + 2;
            for (std::int64_t g = 0; j < f.size(); ++j, ++g) {
                const auto v = trim(f[j]);
                if (v.size() >= 19 && sampleTime(v, {path, line, "time"}))
                    break; // the next glued record starts here
                if (v.empty() || v == "NA")
                    continue;
                while (gpuFields.size() <= static_cast<std::size_t>(g))
                    gpuFields.push_back("gpu" + std::to_string(gpuFields.size()) + "_util");
                if (g >= kGpuSlots)
                    failField({path, line, gpuFields.back()}, "too many GPU columns");
                double util = parseDouble(v, {path, line, gpuFields[static_cast<std::size_t>(g)]}, 0.0);
                if (util > 100.0) {
                    util = 100.0;
                    ++clamped;
                }
                if (!server)
                    continue; // no job of the log ran there
                index.forHolders(*server, g, *t, [&](std::int32_t job) {
                    sum[static_cast<std::size_t>(job)] += util;
                    ++count[static_cast<std::size_t>(job)];
                });
            }
            i = j;
        }
        if (csv.totalBytes())
            ticker.tick(static_cast<double>(csv.bytesRead()) / static_cast<double>(csv.totalBytes()));
    }
    std::int64_t withUtil = 0;
    for (std::size_t j = 0; j < trace.jobs.size(); ++j)
        if (count[j] > 0) {
            trace.jobs[j].gpuUtil = static_cast<float>(sum[j] / static_cast<double>(count[j]) / 100.0);
            ++withUtil;
        }
    trace.meta.notes.push_back("GPU utilization from " + path + ": " + std::to_string(withUtil) + " of "
                               + std::to_string(trace.jobs.size()) + " jobs have samples");
    if (clamped)
        trace.meta.notes.push_back(std::to_string(clamped) + " GPU utilization samples above 100% counted as 100%");
}

} // namespace clens
