#include "core/store/schema.hpp"

#include <stdexcept>
#include <string>

namespace clens::store {

namespace {

// Version 1. STRICT tables: SQLite itself refuses a value of the wrong type. Every list is stored
// with its position (idx, 0-based) so order round-trips; enums are stored under the names the
// scenario JSON and CSV outputs use (stored_enums.hpp); a REAL that is NULL reads back as NaN.
// Arrays (series) are BLOBs of little-endian int32 / int64 / IEEE-754 doubles.
constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE project (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  written_by TEXT NOT NULL,
  cluster INTEGER
) STRICT;

CREATE TABLE clusters (
  id INTEGER PRIMARY KEY,
  racks_inferred INTEGER NOT NULL,
  rack_size INTEGER NOT NULL
) STRICT;

CREATE TABLE servers (
  cluster INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  name TEXT NOT NULL,
  rack TEXT NOT NULL,
  gpus INTEGER NOT NULL,
  gpu_model TEXT NOT NULL,
  cpu_cores REAL,
  mem_gb REAL,
  PRIMARY KEY (cluster, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE trace_meta (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  source TEXT NOT NULL,
  format TEXT NOT NULL,
  time_base TEXT NOT NULL,
  tenant_note TEXT NOT NULL,
  fractional_gpu_jobs INTEGER NOT NULL
) STRICT;

CREATE TABLE trace_notes (
  idx INTEGER PRIMARY KEY,
  note TEXT NOT NULL
) STRICT;

CREATE TABLE tenants (
  idx INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  quota_gpus INTEGER
) STRICT;

CREATE TABLE users (
  idx INTEGER PRIMARY KEY,
  name TEXT NOT NULL
) STRICT;

CREATE TABLE jobs (
  idx INTEGER PRIMARY KEY,
  job_id TEXT NOT NULL,
  vc INTEGER NOT NULL,
  user INTEGER NOT NULL,
  submit_s INTEGER NOT NULL,
  gpus INTEGER NOT NULL,
  duration_s INTEGER NOT NULL,
  status TEXT NOT NULL,
  skip TEXT NOT NULL,
  recorded_start_s INTEGER,
  recorded_end_s INTEGER,
  gpu_util REAL,
  gpu_milli INTEGER NOT NULL
) STRICT;

CREATE TABLE attempts (
  job INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  start_s INTEGER,
  end_s INTEGER,
  PRIMARY KEY (job, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE attempt_servers (
  job INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  server TEXT NOT NULL,
  gpus BLOB NOT NULL,
  PRIMARY KEY (job, attempt, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE scenarios (
  idx INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  json TEXT NOT NULL
) STRICT;

CREATE TABLE results (
  idx INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  cluster INTEGER,
  has_trace INTEGER NOT NULL,
  events INTEGER NOT NULL,
  first_submit_s INTEGER NOT NULL,
  last_event_s INTEGER NOT NULL,
  sc_relax_to_rack_after_s INTEGER,
  sc_relax_to_any_after_s INTEGER,
  sc_rack_size INTEGER NOT NULL,
  sc_gang_policy TEXT NOT NULL,
  sc_gang_min_fraction REAL,
  sc_gang_elastic_after_s INTEGER NOT NULL,
  sc_quota_mode TEXT NOT NULL,
  sc_placement TEXT NOT NULL,
  sc_backfill TEXT NOT NULL,
  sc_slowdown_per_extra_server REAL,
  sc_slowdown_cross_rack REAL,
  sc_trial_run_s INTEGER NOT NULL,
  sc_server_mtbf_h REAL,
  sc_repair_h REAL,
  sc_checkpoint_s INTEGER NOT NULL,
  sc_horizon_s INTEGER NOT NULL,
  sc_autoscaler_policy TEXT NOT NULL,
  sc_autoscaler_interval_s INTEGER NOT NULL,
  sc_autoscaler_sigma REAL,
  sc_autoscaler_headroom REAL,
  sc_seed INTEGER NOT NULL,
  sc_series_step_s INTEGER NOT NULL,
  sum_jobs INTEGER NOT NULL,
  sum_finished_jobs INTEGER NOT NULL,
  sum_unfinished_jobs INTEGER NOT NULL,
  sum_makespan_s INTEGER NOT NULL,
  sum_mean_queue_delay_s REAL,
  sum_p50_queue_delay_s REAL,
  sum_p95_queue_delay_s REAL,
  sum_mean_jct_s REAL,
  sum_gpu_alloc_fraction REAL,
  sum_gpu_effective_util REAL,
  sum_fairshare_delay_s REAL,
  sum_fragmentation_delay_s REAL,
  sum_capacity_delay_s REAL,
  sum_held_idle_gpu_seconds REAL,
  sum_preemptions INTEGER NOT NULL,
  sum_server_failures INTEGER NOT NULL,
  sum_mean_slowdown REAL,
  sum_distributed_jobs INTEGER NOT NULL,
  sum_allocated_gpu_seconds REAL,
  sum_effective_gpu_seconds REAL
) STRICT;

CREATE TABLE result_quota (
  result INTEGER NOT NULL,
  vc TEXT NOT NULL,
  gpus INTEGER NOT NULL,
  PRIMARY KEY (result, vc)
) STRICT, WITHOUT ROWID;

CREATE TABLE result_jobs (
  result INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  job INTEGER NOT NULL,
  simulated INTEGER NOT NULL,
  status TEXT NOT NULL,
  start_s INTEGER,
  end_s INTEGER,
  queue_delay_s INTEGER NOT NULL,
  fairshare_delay_s INTEGER NOT NULL,
  fragmentation_delay_s INTEGER NOT NULL,
  capacity_delay_s INTEGER NOT NULL,
  allocated_gpus INTEGER NOT NULL,
  servers INTEGER NOT NULL,
  racks INTEGER NOT NULL,
  level TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  gpu_seconds INTEGER NOT NULL,
  held_idle_gpu_seconds INTEGER NOT NULL,
  effective_gpu_seconds REAL,
  slowdown REAL,
  effective_util REAL,
  first_wait INTEGER NOT NULL,
  wait_count INTEGER NOT NULL,
  PRIMARY KEY (result, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE result_waits (
  result INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  from_s INTEGER NOT NULL,
  to_s INTEGER NOT NULL,
  cause TEXT NOT NULL,
  PRIMARY KEY (result, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE result_occupancy (
  result INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  gpu INTEGER NOT NULL,
  job INTEGER NOT NULL,
  from_s INTEGER NOT NULL,
  to_s INTEGER NOT NULL,
  use TEXT NOT NULL,
  util REAL,
  PRIMARY KEY (result, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE result_outages (
  result INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  server INTEGER NOT NULL,
  from_s INTEGER NOT NULL,
  to_s INTEGER NOT NULL,
  PRIMARY KEY (result, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE result_series (
  result INTEGER PRIMARY KEY,
  step_s INTEGER NOT NULL,
  t_s BLOB NOT NULL,
  allocated_gpus BLOB NOT NULL,
  effective_util BLOB NOT NULL,
  queued_jobs BLOB NOT NULL,
  free_servers BLOB NOT NULL,
  held_idle_gpus BLOB NOT NULL
) STRICT;

CREATE TABLE result_series_vc (
  result INTEGER NOT NULL,
  vc INTEGER NOT NULL,
  queued_jobs BLOB NOT NULL,
  PRIMARY KEY (result, vc)
) STRICT, WITHOUT ROWID;
)sql";

// Version 2 adds the Phases page's container metrics and phase model (empty in a v1 file).
constexpr const char* kPhaseTablesV2 = R"sql(
CREATE TABLE phase_metrics (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  source TEXT NOT NULL,
  resample_step_s INTEGER NOT NULL,
  model_json TEXT NOT NULL
) STRICT;

CREATE TABLE phase_metric_columns (
  idx INTEGER PRIMARY KEY,
  name TEXT NOT NULL
) STRICT;

CREATE TABLE phase_metric_notes (
  idx INTEGER PRIMARY KEY,
  note TEXT NOT NULL
) STRICT;

CREATE TABLE containers (
  idx INTEGER PRIMARY KEY,
  pod_id TEXT NOT NULL,
  service TEXT NOT NULL,
  timestamps BLOB NOT NULL,
  metric_values BLOB NOT NULL,
  file_lines BLOB NOT NULL
) STRICT;
)sql";

void addPhaseTables(Database& db) { db.exec(kPhaseTablesV2); }

// Version 3: what jobs ask besides GPUs (CPU, memory: NULL = unknown; allowed GPU models: an
// index into gpu_model_sets, 0 = any, the list's idx 0 being set 1), the knobs of resources and
// the slowdown cap (NULL in a result migrated from v2, which had neither: no resource defaults, no
// cap); per job result its CPU/memory/share, per wait what it waited for (v2: GPUs), per
// occupancy interval its share of the GPU, CPU and
// memory reservations, series of reserved CPU/memory and share fragmentation (NULL in v2: none),
// allocated GPUs as doubles (v2: int32), and the summary's resource figures; the autoscaler in
// the cluster and node power (docs/autoscaling.md): their knobs, per job its throttling, OOM kills
// and CPU/memory reserved and used, autoscaled runs with their levels per interval (a BLOB of
// float quadruples), powered-off intervals, the series of use and power, and the summary's
// figures (NULL in v2: none of it existed).
constexpr const char* kV3 = R"sql(
ALTER TABLE jobs ADD COLUMN cpu_cores REAL;
ALTER TABLE jobs ADD COLUMN mem_gb REAL;
ALTER TABLE jobs ADD COLUMN gpu_models INTEGER NOT NULL DEFAULT 0;
CREATE TABLE gpu_model_sets (
  idx INTEGER PRIMARY KEY,
  models TEXT NOT NULL
) STRICT;
ALTER TABLE result_jobs ADD COLUMN cpu_cores REAL;
ALTER TABLE result_jobs ADD COLUMN mem_gb REAL;
ALTER TABLE result_jobs ADD COLUMN gpu_milli INTEGER NOT NULL DEFAULT 1000;
ALTER TABLE result_occupancy ADD COLUMN milli INTEGER NOT NULL DEFAULT 1000;
ALTER TABLE result_waits ADD COLUMN resource TEXT NOT NULL DEFAULT 'gpus';
CREATE TABLE result_reservations (
  result INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  server INTEGER NOT NULL,
  job INTEGER NOT NULL,
  from_s INTEGER NOT NULL,
  to_s INTEGER NOT NULL,
  cpu_milli INTEGER NOT NULL,
  mem_mib INTEGER NOT NULL,
  PRIMARY KEY (result, idx)
) STRICT, WITHOUT ROWID;
ALTER TABLE result_series ADD COLUMN cpu_reserved BLOB;
ALTER TABLE result_series ADD COLUMN mem_reserved BLOB;
ALTER TABLE result_series ADD COLUMN share_fragmentation BLOB;
ALTER TABLE results ADD COLUMN sum_cpu_alloc_fraction REAL;
ALTER TABLE results ADD COLUMN sum_mem_alloc_fraction REAL;
ALTER TABLE results ADD COLUMN sum_gpu_share_fragmentation REAL;
ALTER TABLE results ADD COLUMN sc_arrival_speedup REAL;
ALTER TABLE results ADD COLUMN sc_autoscaler_usage TEXT;
ALTER TABLE results ADD COLUMN sc_power_enabled INTEGER;
ALTER TABLE results ADD COLUMN sc_power_idle_off_after_s INTEGER;
ALTER TABLE results ADD COLUMN sc_power_spare_servers INTEGER;
ALTER TABLE results ADD COLUMN sc_power_boot_s INTEGER;
ALTER TABLE results ADD COLUMN sc_power_server_idle_w REAL;
ALTER TABLE results ADD COLUMN sc_power_gpu_idle_w REAL;
ALTER TABLE results ADD COLUMN sc_power_gpu_busy_w REAL;
ALTER TABLE results ADD COLUMN sc_power_off_w REAL;
ALTER TABLE results ADD COLUMN sum_cpu_reserved_core_h REAL;
ALTER TABLE results ADD COLUMN sum_cpu_used_core_h REAL;
ALTER TABLE results ADD COLUMN sum_mem_reserved_gb_h REAL;
ALTER TABLE results ADD COLUMN sum_mem_used_gb_h REAL;
ALTER TABLE results ADD COLUMN sum_cpu_under_pct REAL;
ALTER TABLE results ADD COLUMN sum_mem_under_pct REAL;
ALTER TABLE results ADD COLUMN sum_oom_kills INTEGER;
ALTER TABLE results ADD COLUMN sum_throttled_s REAL;
ALTER TABLE results ADD COLUMN sum_energy_kwh REAL;
ALTER TABLE results ADD COLUMN sum_powered_server_h REAL;
ALTER TABLE results ADD COLUMN sum_power_delay_s REAL;
ALTER TABLE result_jobs ADD COLUMN power_delay_s INTEGER NOT NULL DEFAULT 0;
ALTER TABLE result_jobs ADD COLUMN throttled_s REAL;
ALTER TABLE result_jobs ADD COLUMN oom_kills INTEGER NOT NULL DEFAULT 0;
ALTER TABLE result_jobs ADD COLUMN scaled_intervals INTEGER NOT NULL DEFAULT 0;
ALTER TABLE result_jobs ADD COLUMN cpu_under_intervals INTEGER NOT NULL DEFAULT 0;
ALTER TABLE result_jobs ADD COLUMN mem_under_intervals INTEGER NOT NULL DEFAULT 0;
ALTER TABLE result_jobs ADD COLUMN cpu_reserved_core_s REAL;
ALTER TABLE result_jobs ADD COLUMN cpu_used_core_s REAL;
ALTER TABLE result_jobs ADD COLUMN mem_reserved_gb_s REAL;
ALTER TABLE result_jobs ADD COLUMN mem_used_gb_s REAL;
ALTER TABLE result_series ADD COLUMN cpu_used BLOB;
ALTER TABLE result_series ADD COLUMN mem_used BLOB;
ALTER TABLE result_series ADD COLUMN powered_servers BLOB;
ALTER TABLE result_series ADD COLUMN power_kw BLOB;
CREATE TABLE result_power_off (
  result INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  server INTEGER NOT NULL,
  from_s INTEGER NOT NULL,
  to_s INTEGER NOT NULL,
  booting INTEGER NOT NULL,
  PRIMARY KEY (result, idx)
) STRICT, WITHOUT ROWID;
CREATE TABLE result_scaled_runs (
  result INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  job INTEGER NOT NULL,
  server INTEGER NOT NULL,
  from_s INTEGER NOT NULL,
  to_s INTEGER NOT NULL,
  levels BLOB NOT NULL,
  PRIMARY KEY (result, idx)
) STRICT, WITHOUT ROWID;
ALTER TABLE results ADD COLUMN sc_slowdown_max_factor REAL;
ALTER TABLE results ADD COLUMN sc_server_cpu_cores REAL;
ALTER TABLE results ADD COLUMN sc_server_mem_gb REAL;
ALTER TABLE results ADD COLUMN sc_job_cpu_per_gpu REAL;
ALTER TABLE results ADD COLUMN sc_job_mem_gb_per_gpu REAL;
)sql";

void addV3(Database& db) { db.exec(kV3); }

// Version 4: the phase of each autoscaled interval (int32 per level; NULL in results before it).
constexpr const char* kV4 = R"sql(
ALTER TABLE result_scaled_runs ADD COLUMN phases BLOB;
)sql";

void addV4(Database& db) { db.exec(kV4); }

// Version 5: the queue policy (docs/queue-policies.md): its knobs (NULL in results before it:
// fifo, the default thresholds, no starvation promotion, no overhead) and per job its
// preemptions (0 before it, when they were not counted per job).
constexpr const char* kV5 = R"sql(
ALTER TABLE results ADD COLUMN sc_queue_policy TEXT;
ALTER TABLE results ADD COLUMN sc_queue_las_thresholds_gpu_s TEXT;
ALTER TABLE results ADD COLUMN sc_queue_starvation_factor REAL;
ALTER TABLE results ADD COLUMN sc_queue_preempt_overhead_s INTEGER;
ALTER TABLE result_jobs ADD COLUMN preemptions INTEGER NOT NULL DEFAULT 0;
)sql";

void addV5(Database& db) { db.exec(kV5); }

// Version 6: per job, its place among the jobs that could never start (SimResult::neverStartable;
// NULL: it could start, or the result is older and did not record it).
constexpr const char* kV6 = R"sql(
ALTER TABLE result_jobs ADD COLUMN never_start_order INTEGER;
)sql";

void addV6(Database& db) { db.exec(kV6); }

// Version 7: the GUI's sweep (docs/gui.md "The Sweep page"): its grid JSON, and per run whether it
// came back, its error and its summary as summary.json text (NULL when it did not succeed); and
// the GUI's view state (time cursor, selected job, colour mode, page).
constexpr const char* kV7 = R"sql(
CREATE TABLE sweep (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  grid_json TEXT NOT NULL
) STRICT;
CREATE TABLE sweep_runs (
  idx INTEGER PRIMARY KEY,
  back INTEGER NOT NULL,
  ok INTEGER NOT NULL,
  error TEXT NOT NULL,
  summary_json TEXT
) STRICT;
CREATE TABLE view_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  time_s INTEGER,
  selected_job INTEGER,
  color_mode TEXT NOT NULL,
  page TEXT NOT NULL
) STRICT;
)sql";

void addV7(Database& db) { db.exec(kV7); }

// Version 8: the time window of the GUI's view (NULL: the whole trace).
constexpr const char* kV8 = R"sql(
ALTER TABLE view_state ADD COLUMN window_from_s INTEGER;
ALTER TABLE view_state ADD COLUMN window_to_s INTEGER;
)sql";

void addV8(Database& db) { db.exec(kV8); }

// Version 9: per job, the queue policy's key it last waited under (JobResult::queueKey; NULL: it
// was never queued, or the result is older).
constexpr const char* kV9 = R"sql(
ALTER TABLE result_jobs ADD COLUMN queue_key REAL;
)sql";

void addV9(Database& db) { db.exec(kV9); }

constexpr Migration kMigrations[] = {{1, addPhaseTables}, {2, addV3}, {3, addV4}, {4, addV5}, {5, addV6}, {6, addV7}, {7, addV8}, {8, addV9}};

} // namespace

void createSchema(Database& db)
{
    db.exec(kSchemaV1);
    db.exec(kPhaseTablesV2);
    db.exec(kV3);
    db.exec(kV4);
    db.exec(kV5);
    db.exec(kV6);
    db.exec(kV7);
    db.exec(kV8);
    db.exec(kV9);
    db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
    db.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
}

std::span<const Migration> migrations() { return kMigrations; }

void migrate(Database& db, std::int64_t from, std::int64_t to, std::span<const Migration> steps)
{
    for (std::int64_t v = from; v < to; ++v) {
        const Migration* step = nullptr;
        for (const auto& m : steps)
            if (m.from == v)
                step = &m;
        if (!step)
            throw std::logic_error("no migration from schema version " + std::to_string(v));
        db.exec("BEGIN");
        try {
            step->apply(db);
            db.exec("PRAGMA user_version = " + std::to_string(v + 1));
            db.exec("COMMIT");
        } catch (...) {
            db.execNoThrow("ROLLBACK");
            throw;
        }
    }
}

} // namespace clens::store
