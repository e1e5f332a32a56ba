#pragma once
// Runs clusterlens-cli as a user would and captures its output.
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

namespace clens::test {

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Waits for a started CLI process and collects its exit code and output (stdout is empty when
// it went to a file).
inline CliRun finishCli(QProcess& p, int timeoutMs = 120000)
{
    CliRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

inline CliRun runCli(const QStringList& args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(QStringLiteral(CLENS_CLI_PATH), args);
    return finishCli(p, timeoutMs);
}

// `info --json` with these arguments, parsed (empty, with a warning, when the CLI failed).
inline QJsonObject infoJson(const QStringList& extra)
{
    const auto r = runCli(QStringList{"info", "--json"} + extra);
    if (r.exitCode != 0)
        qWarning("clusterlens-cli failed: %s", r.err.constData());
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace clens::test
