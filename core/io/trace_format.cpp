#include "core/io/trace_format.hpp"

#include "core/io/native_csv.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/input_error.hpp"

namespace clens {

std::string_view toString(TraceFormat f)
{
    switch (f) {
    case TraceFormat::Auto: return "auto";
    case TraceFormat::Csv: return "csv";
    case TraceFormat::Philly: return "philly";
    case TraceFormat::PhillyCsv: return "philly-csv";
    case TraceFormat::Alibaba: return "alibaba";
    case TraceFormat::Helios: return "helios";
    case TraceFormat::Swf: return "swf";
    }
    return "auto";
}

std::optional<TraceFormat> traceFormatFromString(std::string_view s)
{
    for (auto f : {TraceFormat::Auto, TraceFormat::Csv, TraceFormat::Philly, TraceFormat::PhillyCsv, TraceFormat::Alibaba,
                   TraceFormat::Helios, TraceFormat::Swf})
        if (toString(f) == s)
            return f;
    return std::nullopt;
}

TraceFormat detectTraceFormat(const std::string& path)
{
    CsvReader csv(path);
    if (!csv.next())
        throw InputError(path, 0, "", "file is empty");
    const CsvHeader header(csv);
    if (header.find("job_id") && header.find("submit_s"))
        return TraceFormat::Csv;
    throw InputError(path, 1, "", "unrecognised trace format (use --format)");
}

Trace loadTrace(const std::string& path, TraceFormat format, const ImportOptions& options)
{
    if (format == TraceFormat::Auto)
        format = detectTraceFormat(path);
    switch (format) {
    case TraceFormat::Csv: return readNativeJobs(path, options);
    default: break;
    }
    throw InputError(path, 0, "", "format '" + std::string(toString(format)) + "' is not supported yet");
}

Topology loadCluster(const std::string& path, const ImportOptions& options)
{
    return readNativeCluster(path, options);
}

} // namespace clens
