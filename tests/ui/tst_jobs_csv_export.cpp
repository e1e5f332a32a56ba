// The job table's Export CSV… on its worker (JobsCsvExport): it ends in exactly one of exported /
// failed / cancelled; an exported file holds the listed jobs, in their order, byte for byte as
// the CLI's writer gives them; a failed or cancelled export leaves the file as it was.
#include "core/io/job_results_csv.hpp"
#include "tests/ui/busy_pool.hpp"
#include "tests/ui/ui_test_support.hpp"
#include "ui/io/jobs_csv_export.hpp"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace clens;
using namespace clens::ui;

namespace {

constexpr int kWaitMs = 60000;

enum class Outcome { Exported, Failed, Cancelled };

QByteArray contentsOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

Q_DECLARE_METATYPE(Outcome)

class TestJobsCsvExport : public QObject {
    Q_OBJECT
private slots:
    void endsInOneOutcome_data()
    {
        QTest::addColumn<QString>("name"); // the file, in a temporary folder
        QTest::addColumn<bool>("cancel");
        QTest::addColumn<Outcome>("outcome");
        QTest::newRow("exported") << "jobs.csv" << false << Outcome::Exported;
        QTest::newRow("folder missing") << "no-such-folder/jobs.csv" << false << Outcome::Failed;
        QTest::newRow("cancelled") << "jobs.csv" << true << Outcome::Cancelled;
    }

    void endsInOneOutcome()
    {
        QFETCH(QString, name);
        QFETCH(bool, cancel);
        QFETCH(Outcome, outcome);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        if (outcome != Outcome::Failed) {
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("old bytes");
        }
        const auto result = test::snapshotOf(test::demoInput())->result;
        QVERIFY(result->jobs.size() >= 20);
        const std::vector<std::int32_t> listed{19, 3, 0, 7}; // a table filtered and sorted
        JobsCsvExport exporter;
        QSignalSpy exported(&exporter, &JobsCsvExport::exported);
        QSignalSpy failed(&exporter, &JobsCsvExport::failed);
        QSignalSpy cancelled(&exporter, &JobsCsvExport::cancelled);
        {
            test::BusyPool busy; // the cancel comes before the worker starts
            exporter.start(path, result, listed);
            QVERIFY(exporter.busy());
            exporter.start(path, result, {1}); // ignored while busy
            if (cancel)
                exporter.cancel();
        }
        QSignalSpy* expected = outcome == Outcome::Exported ? &exported : outcome == Outcome::Failed ? &failed : &cancelled;
        QVERIFY(expected->count() == 1 || expected->wait(kWaitMs));
        QCOMPARE(exported.count() + failed.count() + cancelled.count(), 1);
        QVERIFY(!exporter.busy());
        if (outcome == Outcome::Exported) {
            QCOMPARE(exported.at(0).at(0).toString(), path);
            QCOMPARE(exported.at(0).at(1).toLongLong(), qint64{4});
            std::ostringstream want;
            writeJobResultsCsv(want, *result, listed);
            QCOMPARE(contentsOf(path), QByteArray::fromStdString(want.str()));
            QCOMPARE(contentsOf(path).count('\n'), 5); // the header, then the 4 jobs
        } else if (outcome == Outcome::Failed) {
            QVERIFY2(failed.at(0).at(0).toString().contains(path), qPrintable(failed.at(0).at(0).toString()));
            QVERIFY(!QFile::exists(path));
        } else {
            QCOMPARE(cancelled.at(0).at(0).toString(), path);
            QCOMPARE(contentsOf(path), QByteArray("old bytes"));
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary file left
        }
    }
};

QTEST_GUILESS_MAIN(TestJobsCsvExport)
#include "tst_jobs_csv_export.moc"
