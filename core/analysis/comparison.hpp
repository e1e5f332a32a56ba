#pragma once
// Two results on the same jobs (e.g. a baseline and a what-if): metric deltas, the per-job
// change of completion time (JCT = end - submit), and the jobs that gained and lost most.
// Jobs are matched by id; results on different job sets are refused.
#include "core/analysis/analysis_options.hpp"
#include "core/analysis/figure.hpp"
#include "core/analysis/job_table.hpp"
#include "core/util/error.hpp"
#include "core/util/text_escape.hpp"

#include <stdexcept>
#include <vector>

namespace clens {

// Thrown when A and B are not results on the same jobs. The message quotes job ids and VC names
// from the input, so its control characters are escaped (docs/formats.md "Text from input in messages").
class JobSetMismatch : public Error {
public:
    explicit JobSetMismatch(const std::string& message) : Error(escapeControlChars(message)) {}
};

struct Comparison {
    std::int64_t jobs = 0;           // jobs in each result
    std::int64_t finishedInBoth = 0; // jobs whose JCT change is defined
    std::int64_t faster = 0;         // JCT(B) < JCT(A)
    std::int64_t slower = 0;
    std::int64_t unchanged = 0;
    std::int64_t finishedOnlyInA = 0;
    std::int64_t finishedOnlyInB = 0;
    Figure metrics;        // compare_metrics: metric, unit, a, b, delta, delta_pct
    Figure jctChangeCdf;   // jct_change_cdf: per size bucket and all, delta_s = JCT(B) - JCT(A)
    Figure jctChangeStats; // jct_change_stats
    Figure topGainers;     // jobs whose JCT dropped most
    Figure topLosers;      // jobs whose JCT rose most

    std::vector<const Figure*> figures() const { return {&metrics, &jctChangeCdf, &jctChangeStats, &topGainers, &topLosers}; }
};

// Throws JobSetMismatch when the job sets differ (ids, or a job's GPUs or submit time).
Comparison compareResults(const JobTable& a, const JobTable& b, const AnalysisOptions& o = {});

} // namespace clens
