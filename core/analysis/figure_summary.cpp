#include "core/analysis/figures.hpp"
#include "core/analysis/result_metrics.hpp"

namespace clens {

Figure summaryFigure(const JobTable& t)
{
    Figure f;
    f.name = "summary";
    f.title = "Headline metrics";
    f.kind = FigureKind::Table;
    f.x = {"Metric", "", {"metric"}};
    f.y = {"Value", "", {"value"}};
    f.addTextColumn("metric");
    f.addNumberColumn("value");
    f.addTextColumn("unit");
    for (const auto& m : resultMetrics(t))
        f.appendRow({m.name, cell(m.value), m.unit});
    f.notes.push_back("queueing delays over jobs that started; JCT (end - submit) over jobs that finished; "
                      "quantiles interpolate linearly between closest ranks (numpy's default)");
    f.notes.push_back(t.gpuTimeNote);
    return f;
}

} // namespace clens
