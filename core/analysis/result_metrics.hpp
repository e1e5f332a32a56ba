#pragma once
// Headline metrics of one result (or trace): the rows of the summary figure and of a
// comparison. A metric the source cannot give is NaN; the autoscaler's and node power's rows
// (docs/autoscaling.md "Outputs") are there only for a simulation that ran them.
#include "core/analysis/job_table.hpp"

#include <string>
#include <vector>

namespace clens {

struct Metric {
    std::string name; // "mean_queue_delay_s", "p95_queue_delay_s.5-8"
    std::string unit;
    double value = 0;
    bool lowerIsBetter = true; // for reading a comparison
    bool judged = true;        // false: a comparison names no better side (counts, what jobs used)
};

std::vector<Metric> resultMetrics(const JobTable& t);

} // namespace clens
