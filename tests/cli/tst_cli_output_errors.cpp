// clusterlens-cli when its output cannot be written (docs/cli.md "Exit status and errors",
// docs/cli.md "Output files"): results on stdout are flushed and checked, result files are
// replaced atomically, and every such failure is exit 1 with the path (or stdout) named.
#include "tests/cli/cli_runner.hpp"
#include "tests/common/test_support.hpp"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace clens::test;

namespace {

// Runs the CLI with stdout going to a file (here /dev/full: every write fails with ENOSPC).
CliRun runCliStdoutTo(const QString& stdoutFile, const QStringList& args)
{
    QProcess p;
    p.setStandardOutputFile(stdoutFile);
    p.start(QStringLiteral(CLENS_CLI_PATH), args);
    return finishCli(p);
}

// Runs the CLI under `ulimit -f 1` (files may not grow past 1 block: 512 or 1024 bytes) with
// SIGXFSZ ignored, so a write past that fails with EFBIG instead of killing the process: a disk
// that fills up half-way through a result file, even as root.
CliRun runCliWithFileSizeLimit(const QStringList& args)
{
    QStringList shArgs{"-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\"", QStringLiteral(CLENS_CLI_PATH)};
    shArgs += args;
    QProcess p;
    p.start("/bin/sh", shArgs);
    return finishCli(p);
}

QStringList simulateDemo() { return {"simulate", "--cluster", sample("demo/cluster.csv"), "--trace", sample("demo/jobs.csv")}; }

} // namespace

class TestCliOutputErrors : public QObject {
    Q_OBJECT
private slots:
    void stdoutFull_data();
    void stdoutFull();
    void unwritableOutputFile_data();
    void unwritableOutputFile();
    void failedWriteKeepsOldFile_data();
    void failedWriteKeepsOldFile();
};

void TestCliOutputErrors::stdoutFull_data()
{
    QTest::addColumn<QStringList>("args");
    // Each command prints its results to stdout; /dev/full takes none of it, so each must exit 1
    // (before the fix they exited 0: nothing checked the stream).
    QTest::newRow("info") << QStringList{"info", "--trace", sample("demo/jobs.csv")};
    QTest::newRow("info --json") << QStringList{"info", "--json", "--trace", sample("demo/jobs.csv")};
    QTest::newRow("simulate summary") << simulateDemo();
    QTest::newRow("--help") << QStringList{"--help"};
}

void TestCliOutputErrors::stdoutFull()
{
    QFETCH(QStringList, args);
    const auto r = runCliStdoutTo("/dev/full", args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("clusterlens-cli: error: cannot write to standard output\n"), r.err.constData());
}

void TestCliOutputErrors::unwritableOutputFile_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("path"); // the path the message must name
    // No temporary file can be created beside these targets: exit 1 naming the path.
    QTest::newRow("--summary-out in a missing directory")
        << simulateDemo() + QStringList{"--summary-out", "/nonexistent-clens-dir/summary.json"}
        << "/nonexistent-clens-dir/summary.json";
    QTest::newRow("--summary-out under a file") << simulateDemo() + QStringList{"--summary-out", "/dev/full/summary.json"}
                                               << "/dev/full/summary.json";
    // /dev/full itself is not a regular file: written in place, every write fails (ENOSPC). This
    // was exit 2 (an InputError) before the fix; a write failure is exit 1 like the others.
    QTest::newRow("phases train --model-out /dev/full")
        << QStringList{"phases", "train", "--metrics", sample("ai4dl/sample-dlaas.csv"), "--model-out", "/dev/full",
                       "--epochs", "1", "--restarts", "1"}
        << "/dev/full";
    QTest::newRow("--jobs-out /dev/full") << simulateDemo() + QStringList{"-q", "--jobs-out", "/dev/full"} << "/dev/full";
}

void TestCliOutputErrors::unwritableOutputFile()
{
    QFETCH(QStringList, args);
    QFETCH(QString, path);
    const auto r = runCli(args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith("clusterlens-cli: error: ") && r.err.contains(path.toUtf8()), r.err.constData());
}

void TestCliOutputErrors::failedWriteKeepsOldFile_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QStringList>("args");
    // A first run writes the complete file. The second run may not grow any file past one
    // block (at most 1024 bytes): the demo's jobs.csv (header + 24 rows of ~180 bytes, > 4 KB)
    // and series CSV cannot be written. Before the fix the target was truncated and half
    // written; now the write goes to a temporary file, which is removed, and the old file stays.
    QTest::newRow("--jobs-out") << "--jobs-out" << simulateDemo();
    QTest::newRow("--series-out") << "--series-out" << simulateDemo();
    QTest::newRow("generate --out-jobs")
        << "--out-jobs"
        << QStringList{"generate", "--jobs", "200", "--out-cluster", "/dev/null"};
}

void TestCliOutputErrors::failedWriteKeepsOldFile()
{
    QFETCH(QString, option);
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    const auto target = dir.filePath("result.csv");
    QCOMPARE(runCli(args + QStringList{option, target}).exitCode, 0);
    const auto complete = readAll(target);
    QVERIFY(complete.size() > 2048);
    const auto r = runCliWithFileSizeLimit(args + QStringList{option, target});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(target.toUtf8()), r.err.constData());
    QCOMPARE(readAll(target), complete);
    // The temporary file is gone: only the target is in the directory.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{"result.csv"});
}

QTEST_APPLESS_MAIN(TestCliOutputErrors)
#include "tst_cli_output_errors.moc"
