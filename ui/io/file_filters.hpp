#pragma once
// The name filters of the open dialogs: every format the importers read shows under the first
// filter (a Slurm sacct export is usually a .txt, a kubectl export a .json, the Philly job log
// and machine list as published have no extension).
#include <QString>
#include <QStringList>

namespace clens::ui {

// "Job traces (*.csv …);;ClusterLens projects (*.clens);;All files (*)"
QString traceFileFilter();
// "Cluster files: … (*.csv *.json *.txt *_list *);;All files (*)"
QString clusterFileFilter();
// The patterns of a filter's first entry ("*.csv", "*.json", …), as QFileDialog reads them.
QStringList firstFilterPatterns(const QString& filter);

} // namespace clens::ui
