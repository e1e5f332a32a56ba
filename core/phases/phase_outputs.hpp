#pragma once
// CSV outputs of the phase pipeline and the autoscaler (docs/phases.md "Outputs of `phases apply`";
// docs/cli.md "Exit status and errors"). A missing value is an empty field.
//   phases.csv       pod.id,row,timestamp,phase        (every row; phase empty for the first
//                                                       `history` rows of a container)
//   act.csv          pod.id,row,timestamp,h0..h{n-1}   (rows >= history; shortest exact decimals)
//   table.csv        one row per policy with the scores of PolicyScore
//   allocations.csv  policy,pod.id,interval,start_s,first_row,end_row,source,phase,cpu_cores,
//                    mem_gb,scored
#include "core/model/container_metrics.hpp"
#include "core/phases/autoscaler.hpp"

#include <ostream>

namespace clens {

struct PhaseAssignment;

void writePhasesCsv(std::ostream& out, const ContainerMetrics& metrics, const PhaseAssignment& phases);
void writeActivationsCsv(std::ostream& out, const ContainerMetrics& metrics, const PhaseAssignment& phases);
void writeAutoscaleTableCsv(std::ostream& out, const AutoscaleResult& result);
void writeAllocationsCsv(std::ostream& out, const ContainerMetrics& metrics, const AutoscaleResult& result);

// The shortest decimal text that reads back as exactly v.
std::string exactDecimal(double v);

} // namespace clens
