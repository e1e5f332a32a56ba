#include "app/gui/start_up.hpp"

#include "ui/analysis/analysis_page.hpp"
#include "ui/analysis/compare_page.hpp"
#include "ui/window/session.hpp"
#include "ui/io/project_io.hpp"
#include "ui/pack/packing_page.hpp"
#include "ui/phases/phases_page.hpp"
#include "ui/phases/simulated_cluster_box.hpp"
#include "ui/sweep/sweep_page.hpp"
#include "ui/views/job_table_panel.hpp"

#include <QApplication>
#include <QFileInfo>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>
#include <utility>

namespace clens::app {

using ui::MainWindow;

void ReadyGate::done()
{
    if (--pending_ == 0 && onReady_)
        std::exchange(onReady_, nullptr)();
}

StartUp::StartUp(MainWindow& window, GuiOptions options)
    : window_(window), options_(std::move(options)), ready_([this] { writeBatchOutput(); })
{
}

void StartUp::failAndExit(const QString& message)
{
    std::fprintf(stderr, "clusterlens: error: %s\n", qPrintable(message));
    QApplication::exit(2);
}

// In batch mode the app exits once everything asked for is on screen (the first result, the
// shown page's figures, the Phases page's scores and simulated cluster, the report).
void StartUp::writeBatchOutput()
{
    emit outputDue();
    QTimer::singleShot(300, &window_, [this] {
        bool ok = true;
        if (!options_.screenshot.isEmpty() && !window_.grab().save(options_.screenshot)) {
            std::fprintf(stderr, "clusterlens: error: cannot write %s\n", qPrintable(options_.screenshot));
            ok = false;
        }
        QApplication::exit(ok ? 0 : 1);
    });
}

void StartUp::begin()
{
    const bool batch = options_.batch();
    ready_.expect(); // the first view
    if (batch)
        connect(&window_, &MainWindow::loadFailed, this, &StartUp::failAndExit);
    if (!options_.metrics.isEmpty()) {
        if (batch) {
            ready_.expect();
            connect(window_.phasesPage(), &ui::PhasesPage::scoresReady, this, [this] { ready_.done(); }, Qt::SingleShotConnection);
            connect(window_.phasesPage(), &ui::PhasesPage::failed, this, &StartUp::failAndExit);
        }
        window_.openMetrics(QFileInfo(options_.metrics).absoluteFilePath());
        if (!options_.tab)
            window_.showPage(MainWindow::Page::Phases);
    }
    results_ = connect(&window_, &MainWindow::viewsUpdated, this, &StartUp::resultsShown);
    QTimer::singleShot(0, this, &StartUp::openInputs);
}

// The first knobs: the baseline's when there is one.
void StartUp::applyFirstKnobs()
{
    const QString& first = options_.baseline.isEmpty() ? options_.scenario : options_.baseline;
    if (!first.isEmpty() && !window_.applyScenarioFile(first))
        QApplication::exit(2);
}

void StartUp::openInputs()
{
    const auto& files = options_.files;
    if (files.isEmpty()) {
        window_.openDemo();
    } else if (ui::looksLikeProject(files.first())) {
        // The project's own knobs and results arrive with it; given knobs replace them.
        connect(&window_, &MainWindow::projectOpened, this, &StartUp::applyFirstKnobs, Qt::SingleShotConnection);
        window_.openProject(files.first());
        return;
    } else {
        window_.openTrace(QFileInfo(files.first()).absoluteFilePath(), options_.cluster);
    }
    applyFirstKnobs(); // before the data has loaded: the first run already uses these knobs
}

// With --baseline, that scenario's result is pinned first, then --scenario (or the default
// knobs) is simulated; the view is set up once the last result asked for is on screen.
void StartUp::resultsShown()
{
    if (window_.session()->runs()->isBusy()) // a newer run (the knobs asked for) is coming
        return;
    if (!options_.baseline.isEmpty() && !pinned_) {
        pinned_ = true;
        window_.session()->pinBaseline();
        if (!options_.scenario.isEmpty()) {
            if (!window_.applyScenarioFile(options_.scenario))
                QApplication::exit(2);
        } else {
            window_.applyScenario(Scenario{});
        }
        return;
    }
    disconnect(results_);
    setUpView();
}

void StartUp::setUpView()
{
    const bool batch = options_.batch();
    applyTimeAndSelection();
    showRequestedPage();
    if (batch && window_.currentPage() == MainWindow::Page::Phases) // --tab phases, or --metrics alone
        expectSimulatedPhases();
    // The teaching demo starts moving by itself; a trace of your own waits for Play.
    if (options_.play || (options_.files.isEmpty() && !options_.at && !batch))
        window_.session()->clock()->play();
    if (!options_.report.isEmpty()) {
        ready_.expect();
        connect(&window_, &MainWindow::reportWritten, this, [this] { ready_.done(); });
        connect(&window_, &MainWindow::reportFailed, this, [](const QString& message) {
            std::fprintf(stderr, "clusterlens: error: %s\n", qPrintable(message));
            QApplication::exit(1);
        });
        window_.exportReport(options_.report);
    }
    if (batch)
        ready_.done();
}

void StartUp::applyTimeAndSelection()
{
    auto* clock = window_.session()->clock();
    if (options_.timeWindow) {
        const auto parts = options_.timeWindow->split(QLatin1Char(','));
        bool okFrom = false, okTo = false;
        const auto from = parts.size() == 2 ? parts[0].toLongLong(&okFrom) : 0;
        const auto to = parts.size() == 2 ? parts[1].toLongLong(&okTo) : 0;
        if (okFrom && okTo)
            window_.session()->window()->show(clock->begin() + from, clock->begin() + to);
        else
            std::fprintf(stderr, "clusterlens: warning: --window takes FROM,TO in seconds, not '%s'\n", qPrintable(*options_.timeWindow));
    }
    if (options_.at)
        clock->seek(clock->begin() + *options_.at);
    if (options_.select && !window_.selectJobById(*options_.select))
        std::fprintf(stderr, "clusterlens: warning: no job '%s'\n", qPrintable(*options_.select));
    if (options_.jobsAt) {
        const auto standing = *options_.jobsAt == QLatin1String("waiting")   ? JobStanding::Waiting
                              : *options_.jobsAt == QLatin1String("running") ? JobStanding::Running
                                                                             : JobStanding::Absent;
        if (standing == JobStanding::Absent)
            std::fprintf(stderr, "clusterlens: warning: --jobs-at takes waiting or running, not '%s'\n", qPrintable(*options_.jobsAt));
        window_.jobTable()->showOnlyAtCursor(standing);
    }
    if (options_.packAt)
        window_.packingPage()->setArrivedPct(*options_.packAt);
    if (options_.zoom && !window_.zoomToRack(*options_.zoom))
        std::fprintf(stderr, "clusterlens: warning: no rack '%s'\n", qPrintable(*options_.zoom));
}

// In batch mode, what the page must have drawn before the output is written.
void StartUp::expectPage(MainWindow::Page page)
{
    const auto done = [this] { ready_.done(); };
    switch (page) {
    case MainWindow::Page::Analysis:
        ready_.expect();
        connect(window_.analysisPage(), &ui::analysis::AnalysisPage::figuresReady, this, done, Qt::SingleShotConnection);
        break;
    case MainWindow::Page::Compare:
        ready_.expect();
        connect(window_.comparePage(), &ui::analysis::ComparePage::comparisonReady, this, done, Qt::SingleShotConnection);
        break;
    case MainWindow::Page::Packing:
        ready_.expect();
        connect(window_.packingPage(), &ui::PackingPage::resultsReady, this, done, Qt::SingleShotConnection);
        connect(window_.packingPage(), &ui::PackingPage::failed, this, &StartUp::failAndExit);
        break;
    default:
        break;
    }
}

// The Phases page's "In the simulated cluster" section is built off the GUI thread after the
// result is shown: the output waits for it.
void StartUp::expectSimulatedPhases()
{
    auto* box = window_.phasesPage()->simulatedCluster();
    if (!box->building())
        return;
    ready_.expect();
    connect(box, &ui::SimulatedClusterBox::built, this, [this] { ready_.done(); }, Qt::SingleShotConnection);
}

void StartUp::showRequestedPage()
{
    if (!options_.tab)
        return;
    const auto page = options_.tab->page;
    const bool batch = options_.batch();
    if (batch)
        expectPage(page);
    window_.showPage(page);
    if (batch && page == MainWindow::Page::Sweep) { // the page's default sweep, run to the end
        ready_.expect();
        connect(window_.sweepPage(), &ui::SweepPage::finished, this, [this] { ready_.done(); }, Qt::SingleShotConnection);
        connect(window_.sweepPage(), &ui::SweepPage::failed, this, &StartUp::failAndExit);
        if (!window_.sweepPage()->run())
            QApplication::exit(2);
    }
    if (options_.tab->bottomTab >= 0)
        window_.bottomTabs()->setCurrentIndex(options_.tab->bottomTab);
}

} // namespace clens::app
