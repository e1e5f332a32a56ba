#pragma once
// Slurm TRES lists as sacct prints them (AllocTRES, ReqTRES):
// "cpu=8,mem=64G,node=1,billing=8,gres/gpu=4,gres/gpu:a100=4". docs/formats.md "Slurm jobs (`sacct`)".
#include "core/util/error.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clens {

struct SlurmTres {
    std::optional<double> cpus;
    std::optional<double> memGb;   // GiB: mem= with K/M/G/T/P suffixes (powers of 1024), no suffix = M
    std::optional<long long> gpus; // gres/gpu=N, else the sum of the typed gres/gpu:TYPE=N
    std::vector<std::string> gpuTypes; // TYPE of each gres/gpu:TYPE entry, in order
    bool empty() const { return !cpus && !memGb && !gpus; }
};

// Throws ValueError naming the bad entry. Unknown TRES (node, billing, energy,
// gres/gpumem, license/...) are ignored.
SlurmTres parseSlurmTres(std::string_view text);

// "64G", "4000M", "1.5T", "512" (M) -> GiB. Throws ValueError.
double parseSlurmMemory(std::string_view text, char defaultUnit = 'M');

} // namespace clens
