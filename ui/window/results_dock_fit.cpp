#include "ui/window/results_dock_fit.hpp"

#include "ui/views/summary_panel.hpp"

#include <QDockWidget>
#include <QMainWindow>
#include <QTimer>

#include <algorithm>

namespace clens::ui {

ResultsDockFit::ResultsDockFit(QMainWindow* window, QDockWidget* results, QDockWidget* inspector, SummaryPanel* summary)
    : QObject(window), window_(window), results_(results), inspector_(inspector), summary_(summary)
{
    connect(summary_, &SummaryPanel::heightForAllRowsChanged, this, [this] {
        if (fitted_ >= 0 && results_->height() == fitted_)
            fit();
    });
}

void ResultsDockFit::fit()
{
    const int column = results_->height() + inspector_->height();
    const int most = column < 600 ? column / 2 : column * 2 / 3;
    const int fitted = std::min(summary_->heightForAllRows() + 30, most); // + the dock's title bar
    window_->resizeDocks({results_, inspector_}, {fitted, std::max(120, column - fitted)}, Qt::Vertical);
    // The layout applies the sizes on its next pass: remember the height it gave.
    fitted_ = -1;
    QTimer::singleShot(0, this, [this] { fitted_ = results_->height(); });
}

} // namespace clens::ui
