#pragma once
// The desktop application's command line (README "Run", docs/gui.md), parsed and checked: what
// to open, the import options, and the first view to set up.
#include "core/io/import_options.hpp"
#include "ui/window/main_window.hpp"
#include "ui/style/color_mode.hpp"

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

class QApplication;

namespace clens::app {

// --tab: a page, or one of the Cluster page's bottom tabs.
struct TabChoice {
    ui::MainWindow::Page page;
    int bottomTab = -1;
};

struct GuiOptions {
    QStringList files; // the trace or project to open (none: the teaching demo)
    QString cluster, scenario, baseline, metrics, quotas;
    ImportOptions import;
    std::optional<QSize> size;
    std::optional<ui::ColorMode> colorBy;
    std::optional<TabChoice> tab;
    std::optional<qint64> at;             // seconds after the first submission
    std::optional<QString> timeWindow;    // "FROM,TO", checked when the view is set up
    std::optional<QString> select, jobsAt, zoom;
    std::optional<int> packAt;
    bool play = false;
    QString screenshot, report; // batch: render or write, then exit

    bool batch() const { return !screenshot.isEmpty() || !report.isEmpty(); }
};

// Parses the application's arguments (--help and --version print and exit). A value that cannot
// be used is reported on stderr and the exit code (2) returned instead.
std::variant<GuiOptions, int> parseGuiOptions(const QApplication& app);

} // namespace clens::app
