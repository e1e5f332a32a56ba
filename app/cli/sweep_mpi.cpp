#include "app/cli/sweep_mpi.hpp"

#include "app/cli/cli_command.hpp"

#ifdef CLENS_WITH_MPI
#include <boost/mpi/collectives.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <boost/optional.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include <chrono>
#include <mutex>
#include <optional>
#include <thread>
#endif

namespace clens::cli {

#ifdef CLENS_WITH_MPI

namespace {

constexpr int kWorkTag = 1;   // rank 0 -> a rank: the scenario to run, or -1: stop
// a rank -> rank 0: "index\n" then 'S' and the formatted summary cells separated by \x1f, or
// 'E' and the error. The cells travel as the text the CSV gets, so rank 0 writes exactly what
// the threaded sweep writes.
constexpr int kResultTag = 2;
constexpr char kCellSeparator = '\x1f';

std::string encode(std::size_t index, const SweepCsvRow& row)
{
    std::string out = std::to_string(index) + '\n';
    if (!row.ok)
        return out + 'E' + row.error;
    out += 'S';
    for (std::size_t k = 0; k < row.cells.size(); ++k)
        out += (k ? std::string(1, kCellSeparator) : std::string()) + row.cells[k];
    return out;
}

std::pair<std::size_t, SweepCsvRow> decode(const std::string& message)
{
    const auto nl = message.find('\n');
    const auto index = static_cast<std::size_t>(std::stoull(message.substr(0, nl)));
    SweepCsvRow row;
    const auto payload = message.substr(nl + 2);
    row.ok = message[nl + 1] == 'S';
    if (!row.ok) {
        row.error = payload;
        return {index, std::move(row)};
    }
    std::size_t from = 0;
    for (;;) {
        const auto sep = payload.find(kCellSeparator, from);
        row.cells.push_back(payload.substr(from, sep - from));
        if (sep == std::string::npos)
            break;
        from = sep + 1;
    }
    return {index, std::move(row)};
}

} // namespace

struct MpiSweep::Impl {
    boost::mpi::environment env{boost::mpi::threading::funneled};
    boost::mpi::communicator world;
};

MpiSweep::MpiSweep() : impl_(std::make_unique<Impl>()) {}
MpiSweep::~MpiSweep() = default;
int MpiSweep::rank() const { return impl_->world.rank(); }
int MpiSweep::size() const { return impl_->world.size(); }

std::string MpiSweep::firstError(const std::string& error) const
{
    std::vector<std::string> all;
    boost::mpi::all_gather(impl_->world, error, all);
    for (std::size_t r = 0; r < all.size(); ++r)
        if (!all[r].empty())
            return "rank " + std::to_string(r) + ": " + all[r];
    return {};
}

std::vector<SweepCsvRow> MpiSweep::distribute(std::size_t runs, const std::function<SweepCsvRow(std::size_t)>& runOne) const
{
    auto& world = impl_->world;
    if (world.rank() != 0) {
        for (;;) {
            long long index = -1;
            world.recv(0, kWorkTag, index);
            if (index < 0)
                return {};
            const auto i = static_cast<std::size_t>(index);
            world.send(0, kResultTag, encode(i, runOne(i)));
        }
    }
    // Rank 0 runs scenarios too, on a thread of its own, while its main thread hands the others
    // out (MPI stays on the main thread: threading level "funneled"). It polls for results with
    // a short sleep instead of a blocking receive, which Open MPI implements as a busy wait that
    // would take a core from the scenarios.
    std::vector<SweepCsvRow> rows(runs);
    std::mutex mutex;
    std::size_t next = 0;
    const auto take = [&]() -> long long {
        const std::lock_guard lock(mutex);
        return next < runs ? static_cast<long long>(next++) : -1;
    };
    std::thread local([&] {
        for (long long i; (i = take()) >= 0;)
            rows[static_cast<std::size_t>(i)] = runOne(static_cast<std::size_t>(i));
    });
    std::size_t outstanding = 0;
    const auto handOut = [&](int to) {
        const long long index = take();
        world.send(to, kWorkTag, index);
        if (index >= 0)
            ++outstanding;
    };
    for (int r = 1; r < world.size(); ++r)
        handOut(r);
    while (outstanding > 0) {
        std::string message;
        auto request = world.irecv(boost::mpi::any_source, kResultTag, message);
        boost::optional<boost::mpi::status> status;
        while (!(status = request.test()))
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        --outstanding;
        auto [index, row] = decode(message);
        rows[index] = std::move(row);
        handOut(status->source()); // the next scenario, or stop
    }
    local.join();
    return rows;
}

#else

struct MpiSweep::Impl {};

MpiSweep::MpiSweep()
{
    throw UsageError("--mpi: this clusterlens-cli was built without MPI (install libboost-mpi1.81-dev and openmpi-bin, "
                     "then configure with CLENS_MPI=ON)");
}
MpiSweep::~MpiSweep() = default;
int MpiSweep::rank() const { return 0; }
int MpiSweep::size() const { return 1; }
std::string MpiSweep::firstError(const std::string& error) const { return error; }
std::vector<SweepCsvRow> MpiSweep::distribute(std::size_t, const std::function<SweepCsvRow(std::size_t)>&) const { return {}; }

#endif

} // namespace clens::cli
