#pragma once
// Docks that belong to some pages only (the Cluster page's results, inspector and timelines; the
// scenario knobs everywhere but Phases). Each page keeps its docks as the user left them there:
// a dock closed on the Cluster page stays closed when the user comes back to it.
#include "ui/window/window_page.hpp"

#include <vector>

class QDockWidget;

namespace clens::ui {

class PageDocks {
public:
    void add(QDockWidget* dock, std::vector<WindowPage> pages);
    // Hides the docks of `from` that `to` has not (remembering whether they were open) and
    // shows those of `to` that were open when it was last left.
    void switchPage(WindowPage from, WindowPage to);

private:
    struct Entry {
        QDockWidget* dock;
        std::vector<WindowPage> pages;
        bool wanted = true;
        bool on(WindowPage page) const;
    };
    std::vector<Entry> docks_;
};

} // namespace clens::ui
