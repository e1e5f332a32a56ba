#include "core/io/sweep_csv.hpp"

#include "core/sim/sim_summary.hpp"
#include "core/util/csv_writer.hpp"
#include "core/util/number_format.hpp"

#include <boost/json.hpp>

namespace clens {

namespace {
std::string cell(const boost::json::value& v)
{
    if (v.is_double())
        return formatDouble(v.get_double());
    if (v.is_null())
        return {}; // a value that does not apply (e.g. CPU allocation of a cluster with unlimited CPU)
    return boost::json::serialize(v);
}
} // namespace

SweepCsvRow csvRowOf(const SweepRun& run)
{
    SweepCsvRow row;
    row.ok = run.ok;
    if (run.ok)
        for (const auto& kv : summaryToJson(run.summary))
            row.cells.push_back(cell(kv.value()));
    else
        row.error = run.error.empty() ? std::string("failed") : run.error;
    return row;
}

void writeSweepCsv(std::ostream& out, const ScenarioGrid& grid, const std::vector<SweepCsvRow>& rows)
{
    out << "run";
    for (const auto& k : grid.keys) {
        out << ',';
        writeCsvField(out, k);
    }
    const auto names = summaryToJson(SimSummary{});
    for (const auto& kv : names)
        out << ',' << std::string(kv.key());
    out << ",error\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        out << i + 1;
        for (const auto& l : grid.labels[i]) {
            out << ',';
            writeCsvField(out, l);
        }
        for (std::size_t k = 0; k < names.size(); ++k) {
            out << ',';
            if (k < rows[i].cells.size())
                out << rows[i].cells[k];
        }
        out << ',';
        writeCsvField(out, rows[i].error);
        out << '\n';
    }
}

} // namespace clens
