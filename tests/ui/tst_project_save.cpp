// ProjectSave on its own: a save ends in exactly one of saved / failed / cancelled; a failed or
// cancelled save leaves the file on disk as it was; a saved file opens with the same jobs.
#include "tests/ui/busy_pool.hpp"
#include "tests/ui/ui_test_support.hpp"
#include "ui/window/project_save.hpp"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace clens;
using namespace clens::ui;

namespace {

constexpr int kWaitMs = 60000;

enum class Outcome { Saved, Failed, Cancelled };

QByteArray contentsOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

Q_DECLARE_METATYPE(Outcome)

class TestProjectSave : public QObject {
    Q_OBJECT
private slots:
    void endsInOneOutcome_data()
    {
        QTest::addColumn<QString>("name"); // the file, in a temporary folder
        QTest::addColumn<bool>("cancel");
        QTest::addColumn<Outcome>("outcome");
        QTest::newRow("saved") << "demo.clens" << false << Outcome::Saved;
        QTest::newRow("folder missing") << "no-such-folder/demo.clens" << false << Outcome::Failed;
        QTest::newRow("cancelled") << "demo.clens" << true << Outcome::Cancelled;
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
        ProjectSave save;
        QSignalSpy saved(&save, &ProjectSave::saved);
        QSignalSpy failed(&save, &ProjectSave::failed);
        QSignalSpy cancelled(&save, &ProjectSave::cancelled);
        SessionContents contents;
        contents.input = test::demoInput();
        {
            test::BusyPool busy; // the cancel comes before the worker starts
            save.start(path, contents);
            QVERIFY(save.busy());
            if (cancel)
                save.cancel();
        }
        QSignalSpy* expected = outcome == Outcome::Saved ? &saved : outcome == Outcome::Failed ? &failed : &cancelled;
        QVERIFY(expected->count() == 1 || expected->wait(kWaitMs));
        QCOMPARE(saved.count() + failed.count() + cancelled.count(), 1);
        QVERIFY(!save.busy());
        if (outcome == Outcome::Saved) {
            QCOMPARE(saved.at(0).at(0).toString(), path);
            const auto opened = readProject(test::fakeEngine(), path, {});
            QVERIFY2(opened.error.isEmpty(), qPrintable(opened.error));
            QCOMPARE(opened.input.trace->jobs.size(), contents.input.trace->jobs.size());
        } else if (outcome == Outcome::Failed) {
            QVERIFY(!failed.at(0).at(0).toString().isEmpty());
            QVERIFY(!QFile::exists(path));
        } else {
            QCOMPARE(cancelled.at(0).at(0).toString(), path);
            QCOMPARE(contentsOf(path), QByteArray("old bytes"));
        }
    }

    // A cancel with nothing in progress does nothing.
    void cancelWhenIdleIsHarmless()
    {
        ProjectSave save;
        QSignalSpy cancelled(&save, &ProjectSave::cancelled);
        save.cancel();
        QVERIFY(!save.busy());
        QCOMPARE(cancelled.count(), 0);
    }
};

QTEST_MAIN(TestProjectSave)
#include "tst_project_save.moc"
