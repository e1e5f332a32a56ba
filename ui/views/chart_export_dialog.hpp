#pragma once
// Asks how to export a chart for a report (docs/gui.md "The Cluster page", Timelines): its
// size, the PNG resolution, a title, and whether the trace, scenario and time range are written
// under it. The last answers are remembered (QSettings): the resolution and the description for
// every chart, the size for each chart on its own (a map and a timeline have different shapes).
#include "ui/views/chart_export.hpp"

#include <QDialog>
#include <QSize>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace clens::ui {

struct ChartExportOptions {
    QSize size{1600, 900};
    QString title;
    double pngScale = 2.0;
    bool describe = true; // the trace, scenario and time range under the chart

    // A chart's defaults: its title and size, the rest as above.
    static ChartExportOptions titled(const QString& title, QSize size)
    {
        ChartExportOptions o;
        o.title = title;
        o.size = size;
        return o;
    }
};

class ChartExportDialog : public QDialog {
    Q_OBJECT
public:
    // defaults: what the dialog starts with when nothing was remembered (the title always);
    // chart: which chart it exports, the key its size is remembered under.
    ChartExportDialog(const ChartExportOptions& defaults, const QString& chart, QWidget* parent = nullptr);
    ChartExportOptions options() const;
    // What OK keeps for next time.
    void remember() const;

    // The dialog run modally; nullopt when cancelled. Remembers the answers on OK.
    static std::optional<ChartExportOptions> ask(const ChartExportOptions& defaults, const QString& chart, QWidget* parent);

private:
    QLineEdit* title_;
    QSpinBox* width_;
    QSpinBox* height_;
    QComboBox* scale_;
    QCheckBox* describe_;
    QString sizeKey_;
};

// Where and how to export a chart: a save dialog (PNG, PDF or SVG; a name without a suffix takes
// the chosen filter's), then the options dialog, which remembers the size under the suggested
// file's name (one chart, one name). nullopt when either is cancelled.
struct ChartExportRequest {
    QString path;
    ChartExportOptions options;
};
std::optional<ChartExportRequest> askChartExport(QWidget* parent, const QString& caption, const QString& suggestedPath,
                                                 const ChartExportOptions& defaults);

// A page's Export menu: its chart (askChartExport, then writeChart) or its data as CSV (a save
// dialog, then writeCsv; `status` then says where it went). Returns the write's error ("" when
// written or when the user cancelled).
struct PageExport {
    QString csvCaption;
    std::function<QString(const QString& path)> writeCsv;
    QString chartFile; // the suggested name, also the key the chart's size is remembered under
    ChartExportOptions chartDefaults;
    std::function<QString(const QString& path, const ChartExportOptions&)> writeChart;
};
QString runPageExport(QWidget* parent, bool csv, const PageExport& what, QLabel* status);
// The page's Export button: a menu of "Chart…" and dataLabel (its data as CSV), each calling
// choose(csv) in context.
QToolButton* makePageExportButton(const QString& dataLabel, QObject* context, const std::function<void(bool csv)>& choose);

// The frame the options ask for: their title and PNG scale; under the chart the description (the
// trace, the scenario, the range) when asked for, then the chart's footnotes, always (a caveat
// shown on screen, such as where an axis starts, is part of the chart).
ChartFrame chartFrame(const ChartExportOptions& options, const QStringList& description, const QStringList& footnotes = {});

} // namespace clens::ui
