#pragma once
// The pages of the main window's central area, in tab order (docs/gui.md "The window").

namespace clens::ui {

enum class WindowPage { Cluster, Analysis, Compare, Phases, Packing, Sweep };

} // namespace clens::ui
