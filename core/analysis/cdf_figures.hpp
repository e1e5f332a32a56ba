#pragma once
// Shared construction of CDF figures and their *_stats companions from labelled samples.
#include "core/analysis/figure.hpp"

#include <string>
#include <vector>

namespace clens {

struct LabeledSample {
    std::string label;
    std::vector<double> values; // sorted by the builders below
};

struct CdfSpec {
    std::string name;
    std::string title;
    std::string valueLabel;  // x axis label
    std::string valueUnit;   // x axis unit
    std::string valueColumn; // x column name
    std::string seriesLabel; // what the series are ("Job size (GPUs)")
};

// Sorts each sample; empty samples are left out of the CDF.
Figure cdfFigure(const CdfSpec& spec, std::vector<LabeledSample>& samples, std::size_t maxPoints);
// series, jobs, mean, p50, p90, p95, p99, max of each sample (empty ones kept with n = 0).
Figure statsFigure(const CdfSpec& spec, std::vector<LabeledSample>& samples);

// Size-bucket samples + "all", labelled "1", "2-4", "5-8", ">8", "all".
std::vector<LabeledSample> sizeBucketSamples();
// Index of the "all" sample in sizeBucketSamples().
constexpr std::size_t kAllSizes = 4;

} // namespace clens
