// StateTimeline: every occupancy interval and outage becomes two changes (ends before starts at
// one instant); a full snapshot of the GPU state is kept every K changes, and stateAt() copies
// the snapshot before t and replays at most K changes. K = max(1024, GPU count) bounds both the
// replay work and the snapshots' memory (about 9 bytes per GPU per snapshot).
#include "core/sim/cluster_state.hpp"

#include <algorithm>

namespace clens {

namespace {
struct Change {
    std::int64_t t;
    std::int32_t gpu;
    std::int32_t job;
    float util;
    GpuState state;
    std::uint8_t isStart; // 0: an end, applied first at its instant
};
} // namespace

struct StateTimeline::Impl {
    std::shared_ptr<const SimResult> result;
    std::size_t gpus = 0;
    std::size_t every = 1024;
    std::vector<Change> changes;
    std::vector<ClusterState> snapshots; // snapshots[i] = state after changes[0, i*every)
    std::vector<std::int64_t> queueT;    // queue length changes: from queueT[i] on, queueN[i]
    std::vector<std::int32_t> queueN;

    static void apply(const Change& c, ClusterState& s)
    {
        const auto g = static_cast<std::size_t>(c.gpu);
        s.gpu[g] = c.state;
        s.job[g] = c.job;
        s.util[g] = c.util;
    }
};

StateTimeline::StateTimeline(std::shared_ptr<const SimResult> result) : impl_(std::make_unique<Impl>())
{
    auto& d = *impl_;
    d.result = std::move(result);
    const auto& r = *d.result;
    d.gpus = r.cluster ? static_cast<std::size_t>(r.cluster->gpuCount()) : 0;
    d.every = std::max<std::size_t>(1024, d.gpus);

    d.changes.reserve(r.occupancy.size() * 2 + r.outages.size() * 8);
    for (const auto& iv : r.occupancy) {
        const auto state = iv.use == GpuUse::HeldIdle ? GpuState::HeldIdle : GpuState::Busy;
        d.changes.push_back({iv.from_s, iv.gpu, iv.job, iv.use == GpuUse::HeldIdle ? 0.0f : iv.util, state, 1});
        d.changes.push_back({iv.to_s, iv.gpu, -1, 0.0f, GpuState::Idle, 0});
    }
    for (const auto& o : r.outages) {
        const auto& s = r.cluster->servers()[static_cast<std::size_t>(o.server)];
        for (std::int32_t g = s.firstGpu; g < s.firstGpu + s.gpus; ++g) {
            d.changes.push_back({o.from_s, g, -1, 0.0f, GpuState::Failed, 1});
            d.changes.push_back({o.to_s, g, -1, 0.0f, GpuState::Idle, 0});
        }
    }
    std::stable_sort(d.changes.begin(), d.changes.end(), [](const Change& a, const Change& b) {
        return a.t != b.t ? a.t < b.t : a.isStart < b.isStart;
    });

    ClusterState s;
    s.gpu.assign(d.gpus, GpuState::Idle);
    s.job.assign(d.gpus, -1);
    s.util.assign(d.gpus, 0.0f);
    for (std::size_t i = 0; i < d.changes.size(); ++i) {
        if (i % d.every == 0)
            d.snapshots.push_back(s);
        Impl::apply(d.changes[i], s);
    }
    if (d.changes.size() % d.every == 0)
        d.snapshots.push_back(s);

    std::vector<std::pair<std::int64_t, std::int32_t>> deltas;
    for (const auto& w : r.waits) {
        deltas.emplace_back(w.from_s, 1);
        deltas.emplace_back(w.to_s, -1);
    }
    std::sort(deltas.begin(), deltas.end());
    std::int32_t n = 0;
    for (std::size_t i = 0; i < deltas.size();) {
        const auto t = deltas[i].first;
        for (; i < deltas.size() && deltas[i].first == t; ++i)
            n += deltas[i].second;
        if (d.queueN.empty() || d.queueN.back() != n) {
            d.queueT.push_back(t);
            d.queueN.push_back(n);
        }
    }
}

StateTimeline::~StateTimeline() = default;

void StateTimeline::stateAt(std::int64_t t, ClusterState& out) const
{
    const auto& d = *impl_;
    const auto n = static_cast<std::size_t>(
        std::upper_bound(d.changes.begin(), d.changes.end(), t, [](std::int64_t v, const Change& c) { return v < c.t; }) -
        d.changes.begin());
    const auto snap = n / d.every;
    const auto& base = d.snapshots[snap];
    out.gpu.assign(base.gpu.begin(), base.gpu.end());
    out.job.assign(base.job.begin(), base.job.end());
    out.util.assign(base.util.begin(), base.util.end());
    for (auto i = snap * d.every; i < n; ++i)
        Impl::apply(d.changes[i], out);
    out.t_s = t;
    const auto q = std::upper_bound(d.queueT.begin(), d.queueT.end(), t) - d.queueT.begin();
    out.queuedJobs = q == 0 ? 0 : d.queueN[static_cast<std::size_t>(q - 1)];
}

std::optional<std::int64_t> StateTimeline::nextChangeAfter(std::int64_t t) const
{
    const auto& d = *impl_;
    std::optional<std::int64_t> best;
    const auto it = std::upper_bound(d.changes.begin(), d.changes.end(), t, [](std::int64_t v, const Change& c) { return v < c.t; });
    if (it != d.changes.end())
        best = it->t;
    const auto q = std::upper_bound(d.queueT.begin(), d.queueT.end(), t);
    if (q != d.queueT.end() && (!best || *q < *best))
        best = *q;
    return best;
}

std::optional<std::int64_t> StateTimeline::prevChangeBefore(std::int64_t t) const
{
    const auto& d = *impl_;
    std::optional<std::int64_t> best;
    const auto it = std::lower_bound(d.changes.begin(), d.changes.end(), t, [](const Change& c, std::int64_t v) { return c.t < v; });
    if (it != d.changes.begin())
        best = std::prev(it)->t;
    const auto q = std::lower_bound(d.queueT.begin(), d.queueT.end(), t);
    if (q != d.queueT.begin() && (!best || *std::prev(q) > *best))
        best = *std::prev(q);
    return best;
}

std::int64_t StateTimeline::begin_s() const { return impl_->result->firstSubmit_s; }
std::int64_t StateTimeline::end_s() const { return impl_->result->lastEvent_s; }

} // namespace clens
