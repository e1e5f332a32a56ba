#pragma once
// A main window for the UI tests: non-interactive (errors are signalled, not shown in dialogs),
// with the bundled demo as its demo, shown at a fixed size.
#include "tests/common/test_support.hpp"
#include "ui/window/main_window.hpp"

#include <QSize>
#include <QString>

#include <memory>

namespace clens::test {

inline std::unique_ptr<ui::MainWindow> makeMainWindow(const ui::Engine& engine, QSize size = {1600, 1000})
{
    auto w = std::make_unique<ui::MainWindow>(engine);
    w->setInteractive(false);
    w->setDemoDir(QString::fromStdString(samplePath("demo")));
    w->resize(size);
    w->show();
    return w;
}

} // namespace clens::test
