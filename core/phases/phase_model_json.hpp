#pragma once
// The phase model file: JSON in the layout of the AI4DL reference export
// (tests/data/ai4dl/ai4dl_pretrained_params.json) — features, scaler_mean, scaler_scale,
// scaler_n_samples_seen, crbm {n_vis, n_hid, n_his, sigma, n_epochs, learning_rate, momentum,
// num_epochs_trained, patience, W, A, B, v_bias, h_bias (column vectors), rec_error_per_epoch},
// kmeans_centers, kmeans_training_labels_count, kmeans_inertia — plus ClusterLens keys:
// "format" ("clusterlens-phase-model"), "format_version", "seed", "kmeans_restarts" and
// "phase_stats" [{phase, steps, share, time_share, columns: {name: {mean, std, max}}}]. Every extra key is
// optional on load, so the reference export loads as is.
#include "core/phases/phase_model.hpp"

#include <string>
#include <string_view>

namespace clens {

std::string phaseModelToJson(const PhaseModel& model);
// Throws InputError naming the source, line (for syntax errors) and key path.
PhaseModel parsePhaseModelJson(std::string_view text, const std::string& sourceName);

// Writes the model JSON atomically; throws store::OutputFileError naming path.
void savePhaseModel(const PhaseModel& model, const std::string& path);
PhaseModel loadPhaseModel(const std::string& path);

} // namespace clens
