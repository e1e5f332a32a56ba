// The inspector's Queue row: what the key a job last waited under means under each queue policy
// (docs/queue-policies.md "The queue key").
#include "ui/time/time_format.hpp"
#include "ui/views/inspector_panel.hpp"

#include <QLocale>
#include <QtTest>

#include <cmath>

using namespace clens;
using namespace clens::ui;

Q_DECLARE_METATYPE(clens::QueuePolicyKind)

class TestInspectorQueue : public QObject {
    Q_OBJECT

private slots:
    void saysWhatTheKeyMeans_data()
    {
        QTest::addColumn<QueuePolicyKind>("policy");
        QTest::addColumn<double>("key");
        QTest::addColumn<QString>("text");
        const QLocale locale;
        // fifo and fair-share rank by submission: the row stays hidden.
        QTest::newRow("fifo") << QueuePolicyKind::Fifo << 120.0 << QString();
        QTest::newRow("fair-share") << QueuePolicyKind::FairShare << 120.0 << QString();
        QTest::newRow("sjf") << QueuePolicyKind::Sjf << 12000.0
                             << QStringLiteral("shortest first: ranked by its <b>%1</b> of service").arg(TimeFormat::duration(12000));
        QTest::newRow("srtf") << QueuePolicyKind::Srtf << 1900.4
                              << QStringLiteral("shortest remaining first: ranked by its <b>%1</b> of remaining service")
                                     .arg(TimeFormat::duration(1900));
        // 45,000 GPU-seconds = 12.5 GPU-hours.
        QTest::newRow("qssf") << QueuePolicyKind::Qssf << 45000.0
                              << QStringLiteral("smallest predicted first: ranked by <b>%1</b> predicted GPU-hours").arg(locale.toString(12.5, 'f', 1));
        // Default thresholds 3,600 and 36,000 GPU-s: queues 0, 1 and 2.
        QTest::newRow("las, first queue") << QueuePolicyKind::Las << 0.0 << QStringLiteral("<b>queue 0</b> of 0–2");
        QTest::newRow("las, last queue") << QueuePolicyKind::Las << 2.0
                                         << QStringLiteral("<b>queue 2</b> of 0–2 (attained ≥ %1 GPU-s)").arg(locale.toString(36000.0, 'f', 0));
        QTest::newRow("never waited") << QueuePolicyKind::Sjf << std::nan("") << QString();
    }

    void saysWhatTheKeyMeans()
    {
        QFETCH(QueuePolicyKind, policy);
        QFETCH(double, key);
        QFETCH(QString, text);
        SimResult result;
        result.scenario.queue.policy = policy;
        result.jobs.resize(2);
        result.jobs[1].queueKey = key;
        QCOMPARE(InspectorPanel::queueText(result, 1), text);
        QCOMPARE(InspectorPanel::queueText(result, 0), QString()); // a result before version 9
        QCOMPARE(InspectorPanel::queueText(result, 2), QString());
    }
};

QTEST_MAIN(TestInspectorQueue)
#include "tst_inspector_queue.moc"
