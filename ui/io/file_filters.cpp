#include "ui/io/file_filters.hpp"

#include <QObject>
#include <QRegularExpression>

namespace clens::ui {

QString traceFileFilter()
{
    // *_log: the Philly job log as published (cluster_job_log, no extension).
    return QObject::tr("Job traces (*.csv *.json *.txt *.swf *.log *_log);;ClusterLens projects (*.clens);;All files (*)");
}

QString clusterFileFilter()
{
    return QObject::tr("Cluster files: cluster.csv, Philly machine list, Alibaba node list, Slurm scontrol, kubectl nodes "
                       "(*.csv *.json *.txt *_list *);;All files (*)"); // *: a machine list may have any name
}

QStringList firstFilterPatterns(const QString& filter)
{
    const auto first = filter.section(QStringLiteral(";;"), 0, 0);
    const auto match = QRegularExpression(QStringLiteral("\\(([^()]*)\\)$")).match(first);
    return match.hasMatch() ? match.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts) : QStringList{};
}

} // namespace clens::ui
