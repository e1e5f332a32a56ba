#pragma once
// The study's figures (docs/analysis.md "Figures (`clusterlens-cli analyze --list`)"), each a
// function of the common per-job view. Size buckets are 1, 2-4, 5-8, >8 GPUs requested; jobs asking
// for no GPU are left out of the size figures. Every CDF figure has a companion *_stats table (mean
// and quantiles, see sample_stats.hpp for the quantile definition). A figure whose data the source
// lacks is reported unavailable by the catalog (figure_catalog.hpp) rather than computed empty.
#include "core/analysis/analysis_options.hpp"
#include "core/analysis/figure.hpp"
#include "core/analysis/job_table.hpp"

namespace clens {

// Jobs and GPU time per size bucket.
Figure sizeMixFigure(const JobTable& t);
// Run time (time holding GPUs) per size bucket and overall.
Figure runTimeCdfFigure(const JobTable& t, const AnalysisOptions& o);
Figure runTimeStatsFigure(const JobTable& t);
// Queueing delay of started jobs per size bucket / per VC.
Figure queueDelayCdfBySizeFigure(const JobTable& t, const AnalysisOptions& o);
Figure queueDelayStatsBySizeFigure(const JobTable& t);
Figure queueDelayCdfByVcFigure(const JobTable& t, const AnalysisOptions& o);
Figure queueDelayStatsByVcFigure(const JobTable& t);
// Waiting time split into fair-share / fragmentation / capacity per size bucket (simulation).
Figure delayCausesFigure(const JobTable& t);
// Queueing delay by the number of servers a job ended up on, per size bucket.
Figure queueDelayVsServersFigure(const JobTable& t);
// GPU utilization of 1/4/8/16-GPU jobs, dedicated (one server) vs distributed.
Figure gpuUtilCdfFigure(const JobTable& t, const AnalysisOptions& o);
Figure gpuUtilStatsFigure(const JobTable& t);
// Final status as % of jobs and % of GPU time.
Figure statusMixFigure(const JobTable& t);
// Per VC: jobs, GPU-hours, queueing delay.
Figure vcTableFigure(const JobTable& t);
// Allocated GPUs, effective utilization, queue length, fully-free servers over time.
Figure clusterSeriesFigure(const JobTable& t);
// Free GPU capacity stranded on shared GPUs over time (simulation: series.shareFragmentation).
Figure gpuShareFragmentationFigure(const JobTable& t);
// CPU cores and memory reserved over time, as fractions of the cluster's capacity when known.
Figure cpuMemReservedFigure(const JobTable& t);
// Whether the series carries what those two figures plot (a simulation's does).
bool seriesKnowsShares(const JobTable& t);
bool seriesKnowsReservations(const JobTable& t);
// CPU and memory reserved vs used over time (the autoscaler in the cluster: what jobs use).
Figure cpuMemUsedFigure(const JobTable& t);
// Servers powered on and the power drawn over time (node power).
Figure powerSeriesFigure(const JobTable& t);
// The series differs between use and reservation somewhere (the autoscaler ran) / draws power.
bool seriesKnowsUse(const JobTable& t);
bool seriesKnowsPower(const JobTable& t);
// Headline metrics (the rows `compare` diffs).
Figure summaryFigure(const JobTable& t);

} // namespace clens
