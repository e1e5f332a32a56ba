#pragma once
// The Analysis page: every figure of the Philly study for the loaded trace ("what happened")
// and for the current simulation ("what would happen"), computed off the GUI thread. A list
// on the left names each figure (greyed with the reason when the source cannot give it); the
// selected one is drawn on the right with its notes, and can be exported. "Save PDF report…"
// writes the report (with deltas against the baseline given by setBaseline).
#include "core/model/topology.hpp"
#include "core/model/trace.hpp"
#include "core/sim/sim_result.hpp"
#include "ui/analysis/analysis_figures.hpp"

#include <QWidget>

#include <memory>

class QLabel;
class QListWidget;
class QPushButton;
class QRadioButton;

namespace clens::ui::analysis {

class FigureView;
class LatestTaskRunner;

class AnalysisPage : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisPage(QWidget* parent = nullptr);

    // Test and embedding hooks.
    bool isComputing() const;
    bool showsSimulation() const;
    QString selectedFigure() const;
    // The figures currently listed (of the shown source), or null before the first result.
    std::shared_ptr<const SourceFigures> shownFigures() const { return shown_; }
    FigureView* figureView() const { return view_; }
    QListWidget* figureList() const { return list_; }
    // Writes the PDF report of the shown source ("" on success, else the reason).
    QString writeReport(const QString& path) const;

public slots:
    // New inputs: recomputes in the background; a newer call supersedes a running one. result
    // may be null (then only the trace's own figures are shown).
    void setSource(std::shared_ptr<const clens::Trace> trace, std::shared_ptr<const clens::Topology> cluster,
                   std::shared_ptr<const clens::SimResult> result);
    // The pinned baseline, only used for the deltas in the PDF report (may be null).
    void setBaseline(std::shared_ptr<const clens::SimResult> baseline);
    void selectFigure(const QString& name);
    // Switches between the simulation's figures and the trace's (when both exist).
    void showSimulation(bool simulation);

signals:
    // The figures of the latest source are listed (after every setSource that was not superseded).
    void figuresReady();
    // The latest computation failed; the page shows the message.
    void computationFailed(const QString& message);

private:
    void onOutcome(std::shared_ptr<const AnalysisOutcome> outcome);
    void fillList();
    void showSelected();
    void updateHeader();
    void saveReport();

    LatestTaskRunner* runner_;
    std::shared_ptr<const Trace> trace_;
    std::shared_ptr<const Topology> cluster_;
    std::shared_ptr<const SimResult> result_;
    std::shared_ptr<const SimResult> baseline_;
    std::shared_ptr<const AnalysisOutcome> outcome_;
    std::shared_ptr<const SourceFigures> shown_;
    QString wanted_ = QStringLiteral("summary");
    bool preferSimulation_ = true;

    QLabel* heading_;
    QLabel* status_;
    QRadioButton* traceSource_;
    QRadioButton* simSource_;
    QPushButton* report_;
    QListWidget* list_;
    FigureView* view_;
};

} // namespace clens::ui::analysis
