#include "ui/analysis/analysis_figures.hpp"

#include "core/analysis/figure_catalog.hpp"
#include "core/analysis/job_table_builders.hpp"

#include <exception>

namespace clens::ui::analysis {

const SourceFigures::Entry* SourceFigures::find(const std::string& name) const
{
    for (const auto& e : entries)
        if (e.name == name)
            return &e;
    return nullptr;
}

const Figure* SourceFigures::figure(const std::string& name) const
{
    const auto* e = find(name);
    return e ? e->figure.get() : nullptr;
}

std::optional<SourceFigures> computeSourceFigures(const JobTable& table, const std::function<bool()>& stale,
                                                  const AnalysisOptions& options)
{
    SourceFigures s;
    s.kind = table.source;
    s.label = table.label;
    s.jobs = table.jobs.size();
    for (const auto& info : figureCatalog()) {
        if (stale && stale())
            return std::nullopt;
        SourceFigures::Entry e{info.name, info.title, nullptr, {}};
        if (auto reason = figureUnavailable(info.name, table))
            e.unavailable = std::move(*reason);
        else
            e.figure = std::make_shared<const Figure>(computeFigure(info.name, table, options));
        s.entries.push_back(std::move(e));
    }
    return s;
}

JobTable simulationJobTable(const SimResult& result)
{
    return jobTableFromSimResult(result); // notes a trace without utilization itself
}

AnalysisOutcome computeAnalysis(const AnalysisInputs& in, const std::function<bool()>& stale,
                                const AnalysisOptions& options)
{
    AnalysisOutcome out;
    out.inputs = in;
    out.inputs.traceFigures.reset();
    try {
        if (in.result) {
            out.simulation = computeSourceFigures(simulationJobTable(*in.result), stale, options);
            if (!out.simulation) {
                out.cancelled = true;
                return out;
            }
        }
        if (in.traceFigures) {
            out.trace = in.traceFigures;
        } else if (in.trace) {
            const auto cluster = in.cluster ? in.cluster : in.result ? in.result->cluster : nullptr;
            auto figures = computeSourceFigures(jobTableFromTrace(*in.trace, cluster.get()), stale, options);
            if (!figures) {
                out.cancelled = true;
                return out;
            }
            out.trace = std::make_shared<const SourceFigures>(std::move(*figures));
        }
    } catch (const std::exception& e) {
        out = {};
        out.error = e.what();
    } catch (...) {
        out = {};
        out.error = "unexpected error while computing the figures";
    }
    return out;
}

} // namespace clens::ui::analysis
