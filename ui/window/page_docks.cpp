#include "ui/window/page_docks.hpp"

#include <QDockWidget>

#include <algorithm>

namespace clens::ui {

bool PageDocks::Entry::on(WindowPage page) const { return std::find(pages.begin(), pages.end(), page) != pages.end(); }

void PageDocks::add(QDockWidget* dock, std::vector<WindowPage> pages) { docks_.push_back({dock, std::move(pages)}); }

void PageDocks::switchPage(WindowPage from, WindowPage to)
{
    for (Entry& d : docks_) {
        if (d.on(from) && !d.on(to)) {
            d.wanted = d.dock->isVisible();
            d.dock->hide();
        } else if (!d.on(from) && d.on(to) && d.wanted) {
            d.dock->show();
        }
    }
}

} // namespace clens::ui
