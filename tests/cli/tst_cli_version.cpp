// `clusterlens-cli --version` prints the top-level project(... VERSION), which the build passes
// here as CLENS_EXPECTED_VERSION (docs/cli.md "Version").
#include "tests/cli/cli_runner.hpp"

#include <QTest>

using namespace clens::test;

class TestCliVersion : public QObject {
    Q_OBJECT
private slots:
    void printsTheCMakeVersion();
    void usageMentionsVersion();
};

void TestCliVersion::printsTheCMakeVersion()
{
    const auto r = runCli({"--version"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QByteArray("clusterlens-cli " CLENS_EXPECTED_VERSION "\n"));
    QVERIFY(r.err.isEmpty());
}

void TestCliVersion::usageMentionsVersion()
{
    const auto r = runCli({"--help"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("clusterlens-cli --version"));
}

QTEST_APPLESS_MAIN(TestCliVersion)
#include "tst_cli_version.moc"
