// The panels with resources beyond GPUs, on the real core: each waiting interval names the
// resource waited for (and the inspector's sentence says it), the inspector and the job table
// show what a job asks (CPU, memory, a GPU share, GPU models), the results show CPU and memory
// allocation and GPU-share fragmentation with baseline deltas, and the scenario panel
// round-trips placement fgd, the slowdown cap, the four resource defaults and the arrivals
// speed-up without the mouse wheel changing a knob it scrolls past.
#include "tests/common/resource_fixture.hpp"
#include "tests/ui/ui_test_support.hpp"
#include "ui/models/job_row_order.hpp"
#include "ui/models/job_table_model.hpp"
#include "ui/models/summary_compare_model.hpp"
#include "ui/models/wait_interval_model.hpp"
#include "ui/run/sim_snapshot.hpp"
#include "ui/views/inspector_panel.hpp"
#include "ui/views/scenario_panel.hpp"
#include "ui/views/summary_panel.hpp"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QBrush>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

using namespace clens;
using namespace clens::ui;

namespace {

struct WaitCase {
    std::vector<test::ServerWith> servers;
    std::vector<test::JobSpec> jobs;
    std::vector<test::Asks> asks;
    int job;
    QString label;     // of its one waiting interval
    QString duration;  // of that interval
};

SnapshotPtr snapshotOf(std::shared_ptr<const SimResult> result)
{
    return makeSnapshot(coreEngine(), std::move(result));
}

QString cell(const QAbstractItemModel& m, int row, int column, int role = Qt::DisplayRole)
{
    return m.data(m.index(row, column), role).toString();
}

} // namespace

Q_DECLARE_METATYPE(WaitCase)

class TestResourcePanels : public QObject {
    Q_OBJECT
private slots:
    void waitsNameTheResource_data()
    {
        QTest::addColumn<WaitCase>("c");
        // The hand-computed cases of tests/sim/tst_sim_resources.cpp (packingByCpuAndMemory).
        // Two 4-GPU servers with 8 cores: j0 (6 cores) on s0, j1 (2 GPUs, 8 cores) on s1 10-110;
        // j2 (4 cores) at 20 finds 2 free cores in all: CPU capacity until 110.
        QTest::newRow("capacity — CPU") << WaitCase{{{"r", 4, "", 8}, {"r", 4, "", 8}},
                                                   {{"v", 0, 1, 1000}, {"v", 10, 2, 100}, {"v", 20, 1, 100}},
                                                   {{6}, {8}, {4}}, 2, QStringLiteral("capacity — CPU"),
                                                   QStringLiteral("1 min 30 s")};
        // j0, j1 (5 cores) on s0 and s1; j2 (4 cores) at 2: 6 free cores in all, 3 per server.
        QTest::newRow("fragmentation — CPU") << WaitCase{{{"r", 4, "", 8}, {"r", 4, "", 8}},
                                                        {{"v", 0, 1, 100}, {"v", 1, 1, 1000}, {"v", 2, 1, 50}},
                                                        {{5}, {5}, {4}}, 2, QStringLiteral("fragmentation — CPU"),
                                                        QStringLiteral("1 min 38 s")};
        // One 64 GB server: j0 48 GB 0-300; j1 (32 GB) at 5 waits for memory until 300.
        QTest::newRow("capacity — memory") << WaitCase{{{"r", 4, "", 0, 64}}, {{"v", 0, 1, 300}, {"v", 5, 1, 10}},
                                                      {{NAN, 48}, {NAN, 32}}, 1, QStringLiteral("capacity — memory"),
                                                      QStringLiteral("4 min 55 s")};
        // Two 64 GB servers, 40 GB taken on each; j2 (32 GB) at 1: 48 GB free in all, 24 per server.
        QTest::newRow("fragmentation — memory") << WaitCase{{{"r", 2, "", 0, 64}, {"r", 2, "", 0, 64}},
                                                           {{"v", 0, 1, 100}, {"v", 0, 1, 1000}, {"v", 1, 1, 10}},
                                                           {{NAN, 40}, {NAN, 40}, {NAN, 32}}, 2,
                                                           QStringLiteral("fragmentation — memory"), QStringLiteral("1 min 39 s")};
        // GPUs alone: one 2-GPU server, j0 takes both 0-100, j1 (1 GPU) at 10 waits 90 s.
        QTest::newRow("capacity — GPUs") << WaitCase{{{"r", 2}}, {{"v", 0, 2, 100}, {"v", 10, 1, 10}}, {}, 1,
                                                    QStringLiteral("capacity — GPUs"), QStringLiteral("1 min 30 s")};
    }

    void waitsNameTheResource()
    {
        QFETCH(WaitCase, c);
        const auto snap = snapshotOf(
            std::make_shared<const SimResult>(simulate(test::makeClusterWith(c.servers), test::makeTrace(c.jobs, c.asks), Scenario{})));
        WaitIntervalModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setJob(snap, c.job);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(cell(model, 0, WaitIntervalModel::Cause), c.label);
        QCOMPARE(cell(model, 0, WaitIntervalModel::Duration), c.duration);
        const WaitInterval* w = model.intervalAt(0);
        QCOMPARE(cell(model, 0, WaitIntervalModel::Cause, Qt::ToolTipRole), WaitIntervalModel::causeExplanation(w->cause, w->resource));

        InspectorPanel inspector;
        inspector.setSnapshot(snap);
        inspector.setJob(c.job);
        const QString why = inspector.whyText();
        QVERIFY2(why.contains(c.duration + QLatin1Char(' ') + c.label), qPrintable(why));
        QVERIFY2(why.contains(WaitIntervalModel::causeExplanation(w->cause, w->resource)), qPrintable(why));
    }

    void explanationsDifferByResource()
    {
        QSet<QString> texts;
        for (auto cause : {DelayCause::Fragmentation, DelayCause::Capacity})
            for (auto r : {WaitResource::Gpus, WaitResource::Cpu, WaitResource::Memory})
                texts.insert(WaitIntervalModel::causeExplanation(cause, r));
        QCOMPARE(texts.size(), 6);
        QCOMPARE(WaitIntervalModel::causeLabel(DelayCause::Fairshare, WaitResource::Gpus), QStringLiteral("fair share — GPUs"));
    }

    void inspectorShowsTheRequest_data()
    {
        QTest::addColumn<int>("job");
        QTest::addColumn<QString>("asked");
        QTest::addColumn<QString>("subtitle");
        QTest::addColumn<QString>("servers");
        QTest::newRow("a share") << test::kSharedJob << QStringLiteral("0.50 of a GPU · 2 cores · 8 GB · V100")
                                 << QStringLiteral("0.50 of a GPU") << QStringLiteral("s0 [");
        QTest::newRow("a whole GPU") << test::kWholeJob << QStringLiteral("1 GPU · 4 cores · 16 GB · V100")
                                     << QStringLiteral("1 GPU") << QStringLiteral("s0 [");
        QTest::newRow("a CPU pod") << test::kCpuPod << QStringLiteral("no GPU · 10 cores · 8 GB") << QStringLiteral("no GPU")
                                   << QStringLiteral("s1 (10 cores, 8 GB)");
    }

    void inspectorShowsTheRequest()
    {
        QFETCH(int, job);
        QFETCH(QString, asked);
        QFETCH(QString, subtitle);
        QFETCH(QString, servers);
        InspectorPanel inspector;
        inspector.setSnapshot(snapshotOf(test::resourceResult(test::withServerDefaults())));
        inspector.setJob(job);
        QCOMPARE(inspector.fieldText(QStringLiteral("Asked")), asked);
        QVERIFY2(inspector.fieldText(QStringLiteral("Servers")).startsWith(servers),
                 qPrintable(inspector.fieldText(QStringLiteral("Servers"))));
        bool found = false;
        for (auto* l : inspector.findChildren<QLabel*>())
            found |= l->text().contains(QStringLiteral(" · ") + subtitle + QStringLiteral(" · "));
        QVERIFY(found);
    }

    void jobTableHasCpuMemoryAndShare()
    {
        JobTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSnapshot(snapshotOf(test::resourceResult(test::withServerDefaults())));
        QCOMPARE(model.rowCount(), 4);
        const auto row = [&](int job) { return model.rowOfJob(job); };
        QCOMPARE(cell(model, row(test::kSharedJob), JobTableModel::GpuShare), QStringLiteral("0.50"));
        QCOMPARE(cell(model, row(test::kSecondSharer), JobTableModel::GpuShare), QStringLiteral("0.30"));
        QCOMPARE(cell(model, row(test::kWholeJob), JobTableModel::GpuShare), QString());
        QCOMPARE(cell(model, row(test::kCpuPod), JobTableModel::Cpu), QStringLiteral("10"));
        QCOMPARE(cell(model, row(test::kWholeJob), JobTableModel::Memory), QStringLiteral("16"));
        QCOMPARE(cell(model, row(test::kCpuPod), JobTableModel::Gpus), QStringLiteral("0"));
        // Sorted by share (as the table sorts): 0.30 before 0.50, whole GPUs after every share.
        const auto before = [&](JobTableModel::Column column, int a, int b) {
            const auto order = *orderJobRows(*model.rows(), model.time(), {}, column, Qt::AscendingOrder);
            return std::find(order.begin(), order.end(), a) < std::find(order.begin(), order.end(), b);
        };
        QVERIFY(before(JobTableModel::GpuShare, row(test::kSecondSharer), row(test::kSharedJob)));
        QVERIFY(before(JobTableModel::GpuShare, row(test::kSharedJob), row(test::kWholeJob)));
        QVERIFY(before(JobTableModel::Cpu, row(test::kWholeJob), row(test::kCpuPod)));
        for (auto c : {JobTableModel::Cpu, JobTableModel::Memory, JobTableModel::GpuShare})
            QVERIFY(model.anyAsks(c));
        QCOMPARE(model.headerData(JobTableModel::GpuShare, Qt::Horizontal).toString(), QStringLiteral("GPU share"));

        // The demo asks nothing but GPUs: the columns have nothing to show.
        model.setSnapshot(test::snapshotOf(test::demoInput()));
        for (auto c : {JobTableModel::Cpu, JobTableModel::Memory, JobTableModel::GpuShare})
            QVERIFY(!model.anyAsks(c));
    }

    void summaryShowsResourceMetrics()
    {
        // Baseline: the same with 64 GB on s2 (memory never limits here): 2520 GB-s of 160 GB × 100 s.
        Scenario more = test::withServerDefaults();
        more.resources.serverDefaults.memGb = 64;
        SummaryPanel panel;
        auto* model = panel.model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setCurrent(snapshotOf(test::resourceResult(test::withServerDefaults())));
        panel.setBaseline(snapshotOf(test::resourceResult(more)));
        using M = SummaryCompareModel;
        QCOMPARE(cell(*model, M::CpuAlloc, M::Current), QStringLiteral("44.7%"));   // 1430 / 3200
        QCOMPARE(cell(*model, M::MemAlloc, M::Current), QStringLiteral("19.7%"));   // 2520 / 12800
        QCOMPARE(cell(*model, M::MemAlloc, M::Baseline), QStringLiteral("15.8%"));  // 2520 / 16000
        QCOMPARE(cell(*model, M::MemAlloc, M::Change), QStringLiteral("+3.9 pt"));
        QCOMPARE(cell(*model, M::CpuAlloc, M::Change), QStringLiteral("="));
        QCOMPARE(cell(*model, M::ShareFragmentation, M::Current), QStringLiteral("13.9%"));
        QCOMPARE(cell(*model, M::MemAlloc, M::Metric), QStringLiteral("Memory allocated"));
        // More memory allocated reads as better (green), as for GPUs.
        QCOMPARE(model->data(model->index(M::MemAlloc, M::Change), Qt::ForegroundRole).value<QBrush>().color(),
                 QColor(0x1a, 0x80, 0x3a));
        auto* table = panel.findChild<QTableView*>();
        QVERIFY(!table->isRowHidden(M::ShareFragmentation));

        // Unknown capacity (s2 says nothing, no default): a dash, not a number.
        panel.setBaseline(nullptr);
        panel.setCurrent(snapshotOf(test::resourceResult(test::withoutServerDefaults())));
        QCOMPARE(cell(*model, M::CpuAlloc, M::Current), QStringLiteral("–"));
        QVERIFY(!model->data(model->index(M::CpuAlloc, M::Current), M::ValueRole).isValid());
        QCOMPARE(cell(*model, M::ShareFragmentation, M::Current), QStringLiteral("13.9%"));

        // GPUs only (the demo): no share fragmentation, its row hidden.
        panel.setCurrent(test::snapshotOf(test::demoInput()));
        QVERIFY(table->isRowHidden(M::ShareFragmentation));
        QVERIFY(!table->isRowHidden(M::CpuAlloc));
    }

    void scenarioPanelRoundTripsTheNewKnobs()
    {
        ScenarioPanel panel;
        Scenario s;
        s.placement = PlacementPolicy::Fgd;
        s.slowdown.maxFactor = 3.5;
        s.resources.serverDefaults.cpuCores = 48;
        s.resources.jobDefaults.memGbPerGpu = 16;
        QSignalSpy edited(&panel, &ScenarioPanel::scenarioEdited);
        panel.setScenario(s);
        QCOMPARE(edited.count(), 0);
        QVERIFY(panel.scenario() == s);
        QCOMPARE(panel.placementCombo()->currentText(), QStringLiteral("fgd (fewest stranded GPUs)"));
        QCOMPARE(panel.serverMemSpin()->text(), QStringLiteral("unlimited"));
        QCOMPARE(panel.jobCpuSpin()->text(), QStringLiteral("none"));
        QCOMPARE(panel.serverCpuSpin()->value(), 48.0);
    }

    void scenarioPanelEditsReSimulate_data()
    {
        QTest::addColumn<QString>("knob");
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("expected"); // NaN: unlimited / none
        QTest::newRow("server CPU cores") << QStringLiteral("serverCpuDefault") << 64.0 << 64.0;
        QTest::newRow("server CPU back to unlimited") << QStringLiteral("serverCpuDefault") << 0.0 << double(NAN);
        QTest::newRow("server memory") << QStringLiteral("serverMemDefault") << 256.0 << 256.0;
        QTest::newRow("job CPU per GPU") << QStringLiteral("jobCpuDefault") << 6.0 << 6.0;
        QTest::newRow("job memory per GPU back to none") << QStringLiteral("jobMemDefault") << 0.0 << double(NAN);
        QTest::newRow("slowdown at most") << QStringLiteral("maxFactor") << 1.5 << 1.5;
        QTest::newRow("arrivals faster by") << QStringLiteral("arrivalsSpeedup") << 1000.0 << 1000.0;
    }

    void scenarioPanelEditsReSimulate()
    {
        QFETCH(QString, knob);
        QFETCH(double, value);
        QFETCH(double, expected);
        ScenarioPanel panel;
        Scenario start;
        start.resources.serverDefaults.cpuCores = 32;
        start.resources.jobDefaults.memGbPerGpu = 8;
        start.slowdown.maxFactor = 2.123; // finer than the box shows: kept while untouched
        panel.setScenario(start);
        QSignalSpy edited(&panel, &ScenarioPanel::scenarioEdited);
        QDoubleSpinBox* box = knob == QLatin1String("maxFactor") ? panel.maxFactorSpin()
                                                                  : panel.findChild<QDoubleSpinBox*>(knob);
        QVERIFY(box);
        box->setValue(value);
        QCOMPARE(edited.count(), 1);
        const auto got = edited.at(0).at(0).value<Scenario>();
        const auto& r = got.resources;
        const std::optional<double> field = knob == QLatin1String("serverCpuDefault")   ? r.serverDefaults.cpuCores
                                            : knob == QLatin1String("serverMemDefault") ? r.serverDefaults.memGb
                                            : knob == QLatin1String("jobCpuDefault")    ? r.jobDefaults.cpuPerGpu
                                            : knob == QLatin1String("jobMemDefault")    ? r.jobDefaults.memGbPerGpu
                                            : knob == QLatin1String("arrivalsSpeedup")  ? std::optional<double>(got.arrivals.speedup)
                                                                                        : std::optional<double>(got.slowdown.maxFactor);
        if (std::isnan(expected))
            QVERIFY(!field);
        else
            QCOMPARE(field.value_or(-1), expected);
        if (knob != QLatin1String("maxFactor"))
            QCOMPARE(got.slowdown.maxFactor, 2.123);
        QVERIFY(panel.scenario() == got);
    }

    void placementFgdIsAChoice()
    {
        ScenarioPanel panel;
        QSignalSpy edited(&panel, &ScenarioPanel::scenarioEdited);
        auto* combo = panel.placementCombo();
        const int fgd = combo->findData(static_cast<int>(PlacementPolicy::Fgd));
        QVERIFY(fgd >= 0);
        combo->setCurrentIndex(fgd);
        QCOMPARE(edited.count(), 1);
        QVERIFY(edited.at(0).at(0).value<Scenario>().placement == PlacementPolicy::Fgd);
    }

    void wheelScrollsPastUnfocusedKnobs()
    {
        ScenarioPanel panel;
        panel.resize(320, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy edited(&panel, &ScenarioPanel::scenarioEdited);
        auto* box = panel.serverCpuSpin();
        const auto wheel = [&](QWidget* target) {
            const QPointF at(target->width() / 2.0, target->height() / 2.0);
            QWheelEvent e(at, target->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(target, &e);
        };
        QVERIFY(!box->hasFocus());
        wheel(box);
        QCOMPARE(box->value(), 0.0);
        QCOMPARE(edited.count(), 0);
        wheel(panel.placementCombo());
        QCOMPARE(edited.count(), 0);
        // Once clicked into (focused), the wheel turns it.
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        box->setFocus();
        QVERIFY(box->hasFocus());
        wheel(box);
        QVERIFY(box->value() > 0);
        QCOMPARE(edited.count(), 1);
    }
};

QTEST_MAIN(TestResourcePanels)
#include "tst_resource_panels.moc"
