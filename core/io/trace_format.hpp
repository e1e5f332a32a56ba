#pragma once
// Job-trace and cluster formats, detection, and one entry point to load either.
#include "core/io/import_options.hpp"
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace clens {

enum class TraceFormat : std::uint8_t { Auto, Csv, Philly, PhillyCsv, Alibaba, Helios, Swf };

std::string_view toString(TraceFormat f);
std::optional<TraceFormat> traceFormatFromString(std::string_view s);

// Looks at the first bytes/header of a job file. Throws InputError when nothing matches.
TraceFormat detectTraceFormat(const std::string& path);

// Loads a job trace in the given (or detected) format.
Trace loadTrace(const std::string& path, TraceFormat format = TraceFormat::Auto, const ImportOptions& options = {});

// Loads a cluster: native cluster.csv, Philly machine list (original or revised) or Alibaba
// node list, detected from the header.
Topology loadCluster(const std::string& path, const ImportOptions& options = {});

} // namespace clens
