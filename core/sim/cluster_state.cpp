// StateTimeline: every occupancy interval and outage becomes two changes (ends before starts at
// one instant), each carrying the GPU's whole state after it (so a GPU shared by several jobs
// replays like any other); a full snapshot of the GPU state is kept every K changes, and
// stateAt() copies the snapshot before t and replays at most K changes. K = max(1024, GPU count)
// bounds both the replay work and the snapshots' memory (about 12 bytes per GPU per snapshot).
// CPU and memory reserved per server replay the same way from the result's reservations; the
// autoscaler's levels (millions of intervals) are not replayed but summed at t over the runs
// covering it (ScaledRunIndex).
#include "core/sim/cluster_state.hpp"
#include "core/sim/scaled_run_index.hpp"
#include "core/util/radix_sort.hpp"

#include <algorithm>
#include <limits>

namespace clens {

namespace {

struct Change {
    std::int64_t t;
    std::int32_t gpu;
    std::int32_t job;
    float util;
    GpuState state;
    std::uint8_t isStart; // 0: an end, applied first at its instant
    std::uint16_t used;
    std::uint8_t sharers;
};

struct ServerChange {
    std::int64_t t;
    std::int32_t server;
    std::uint8_t isStart;
    std::uint8_t power; // after the change
    float cpu, mem;     // the server's totals reserved after the change
    float cpuUsed, memUsed;
};

struct ServerLevels {
    std::vector<float> cpu, mem, cpuUsed, memUsed;
    std::vector<std::uint8_t> power;
};

// One interval holding a GPU, while it lasts.
struct Holding {
    std::int64_t from;
    std::int32_t job;
    std::uint16_t milli;
    float util;
    GpuState state;
};

// A change's sort key: its time from the earliest, ends (isStart 0) before starts at an instant.
std::uint64_t timeKey(std::int64_t t, std::int64_t earliest, std::uint8_t isStart)
{
    return (static_cast<std::uint64_t>(t) - static_cast<std::uint64_t>(earliest)) << 1 | isStart;
}

template <class T>
std::int64_t earliestOf(const std::vector<T>& changes)
{
    std::int64_t earliest = std::numeric_limits<std::int64_t>::max();
    for (const auto& c : changes)
        earliest = std::min(earliest, c.t);
    return earliest;
}

template <class T>
std::size_t upTo(const std::vector<T>& changes, std::int64_t t)
{
    return static_cast<std::size_t>(
        std::upper_bound(changes.begin(), changes.end(), t, [](std::int64_t v, const T& c) { return v < c.t; }) - changes.begin());
}

} // namespace

struct StateTimeline::Impl {
    std::shared_ptr<const SimResult> result;
    std::size_t gpus = 0, servers = 0;
    std::size_t every = 1024, serverEvery = 1024;
    std::vector<Change> changes;
    std::vector<ClusterState> snapshots; // snapshots[i] = GPU state after changes[0, i*every)
    std::vector<ServerChange> serverChanges;
    std::vector<ServerLevels> serverSnapshots; // likewise
    ScaledRunIndex scaled;                     // the autoscaler's levels
    std::vector<std::int64_t> queueT;    // queue length changes: from queueT[i] on, queueN[i]
    std::vector<std::int32_t> queueN;

    static void apply(const Change& c, ClusterState& s)
    {
        const auto g = static_cast<std::size_t>(c.gpu);
        s.gpu[g] = c.state;
        s.job[g] = c.job;
        s.util[g] = c.util;
        s.used[g] = c.used;
        s.sharers[g] = c.sharers;
    }

    static void applyServer(const ServerChange& c, ServerLevels& s)
    {
        const auto i = static_cast<std::size_t>(c.server);
        s.cpu[i] = c.cpu;
        s.mem[i] = c.mem;
        s.cpuUsed[i] = c.cpuUsed;
        s.memUsed[i] = c.memUsed;
        s.power[i] = c.power;
    }

    void buildGpuChanges(const SimResult& r);
    void buildServerChanges(const SimResult& r);
};

void StateTimeline::Impl::buildGpuChanges(const SimResult& r)
{
    changes.reserve(r.occupancy.size() * 2 + r.outages.size() * 8);
    for (const auto& iv : r.occupancy) {
        const auto state = iv.use == GpuUse::HeldIdle ? GpuState::HeldIdle : GpuState::Busy;
        const float util = iv.use == GpuUse::HeldIdle ? 0.0f : iv.util;
        changes.push_back({iv.from_s, iv.gpu, iv.job, util, state, 1, iv.milli, 0});
        changes.push_back({iv.to_s, iv.gpu, iv.job, util, state, 0, iv.milli, 0});
    }
    for (const auto& o : r.outages) {
        const auto& s = r.cluster->servers()[static_cast<std::size_t>(o.server)];
        for (std::int32_t g = s.firstGpu; g < s.firstGpu + s.gpus; ++g) {
            changes.push_back({o.from_s, g, -1, 0.0f, GpuState::Failed, 1, 0, 0});
            changes.push_back({o.to_s, g, -1, 0.0f, GpuState::Idle, 0, 0, 0});
        }
    }
    const auto earliest = earliestOf(changes);
    radixSortStable(changes, [earliest](const Change& c) { return timeKey(c.t, earliest, c.isStart); });
    // Each change becomes the GPU's state after it: what still holds the GPU decides.
    std::vector<std::vector<Holding>> holding(gpus);
    for (auto& c : changes) {
        if (c.state == GpuState::Failed || (c.job < 0 && c.isStart == 0))
            continue; // an outage: Failed, then Idle
        auto& h = holding[static_cast<std::size_t>(c.gpu)];
        if (c.isStart) {
            h.push_back({c.t, c.job, c.used, c.util, c.state});
        } else {
            const auto it = std::find_if(h.begin(), h.end(), [&](const Holding& x) { return x.job == c.job && x.milli == c.used; });
            if (it != h.end())
                h.erase(it);
        }
        if (h.empty()) {
            c = Change{c.t, c.gpu, -1, 0.0f, GpuState::Idle, c.isStart, 0, 0};
        } else if (h.size() == 1 && h.front().milli == 1000) {
            const auto& x = h.front();
            c = Change{c.t, c.gpu, x.job, x.util, x.state, c.isStart, 1000, 0};
        } else {
            const auto first = std::min_element(h.begin(), h.end(), [](const Holding& a, const Holding& b) {
                return a.from != b.from ? a.from < b.from : a.job < b.job;
            });
            float util = 0;
            std::uint32_t used = 0;
            for (const auto& x : h) {
                util += x.util * static_cast<float>(x.milli) / 1000.0f;
                used += x.milli;
            }
            c = Change{c.t, c.gpu, first->job, util, GpuState::Busy, c.isStart, static_cast<std::uint16_t>(std::min<std::uint32_t>(used, 1000)),
                       static_cast<std::uint8_t>(std::min<std::size_t>(h.size(), 255))};
        }
    }
}

void StateTimeline::Impl::buildServerChanges(const SimResult& r)
{
    // A change refers to what it comes from (its values are read when it is applied): 24 bytes
    // to sort where the values took 48.
    enum Source : std::uint32_t { kReservation = 0, kPower = 1u << 31, kIndex = (1u << 31) - 1 };
    struct Delta {
        std::int64_t t;
        std::int32_t server;
        std::uint32_t source; // Source | index
        std::uint8_t isStart;
    };
    std::vector<Delta> deltas;
    deltas.reserve(r.reservations.size() * 2 + r.powerOff.size() * 2);
    for (std::uint32_t i = 0; i < r.reservations.size(); ++i) {
        const auto& v = r.reservations[i];
        deltas.push_back({v.from_s, v.server, kReservation | i, 1});
        deltas.push_back({v.to_s, v.server, kReservation | i, 0});
    }
    for (std::uint32_t i = 0; i < r.powerOff.size(); ++i) {
        const auto& p = r.powerOff[i];
        deltas.push_back({p.from_s, p.server, kPower | i, 1});
        deltas.push_back({p.to_s, p.server, kPower | i, 0});
    }
    const auto earliest = earliestOf(deltas);
    radixSortStable(deltas, [earliest](const Delta& d) { return timeKey(d.t, earliest, d.isStart); });
    std::vector<double> cpu(servers, 0), mem(servers, 0), cpuUsed(servers, 0), memUsed(servers, 0);
    std::vector<std::uint8_t> power(servers, 0);
    serverChanges.reserve(deltas.size());
    for (const auto& d : deltas) {
        const auto s = static_cast<std::size_t>(d.server);
        const auto i = d.source & kIndex;
        const double sign = d.isStart ? 1.0 : -1.0;
        switch (d.source & ~kIndex) {
        case kReservation: { // without the autoscaler, used = reserved
            const auto& v = r.reservations[i];
            const double c = sign * (static_cast<double>(v.cpuMilli) / 1000.0), m = sign * (static_cast<double>(v.memMib) / 1024.0);
            cpu[s] += c;
            mem[s] += m;
            cpuUsed[s] += c;
            memUsed[s] += m;
            break;
        }
        default: // power: from t on, off (1) or booting (2) until the end, then on (0)
            power[s] = d.isStart ? (r.powerOff[i].booting ? 2 : 1) : 0;
        }
        const auto clean = [](double v) { return static_cast<float>(v < 1e-9 ? 0.0 : v); }; // sums of floats end near 0
        serverChanges.push_back({d.t, d.server, d.isStart, power[s], clean(cpu[s]), clean(mem[s]), clean(cpuUsed[s]), clean(memUsed[s])});
    }
    ServerLevels now{std::vector<float>(servers, 0.0f), std::vector<float>(servers, 0.0f), std::vector<float>(servers, 0.0f),
                     std::vector<float>(servers, 0.0f), std::vector<std::uint8_t>(servers, 0)};
    for (std::size_t i = 0; i < serverChanges.size(); ++i) {
        if (i % serverEvery == 0)
            serverSnapshots.push_back(now);
        applyServer(serverChanges[i], now);
    }
    if (serverChanges.size() % serverEvery == 0)
        serverSnapshots.push_back(now);
}

StateTimeline::StateTimeline(std::shared_ptr<const SimResult> result) : impl_(std::make_unique<Impl>())
{
    auto& d = *impl_;
    d.result = std::move(result);
    const auto& r = *d.result;
    d.gpus = r.cluster ? static_cast<std::size_t>(r.cluster->gpuCount()) : 0;
    d.servers = r.cluster ? static_cast<std::size_t>(r.cluster->serverCount()) : 0;
    d.every = std::max<std::size_t>(1024, d.gpus);
    d.serverEvery = std::max<std::size_t>(1024, d.servers);
    d.buildGpuChanges(r);
    d.buildServerChanges(r);
    d.scaled = ScaledRunIndex(r.scaledRuns, r.firstSubmit_s, r.scenario.autoscaler.interval_s);

    ClusterState s;
    s.gpu.assign(d.gpus, GpuState::Idle);
    s.job.assign(d.gpus, -1);
    s.util.assign(d.gpus, 0.0f);
    s.used.assign(d.gpus, 0);
    s.sharers.assign(d.gpus, 0);
    for (std::size_t i = 0; i < d.changes.size(); ++i) {
        if (i % d.every == 0)
            d.snapshots.push_back(s);
        Impl::apply(d.changes[i], s);
    }
    if (d.changes.size() % d.every == 0)
        d.snapshots.push_back(s);

    // Jobs waiting: the waits' starts and ends, each sorted (8 bytes a time where (time, +-1)
    // pairs took 16: ten million jobs wait 12.6 M times), walked together.
    std::vector<std::int64_t> starts, ends;
    starts.reserve(r.waits.size());
    ends.reserve(r.waits.size());
    for (const auto& w : r.waits) {
        starts.push_back(w.from_s);
        ends.push_back(w.to_s);
    }
    for (auto* times : {&starts, &ends})
        if (!times->empty()) {
            const auto earliest = *std::min_element(times->begin(), times->end());
            radixSortStable(*times, [earliest](std::int64_t t) { return static_cast<std::uint64_t>(t) - static_cast<std::uint64_t>(earliest); });
        }
    std::int32_t n = 0;
    for (std::size_t i = 0, j = 0; i < starts.size() || j < ends.size();) {
        const auto t = j == ends.size() || (i < starts.size() && starts[i] < ends[j]) ? starts[i] : ends[j];
        for (; i < starts.size() && starts[i] == t; ++i)
            ++n;
        for (; j < ends.size() && ends[j] == t; ++j)
            --n;
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
    const auto n = upTo(d.changes, t);
    const auto snap = n / d.every;
    const auto& base = d.snapshots[snap];
    out.gpu.assign(base.gpu.begin(), base.gpu.end());
    out.job.assign(base.job.begin(), base.job.end());
    out.util.assign(base.util.begin(), base.util.end());
    out.used.assign(base.used.begin(), base.used.end());
    out.sharers.assign(base.sharers.begin(), base.sharers.end());
    for (auto i = snap * d.every; i < n; ++i)
        Impl::apply(d.changes[i], out);

    const auto m = upTo(d.serverChanges, t);
    const auto serverSnap = m / d.serverEvery;
    ServerLevels levels = d.serverSnapshots[serverSnap];
    for (auto i = serverSnap * d.serverEvery; i < m; ++i)
        Impl::applyServer(d.serverChanges[i], levels);
    if (!d.scaled.empty()) { // the autoscaler's levels at t, summed over the runs covering it
        std::vector<double> cpu(levels.cpu.begin(), levels.cpu.end()), mem(levels.mem.begin(), levels.mem.end()),
            cpuUsed(levels.cpuUsed.begin(), levels.cpuUsed.end()), memUsed(levels.memUsed.begin(), levels.memUsed.end());
        const auto& all = d.result->scaledLevels;
        d.scaled.forEachAt(t, [&](const ScaledRun& run, std::uint32_t k) {
            const auto s = static_cast<std::size_t>(run.server);
            const auto& l = all[run.first + k];
            cpu[s] += l.cpuReserved;
            mem[s] += l.memReserved;
            cpuUsed[s] += l.cpuUsed;
            memUsed[s] += l.memUsed;
        });
        const auto narrow = [](const std::vector<double>& from, std::vector<float>& to) {
            std::transform(from.begin(), from.end(), to.begin(), [](double v) { return static_cast<float>(v); });
        };
        narrow(cpu, levels.cpu);
        narrow(mem, levels.mem);
        narrow(cpuUsed, levels.cpuUsed);
        narrow(memUsed, levels.memUsed);
    }
    out.cpuReserved = std::move(levels.cpu);
    out.memReserved = std::move(levels.mem);
    out.cpuUsed = std::move(levels.cpuUsed);
    out.memUsed = std::move(levels.memUsed);
    out.serverPower = std::move(levels.power);

    out.t_s = t;
    const auto q = std::upper_bound(d.queueT.begin(), d.queueT.end(), t) - d.queueT.begin();
    out.queuedJobs = q == 0 ? 0 : d.queueN[static_cast<std::size_t>(q - 1)];
}

std::optional<std::int64_t> StateTimeline::nextChangeAfter(std::int64_t t) const
{
    const auto& d = *impl_;
    std::optional<std::int64_t> best;
    const auto consider = [&](std::optional<std::int64_t> v) {
        if (v && (!best || *v < *best))
            best = v;
    };
    if (const auto i = upTo(d.changes, t); i < d.changes.size())
        consider(d.changes[i].t);
    if (const auto i = upTo(d.serverChanges, t); i < d.serverChanges.size())
        consider(d.serverChanges[i].t);
    if (const auto q = std::upper_bound(d.queueT.begin(), d.queueT.end(), t); q != d.queueT.end())
        consider(*q);
    consider(d.scaled.nextChangeAfter(t));
    return best;
}

std::optional<std::int64_t> StateTimeline::prevChangeBefore(std::int64_t t) const
{
    const auto& d = *impl_;
    std::optional<std::int64_t> best;
    const auto consider = [&](std::optional<std::int64_t> v) {
        if (v && (!best || *v > *best))
            best = v;
    };
    const auto before = [t](const auto& changes) -> std::optional<std::int64_t> {
        const auto it = std::lower_bound(changes.begin(), changes.end(), t, [](const auto& c, std::int64_t v) { return c.t < v; });
        return it == changes.begin() ? std::nullopt : std::optional<std::int64_t>(std::prev(it)->t);
    };
    consider(before(d.changes));
    consider(before(d.serverChanges));
    if (const auto q = std::lower_bound(d.queueT.begin(), d.queueT.end(), t); q != d.queueT.begin())
        consider(*std::prev(q));
    consider(d.scaled.prevChangeBefore(t));
    return best;
}

std::int64_t StateTimeline::begin_s() const { return impl_->result->firstSubmit_s; }
std::int64_t StateTimeline::end_s() const { return impl_->result->lastEvent_s; }

} // namespace clens
