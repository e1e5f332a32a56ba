// Scenario JSON (docs/simulation.md "Scenario JSON"): defaults, key-by-key merge, round trip,
// errors naming the key.
#include "core/sim/scenario_grid.hpp"
#include "core/sim/scenario_json.hpp"
#include "core/sim/simulator.hpp"
#include "tests/common/test_support.hpp"
#include "tests/sim/sim_test_support.hpp"

#include <QTemporaryDir>
#include <QTest>

using namespace clens;
using namespace clens::test;

class TestScenarioJson : public QObject {
    Q_OBJECT
private slots:
    void emptyObjectIsDefaults();
    void partialMerge();
    void roundTrip();
    void errorsNameTheKey_data();
    void errorsNameTheKey();
    void quotaForUnknownVc();
    void gridRunsAreBounded();
    void syntaxErrorsNameLineAndColumn_data();
    void syntaxErrorsNameLineAndColumn();
    void fieldErrorsInFilesNameTheLine_data();
    void fieldErrorsInFilesNameTheLine();
};

void TestScenarioJson::emptyObjectIsDefaults()
{
    QVERIFY(parseScenarioJson("{}", "s.json") == Scenario{});
    const Scenario d;
    QCOMPARE(d.locality.relaxToRackAfter_s.value_or(-1), std::int64_t{600});
    QCOMPARE(d.locality.relaxToAnyAfter_s.value_or(-1), std::int64_t{1800});
    QCOMPARE(d.locality.rackSize, 8);
    QVERIFY(d.gang.policy == GangPolicy::Strict);
    QVERIFY(d.backfill == BackfillPolicy::Greedy);
    QVERIFY(d.placement == PlacementPolicy::BestFit);
    QCOMPARE(d.slowdown.maxFactor, 2.0);
    QVERIFY(!d.resources.serverDefaults.cpuCores && !d.resources.serverDefaults.memGb); // unlimited
    QVERIFY(!d.resources.jobDefaults.cpuPerGpu && !d.resources.jobDefaults.memGbPerGpu); // none
}

void TestScenarioJson::partialMerge()
{
    const auto s = parseScenarioJson(
        R"({"locality": {"relax_to_any_after_s": null}, "gang": {"policy": "elastic"}, "quota": {"mode": "borrow", "vc": {"vcA": 64}}, "seed": 7})",
        "s.json");
    QVERIFY(!s.locality.relaxToAnyAfter_s);
    QCOMPARE(s.locality.relaxToRackAfter_s.value_or(-1), std::int64_t{600}); // untouched default
    QVERIFY(s.gang.policy == GangPolicy::Elastic);
    QCOMPARE(s.gang.minFraction, 0.5);
    QVERIFY(s.quota.mode == QuotaMode::Borrow);
    QCOMPARE(s.quota.vcGpus.at("vcA"), std::int64_t{64});
    QCOMPARE(s.seed, std::uint64_t{7});
    const auto r = parseScenarioJson(
        R"({"placement": "fgd", "slowdown": {"max_factor": 3}, "resources": {"server_defaults": {"cpu_cores": 96},
            "job_defaults": {"mem_gb_per_gpu": 12.5, "cpu_per_gpu": null}}})",
        "r.json");
    QVERIFY(r.placement == PlacementPolicy::Fgd);
    QCOMPARE(r.slowdown.maxFactor, 3.0);
    QCOMPARE(r.slowdown.perExtraServer, 0.1);
    QCOMPARE(r.resources.serverDefaults.cpuCores, std::optional<double>(96));
    QVERIFY(!r.resources.serverDefaults.memGb);
    QCOMPARE(r.resources.jobDefaults.memGbPerGpu, std::optional<double>(12.5));
    QVERIFY(!r.resources.jobDefaults.cpuPerGpu);
}

void TestScenarioJson::roundTrip()
{
    Scenario s;
    s.locality.relaxToRackAfter_s.reset();
    s.locality.relaxToAnyAfter_s = 0;
    s.gang = {GangPolicy::None, 0.25, 30};
    s.quota.mode = QuotaMode::BorrowPreempt;
    s.quota.vcGpus = {{"x", 3}, {"y", 0}};
    s.placement = PlacementPolicy::Spread;
    s.backfill = BackfillPolicy::None;
    s.slowdown = {0.15, 0.3, 4.5};
    s.resources.serverDefaults = {64.0, std::nullopt};
    s.resources.jobDefaults = {std::nullopt, 7.25};
    s.arrivals.speedup = 2.5;
    s.failures.trialRun_s = 60;
    s.failures.serverMtbf_h = 123.5;
    s.failures.checkpoint_s = 900;
    s.seed = 18446744073709551615ull;
    s.seriesStep_s = 60;
    QVERIFY(parseScenarioJson(scenarioToJson(s), "x") == s);
}

void TestScenarioJson::errorsNameTheKey_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("key");
    QTest::newRow("unknown top key") << R"({"localty": {}})" << "localty";
    QTest::newRow("unknown nested key") << R"({"locality": {"relax_after": 3}})" << "locality.relax_after";
    QTest::newRow("wrong type") << R"({"locality": {"rack_size": "8"}})" << "locality.rack_size";
    QTest::newRow("negative threshold") << R"({"locality": {"relax_to_rack_after_s": -1}})" << "locality.relax_to_rack_after_s";
    QTest::newRow("fraction seconds") << R"({"gang": {"elastic_after_s": 1.5}})" << "gang.elastic_after_s";
    QTest::newRow("zero min fraction") << R"({"gang": {"min_fraction": 0}})" << "gang.min_fraction";
    QTest::newRow("bad enum") << R"({"placement": "worst-fit"})" << "placement";
    QTest::newRow("cap below 1") << R"({"slowdown": {"max_factor": 0.5}})" << "slowdown.max_factor";
    QTest::newRow("negative cpu default") << R"({"resources": {"server_defaults": {"cpu_cores": -1}}})"
                                          << "resources.server_defaults.cpu_cores";
    QTest::newRow("memory default text") << R"({"resources": {"job_defaults": {"mem_gb_per_gpu": "8"}}})"
                                         << "resources.job_defaults.mem_gb_per_gpu";
    QTest::newRow("arrivals not faster than 0") << R"({"arrivals": {"speedup": 0}})" << "arrivals.speedup";
    QTest::newRow("unknown resource key") << R"({"resources": {"gpu_defaults": {}}})" << "resources.gpu_defaults";
    QTest::newRow("bad quota") << R"({"quota": {"vc": {"a": -4}}})" << "quota.vc.a";
    QTest::newRow("quota not object") << R"({"quota": {"vc": 3}})" << "quota.vc";
    QTest::newRow("huge seed") << R"({"seed": -1})" << "seed";
    QTest::newRow("not an object") << R"({"slowdown": 3})" << "slowdown";
    QTest::newRow("zero step") << R"({"series_step_s": 0})" << "series_step_s";
    QTest::newRow("bad policy") << R"({"autoscaler": {"policy": "magic"}})" << "autoscaler.policy";
}

void TestScenarioJson::errorsNameTheKey()
{
    QFETCH(QString, json);
    QFETCH(QString, key);
    const auto msg = expectInputError([&] { parseScenarioJson(json.toStdString(), "s.json"); }, "s.json", 0, key.toStdString());
    QVERIFY2(msg.find(key.toStdString()) != std::string::npos, msg.c_str());
}

void TestScenarioJson::quotaForUnknownVc()
{
    const auto trace = makeTrace({{"a", 0, 1, 10}});
    Scenario s;
    s.quota.vcGpus["nosuch"] = 4;
    expectInputError([&] { validateScenarioForTrace(s, *trace, "cfg.json"); }, "cfg.json", 0, "quota.vc.nosuch");
    const auto cluster = makeCluster({{"r", 4}});
    expectInputError([&] { simulate(cluster, trace, s); }, "scenario", 0, "quota.vc.nosuch");
    // Invalid JSON names the line.
    expectInputError([&] { parseScenarioJson("{\n\"seed\": 1,\n}", "bad.json"); }, "bad.json", 3, "");
}

QTEST_GUILESS_MAIN(TestScenarioJson)
#include "tst_scenario_json.moc"

void TestScenarioJson::syntaxErrorsNameLineAndColumn_data()
{
    QTest::addColumn<bool>("grid");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    // Line 2 is `  "placement" "spread"}`: the parser takes 14 characters and stops at the second
    // quote, column 15.
    QTest::newRow("scenario: missing colon") << false << "{\n  \"placement\" \"spread\"}" << "s.json:2: invalid JSON at column 15:";
    // Line 3 is `"vary": {"locality.rack_size": [1, 2` (36 characters) and the document ends
    // there: incomplete at line 3, column 37.
    QTest::newRow("grid: incomplete") << true << "{\n\"base\": {},\n\"vary\": {\"locality.rack_size\": [1, 2"
                                      << "s.json:3: invalid JSON at column 37: incomplete JSON";
    // `{"vary": {"seed": [1,]}}`: the `]` after the comma is column 22.
    QTest::newRow("grid: trailing comma") << true << "{\"vary\": {\"seed\": [1,]}}" << "s.json:1: invalid JSON at column 22:";
}

void TestScenarioJson::syntaxErrorsNameLineAndColumn()
{
    QFETCH(bool, grid);
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto utf8 = text.toStdString();
    try {
        if (grid)
            parseScenarioGrid(utf8, "s.json");
        else
            parseScenarioJson(utf8, "s.json");
        QFAIL("accepted invalid JSON");
    } catch (const InputError& e) {
        const auto message = QString::fromStdString(e.what());
        QVERIFY2(message.startsWith(expected), qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("boost")) && !message.contains(QStringLiteral(".hpp")), qPrintable(message));
    }
}

void TestScenarioJson::gridRunsAreBounded()
{
    // 10 x 10 x 10 x 10 = 10,000 runs is the limit; a fifth list of 2 makes 20,000 (a fuzz find:
    // six lists of 10 took 33 s and 770 MB). Twenty lists of 10 would overflow the product.
    std::string lists;
    for (const char* key : {"seed", "locality.rack_size", "locality.relax_to_rack_after_s", "locality.relax_to_any_after_s"})
        lists += std::string(lists.empty() ? "" : ", ") + "\"" + key + "\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]";
    QCOMPARE(parseScenarioGrid("{\"vary\": {" + lists + "}}", "g.json").runs.size(), std::size_t{10'000});
    const auto refused = [](const std::string& text) {
        try {
            parseScenarioGrid(text, "g.json");
        } catch (const InputError& e) {
            return e.field() == "vary" && std::string(e.what()).find("more than 10000 runs") != std::string::npos;
        }
        return false;
    };
    QVERIFY(refused("{\"vary\": {" + lists + ", \"series_step_s\": [60, 300]}}"));
    std::string many;
    for (int k = 0; k < 20; ++k)
        many += std::string(k ? ", " : "") + "\"quota.vc.v" + std::to_string(k) + "\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]";
    QVERIFY(refused("{\"vary\": {" + many + "}}"));
}

void TestScenarioJson::fieldErrorsInFilesNameTheLine_data()
{
    QTest::addColumn<bool>("grid");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    QTest::addColumn<qint64>("line");
    // Keys are read in order: the first bad one is the error; its key's line is the line.
    QTest::newRow("nested key, line 3") << false << "{\n  \"locality\": {\n    \"rack_size\": \"8\"\n  },\n  \"placement\": \"x\"\n}"
                                        << "locality.rack_size" << qint64(3);
    // "placement" appears first inside a string value on line 1; only a key counts: line 2.
    QTest::newRow("key, not a value") << false << "{\"seed\": 1, \"quota\": {\"mode\": \"none\"},\n \"placement\": \"worst\"}"
                                      << "placement" << qint64(2);
    QTest::newRow("grid base") << true << "{\n \"base\": {\n  \"seed\": -1\n },\n \"vary\": {\"placement\": [\"spread\"]}\n}"
                               << "seed" << qint64(3);
    // A varied key holds dots ("locality.rack_size" is one key of "vary"): line 4.
    QTest::newRow("grid varied key") << true << "{\n \"base\": {},\n \"vary\": {\n  \"locality.rack_size\": [4, 0]\n }\n}"
                                     << "locality.rack_size" << qint64(4);
}

void TestScenarioJson::fieldErrorsInFilesNameTheLine()
{
    QFETCH(bool, grid);
    QFETCH(QString, text);
    QFETCH(QString, field);
    QFETCH(qint64, line);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "s.json", text.toStdString());
    try {
        if (grid)
            loadScenarioGrid(path);
        else
            loadScenarioFile(path);
        QFAIL("accepted an invalid value");
    } catch (const InputError& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
        QCOMPARE(qint64(e.line()), line);
    }
}
