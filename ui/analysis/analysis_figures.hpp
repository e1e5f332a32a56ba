#pragma once
// The figures of one source (a trace as recorded, or a simulation result), computed off the GUI
// thread for the Analysis page and the PDF report: every catalog figure, or why it is not
// available.
#include "core/analysis/analysis_options.hpp"
#include "core/analysis/figure.hpp"
#include "core/analysis/job_table.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/sim_result.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clens::ui::analysis {

struct SourceFigures {
    struct Entry {
        std::string name;
        std::string title;
        std::shared_ptr<const Figure> figure; // null when unavailable
        std::string unavailable;               // why, when figure is null
    };
    JobTableSource kind = JobTableSource::Trace;
    std::string label;         // "simulation of jobs.csv"
    std::size_t jobs = 0;      // jobs the figures are about
    std::vector<Entry> entries; // catalog order

    const Entry* find(const std::string& name) const;
    const Figure* figure(const std::string& name) const;
};

struct AnalysisInputs {
    std::shared_ptr<const Trace> trace;
    std::shared_ptr<const Topology> cluster;
    std::shared_ptr<const SimResult> result; // may be null
    // The trace's figures from an earlier computation on the same trace and cluster (reused).
    std::shared_ptr<const SourceFigures> traceFigures;
};

struct AnalysisOutcome {
    std::shared_ptr<const SourceFigures> trace; // what happened
    std::optional<SourceFigures> simulation; // what would happen (when a result was given)
    AnalysisInputs inputs;                   // what they were computed from (the page may have moved on)
    std::string error;                       // non-empty: nothing usable was computed
    bool cancelled = false;
};

// Stops early (cancelled = true) when stale() turns true. Never throws.
AnalysisOutcome computeAnalysis(const AnalysisInputs& in, const std::function<bool()>& stale = {},
                                const AnalysisOptions& options = {});

// One source's figures from a job table (stale() polled between figures; nullopt if stale).
std::optional<SourceFigures> computeSourceFigures(const JobTable& table, const std::function<bool()>& stale,
                                                  const AnalysisOptions& options);

// The per-job view of a simulation result (with the notes about its trace).
JobTable simulationJobTable(const SimResult& result);

} // namespace clens::ui::analysis
