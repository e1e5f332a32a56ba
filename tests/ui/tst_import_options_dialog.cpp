// The dialog asked before a Slurm or Kubernetes export is opened (ui/io/import_options_dialog.hpp).
#include "tests/common/test_support.hpp"
#include "ui/io/import_options_dialog.hpp"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>

using namespace clens;
using namespace clens::ui;

namespace {
QString sample(const char* rel) { return QString::fromStdString(test::samplePath(rel)); }

QPushButton* openButton(ImportOptionsDialog& d)
{
    return d.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Open);
}
} // namespace

class TestImportOptionsDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("ClusterLensTest"));
        QApplication::setApplicationName(QStringLiteral("tst_import_options_dialog"));
    }

    void asksOnlyForSlurmAndKubernetes_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<bool>("asks");
        QTest::addColumn<bool>("timeZone"); // sacct's text output has local times; its JSON does not
        QTest::addColumn<bool>("rackLabel");
        QTest::newRow("sacct text") << int(TraceFormat::Slurm) << true << true << false;
        QTest::newRow("sacct json") << int(TraceFormat::SlurmJson) << true << false << false;
        QTest::newRow("kubectl pods") << int(TraceFormat::KubernetesPods) << true << false << true;
        QTest::newRow("native csv") << int(TraceFormat::Csv) << false << false << false;
        QTest::newRow("philly") << int(TraceFormat::Philly) << false << false << false;
    }

    void asksOnlyForSlurmAndKubernetes()
    {
        QFETCH(int, format);
        QFETCH(bool, asks);
        QFETCH(bool, timeZone);
        QFETCH(bool, rackLabel);
        const auto f = static_cast<TraceFormat>(format);
        QCOMPARE(ImportOptionsDialog::asksFor(f), asks);
        if (!asks)
            return;
        ImportOptionsDialog d(f, {}, {});
        QCOMPARE(d.findChild<QComboBox*>(QStringLiteral("importTimeZone")) != nullptr, timeZone);
        QCOMPARE(d.findChild<QLineEdit*>(QStringLiteral("importRackLabel")) != nullptr, rackLabel);
        QVERIFY(d.findChild<QLineEdit*>(QStringLiteral("importQuotas")));
        QVERIFY(d.problem().isEmpty());
        QVERIFY(openButton(d)->isEnabled());
    }

    void timeZoneIsCheckedAsTyped_data()
    {
        QTest::addColumn<QString>("zone");
        QTest::addColumn<bool>("valid");
        QTest::newRow("UTC") << QStringLiteral("UTC") << true;
        QTest::newRow("offset") << QStringLiteral("+02:00") << true;
        QTest::newRow("IANA name") << QStringLiteral("Europe/Berlin") << QFileInfo::exists(QStringLiteral("/usr/share/zoneinfo/Europe/Berlin"));
        QTest::newRow("unknown name") << QStringLiteral("Mars/Olympus_Mons") << false;
        QTest::newRow("bad offset") << QStringLiteral("+25:00") << false;
    }

    void timeZoneIsCheckedAsTyped()
    {
        QFETCH(QString, zone);
        QFETCH(bool, valid);
        ImportOptionsDialog d(TraceFormat::Slurm, {}, {});
        d.findChild<QComboBox*>(QStringLiteral("importTimeZone"))->setCurrentText(zone);
        QCOMPARE(d.problem().isEmpty(), valid);
        QCOMPARE(openButton(d)->isEnabled(), valid);
        if (valid)
            QCOMPARE(QString::fromStdString(d.options().timeZone), zone);
        else
            QVERIFY(d.problem().startsWith(QStringLiteral("Time zone")));
    }

    void answersBecomeTheImportOptions()
    {
        ImportOptions start;
        start.timeZone = "+01:00";
        start.rackSize = 4; // not asked: kept
        ImportOptionsDialog d(TraceFormat::Slurm, start, sample("slurm/sacctmgr_assoc.txt"));
        QCOMPARE(d.findChild<QComboBox*>(QStringLiteral("importTimeZone"))->currentText(), QStringLiteral("+01:00"));
        auto* tenant = d.findChild<QComboBox*>(QStringLiteral("importTenant"));
        tenant->setCurrentIndex(tenant->findData(QStringLiteral("partition")));
        d.findChild<QLineEdit*>(QStringLiteral("importTopology"))->setText(sample("slurm/topology.conf"));
        const auto o = d.options();
        QCOMPARE(o.timeZone, std::string("+01:00"));
        QCOMPARE(o.slurmTenant, std::string("partition"));
        QCOMPARE(QString::fromStdString(o.topologyPath), QFileInfo(sample("slurm/topology.conf")).absoluteFilePath());
        QCOMPARE(o.rackSize, 4);
        QCOMPARE(d.quotasPath(), QFileInfo(sample("slurm/sacctmgr_assoc.txt")).absoluteFilePath());
        // A file that is not there cannot be opened.
        d.findChild<QLineEdit*>(QStringLiteral("importQuotas"))->setText(QStringLiteral("/nonexistent/quotas.txt"));
        QVERIFY(d.problem().contains(QStringLiteral("no such file")));
        QVERIFY(!openButton(d)->isEnabled());
        d.findChild<QLineEdit*>(QStringLiteral("importQuotas"))->clear(); // no quotas: fine
        QVERIFY(openButton(d)->isEnabled());
        QVERIFY(d.quotasPath().isEmpty());
    }

    void emptyRackLabelIsRefused()
    {
        ImportOptionsDialog d(TraceFormat::KubernetesPods, {}, {});
        auto* label = d.findChild<QLineEdit*>(QStringLiteral("importRackLabel"));
        QCOMPARE(label->text(), QStringLiteral("topology.kubernetes.io/zone"));
        label->setText(QStringLiteral("  "));
        QVERIFY(!openButton(d)->isEnabled());
        label->setText(QStringLiteral("example.com/rack"));
        QCOMPARE(d.options().k8sRackLabel, std::string("example.com/rack"));
    }

    void lastAnswersAreRecalledUnderTheCommandLine()
    {
        ImportOptionsDialog d(TraceFormat::Slurm, {}, {});
        d.findChild<QComboBox*>(QStringLiteral("importTimeZone"))->setCurrentText(QStringLiteral("+03:00"));
        auto* tenant = d.findChild<QComboBox*>(QStringLiteral("importTenant"));
        tenant->setCurrentIndex(tenant->findData(QStringLiteral("qos")));
        d.remember();
        ImportOptions fresh;
        ImportOptionsDialog::recall(fresh);
        QCOMPARE(fresh.timeZone, std::string("+03:00"));
        QCOMPARE(fresh.slurmTenant, std::string("qos"));
        ImportOptions given; // what the command line said wins
        given.timeZone = "UTC";
        given.slurmTenant = "partition";
        ImportOptionsDialog::recall(given);
        QCOMPARE(given.timeZone, std::string("UTC"));
        QCOMPARE(given.slurmTenant, std::string("partition"));
    }
};

QTEST_MAIN(TestImportOptionsDialog)
#include "tst_import_options_dialog.moc"
