#include "ui/main_window.hpp"

#include <QLabel>

namespace clens::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("ClusterLens"));
    auto* label = new QLabel(tr("ClusterLens — the cluster view arrives with the simulation engine."), this);
    label->setAlignment(Qt::AlignCenter);
    setCentralWidget(label);
    resize(1280, 800);
}

} // namespace clens::ui
