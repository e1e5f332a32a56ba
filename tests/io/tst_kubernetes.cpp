#include "core/io/kubernetes_nodes.hpp"
#include "core/io/kubernetes_pods.hpp"
#include "core/io/trace_format.hpp"
#include "tests/common/test_support.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace clens;
using namespace clens::test;

// docs/formats.md "Kubernetes nodes", docs/formats.md "Kubernetes pods"
class TestKubernetes : public QObject {
    Q_OBJECT
private slots:
    void sampleNodes();
    void rackLabel();
    void samplePods();
    void podStatus_data();
    void podStatus();
    void malformedPods_data();
    void malformedPods();
    void malformedNodes_data();
    void malformedNodes();
};

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

const Job& job(const Trace& t, const std::string& id)
{
    const auto it = std::find_if(t.jobs.begin(), t.jobs.end(), [&](const Job& j) { return j.id == id; });
    if (it == t.jobs.end())
        throw std::runtime_error("no pod " + id);
    return *it;
}

bool hasNote(const std::vector<std::string>& notes, const char* text)
{
    return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

// One Succeeded pod: 1 GPU (a limit only), 1 CPU, 1 GiB; created 2024-01-01T00:00:00Z = 1704067200,
// started 10 s later, finished one hour after that.
const char* kPod = R"({"apiVersion": "v1", "kind": "List", "items": [
{"apiVersion": "v1", "kind": "Pod",
 "metadata": {"name": "p", "namespace": "ns", "creationTimestamp": "2024-01-01T00:00:00Z"},
 "spec": {"nodeName": "n1", "containers": [{"name": "c", "resources": {"requests": {"cpu": "1", "memory": "1Gi"}, "limits": {"nvidia.com/gpu": "1"}}}]},
 "status": {"phase": "Succeeded", "startTime": "2024-01-01T00:00:10Z",
  "containerStatuses": [{"name": "c", "state": {"terminated": {"exitCode": 0, "reason": "Completed",
   "startedAt": "2024-01-01T00:00:10Z", "finishedAt": "2024-01-01T01:00:10Z"}}}]}}
]})";

} // namespace

// sample_traces/kubernetes/nodes.json: 6 nodes in 2 zones (see its README).
void TestKubernetes::sampleNodes()
{
    std::vector<std::string> notes;
    const auto t = loadCluster(samplePath("kubernetes/nodes.json"), {}, &notes);
    QCOMPARE(t.serverCount(), 6);
    QCOMPARE(t.gpuCount(), 36); // 4 x 8 A100 + 4 T4
    QCOMPARE(t.rackCount(), 2);
    QCOMPARE(t.racks()[0].name, std::string("eu-west-1a"));
    QCOMPARE(t.racks()[1].serverCount, 3);
    const auto& a = t.servers()[static_cast<std::size_t>(*t.findServer("a100-0"))];
    QCOMPARE(a.gpus, 8);
    QCOMPARE(a.gpuModel, std::string("NVIDIA-A100-SXM4-80GB"));
    QCOMPARE(a.cpuCores, 96.0);
    QCOMPARE(a.memGb, 1176.0);
    const auto& cp = t.servers()[static_cast<std::size_t>(*t.findServer("cp-0"))];
    QCOMPARE(cp.gpus, 0);
    QCOMPARE(cp.memGb, 32386520.0 / (1024.0 * 1024.0)); // 32386520Ki
    QCOMPARE(t.servers()[static_cast<std::size_t>(*t.findServer("t4-0"))].gpuModel, std::string("Tesla-T4"));
    QVERIFY(hasNote(notes, "topology.kubernetes.io/zone"));
    QVERIFY(hasNote(notes, "1 node has no nvidia.com/gpu"));
}

void TestKubernetes::rackLabel()
{
    ImportOptions o;
    o.k8sRackLabel = "kubernetes.io/hostname";
    QCOMPARE(readKubernetesNodes(samplePath("kubernetes/nodes.json"), o).rackCount(), 6);
    o.k8sRackLabel = "example.com/rack"; // no node has it: racks of rack_size in file order
    o.rackSize = 4;
    std::vector<std::string> notes;
    const auto t = readKubernetesNodes(samplePath("kubernetes/nodes.json"), o, &notes);
    QCOMPARE(t.rackCount(), 2);
    QVERIFY(t.racksInferred());
    QVERIFY(hasNote(notes, "6 nodes have no example.com/rack label"));
}

// sample_traces/kubernetes/pods.json: 19 pods (see its README).
void TestKubernetes::samplePods()
{
    const auto t = loadTrace(samplePath("kubernetes/pods.json"));
    QCOMPARE(t.meta.format, std::string("kubernetes"));
    QVERIFY(t.meta.timeBase == TimeBase::UnixUtc);
    QCOMPARE(t.jobs.size(), std::size_t{19});
    QCOMPARE(t.tenants.size(), std::size_t{4}); // team-vision, team-nlp, team-speech, kube-system
    QCOMPARE(t.simulatedJobCount(), std::size_t{16}); // 2 Pending, the device plugin asks for nothing
    // Submit 2024-05-06T08:00:00Z = 1714982400; 8 GPUs given as a limit, 32 CPUs, 256 GiB.
    const auto& r = job(t, "team-vision/train-resnet-0");
    QCOMPARE(r.submit_s, std::int64_t{1714982400});
    QCOMPARE(r.gpus, 8);
    QCOMPARE(r.cpuCores, 32.0);
    QCOMPARE(r.memGb, 256.0);
    QCOMPARE(*r.recordedStart_s, std::int64_t{1714982400 + 12});
    QCOMPARE(r.duration_s, std::int64_t{3 * 3600 + 1800 - 12}); // 08:00:12 -> 11:30:00
    QCOMPARE(r.attempts.at(0).placement.at(0).server, std::string("a100-0"));
    QCOMPARE(t.tenants[static_cast<std::size_t>(r.tenant)].name, std::string("team-vision"));
    // A sidecar adds its requests: 16 + 0.5 CPUs, 128 GiB + 512 MiB.
    const auto& vit = job(t, "team-vision/train-vit-0");
    QCOMPARE(vit.cpuCores, 16.5);
    QCOMPARE(vit.memGb, 128.5);
    // An init container asking for more (24 CPUs, 300 GiB) raises the pod's request.
    const auto& ft = job(t, "team-nlp/finetune-0");
    QCOMPARE(ft.cpuCores, 24.0);
    QCOMPARE(ft.memGb, 300.0);
    QVERIFY(ft.status == JobStatus::Failed); // Error
    QCOMPARE(ft.duration_s, std::int64_t{1800}); // 11:35 -> 12:05
    QCOMPARE(job(t, "team-speech/asr-0").cpuCores, 1.5); // 1500m
    QCOMPARE(job(t, "kube-system/metrics-server-7db4fb59f9-q2w3e").memGb, 2e8 / kGiB); // 200M
    QVERIFY(job(t, "team-vision/augment-0").status == JobStatus::Failed); // OOMKilled
    QVERIFY(job(t, "team-speech/tts-0").status == JobStatus::Killed);     // Evicted
    const auto& pending = job(t, "team-nlp/rlhf-0");
    QVERIFY(pending.skip == SkipReason::Pending);
    QCOMPARE(pending.gpus, 16);
    QCOMPARE(t.gpuModelSets[static_cast<std::size_t>(pending.gpuModels)], std::string("NVIDIA-A100-SXM4-80GB"));
    QVERIFY(job(t, "kube-system/nvidia-device-plugin-daemonset-x7k2p").skip == SkipReason::ZeroGpus);
    // Running pods end at the latest time in the file, finetune-0's 2024-05-06T12:05:00Z.
    QCOMPARE(job(t, "team-vision/detr-0").duration_s, std::int64_t{7491});           // from 10:00:09
    QCOMPARE(job(t, "kube-system/coredns-5d78c9869d-abcde").duration_s, std::int64_t{446670}); // from 05-01 08:00:30
    QVERIFY(hasNote(t.meta.notes, "2 pods Pending"));
    QVERIFY(hasNote(t.meta.notes, "5 pods Running"));
    QVERIFY(hasNote(t.meta.notes, "1 pod had a container OOMKilled"));
    QVERIFY(hasNote(t.meta.notes, "1 pod was evicted"));
    QVERIFY(hasNote(t.meta.notes, "4 pods select a GPU model"));
}

void TestKubernetes::podStatus_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("skip");
    QTest::addColumn<qint64>("duration");
    const int pass = int(JobStatus::Pass), failed = int(JobStatus::Failed), killed = int(JobStatus::Killed);
    const int none = int(SkipReason::None), pending = int(SkipReason::Pending), never = int(SkipReason::NoAttempts);
    QTest::newRow("Succeeded, Completed") << "" << "" << pass << none << qint64(3600);
    QTest::newRow("Failed, Error") << R"("phase": "Succeeded")" << R"("phase": "Failed")" << failed << none << qint64(3600);
    QTest::newRow("Failed, Evicted") << R"("phase": "Succeeded")" << R"("phase": "Failed", "reason": "Evicted")" << killed << none << qint64(3600);
    QTest::newRow("Pending") << R"("phase": "Succeeded")" << R"("phase": "Pending")" << pass << pending << qint64(0);
    // Running: ends at the latest time in the file, the finishedAt 01:00:10: 3600 s.
    QTest::newRow("Running") << R"("phase": "Succeeded")" << R"("phase": "Running")" << pass << none << qint64(3600);
    QTest::newRow("Unknown") << R"("phase": "Succeeded")" << R"("phase": "Unknown")" << pass << none << qint64(3600);
    QTest::newRow("no startTime: the container's startedAt") << R"("startTime": "2024-01-01T00:00:10Z",)" << "" << pass << none << qint64(3600);
    QTest::newRow("offset time") << R"("finishedAt": "2024-01-01T01:00:10Z")" << R"("finishedAt": "2024-01-01T03:00:10+02:00")" << pass << none
                                 << qint64(3600);
    QTest::newRow("fractional seconds") << R"("finishedAt": "2024-01-01T01:00:10Z")" << R"("finishedAt": "2024-01-01T01:00:10.250000Z")"
                                        << pass << none << qint64(3600);
    QTest::newRow("finished without a start") << R"("startTime": "2024-01-01T00:00:10Z",
  "containerStatuses")" << R"("x")" << pass << never << qint64(0);
}

void TestKubernetes::podStatus()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(int, status);
    QFETCH(int, skip);
    QFETCH(qint64, duration);
    QString text = kPod;
    if (!from.isEmpty()) {
        QVERIFY2(text.contains(from), qPrintable(from));
        text.replace(from, to);
    }
    QTemporaryDir dir;
    const auto path = writeFile(dir, "pods.json", text.toStdString());
    const auto t = readKubernetesPods(path);
    const auto& j = t.jobs.at(0);
    QCOMPARE(j.id, std::string("ns/p"));
    QCOMPARE(j.gpus, 1);
    QCOMPARE(j.cpuCores, 1.0);
    QCOMPARE(j.memGb, 1.0);
    QCOMPARE(int(j.status), status);
    QCOMPARE(int(j.skip), skip);
    QCOMPARE(j.duration_s, duration);
}

void TestKubernetes::malformedPods_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<qint64>("line");
    QTest::addColumn<QString>("field");
    QTest::newRow("JSON syntax") << R"("kind": "List",)" << R"("kind": "List")" << qint64(1) << "";
    QTest::newRow("not a list") << R"("items": [)" << R"("itemz": [)" << qint64(0) << "items";
    QTest::newRow("bad quantity") << R"("memory": "1Gi")" << R"("memory": "1GB")" << qint64(0)
                                  << "items[0].spec.containers[0].resources.requests.memory";
    QTest::newRow("negative quantity") << R"("cpu": "1")" << R"("cpu": "-1")" << qint64(0) << "items[0].spec.containers[0].resources.requests.cpu";
    QTest::newRow("quantity of the wrong type") << R"("cpu": "1")" << R"("cpu": true)" << qint64(0)
                                                << "items[0].spec.containers[0].resources.requests.cpu";
    QTest::newRow("fractional GPU") << R"("nvidia.com/gpu": "1")" << R"("nvidia.com/gpu": "500m")" << qint64(0)
                                    << "items[0].spec.containers[0].resources.nvidia.com/gpu";
    QTest::newRow("missing creationTimestamp") << R"("creationTimestamp")" << R"("createdAt")" << qint64(0) << "items[0].metadata.creationTimestamp";
    QTest::newRow("bad time") << R"("creationTimestamp": "2024-01-01T00:00:00Z")" << R"("creationTimestamp": "yesterday")" << qint64(0)
                              << "items[0].metadata.creationTimestamp";
    QTest::newRow("time without a zone") << R"("startTime": "2024-01-01T00:00:10Z")" << R"("startTime": "2024-01-01T00:00:10")" << qint64(0)
                                         << "items[0].status.startTime";
    QTest::newRow("unknown phase") << R"("phase": "Succeeded")" << R"("phase": "Exploded")" << qint64(0) << "items[0].status.phase";
    QTest::newRow("wrong kind") << R"("kind": "Pod")" << R"("kind": "Node")" << qint64(0) << "items[0].kind";
    QTest::newRow("no name") << R"("name": "p",)" << "" << qint64(0) << "items[0].metadata.name";
    QTest::newRow("containers not an array") << R"("containers": [{"name": "c", "resources": {"requests": {"cpu": "1", "memory": "1Gi"}, "limits": {"nvidia.com/gpu": "1"}}}])"
                                             << R"("containers": {})" << qint64(0) << "items[0].spec.containers";
    QTest::newRow("empty list") << QString(kPod).mid(QString(kPod).indexOf("\n{")) << "]}" << qint64(0) << "items";
}

void TestKubernetes::malformedPods()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(qint64, line);
    QFETCH(QString, field);
    QString text = kPod;
    QVERIFY2(text.contains(from), qPrintable(from));
    text.replace(from, to);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "pods.json", text.toStdString());
    expectInputError([&] { readKubernetesPods(path); }, path, line, field.toStdString());
}

void TestKubernetes::malformedNodes_data()
{
    QTest::addColumn<QString>("item");
    QTest::addColumn<QString>("field");
    QTest::newRow("no metadata") << R"({"kind": "Node"})" << "items[0].metadata";
    QTest::newRow("labels not an object") << R"({"kind": "Node", "metadata": {"name": "n", "labels": []}})" << "items[0].metadata.labels";
    QTest::newRow("bad memory") << R"({"kind": "Node", "metadata": {"name": "n"}, "status": {"capacity": {"memory": "16GB"}}})"
                                << "items[0].status.capacity.memory";
    QTest::newRow("fractional GPUs") << R"({"kind": "Node", "metadata": {"name": "n"}, "status": {"capacity": {"nvidia.com/gpu": "1.5"}}})"
                                     << "items[0].status.capacity.nvidia.com/gpu";
    QTest::newRow("duplicate") << R"({"kind": "Node", "metadata": {"name": "n"}}, {"kind": "Node", "metadata": {"name": "n"}})"
                               << "items[1].metadata.name";
    QTest::newRow("a pod") << R"({"kind": "Pod", "metadata": {"name": "n"}})" << "items[0].kind";
}

void TestKubernetes::malformedNodes()
{
    QFETCH(QString, item);
    QFETCH(QString, field);
    QTemporaryDir dir;
    const auto path = writeFile(dir, "nodes.json", R"({"kind": "List", "items": [)" + item.toStdString() + "]}");
    expectInputError([&] { readKubernetesNodes(path); }, path, 0, field.toStdString());
}

QTEST_APPLESS_MAIN(TestKubernetes)
#include "tst_kubernetes.moc"
