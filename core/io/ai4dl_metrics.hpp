#pragma once
// AI4DL container metrics CSV
// (docs/phases.md "Input: AI4DL container metrics CSV (`core/io/ai4dl_metrics.hpp`)"):
//   timestamp,service,pod.id,cpu.num.cores,cpu.usage,cpu.usage.cores,cpu.usage.pct,
//   cpu.usage.pct.container.requested,mem.current,mem.limit,mem.usage.pct,mem.working.set
// Header required (quoted or not), any column order, extra columns ignored, a leading unnamed
// index column (pandas/R `to_csv` with the index) accepted. `service` is optional.
//
// Rules (each violation throws InputError naming file, line and field):
// - `timestamp` is Unix seconds (a number, rounded to whole seconds) or a UTC date-time
//   "YYYY-MM-DD HH:MM:SS"; within one pod.id timestamps must strictly increase in file order
//   (pods may interleave).
// - every metric is a finite number >= 0; an empty field is an error.
// - an empty file, or a header with no data rows, is an error.
// - a container with a single row is kept (it has no phase and scores as one step) and a note
//   says so.
#include "core/model/container_metrics.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace clens {

// The numeric columns of the AI4DL layout, in the documented order.
const std::vector<std::string>& ai4dlMetricColumns();

struct MetricsReadOptions {
    // Numeric columns to read (all required). Default: ai4dlMetricColumns().
    std::vector<std::string> columns = ai4dlMetricColumns();
    // > 0: resample every container to this fixed step (see resampleMetrics). 0 = raw rows.
    std::int64_t resampleStep_s = 0;
};

ContainerMetrics readAi4dlMetrics(const std::string& path, const MetricsReadOptions& options = {});

constexpr std::uint64_t kMaxResampledRows = 1'000'000;
constexpr std::uint64_t kMaxResampledRowsPerRawRow = 100;

// Resamples each container onto t0, t0+step, ... <= last timestamp by linear interpolation
// between the two raw samples around each instant (an instant equal to a sample takes it as is).
// A resampled row keeps the file line of the raw sample at or before it.
// Throws InputError (field resample_s) when that would make more than
// max(kMaxResampledRows, kMaxResampledRowsPerRawRow x raw rows) rows.
ContainerMetrics resampleMetrics(const ContainerMetrics& raw, std::int64_t step_s);

} // namespace clens
