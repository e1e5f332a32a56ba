#include "core/phases/phase_model_json.hpp"

#include "core/util/atomic_file.hpp"

#include "core/phases/precise_json.hpp"
#include "core/util/input_error.hpp"
#include "core/util/text_file.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace clens {

namespace json = boost::json;

namespace {

constexpr const char* kFormat = "clusterlens-phase-model";
constexpr std::int64_t kFormatVersion = 1;
constexpr std::size_t kAny = std::numeric_limits<std::size_t>::max();

json::array toJson(const std::vector<double>& v) { return json::array(v.begin(), v.end()); }

json::array toJson(const Matrix& m)
{
    json::array rows;
    for (std::size_t r = 0; r < m.rows; ++r)
        rows.emplace_back(json::array(m.row(r), m.row(r) + m.cols));
    return rows;
}

json::array columnVector(const std::vector<double>& v)
{
    json::array rows;
    for (double x : v)
        rows.emplace_back(json::array{x});
    return rows;
}

// Reads a JSON document field by field; every error names the key path.
class Reader {
public:
    explicit Reader(const std::string& file) : file_(file) {}

    [[noreturn]] void fail(const std::string& key, const std::string& reason) const
    {
        throw InputError(file_, 0, key, reason);
    }

    const json::object& object(const json::value& v, const std::string& key) const
    {
        if (!v.is_object())
            fail(key, "expected a JSON object");
        return v.get_object();
    }
    const json::value& member(const json::object& o, const std::string& name, const std::string& path) const
    {
        const auto* v = o.if_contains(name);
        if (!v)
            fail(path, "required key is missing");
        return *v;
    }
    const json::value* optional(const json::object& o, const std::string& name) const { return o.if_contains(name); }

    double number(const json::value& v, const std::string& key) const
    {
        std::error_code ec;
        const double d = v.to_number<double>(ec);
        if (ec || !std::isfinite(d))
            fail(key, "expected a finite number");
        return d;
    }
    std::int64_t integer(const json::value& v, const std::string& key, std::int64_t lo, std::int64_t hi) const
    {
        const double d = number(v, key);
        if (d != std::floor(d) || d < static_cast<double>(lo) || d > static_cast<double>(hi))
            fail(key, "expected a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
        return static_cast<std::int64_t>(d);
    }
    std::string string(const json::value& v, const std::string& key) const
    {
        if (!v.is_string())
            fail(key, "expected a string");
        return std::string(v.get_string());
    }
    const json::array& array(const json::value& v, const std::string& key, std::size_t size) const
    {
        if (!v.is_array())
            fail(key, "expected an array");
        const auto& a = v.get_array();
        if (size != kAny && a.size() != size)
            fail(key, "expected " + std::to_string(size) + " entries, found " + std::to_string(a.size()));
        return a;
    }
    std::vector<double> numbers(const json::value& v, const std::string& key, std::size_t size) const
    {
        std::vector<double> out;
        const auto& a = array(v, key, size);
        for (std::size_t i = 0; i < a.size(); ++i)
            out.push_back(number(a[i], key + "[" + std::to_string(i) + "]"));
        return out;
    }
    // A vector given flat ([x, y]) or as a column ([[x], [y]]), as the reference stores biases.
    std::vector<double> vector(const json::value& v, const std::string& key, std::size_t size) const
    {
        const auto& a = array(v, key, size);
        std::vector<double> out;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const auto item = key + "[" + std::to_string(i) + "]";
            out.push_back(a[i].is_array() ? numbers(a[i], item, 1).front() : number(a[i], item));
        }
        return out;
    }
    Matrix matrix(const json::value& v, const std::string& key, std::size_t rows, std::size_t cols) const
    {
        const auto& a = array(v, key, rows);
        if (a.empty())
            fail(key, "expected a non-empty matrix");
        Matrix m;
        for (std::size_t r = 0; r < a.size(); ++r) {
            const auto row = numbers(a[r], key + "[" + std::to_string(r) + "]", r == 0 ? cols : m.cols);
            if (r == 0)
                m = Matrix(a.size(), row.size());
            std::copy(row.begin(), row.end(), m.row(r));
        }
        return m;
    }

private:
    const std::string& file_;
};

} // namespace

std::string phaseModelToJson(const PhaseModel& m)
{
    json::object crbm;
    crbm["n_vis"] = m.crbm.nVis;
    crbm["n_hid"] = m.crbm.nHid;
    crbm["n_his"] = m.crbm.nHis;
    crbm["sigma"] = m.training.initSigma;
    crbm["n_epochs"] = m.training.maxEpochs;
    crbm["learning_rate"] = m.training.learningRate;
    crbm["momentum"] = m.training.momentum;
    crbm["num_epochs_trained"] = m.training.epochsTrained;
    crbm["patience"] = m.training.patience;
    crbm["W"] = toJson(m.crbm.W);
    crbm["A"] = toJson(m.crbm.A);
    crbm["B"] = toJson(m.crbm.B);
    crbm["v_bias"] = columnVector(m.crbm.vBias);
    crbm["h_bias"] = columnVector(m.crbm.hBias);
    crbm["rec_error_per_epoch"] = toJson(m.training.errorPerEpoch);

    json::object o;
    o["format"] = kFormat;
    o["format_version"] = kFormatVersion;
    o["source"] = m.source;
    o["features"] = json::array(m.features.begin(), m.features.end());
    o["scaler_mean"] = toJson(m.scaler.mean);
    o["scaler_scale"] = toJson(m.scaler.scale);
    o["scaler_n_samples_seen"] = m.scaler.samplesSeen;
    o["crbm"] = std::move(crbm);
    o["kmeans_centers"] = toJson(m.kmeansCentres);
    o["kmeans_training_labels_count"] = json::array(m.kmeansTrainingLabelsCount.begin(), m.kmeansTrainingLabelsCount.end());
    o["kmeans_inertia"] = m.kmeansInertia;
    o["kmeans_restarts"] = m.training.kmeansRestarts;
    o["seed"] = m.training.seed;
    if (!m.phaseStats.empty()) {
        json::array stats;
        for (const auto& p : m.phaseStats) {
            json::object cols;
            for (const auto& [name, c] : p.columns)
                cols[name] = json::object{{"mean", c.mean}, {"std", c.std}, {"max", c.max}};
            stats.emplace_back(json::object{{"phase", p.phase},
                                                {"steps", p.steps},
                                                {"share", p.share},
                                                {"time_share", p.timeShare},
                                                {"columns", std::move(cols)}});
        }
        o["phase_stats"] = std::move(stats);
    }
    return json::serialize(o);
}

PhaseModel parsePhaseModelJson(std::string_view text, const std::string& source)
{
    const auto doc = parseJsonPrecise(text, source);
    const Reader in(source);
    const auto& o = in.object(doc, "");
    PhaseModel m;
    if (const auto* f = in.optional(o, "format"); f && in.string(*f, "format") != kFormat)
        in.fail("format", "not a ClusterLens phase model (format '" + in.string(*f, "format") + "')");
    if (const auto* v = in.optional(o, "format_version");
        v && in.integer(*v, "format_version", 1, 1 << 20) > kFormatVersion)
        in.fail("format_version", "the model was written by a newer ClusterLens (format version " +
                                      std::to_string(in.integer(*v, "format_version", 1, 1 << 20)) + ")");
    if (const auto* v = in.optional(o, "source"))
        m.source = in.string(*v, "source");

    const auto& features = in.array(in.member(o, "features", "features"), "features", kAny);
    if (features.empty())
        in.fail("features", "expected at least one feature name");
    for (std::size_t i = 0; i < features.size(); ++i)
        m.features.push_back(in.string(features[i], "features[" + std::to_string(i) + "]"));
    const auto nVis = m.features.size();
    m.scaler.mean = in.numbers(in.member(o, "scaler_mean", "scaler_mean"), "scaler_mean", nVis);
    m.scaler.scale = in.numbers(in.member(o, "scaler_scale", "scaler_scale"), "scaler_scale", nVis);
    for (std::size_t i = 0; i < nVis; ++i)
        if (!(m.scaler.scale[i] > 0))
            in.fail("scaler_scale[" + std::to_string(i) + "]", "a scale must be positive");
    if (const auto* v = in.optional(o, "scaler_n_samples_seen"))
        m.scaler.samplesSeen = in.integer(*v, "scaler_n_samples_seen", 0, std::int64_t{1} << 53);

    const auto& c = in.object(in.member(o, "crbm", "crbm"), "crbm");
    const auto dim = [&](const char* key, std::int64_t hi) {
        return static_cast<std::size_t>(in.integer(in.member(c, key, std::string("crbm.") + key), std::string("crbm.") + key, 1, hi));
    };
    if (dim("n_vis", 1 << 16) != nVis)
        in.fail("crbm.n_vis", "must equal the number of features (" + std::to_string(nVis) + ")");
    m.crbm.nVis = nVis;
    m.crbm.nHid = dim("n_hid", 1 << 16);
    m.crbm.nHis = dim("n_his", 1 << 10);
    const auto hisLen = m.crbm.historyLength();
    m.crbm.W = in.matrix(in.member(c, "W", "crbm.W"), "crbm.W", m.crbm.nHid, nVis);
    m.crbm.A = in.matrix(in.member(c, "A", "crbm.A"), "crbm.A", nVis, hisLen);
    m.crbm.B = in.matrix(in.member(c, "B", "crbm.B"), "crbm.B", m.crbm.nHid, hisLen);
    m.crbm.vBias = in.vector(in.member(c, "v_bias", "crbm.v_bias"), "crbm.v_bias", nVis);
    m.crbm.hBias = in.vector(in.member(c, "h_bias", "crbm.h_bias"), "crbm.h_bias", m.crbm.nHid);
    if (const auto* v = in.optional(c, "sigma"))
        m.training.initSigma = in.number(*v, "crbm.sigma");
    if (const auto* v = in.optional(c, "n_epochs"))
        m.training.maxEpochs = static_cast<int>(in.integer(*v, "crbm.n_epochs", 0, 1 << 30));
    if (const auto* v = in.optional(c, "learning_rate"))
        m.training.learningRate = in.number(*v, "crbm.learning_rate");
    if (const auto* v = in.optional(c, "momentum"))
        m.training.momentum = in.number(*v, "crbm.momentum");
    if (const auto* v = in.optional(c, "num_epochs_trained"))
        m.training.epochsTrained = static_cast<int>(in.integer(*v, "crbm.num_epochs_trained", 0, 1 << 30));
    if (const auto* v = in.optional(c, "patience"))
        m.training.patience = static_cast<int>(in.integer(*v, "crbm.patience", 0, 1 << 30));
    if (const auto* v = in.optional(c, "rec_error_per_epoch"))
        m.training.errorPerEpoch = in.numbers(*v, "crbm.rec_error_per_epoch", kAny);

    m.kmeansCentres = in.matrix(in.member(o, "kmeans_centers", "kmeans_centers"), "kmeans_centers", kAny, m.crbm.nHid);
    const auto k = m.kmeansCentres.rows;
    if (const auto* v = in.optional(o, "kmeans_training_labels_count"))
        for (double x : in.numbers(*v, "kmeans_training_labels_count", k))
            m.kmeansTrainingLabelsCount.push_back(static_cast<std::int64_t>(x));
    if (const auto* v = in.optional(o, "kmeans_inertia"))
        m.kmeansInertia = in.number(*v, "kmeans_inertia");
    if (const auto* v = in.optional(o, "kmeans_restarts"))
        m.training.kmeansRestarts = static_cast<int>(in.integer(*v, "kmeans_restarts", 1, 1 << 20));
    if (const auto* v = in.optional(o, "seed")) {
        std::error_code ec;
        m.training.seed = v->to_number<std::uint64_t>(ec);
        if (ec)
            in.fail("seed", "expected a non-negative whole number");
    }
    if (const auto* v = in.optional(o, "phase_stats")) {
        const auto& stats = in.array(*v, "phase_stats", k);
        for (std::size_t p = 0; p < k; ++p) {
            const auto key = "phase_stats[" + std::to_string(p) + "]";
            const auto& s = in.object(stats[p], key);
            PhaseStats ps;
            ps.phase = static_cast<int>(in.integer(in.member(s, "phase", key + ".phase"), key + ".phase",
                                                   static_cast<std::int64_t>(p), static_cast<std::int64_t>(p)));
            ps.steps = static_cast<std::size_t>(in.integer(in.member(s, "steps", key + ".steps"), key + ".steps", 0, std::int64_t{1} << 53));
            ps.share = in.number(in.member(s, "share", key + ".share"), key + ".share");
            if (const auto* t = in.optional(s, "time_share"))
                ps.timeShare = in.number(*t, key + ".time_share");
            for (const auto& [name, value] : in.object(in.member(s, "columns", key + ".columns"), key + ".columns")) {
                const auto ck = key + ".columns." + std::string(name);
                const auto& co = in.object(value, ck);
                ps.columns[std::string(name)] = {in.number(in.member(co, "mean", ck + ".mean"), ck + ".mean"),
                                                 in.number(in.member(co, "std", ck + ".std"), ck + ".std"),
                                                 in.number(in.member(co, "max", ck + ".max"), ck + ".max")};
            }
            m.phaseStats.push_back(std::move(ps));
        }
    }
    return m;
}

void savePhaseModel(const PhaseModel& model, const std::string& path)
{
    // Written atomically; a failure is an OutputFileError (docs/cli.md "Output files").
    store::writeFileAtomically(path, [&](std::ostream& out) { out << phaseModelToJson(model) << '\n'; });
}

PhaseModel loadPhaseModel(const std::string& path)
{
    const auto text = readTextFile(path, "the model file");
    if (text.empty())
        throw InputError(path, 0, "", "the model file is empty");
    return parsePhaseModelJson(text, path);
}

} // namespace clens
