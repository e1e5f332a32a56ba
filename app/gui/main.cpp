// clusterlens: the desktop application. `clusterlens` opens the teaching demo,
// `clusterlens TRACE [--cluster FILE]` opens a trace (format auto-detected), `clusterlens
// FILE.clens` a project. The other options
// set up the first view; --screenshot renders it to an image and --report writes the PDF
// report, then the app exits (for docs and CI) once everything asked for is shown.
#include "app/gui/gui_options.hpp"
#include "app/gui/start_up.hpp"
#include "clens_version.hpp"
#include "ui/window/main_window.hpp"
#include "ui/run/engine.hpp"

#include <QApplication>
#include <QDir>

#include <variant>

namespace {

// The bundled samples: $CLENS_SAMPLE_DIR, next to the installed binary, or the source tree.
QString sampleDir()
{
    const QString env = qEnvironmentVariable("CLENS_SAMPLE_DIR");
    if (!env.isEmpty())
        return env;
    const QDir installed(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/clusterlens/sample_traces"));
    if (installed.exists())
        return installed.absolutePath();
    return QStringLiteral(CLENS_SAMPLE_DIR);
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ClusterLens"));
    QApplication::setApplicationName(QStringLiteral("ClusterLens"));
    QApplication::setApplicationVersion(QString::fromLatin1(clens::kVersion));
    QApplication::setDesktopFileName(QStringLiteral("clusterlens"));

    auto parsed = clens::app::parseGuiOptions(app);
    if (const int* exitCode = std::get_if<int>(&parsed))
        return *exitCode;
    const auto& options = std::get<clens::app::GuiOptions>(parsed);

    clens::ui::MainWindow window(clens::ui::coreEngine());
    window.setImportOptions(options.import);
    if (!options.quotas.isEmpty())
        window.setImportQuotas(options.quotas);
    window.setDemoDir(sampleDir() + QStringLiteral("/demo"));
    if (options.size)
        window.resize(*options.size);
    if (options.colorBy)
        window.setColorMode(*options.colorBy);
    if (options.batch()) // render, then exit
        window.setInteractive(false);
    window.show();

    clens::app::StartUp start(window, options);
    start.begin();
    return QApplication::exec();
}
