#pragma once
// One analysis figure on screen: its chart (or its table when it has no chart), the controls
// the figure allows (log time axis, which statistic), its notes underneath, a "Data" toggle
// showing the numbers behind a chart, and export of the chart (PNG/PDF/SVG) and table (CSV).
#include "core/analysis/figure.hpp"
#include "core/model/trace.hpp"
#include "ui/views/chart_export_dialog.hpp"

#include <QWidget>

#include <functional>
#include <memory>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class QVBoxLayout;

namespace clens::ui::analysis {

class FigureTableModel;

class FigureView : public QWidget {
    Q_OBJECT
public:
    // Extra drawing after the figure is plotted (e.g. "faster / slower" labels).
    using Decorator = std::function<void(QCustomPlot&, const Figure&)>;

    explicit FigureView(QWidget* parent = nullptr);

    void setFigure(std::shared_ptr<const Figure> figure, TimeBase timeBase = TimeBase::Relative);
    // No figure: a title and a sentence saying why (unavailable figure, empty state).
    void showMessage(const QString& title, const QString& message);
    void setDecorator(Decorator decorator);
    // Hides the title line above tables (when the page shows its own).
    void setTableTitleVisible(bool visible);

    const Figure* figure() const { return figure_.get(); }
    // The chart, or null when the figure has none (a table) or a message is shown.
    QCustomPlot* plot() const { return plot_; }
    QTableView* table() const { return table_; }
    FigureTableModel* model() const { return model_; }
    bool showsChart() const;
    bool logX() const;

    // What an exported chart says under it about its inputs (the trace, the scenario): lines
    // from the page showing the figure.
    void setDescription(const QStringList& lines) { description_ = lines; }
    const QStringList& description() const { return description_; }
    // The notes shown under the chart (the plot's remarks, then the figure's notes).
    const QStringList& footnotes() const { return footnotes_; }
    // The export's defaults: 1200 x 750, titled with the figure's title.
    ChartExportOptions exportDefaults() const;

    // "" on success, else the reason. Chart export needs a chart. The chart is framed by the
    // options' title, the description (when asked for) and the notes shown under it on screen.
    QString exportChart(const QString& path) { return exportChart(path, exportDefaults()); }
    QString exportChart(const QString& path, const ChartExportOptions& options);
    QString exportCsv(const QString& path) const;

public slots:
    void setLogX(bool on);
    void setStatistic(const QString& column);
    void setShowData(bool on);

signals:
    // Double-click on a table row (row of the figure).
    void rowActivated(int row);
    // A link in the message was clicked (its href).
    void messageLinkActivated(const QString& link);

private:
    void replot();
    void updateControls();
    void chooseChartFile();
    void chooseCsvFile();

    std::shared_ptr<const Figure> figure_;
    TimeBase timeBase_ = TimeBase::Relative;
    Decorator decorator_;
    bool tableTitle_ = true;
    QStringList description_;
    QStringList footnotes_; // the notes shown under the chart
    QCheckBox* logX_;
    QLabel* statisticLabel_;
    QComboBox* statistic_;
    QPushButton* data_;
    QPushButton* exportChart_;
    QPushButton* exportCsv_;
    QLabel* title_;
    QStackedWidget* stack_;
    QWidget* plotPage_;
    QVBoxLayout* plotLayout_;
    QCustomPlot* plot_ = nullptr;
    QTableView* table_;
    FigureTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QLabel* message_;
    QLabel* notes_;
};

} // namespace clens::ui::analysis
