#pragma once
// The PDF report: a title page (trace, cluster, scenario), the headline metrics (with deltas
// against a baseline when there is one), then the main figures one per page with their notes,
// and, with a baseline, the comparison's charts and the jobs that gained and lost most.
// Headless: it needs a QApplication (charts are drawn by QCustomPlot) but no screen.
#include "core/sim/sim_result.hpp"
#include "ui/analysis/analysis_figures.hpp"
#include "ui/analysis/compare_figures.hpp"

#include <QString>

#include <memory>
#include <utility>
#include <vector>

namespace clens::ui::analysis {

struct ReportInput {
    std::shared_ptr<const Trace> trace;
    std::shared_ptr<const Topology> cluster;
    std::shared_ptr<const SimResult> result;      // null: the trace as recorded
    std::shared_ptr<const SimResult> baseline;    // null: no comparison
    std::shared_ptr<const SourceFigures> figures; // figures of result (or of the trace); computed when null
    std::shared_ptr<const CompareOutcome> comparison; // baseline vs result; computed when null
};

class ReportWriter {
public:
    explicit ReportWriter(ReportInput input);

    // Writes the report; returns "" on success, else the reason.
    QString write(const QString& path);
    int pageCount() const { return pages_; }
    // The table of contents on the title page (section title, first page), and where the
    // sections were then written: the two agree.
    using Contents = std::vector<std::pair<QString, int>>;
    const Contents& contents() const { return contents_; }
    const Contents& sectionsWritten() const { return written_; }

    // The main figures, in report order (charts, then the delay and VC tables).
    static const std::vector<std::string>& reportFigures();

private:
    ReportInput in_;
    int pages_ = 0;
    Contents contents_, written_;
};

} // namespace clens::ui::analysis
