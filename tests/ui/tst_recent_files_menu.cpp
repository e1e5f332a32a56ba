// File → Open Recent: newest first, at most eight, each entry opening what it names.
#include "ui/window/recent_files_menu.hpp"

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace clens::ui;

class TestRecentFilesMenu : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().remove(QStringLiteral("files/recent")); }

    void newestFirstAndEachOpensWhatItNames()
    {
        QMenu menu;
        RecentFilesMenu recent(&menu, nullptr);
        recent.refresh();
        QVERIFY(!menu.isEnabled()); // nothing yet
        recent.addTrace(QStringLiteral("/data/jobs.csv"), QStringLiteral("/data/cluster.csv"));
        recent.addProject(QStringLiteral("/data/study.clens"));
        QCOMPARE(menu.actions().size(), 2);
        QVERIFY(menu.isEnabled());
        QVERIFY(menu.actions().at(0)->text().startsWith(QStringLiteral("study.clens")));
        QVERIFY(menu.actions().at(1)->text().startsWith(QStringLiteral("jobs.csv")));

        QSignalSpy project(&recent, &RecentFilesMenu::openProjectRequested);
        QSignalSpy trace(&recent, &RecentFilesMenu::openTraceRequested);
        menu.actions().at(0)->trigger();
        menu.actions().at(1)->trigger();
        QCOMPARE(project.count(), 1);
        QCOMPARE(project.at(0).at(0).toString(), QStringLiteral("/data/study.clens"));
        QCOMPARE(trace.count(), 1);
        QCOMPARE(trace.at(0).at(0).toString(), QStringLiteral("/data/jobs.csv"));
        QCOMPARE(trace.at(0).at(1).toString(), QStringLiteral("/data/cluster.csv"));
    }

    // Opening an entry again moves it to the top; the ninth distinct entry drops the oldest.
    void reopenedMovesUpAndEightAreKept()
    {
        QMenu menu;
        RecentFilesMenu recent(&menu, nullptr);
        for (int i = 0; i < 9; ++i)
            recent.addProject(QStringLiteral("/p/%1.clens").arg(i));
        QCOMPARE(menu.actions().size(), 8);
        QVERIFY(menu.actions().front()->text().startsWith(QStringLiteral("8.clens")));
        QVERIFY(menu.actions().back()->text().startsWith(QStringLiteral("1.clens"))); // 0 dropped
        recent.addProject(QStringLiteral("/p/3.clens"));
        QCOMPARE(menu.actions().size(), 8);
        QVERIFY(menu.actions().front()->text().startsWith(QStringLiteral("3.clens")));
    }
};

QTEST_MAIN(TestRecentFilesMenu)
#include "tst_recent_files_menu.moc"
