#include "core/store/result_span_rows.hpp"

#include "core/store/blob_codec.hpp"
#include "core/store/project_file_error.hpp"
#include "core/store/result_rows.hpp"
#include "core/store/stored_enums.hpp"

#include <limits>
#include <tuple>
#include <vector>

namespace clens::store {

using namespace result_rows;

namespace {

void writeWaits(Database& db, std::int64_t idx, const SimResult& r, RowProgress& progress)
{
    Statement s(db, "INSERT INTO result_waits (result, idx, from_s, to_s, cause, resource) VALUES (?, ?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < r.waits.size(); ++i) {
        const auto& w = r.waits[i];
        s.bindInt(1, idx);
        s.bindInt(2, static_cast<std::int64_t>(i));
        s.bindInt(3, w.from_s);
        s.bindInt(4, w.to_s);
        s.bindText(5, storedName(w.cause));
        s.bindText(6, storedName(w.resource));
        s.run();
        progress.tick();
    }
}

void writeOccupancy(Database& db, std::int64_t idx, const SimResult& r, RowProgress& progress)
{
    Statement s(db, "INSERT INTO result_occupancy (result, idx, gpu, job, from_s, to_s, use, util, milli) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < r.occupancy.size(); ++i) {
        const auto& o = r.occupancy[i];
        s.bindInt(1, idx);
        s.bindInt(2, static_cast<std::int64_t>(i));
        s.bindInt(3, o.gpu);
        s.bindInt(4, o.job);
        s.bindInt(5, o.from_s);
        s.bindInt(6, o.to_s);
        s.bindText(7, storedName(o.use));
        s.bindReal(8, static_cast<double>(o.util));
        s.bindInt(9, o.milli);
        s.run();
        progress.tick();
    }
}

void writeOutages(Database& db, std::int64_t idx, const SimResult& r, RowProgress& progress)
{
    Statement s(db, "INSERT INTO result_outages (result, idx, server, from_s, to_s) VALUES (?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < r.outages.size(); ++i) {
        const auto& o = r.outages[i];
        s.bindInt(1, idx);
        s.bindInt(2, static_cast<std::int64_t>(i));
        s.bindInt(3, o.server);
        s.bindInt(4, o.from_s);
        s.bindInt(5, o.to_s);
        s.run();
        progress.tick();
    }
}

void writeReservations(Database& db, std::int64_t idx, const SimResult& r, RowProgress& progress)
{
    Statement s(db, "INSERT INTO result_reservations (result, idx, server, job, from_s, to_s, cpu_milli, mem_mib) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < r.reservations.size(); ++i) {
        const auto& v = r.reservations[i];
        s.bindInt(1, idx);
        s.bindInt(2, static_cast<std::int64_t>(i));
        s.bindInt(3, v.server);
        s.bindInt(4, v.job);
        s.bindInt(5, v.from_s);
        s.bindInt(6, v.to_s);
        s.bindInt(7, v.cpuMilli);
        s.bindInt(8, v.memMib);
        s.run();
        progress.tick();
    }
}

void writePowerOff(Database& db, std::int64_t idx, const SimResult& r, RowProgress& progress)
{
    Statement s(db, "INSERT INTO result_power_off (result, idx, server, from_s, to_s, booting) VALUES (?, ?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < r.powerOff.size(); ++i) {
        const auto& p = r.powerOff[i];
        s.bindInt(1, idx);
        s.bindInt(2, static_cast<std::int64_t>(i));
        s.bindInt(3, p.server);
        s.bindInt(4, p.from_s);
        s.bindInt(5, p.to_s);
        s.bindInt(6, p.booting ? 1 : 0);
        s.run();
        progress.tick();
    }
}

void writeScaledRuns(Database& db, std::int64_t idx, const SimResult& r, RowProgress& progress)
{
    Statement s(db, "INSERT INTO result_scaled_runs (result, idx, job, server, from_s, to_s, levels, phases) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    std::vector<float> flat;
    std::vector<std::int32_t> phases;
    for (std::size_t i = 0; i < r.scaledRuns.size(); ++i) {
        const auto& run = r.scaledRuns[i];
        flat.clear();
        phases.clear();
        for (std::uint32_t k = run.first; k < run.first + run.count; ++k) {
            const auto& l = r.scaledLevels[k];
            flat.insert(flat.end(), {l.cpuReserved, l.memReserved, l.cpuUsed, l.memUsed});
            phases.push_back(l.phase);
        }
        s.bindInt(1, idx);
        s.bindInt(2, static_cast<std::int64_t>(i));
        s.bindInt(3, run.job);
        s.bindInt(4, run.server);
        s.bindInt(5, run.from_s);
        s.bindInt(6, run.to_s);
        s.bindBlob(7, encodeArray(flat));
        s.bindBlob(8, encodeArray(phases));
        s.run();
        progress.tick();
    }
}

// The waits, then each job result's range of them checked.
void readWaits(Database& db, const std::string& file, std::int64_t idx, SimResult& r, RowProgress& progress)
{
    readRows(db, file, "result_waits", "from_s, to_s, cause, resource", idx, [&](TableReader& t) {
        const auto [from, to] = clockInterval(t, 1);
        r.waits.push_back(WaitInterval{from, to, t.enumValue<DelayCause>(3), t.enumValue<WaitResource>(4)});
        progress.tick();
    });
    for (std::size_t i = 0; i < r.jobs.size(); ++i)
        if (static_cast<std::uint64_t>(r.jobs[i].firstWait) + r.jobs[i].waitCount > r.waits.size())
            throw ProjectFileError(ProjectFileError::Kind::BadContent, file, static_cast<std::int64_t>(i) + 1,
                                   "result_jobs.wait_count",
                                   "result " + std::to_string(idx) + " job result " + std::to_string(i)
                                       + ": its waits run past the end of result_waits");
}

void readOccupancy(Database& db, const std::string& file, std::int64_t idx, std::int64_t jobs, std::int64_t gpus, SimResult& r,
                   RowProgress& progress)
{
    readRows(db, file, "result_occupancy", "gpu, job, from_s, to_s, use, util, milli", idx, [&](TableReader& t) {
        if (gpus == 0 || jobs == 0)
            t.failRow("an occupancy interval but the result has no GPUs or no jobs");
        GpuInterval o;
        o.gpu = static_cast<std::int32_t>(t.integer(1, 0, gpus - 1));
        o.job = static_cast<std::int32_t>(t.integer(2, 0, jobs - 1));
        std::tie(o.from_s, o.to_s) = clockInterval(t, 3);
        o.use = t.enumValue<GpuUse>(5);
        o.util = static_cast<float>(amount(t, 6));
        o.milli = static_cast<std::uint16_t>(t.integer(7, 1, 1000));
        r.occupancy.push_back(o);
        progress.tick();
    });
}

void readOutages(Database& db, const std::string& file, std::int64_t idx, std::int64_t servers, SimResult& r,
                 RowProgress& progress)
{
    readRows(db, file, "result_outages", "server, from_s, to_s", idx, [&](TableReader& t) {
        if (servers == 0)
            t.failRow("an outage but the result has no servers");
        const auto server = static_cast<std::int32_t>(t.integer(1, 0, servers - 1));
        const auto [from, to] = clockInterval(t, 2);
        r.outages.push_back(ServerOutage{server, from, to});
        progress.tick();
    });
}

void readReservations(Database& db, const std::string& file, std::int64_t idx, std::int64_t jobs, std::int64_t servers, SimResult& r,
                      RowProgress& progress)
{
    readRows(db, file, "result_reservations", "server, job, from_s, to_s, cpu_milli, mem_mib", idx, [&](TableReader& t) {
        if (servers == 0 || jobs == 0)
            t.failRow("a reservation but the result has no servers or no jobs");
        ReservationInterval v;
        v.server = static_cast<std::int32_t>(t.integer(1, 0, servers - 1));
        v.job = static_cast<std::int32_t>(t.integer(2, 0, jobs - 1));
        std::tie(v.from_s, v.to_s) = clockInterval(t, 3);
        v.cpuMilli = count64(t, 5);
        v.memMib = count64(t, 6);
        r.reservations.push_back(v);
        progress.tick();
    });
}

void readPowerOff(Database& db, const std::string& file, std::int64_t idx, std::int64_t servers, SimResult& r,
                  RowProgress& progress)
{
    readRows(db, file, "result_power_off", "server, from_s, to_s, booting", idx, [&](TableReader& t) {
        if (servers == 0)
            t.failRow("a powered-off server but the result has no servers");
        const auto server = static_cast<std::int32_t>(t.integer(1, 0, servers - 1));
        const auto [from, to] = clockInterval(t, 2);
        r.powerOff.push_back(PowerInterval{server, from, to, t.boolean(4)});
        progress.tick();
    });
}

void readScaledRuns(Database& db, const std::string& file, std::int64_t idx, std::int64_t jobs, std::int64_t servers, SimResult& r,
                    RowProgress& progress)
{
    readRows(db, file, "result_scaled_runs", "job, server, from_s, to_s, levels, phases", idx, [&](TableReader& t) {
        if (servers == 0 || jobs == 0)
            t.failRow("an autoscaled run but the result has no servers or no jobs");
        ScaledRun run;
        run.job = static_cast<std::int32_t>(t.integer(1, 0, jobs - 1));
        run.server = static_cast<std::int32_t>(t.integer(2, 0, servers - 1));
        std::tie(run.from_s, run.to_s) = clockInterval(t, 3);
        const auto flat = t.array<float>(5);
        if (flat.size() % 4 != 0)
            t.fail(5, "levels come in fours (CPU and memory reserved and used)");
        run.first = static_cast<std::uint32_t>(r.scaledLevels.size());
        run.count = static_cast<std::uint32_t>(flat.size() / 4);
        const auto phases = t.isNull(6) ? std::vector<std::int32_t>(run.count, -1) : t.array<std::int32_t>(6);
        if (phases.size() != run.count)
            t.fail(6, "one phase per level");
        for (const auto ph : phases)
            if (ph < -1 || ph > std::numeric_limits<std::int16_t>::max())
                t.fail(6, "a phase is -1 (unknown) or an index of the phase model");
        for (const auto level : flat)
            if (!std::isfinite(level) || level < 0)
                t.fail(5, "a level is not a finite number >= 0");
        for (std::size_t k = 0; k < flat.size(); k += 4)
            r.scaledLevels.push_back({flat[k], flat[k + 1], flat[k + 2], flat[k + 3], static_cast<std::int16_t>(phases[k / 4])});
        r.scaledRuns.push_back(run);
        progress.tick();
    });
}

} // namespace

void writeSpanRows(Database& db, std::int64_t idx, const SimResult& r, RowProgress& progress)
{
    writeWaits(db, idx, r, progress);
    writeOccupancy(db, idx, r, progress);
    writeOutages(db, idx, r, progress);
    writeReservations(db, idx, r, progress);
    writePowerOff(db, idx, r, progress);
    writeScaledRuns(db, idx, r, progress);
}

void readSpanRows(Database& db, const std::string& file, std::int64_t idx, std::int64_t traceJobs, const Topology* cluster,
                  SimResult& r, RowProgress& progress)
{
    const std::int64_t gpus = cluster ? cluster->gpuCount() : 0;
    const std::int64_t servers = cluster ? cluster->serverCount() : 0;
    readWaits(db, file, idx, r, progress);
    readOccupancy(db, file, idx, traceJobs, gpus, r, progress);
    readOutages(db, file, idx, servers, r, progress);
    readReservations(db, file, idx, traceJobs, servers, r, progress);
    readPowerOff(db, file, idx, servers, r, progress);
    readScaledRuns(db, file, idx, traceJobs, servers, r, progress);
}

} // namespace clens::store
