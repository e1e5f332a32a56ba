// The panels with the autoscaler in the cluster and node power (docs/autoscaling.md), on the
// real core: the results show the CLI's summary keys with baseline deltas ("–" where a result
// has no autoscaler or no power, the rows hidden when neither has them), the job table shows
// power waits, OOM kills and throttled time only when some job has them, and the inspector says
// what a job reserved and used and how long it waited for power.
#include "tests/common/autoscale_fixture.hpp"
#include "tests/ui/ui_test_support.hpp"
#include "ui/models/job_table_model.hpp"
#include "ui/models/summary_compare_model.hpp"
#include "ui/run/engine.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/time/time_format.hpp"
#include "ui/views/inspector_panel.hpp"
#include "ui/views/summary_panel.hpp"

#include <QAbstractItemModelTester>
#include <QTableView>
#include <QTest>

using namespace clens;
using namespace clens::ui;

namespace {

SnapshotPtr snapshotOf(std::shared_ptr<const SimResult> result)
{
    return makeSnapshot(coreEngine(), std::move(result));
}

QString cell(const QAbstractItemModel& m, int row, int column)
{
    return m.data(m.index(row, column), Qt::DisplayRole).toString();
}

std::shared_ptr<const DemandProfile> replaying(std::vector<DemandStep> steps)
{
    auto p = std::make_shared<DemandProfile>();
    p->containers.push_back({std::move(steps)});
    return p;
}

// One 4-GPU server with 8 cores and 16 GB; j0 asks 1 GPU, 1 core, 1 GB; policy request.
std::shared_ptr<const SimResult> oneJob(std::int64_t duration, double headroom, std::vector<DemandStep> demand)
{
    Scenario s;
    s.autoscaler.usage = UsageModel::Metrics;
    s.autoscaler.policy = "request";
    s.autoscaler.headroom = headroom;
    SimOptions o;
    o.demand = replaying(std::move(demand));
    return std::make_shared<const SimResult>(
        simulate(test::makeClusterWith({{"r", 4, "", 8, 16}}), test::makeTrace({{"v", 0, 1, duration}}, {{1, 1}}), s, o));
}

} // namespace

class TestAutoscalePanels : public QObject {
    Q_OBJECT
private slots:
    void summaryShowsTheAutoscalerAndPower_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<QString>("current");
        using M = SummaryCompareModel;
        // autoscale_fixture.hpp: 3 jobs x 2 cores x 1000 s = 5/3 core-h reserved, half of it used.
        QTest::newRow("CPU reserved") << int{M::CpuReservedH} << QStringLiteral("1.7 core-h");
        QTest::newRow("CPU used") << int{M::CpuUsedH} << QStringLiteral("0.8 core-h");   // 5/6
        QTest::newRow("memory reserved") << int{M::MemReservedH} << QStringLiteral("3.3 GB-h"); // 3 x 4 GB x 1000 s
        QTest::newRow("memory used") << int{M::MemUsedH} << QStringLiteral("1.7 GB-h");
        QTest::newRow("CPU under") << int{M::CpuUnder} << QStringLiteral("0.0%"); // use 1 core of 2 reserved
        QTest::newRow("OOM kills") << int{M::OomKills} << QStringLiteral("0");
        // tst_sim_autoscaling: 1,528,500 J = 0.42 kWh; 3,700 powered server-seconds; j2 waits 50 s.
        QTest::newRow("energy") << int{M::Energy} << QStringLiteral("0.4 kWh");
        QTest::newRow("servers powered") << int{M::PoweredServerH} << QStringLiteral("1.0 server-h");
        QTest::newRow("waiting for power") << int{M::PowerDelay} << TimeFormat::duration(50);
        QTest::newRow("mean wait for power") << int{M::PowerWait} << TimeFormat::duration(17); // 50 s / 3 jobs
    }

    void summaryShowsTheAutoscalerAndPower()
    {
        QFETCH(int, row);
        QFETCH(QString, current);
        using M = SummaryCompareModel;
        SummaryPanel panel;
        QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setCurrent(snapshotOf(test::autoscaledResult()));
        // The baseline has power but no autoscaler.
        panel.setBaseline(snapshotOf(test::autoscaledResult(test::autoscaledPowered(false, true))));
        const auto* model = panel.model();
        QCOMPARE(cell(*model, row, M::Current), current);
        const bool autoscalerRow = M::isAutoscalerRow(static_cast<M::Row>(row));
        if (autoscalerRow) {
            QCOMPARE(cell(*model, row, M::Baseline), QStringLiteral("–"));
            QCOMPARE(cell(*model, row, M::Change), QStringLiteral("–"));
        } else {
            QCOMPARE(cell(*model, row, M::Change), QStringLiteral("=")); // the autoscaler changes no power here
        }
        QVERIFY(!panel.findChild<QTableView*>()->isRowHidden(row));
    }

    void summaryHidesTheRowsWithoutThem()
    {
        SummaryPanel panel;
        panel.setCurrent(snapshotOf(test::autoscaledResult(test::autoscaledPowered(false, false))));
        auto* table = panel.findChild<QTableView*>();
        for (int row = SummaryCompareModel::CpuReservedH; row <= SummaryCompareModel::PowerDelay; ++row) {
            QVERIFY(table->isRowHidden(row));
            QCOMPARE(cell(*panel.model(), row, SummaryCompareModel::Current), QStringLiteral("–"));
        }
        QVERIFY(!table->isRowHidden(SummaryCompareModel::MeanDelay));
        QVERIFY(table->isRowHidden(SummaryCompareModel::PowerWait));
        // Power only: its rows come back, the autoscaler's stay hidden.
        const auto powered = snapshotOf(test::autoscaledResult(test::autoscaledPowered(false, true)));
        panel.setCurrent(powered);
        QVERIFY(!table->isRowHidden(SummaryCompareModel::Energy));
        QVERIFY(table->isRowHidden(SummaryCompareModel::CpuReservedH));
        // The only wait is j2's for s1 to boot: "power" is the cause the status bar names.
        QVERIFY(!table->isRowHidden(SummaryCompareModel::PowerWait));
        QCOMPARE(SummaryCompareModel::largestCause(powered.get()), SummaryCompareModel::PowerWait);
        QCOMPARE(SummaryCompareModel::fullName(SummaryCompareModel::PowerWait), QStringLiteral("Mean wait · power"));
    }

    void jobTableShowsPowerOomAndThrottling_data()
    {
        QTest::addColumn<int>("which"); // 0 the fixture, 1 an OOM kill, 2 throttling
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("job");
        QTest::addColumn<QString>("text");
        QTest::newRow("power wait") << 0 << int{JobTableModel::PowerWait} << 2 << TimeFormat::duration(50);
        // tst_sim_autoscaling's oomKillRequeuesWithLargerReservation: 2,048 MiB used of 1,024 reserved at 100 s.
        QTest::newRow("OOM kill") << 1 << int{JobTableModel::OomKills} << 0 << QStringLiteral("1");
        // 1 core reserved, 2 cores of demand: 300 s of work at half speed take 600 s, 300 s lost.
        QTest::newRow("throttled") << 2 << int{JobTableModel::Throttled} << 0 << TimeFormat::duration(300);
    }

    void jobTableShowsPowerOomAndThrottling()
    {
        QFETCH(int, which);
        QFETCH(int, column);
        QFETCH(int, job);
        QFETCH(QString, text);
        const std::shared_ptr<const SimResult> results[] = {
            test::autoscaledResult(), oneJob(400, 0.5, {{100, 1, 512, -1}, {100, 1, 2048, -1}}), oneJob(300, 0, {{100000, 2, 512, -1}})};
        JobTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(snapshotOf(results[which]));
        const auto c = static_cast<JobTableModel::Column>(column);
        QCOMPARE(cell(model, model.rowOfJob(job), column), text);
        QVERIFY(model.anyAsks(c));
        for (const auto other : {JobTableModel::PowerWait, JobTableModel::OomKills, JobTableModel::Throttled})
            QCOMPARE(model.anyAsks(other), other == c);
        // The demo has none of them.
        model.setSnapshot(test::snapshotOf(test::demoInput()));
        QVERIFY(!model.anyAsks(c));
    }

    void inspectorSaysWhatTheJobReservedUsedAndWaitedFor()
    {
        InspectorPanel inspector;
        inspector.setSnapshot(snapshotOf(test::autoscaledResult()));
        inspector.setJob(2);
        // j2 runs [350, 1350): 2 cores x 1000 s = 0.56 core-h reserved, 0.28 used; cut at the
        // autoscaler's clock (every 300 s from 0): [350,600) [600,900) [900,1200) [1200,1350).
        const QString autoscaler = inspector.fieldText(QStringLiteral("Autoscaler"));
        QVERIFY2(autoscaler.startsWith(QStringLiteral("CPU 0.6 core-h reserved, 0.3 used (0 of 4 intervals under)")),
                 qPrintable(autoscaler));
        QCOMPARE(inspector.fieldText(QStringLiteral("Power")), QStringLiteral("waited %1 for servers to boot").arg(TimeFormat::duration(50)));
        QVERIFY(inspector.whyText().contains(QLatin1String("power")));
        inspector.setJob(0); // never waited
        QCOMPARE(inspector.fieldText(QStringLiteral("Power")), QString());

        InspectorPanel oom;
        oom.setSnapshot(snapshotOf(oneJob(400, 0.5, {{100, 1, 512, -1}, {100, 1, 2048, -1}})));
        oom.setJob(0);
        QVERIFY(oom.fieldText(QStringLiteral("Autoscaler")).contains(QLatin1String("1 OOM kill")));
        // Killed once (2048 MiB above its 1 GB), placed again: the why says what the restart was.
        QVERIFY2(oom.whyText().contains(QLatin1String("It was placed 2 times: 1 OOM kill.")), qPrintable(oom.whyText()));
        // Without the autoscaler, no such row.
        oom.setSnapshot(test::snapshotOf(test::demoInput()));
        QCOMPARE(oom.fieldText(QStringLiteral("Autoscaler")), QString());
    }

    void restartsAreNamed_data()
    {
        // One job of `gpus` GPUs placed `attempts` times; the restarts the counts explain are
        // named, the rest are server failures (with failures on) or other restarts.
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("attempts");
        QTest::addColumn<int>("oomKills");
        QTest::addColumn<int>("preemptions");
        QTest::addColumn<bool>("trialRuns"); // failures.trial_run_s > 0
        QTest::addColumn<bool>("failuresOn"); // failures.server_mtbf_h > 0
        QTest::addColumn<QString>("expected");
        QTest::newRow("placed once") << 1 << 1 << 0 << 0 << false << false << QString();
        QTest::newRow("OOM kills") << 1 << 3 << 2 << 0 << false << false << " It was placed 3 times: 2 OOM kills.";
        // 4 placements = the trial's, then 1 preemption and 1 server failure after the real start.
        QTest::newRow("trial, preemption, failure") << 4 << 4 << 0 << 1 << true << true
                                                    << " It was placed 4 times: a trial run first, 1 preemption, 1 server failure.";
        QTest::newRow("a 1-GPU job has no trial") << 1 << 2 << 0 << 0 << true << true << " It was placed 2 times: 1 server failure.";
        QTest::newRow("unexplained, failures off") << 2 << 2 << 0 << 0 << false << false << " It was placed 2 times: 1 other restart.";
    }

    void restartsAreNamed()
    {
        QFETCH(int, gpus);
        QFETCH(int, attempts);
        QFETCH(int, oomKills);
        QFETCH(int, preemptions);
        QFETCH(bool, trialRuns);
        QFETCH(bool, failuresOn);
        QFETCH(QString, expected);
        SimResult r;
        r.trace = test::makeTrace({{"v", 0, gpus, 100}});
        r.jobs.resize(1);
        r.jobs[0].attempts = attempts;
        r.jobs[0].preemptions = preemptions;
        r.resources.resize(1);
        r.resources[0].oomKills = oomKills;
        r.scenario.failures.trialRun_s = trialRuns ? 300 : 0;
        r.scenario.failures.serverMtbf_h = failuresOn ? 720 : 0;
        QCOMPARE(InspectorPanel::restartsText(r, 0), expected);
    }
};

QTEST_MAIN(TestAutoscalePanels)
#include "tst_autoscale_panels.moc"
