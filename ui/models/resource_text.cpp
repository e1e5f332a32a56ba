#include "ui/models/resource_text.hpp"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <cmath>

namespace clens::ui::resource_text {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ResourceText", text);
}

} // namespace

QString amount(double n)
{
    const QLocale locale;
    if (std::abs(n - std::round(n)) < 1e-9)
        return locale.toString(static_cast<qint64>(std::llround(n)));
    QString s = locale.toString(n, 'f', 2);
    while (s.endsWith(QLatin1Char('0')))
        s.chop(1);
    return s;
}

QString gpuShare(int milli)
{
    return tr("%1 of a GPU").arg(QString::number(static_cast<double>(milli) / 1000.0, 'f', 2));
}

QString gpus(int count, int milli)
{
    if (count == 0)
        return tr("no GPU");
    if (count == 1 && milli > 0 && milli < 1000)
        return gpuShare(milli);
    return count == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(count);
}

QString cores(double n)
{
    return n == 1 ? tr("1 core") : tr("%1 cores").arg(amount(n));
}

QString gigabytes(double n)
{
    return tr("%1 GB").arg(amount(n));
}

QString gpuModels(const Trace& trace, std::int32_t modelSet)
{
    if (modelSet <= 0 || static_cast<std::size_t>(modelSet) >= trace.gpuModelSets.size())
        return tr("any GPU model");
    QStringList names;
    for (const auto& m : splitGpuModels(trace.gpuModelSets[static_cast<std::size_t>(modelSet)]))
        names << QString::fromStdString(m);
    return names.join(tr(" or "));
}

QString reservedOf(double reserved, double capacity, QString (*unit)(double))
{
    if (std::isnan(capacity))
        return tr("%1 (capacity unknown)").arg(unit(reserved));
    const int pct = capacity > 0 ? static_cast<int>(std::lround(100.0 * reserved / capacity)) : 0;
    return tr("%1 of %2 (%3%)").arg(amount(reserved), unit(capacity)).arg(pct);
}

QString resourceName(WaitResource r)
{
    switch (r) {
    case WaitResource::Gpus: return tr("GPUs");
    case WaitResource::Cpu: return tr("CPU");
    case WaitResource::Memory: return tr("memory");
    }
    return {};
}

QString request(const Trace& trace, const Job& job, const JobResources& r)
{
    QStringList parts{gpus(job.gpus, r.gpuMilli)};
    if (r.cpuCores > 0)
        parts << cores(r.cpuCores);
    if (r.memGb > 0)
        parts << gigabytes(r.memGb);
    if (job.gpus > 0)
        parts << gpuModels(trace, job.gpuModels);
    return parts.join(QStringLiteral(" · "));
}

} // namespace clens::ui::resource_text
