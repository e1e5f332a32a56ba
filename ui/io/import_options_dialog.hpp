#pragma once
// Asked before a Slurm or Kubernetes export is opened (docs/gui.md "Your own cluster"): the zone
// sacct's local times are in (it prints them without one), the column that names the tenant,
// the topology.conf whose leaf switches become racks, the node label that names a Kubernetes
// rack, and the file of the tenants' GPU quotas. Starts from the command line's options and the
// last answers; OK stays disabled while the time zone is not one the tz database knows.
#include "core/io/import_options.hpp"
#include "core/io/trace_format.hpp"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace clens::ui {

class ImportOptionsDialog : public QDialog {
    Q_OBJECT
public:
    // Formats whose import has options worth asking about.
    static bool asksFor(TraceFormat format);

    ImportOptionsDialog(TraceFormat format, const ImportOptions& start, const QString& quotasPath, QWidget* parent = nullptr);

    ImportOptions options() const;
    QString quotasPath() const;
    // Empty when the answers can be used; else why not (shown in red under the fields).
    QString problem() const { return problem_; }

    // The answers kept for the next import (QSettings), and read back into `options` where the
    // command line left them unset.
    void remember() const;
    static void recall(ImportOptions& options);

private:
    void check();
    QLineEdit* fileField(const QString& filter, const QString& value);

    TraceFormat format_;
    ImportOptions start_;
    QComboBox* timeZone_ = nullptr;
    QComboBox* tenant_ = nullptr;
    QLineEdit* topology_ = nullptr;
    QLineEdit* rackLabel_ = nullptr;
    QLineEdit* quotas_ = nullptr;
    QLabel* problemLabel_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
    QString problem_;
};

} // namespace clens::ui
