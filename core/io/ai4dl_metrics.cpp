#include "core/io/ai4dl_metrics.hpp"

#include "core/util/civil_time.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/field_parse.hpp"
#include "core/util/input_error.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace clens {

const std::vector<std::string>& ai4dlMetricColumns()
{
    static const std::vector<std::string> columns{
        "cpu.num.cores", "cpu.usage",  "cpu.usage.cores", "cpu.usage.pct", "cpu.usage.pct.container.requested",
        "mem.current",   "mem.limit",  "mem.usage.pct",   "mem.working.set"};
    return columns;
}

namespace {

std::int64_t parseTimestamp(std::string_view text, const FieldRef& where)
{
    const auto t = trim(text);
    if (t.find('-', 1) != std::string_view::npos || t.find(':') != std::string_view::npos) {
        if (const auto dt = parseDateTime(t))
            return unixFromUtc(*dt);
        failField(where, "expected Unix seconds or \"YYYY-MM-DD HH:MM:SS\", got '" + std::string(t) + "'");
    }
    return parseSeconds(t, where, 0);
}

} // namespace

ContainerMetrics readAi4dlMetrics(const std::string& path, const MetricsReadOptions& options)
{
    CsvReader reader(path);
    if (!reader.next())
        throw InputError(path, 0, "", "the file is empty (expected an AI4DL metrics header)");
    const CsvHeader header(reader);
    const auto tsCol = header.require("timestamp");
    const auto podCol = header.require("pod.id");
    const auto serviceCol = header.find("service");
    std::vector<std::size_t> metricCols;
    for (const auto& name : options.columns)
        metricCols.push_back(header.require(name));

    ContainerMetrics m;
    m.source = path;
    m.columns = options.columns;
    std::unordered_map<std::string, std::size_t> podIndex;
    const auto nCols = metricCols.size();

    // A leading row-index column comes in two spellings: named "" in the header (pandas'
    // to_csv), which needs nothing, or left out of the header (R's write.csv/write.table), so
    // every row has one field more: decided on the first row, then every row must agree.
    std::optional<std::size_t> shift;
    const auto field = [&](std::size_t col) { return reader.field(col + *shift); };
    while (reader.next()) {
        const auto line = reader.line();
        if (!shift) {
            shift = reader.size() == header.size() + 1 ? 1 : 0;
            if (*shift)
                m.notes.push_back("the rows have one field more than the header: the first (a row index, as R writes "
                                  "it) is ignored");
        }
        if (reader.size() != header.size() + *shift) {
            const auto named = reader.size() < *shift ? 0 : reader.size() - *shift;
            const std::string fieldName = named < header.size() ? header.name(named) : "";
            throw InputError(path, line, fieldName,
                             "the row has " + std::to_string(reader.size()) + " fields but the header has " +
                                 std::to_string(header.size()) + (*shift ? " (+1 for the row index of the first row)" : ""));
        }
        const std::string pod(requireText(field(podCol), {path, line, "pod.id"}));
        const auto ts = parseTimestamp(field(tsCol), {path, line, "timestamp"});
        auto [it, inserted] = podIndex.try_emplace(pod, m.containers.size());
        if (inserted) {
            m.containers.emplace_back();
            m.containers.back().podId = pod;
            if (serviceCol)
                m.containers.back().service = std::string(trim(field(*serviceCol)));
        }
        auto& s = m.containers[it->second];
        if (!s.timestamps.empty() && ts <= s.timestamps.back())
            throw InputError(path, line, "timestamp",
                             "timestamp " + std::to_string(ts) + (ts == s.timestamps.back() ? " repeats" : " is before") +
                                 " the previous sample of container '" + pod + "' (line " +
                                 std::to_string(s.fileLines.back()) + ", " + std::to_string(s.timestamps.back()) +
                                 "); samples of a container must be in increasing time order");
        s.timestamps.push_back(ts);
        s.fileLines.push_back(line);
        for (std::size_t c = 0; c < nCols; ++c) {
            const FieldRef where{path, line, options.columns[c]};
            const double v = parseDouble(field(metricCols[c]), where);
            if (v < 0)
                failField(where, "a metric cannot be negative, got '" + std::string(trim(field(metricCols[c]))) + "'");
            s.values.push_back(v);
        }
    }
    if (m.containers.empty())
        throw InputError(path, 0, "", "the file has a header but no data rows");
    for (const auto& s : m.containers)
        if (s.rows() == 1)
            m.notes.push_back("container '" + s.podId + "' has a single sample (line " +
                              std::to_string(s.fileLines.front()) + "): it gets no phase and scores as one step");
    if (options.resampleStep_s > 0)
        return resampleMetrics(m, options.resampleStep_s);
    return m;
}

ContainerMetrics resampleMetrics(const ContainerMetrics& raw, std::int64_t step_s)
{
    if (step_s <= 0)
        throw InputError(raw.source, 0, "resample_s", "the resampling step must be a positive number of seconds");
    ContainerMetrics out;
    out.source = raw.source;
    out.columns = raw.columns;
    out.notes = raw.notes;
    out.resampleStep_s = step_s;
    const auto nCols = raw.columns.size();
    // A far-off timestamp and a small step must not fill memory: the row limit of
    // docs/phases.md "Input: AI4DL container metrics CSV (`core/io/ai4dl_metrics.hpp`)".
    std::uint64_t rawRows = 0, rows = 0;
    for (const auto& s : raw.containers) {
        rawRows += s.rows();
        rows += static_cast<std::uint64_t>(s.timestamps.back() - s.timestamps.front()) / static_cast<std::uint64_t>(step_s) + 1;
    }
    const std::uint64_t maxRows = std::max<std::uint64_t>(kMaxResampledRows, kMaxResampledRowsPerRawRow * rawRows);
    if (rows > maxRows)
        throw InputError(raw.source, 0, "resample_s",
                         "resampling to a " + std::to_string(step_s) + " s step would make " + std::to_string(rows) +
                             " rows (at most " + std::to_string(maxRows) + " for " + std::to_string(rawRows) +
                             " raw rows): the step is too small for the time span of the containers");
    for (const auto& s : raw.containers) {
        ContainerSeries r;
        r.podId = s.podId;
        r.service = s.service;
        const auto t0 = s.timestamps.front(), tEnd = s.timestamps.back();
        std::size_t k = 0; // raw sample at or before t
        for (std::int64_t t = t0; t <= tEnd; t += step_s) {
            while (k + 1 < s.rows() && s.timestamps[k + 1] <= t)
                ++k;
            r.timestamps.push_back(t);
            r.fileLines.push_back(s.fileLines[k]);
            const double* a = &s.values[k * nCols];
            if (s.timestamps[k] == t || k + 1 == s.rows()) {
                r.values.insert(r.values.end(), a, a + nCols);
                continue;
            }
            const double* b = &s.values[(k + 1) * nCols];
            const double w = static_cast<double>(t - s.timestamps[k]) /
                             static_cast<double>(s.timestamps[k + 1] - s.timestamps[k]);
            for (std::size_t c = 0; c < nCols; ++c)
                r.values.push_back(a[c] + w * (b[c] - a[c]));
        }
        out.containers.push_back(std::move(r));
    }
    return out;
}

} // namespace clens
