#pragma once
// The AI4DL phase pipeline (docs/phases.md "Pipeline (`core/phases/`)"): features -> z-score ->
// CRBM hidden activations of each step with its history -> k-means -> a phase per step. The first
// `history` rows of each container have no phase (no zero padding: a step needs a real history).
#include "core/model/container_metrics.hpp"
#include "core/phases/crbm.hpp"
#include "core/phases/phase_stats.hpp"
#include "core/phases/zscore_scaler.hpp"
#include "core/util/progress.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace clens {

// The 8 default features, in model order.
const std::vector<std::string>& defaultPhaseFeatures();

struct PhaseModel {
    std::string source; // provenance (training file or the reference export)
    std::vector<std::string> features;
    ZScoreScaler scaler;
    Crbm crbm;
    struct Training {
        double initSigma = 0.2; // the reference's "sigma": initial weight spread, not a unit variance
        int maxEpochs = 100;
        double learningRate = 1e-3;
        double momentum = 0.0;
        int epochsTrained = 0;
        int patience = 3;
        std::vector<double> errorPerEpoch;
        std::uint64_t seed = 1;
        int kmeansRestarts = 10;
        bool operator==(const Training&) const = default;
    } training;
    Matrix kmeansCentres; // k x nHid; phase p = row p
    double kmeansInertia = 0;
    std::vector<std::int64_t> kmeansTrainingLabelsCount;
    // Statistics of each phase over the training rows; empty when the file has none (the
    // reference export), in which case users compute them from the data they apply to.
    std::vector<PhaseStats> phaseStats;

    int k() const { return static_cast<int>(kmeansCentres.rows); }
    int history() const { return static_cast<int>(crbm.nHis); }
    bool operator==(const PhaseModel&) const = default;
};

struct PhaseTrainOptions {
    std::vector<std::string> features = defaultPhaseFeatures();
    CrbmTrainOptions crbm;
    int k = 5;
    int kmeansRestarts = 10;
    int kmeansMaxIterations = 300;
    std::uint64_t seed = 1; // drives the CRBM (init, shuffling) and k-means
    // Column used to order the phases: phase 0 has the lowest mean of it over the training rows.
    std::string orderByColumn = "cpu.usage.cores";
};

struct ContainerPhases {
    Matrix activations;      // (rows - history) x nHid; row r is series row r + history
    std::vector<int> labels; // one per series row; -1 = no phase
};

struct PhaseAssignment {
    int k = 0;
    int history = 0;
    std::vector<ContainerPhases> containers; // parallel to ContainerMetrics::containers
};

// Throws InputError when the metrics lack a feature or are too short to train on.
PhaseModel trainPhaseModel(const ContainerMetrics& metrics, const PhaseTrainOptions& options,
                           const ProgressFn& progress = {});

// Phases of every step. Throws InputError when the metrics lack a model feature.
PhaseAssignment assignPhases(const PhaseModel& model, const ContainerMetrics& metrics);

// Feature matrix (rows x features) of one container.
Matrix featureMatrix(const ContainerMetrics& metrics, const ContainerSeries& series,
                     const std::vector<std::size_t>& featureColumns);

} // namespace clens
