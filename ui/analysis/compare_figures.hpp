#pragma once
// What the Compare page and the report show about a baseline (A) and a current result (B):
// the core comparison (metric deltas, per-job JCT change, jobs that gained and lost most), the
// queueing-delay CDFs of both results overlaid, and the trace index of each listed job.
#include "core/analysis/analysis_options.hpp"
#include "core/analysis/comparison.hpp"
#include "core/analysis/job_table.hpp"
#include "core/sim/sim_result.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clens::ui::analysis {

struct CompareOutcome {
    std::shared_ptr<const Comparison> comparison; // null when error is set
    std::shared_ptr<const Figure> metrics;
    std::shared_ptr<const Figure> jctChangeCdf;       // signed change, by job size (core)
    std::shared_ptr<const Figure> jctChangeMagnitude; // how much sooner / later, jobs that changed
    std::shared_ptr<const Figure> jctChangeStats;
    std::shared_ptr<const Figure> topGainers;
    std::shared_ptr<const Figure> topLosers;
    std::shared_ptr<const Figure> delayCdfs; // both results, all jobs
    std::vector<int> gainerJobs;             // Trace::jobs index of each topGainers row (-1 unknown)
    std::vector<int> loserJobs;
    std::string error;
    bool cancelled = false;
};

// Never throws: results on different jobs come back with error set.
CompareOutcome computeComparison(const SimResult& baseline, const SimResult& current,
                                 const std::function<bool()>& stale = {}, const AnalysisOptions& options = {});

// How much sooner and how much later the jobs that changed finished: CDFs of |JCT(B) - JCT(A)|
// for the two directions (log-friendly: changes span seconds to days). Unchanged jobs and jobs
// that did not finish in both are left out (a note counts them).
Figure jctChangeMagnitudeFigure(const JobTable& a, const JobTable& b, const AnalysisOptions& options = {});

// The all-jobs queueing-delay CDF of A and B as one figure (series "Baseline (A)", "Current (B)").
Figure delayCdfOverlay(const JobTable& a, const JobTable& b, const AnalysisOptions& options = {});

} // namespace clens::ui::analysis
