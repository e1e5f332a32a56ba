// clusterlens: the desktop application. `clusterlens` opens the teaching demo,
// `clusterlens TRACE [--cluster FILE]` opens a trace (format auto-detected).
#include "ui/app/main_window.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QTimer>

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
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    QApplication::setDesktopFileName(QStringLiteral("clusterlens"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("ClusterLens: what-if simulation of multi-tenant GPU clusters"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("trace"), QStringLiteral("Job trace to open (default: the teaching demo)"));
    const QCommandLineOption cluster(QStringList{QStringLiteral("c"), QStringLiteral("cluster")},
                                     QStringLiteral("Cluster file for the trace (found next to it when omitted)"),
                                     QStringLiteral("file"));
    parser.addOption(cluster);
    parser.process(app);

    clens::ui::MainWindow window(clens::ui::coreEngine());
    window.setDemoDir(sampleDir() + QStringLiteral("/demo"));
    window.show();
    const QStringList args = parser.positionalArguments();
    QTimer::singleShot(0, &window, [&] {
        if (args.isEmpty())
            window.openDemo();
        else
            window.openTrace(QFileInfo(args.first()).absoluteFilePath(), parser.value(cluster));
    });
    return QApplication::exec();
}
