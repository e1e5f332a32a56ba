#pragma once
// The application's first minutes: opens what the command line names, applies its knobs (a
// baseline first when asked), sets up the requested view once the results are on screen, and in
// batch mode (--screenshot, --report) exits once everything asked for is shown.
#include "app/gui/gui_options.hpp"

#include <QObject>

#include <functional>

namespace clens::app {

// Counts what must be on screen before the batch output is written.
class ReadyGate : public QObject {
public:
    explicit ReadyGate(std::function<void()> onReady) : onReady_(std::move(onReady)) {}
    void expect() { ++pending_; }
    void done();

private:
    int pending_ = 0;
    std::function<void()> onReady_;
};

class StartUp : public QObject {
    Q_OBJECT
public:
    StartUp(ui::MainWindow& window, GuiOptions options);
    // Opens the inputs (on the next turn of the event loop) and waits for their results.
    void begin();

signals:
    // Batch mode: everything asked for is on screen; the output follows once it has painted.
    void outputDue();

private:
    void openInputs();
    void applyFirstKnobs();
    void resultsShown();
    void setUpView();
    void applyTimeAndSelection();
    void showRequestedPage();
    void expectPage(ui::MainWindow::Page page);
    void expectSimulatedPhases();
    void writeBatchOutput();
    static void failAndExit(const QString& message);

    ui::MainWindow& window_;
    const GuiOptions options_;
    ReadyGate ready_;
    bool pinned_ = false;
    QMetaObject::Connection results_;
};

} // namespace clens::app
