#pragma once
// What every headed-CSV importer does around its own fields: the header line (an empty file is
// refused, naming the header expected), the field count of a row, and after each job row the
// one-time reservation for the whole file and the progress by bytes read.
#include "core/io/duplicate_ids.hpp"
#include "core/io/reserve_rows.hpp"
#include "core/model/job.hpp"
#include "core/util/csv_reader.hpp"
#include "core/util/input_error.hpp"
#include "core/util/progress.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace clens {

// Reads the header line; expectedHeader is what the message shows ("job_id,vc,user,...").
inline CsvHeader readCsvHeader(CsvReader& csv, std::string_view expectedHeader)
{
    if (!csv.next())
        throw InputError(csv.fileName(), 0, "", "file is empty (expected a header line " + std::string(expectedHeader) + ")");
    return CsvHeader(csv);
}

// Refuses a row with fewer than `needed` fields, naming the first column it lacks.
inline void requireFieldCount(const CsvReader& csv, std::size_t needed, const CsvHeader& header)
{
    if (csv.size() < needed) {
        const auto missing = csv.size() < header.size() ? header.name(csv.size()) : std::string();
        throw InputError(csv.fileName(), csv.line(), missing,
                         "row has " + std::to_string(csv.size()) + " fields, expected " + std::to_string(header.size()));
    }
}

// Call after appending each job row (ids: the importer's duplicate-id index, if it has one).
template <class Ids = DuplicateIds>
void afterJobRow(const CsvReader& csv, std::vector<Job>& jobs, ProgressTicker& ticker, Ids* ids = nullptr)
{
    if (jobs.size() == kRowsBeforeReserve) {
        reserveForFile(jobs, csv.bytesRead(), csv.totalBytes());
        if (ids)
            ids->reserve(jobs.capacity());
    }
    if (csv.totalBytes())
        ticker.tick(static_cast<double>(csv.bytesRead()) / static_cast<double>(csv.totalBytes()));
}

} // namespace clens
