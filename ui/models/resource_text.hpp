#pragma once
// How the views word what a job asks and a server has besides whole GPUs: GPU shares, CPU
// cores, memory, allowed GPU models, reserved of capacity, and the resource a job waited for.
#include "core/model/trace.hpp"
#include "core/sim/sim_result.hpp"

#include <QString>

namespace clens::ui::resource_text {

// "0.46 of a GPU" (thousandths of one GPU).
QString gpuShare(int milli);
// "1 GPU", "4 GPUs", "0.46 of a GPU", "no GPU".
QString gpus(int count, int milli);
// "8 cores", "1 core", "0.5 cores".
QString cores(double n);
// "32 GB", "0.5 GB".
QString gigabytes(double n);
// A plain amount: no decimals when whole, else up to two.
QString amount(double n);
// "any GPU model", "V100 or P100".
QString gpuModels(const Trace& trace, std::int32_t modelSet);
// "7 of 8 cores (88%)", "7 cores (capacity unknown)"; capacity NaN = unknown.
QString reservedOf(double reserved, double capacity, QString (*unit)(double));
// "GPUs", "CPU", "memory".
QString resourceName(WaitResource r);
// What a job asked: "0.46 of a GPU · 6 cores · 12 GB · any GPU model" (CPU and memory only when
// it asks them; the request as simulated, defaults applied).
QString request(const Trace& trace, const Job& job, const JobResources& r);

} // namespace clens::ui::resource_text
