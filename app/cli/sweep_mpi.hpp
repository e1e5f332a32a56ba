#pragma once
// `sweep --mpi` (docs/simulation.md "Sweeps across machines (MPI)"): the ranks of an
// mpirun/srun job share one grid. Every rank loads the inputs once; rank 0 hands scenario numbers
// out to the other ranks as they finish one, runs scenarios itself meanwhile, and gathers the
// rows; only rank 0 writes. Built with
// Boost.MPI over Open MPI when CMake finds them (CLENS_MPI); without, --mpi is a usage error.
#include "core/io/sweep_csv.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clens::cli {

class MpiSweep {
public:
    // MPI_Init. Throws UsageError when this build has no MPI.
    MpiSweep();
    ~MpiSweep(); // MPI_Finalize
    MpiSweep(const MpiSweep&) = delete;
    MpiSweep& operator=(const MpiSweep&) = delete;

    int rank() const;
    int size() const;
    // Every rank says whether its set-up worked (error empty); on every rank: the first failing
    // rank's error as "rank R: error", or empty when all worked.
    std::string firstError(const std::string& error) const;
    // Rank 0: runs 0 … runs−1 over every rank, itself included, and returns the rows in order.
    // Other ranks: run what rank 0 hands them, return nothing. runOne must not throw; on rank 0
    // it runs on a thread of its own.
    std::vector<SweepCsvRow> distribute(std::size_t runs, const std::function<SweepCsvRow(std::size_t)>& runOne) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace clens::cli
