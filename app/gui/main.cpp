// clusterlens: the desktop application.
#include "ui/main_window.hpp"

#include <QApplication>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ClusterLens"));
    QApplication::setApplicationName(QStringLiteral("ClusterLens"));
    clens::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
