#pragma once
#include <QMainWindow>

namespace clens::ui {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
};

} // namespace clens::ui
