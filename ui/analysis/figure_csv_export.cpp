#include "ui/analysis/figure_csv_export.hpp"

#include "core/analysis/figure_export.hpp"

#include <exception>

namespace clens::ui::analysis {

QString exportFigureCsv(const Figure& figure, const QString& path)
{
    try {
        writeFigureCsvFile(path.toStdString(), figure);
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace clens::ui::analysis
