#include "ui/io/import_options_dialog.hpp"

#include "core/util/time_zone.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTimeZone>
#include <QVBoxLayout>

namespace clens::ui {

namespace {
const auto kZoneKey = QStringLiteral("import/timeZone");
const auto kTenantKey = QStringLiteral("import/slurmTenant");
const auto kRackLabelKey = QStringLiteral("import/rackLabel");

bool isSlurm(TraceFormat f) { return f == TraceFormat::Slurm || f == TraceFormat::SlurmJson; }
} // namespace

bool ImportOptionsDialog::asksFor(TraceFormat format)
{
    return isSlurm(format) || format == TraceFormat::KubernetesPods;
}

ImportOptionsDialog::ImportOptionsDialog(TraceFormat format, const ImportOptions& start, const QString& quotasPath,
                                         QWidget* parent)
    : QDialog(parent), format_(format), start_(start)
{
    setWindowTitle(isSlurm(format) ? tr("Import Slurm accounting") : tr("Import Kubernetes pods"));
    auto* form = new QFormLayout;
    if (format == TraceFormat::Slurm) { // sacct --json carries Unix times; the text output does not
        timeZone_ = new QComboBox;
        timeZone_->setObjectName(QStringLiteral("importTimeZone"));
        timeZone_->setEditable(true);
        QStringList zones{QStringLiteral("UTC")};
        const auto local = QString::fromUtf8(QTimeZone::systemTimeZoneId());
        if (!local.isEmpty() && local != QStringLiteral("UTC"))
            zones << local;
        zones << QStringLiteral("Europe/Berlin") << QStringLiteral("Europe/London") << QStringLiteral("America/New_York")
              << QStringLiteral("America/Chicago") << QStringLiteral("America/Los_Angeles") << QStringLiteral("Asia/Shanghai")
              << QStringLiteral("Asia/Tokyo") << QStringLiteral("+01:00");
        zones.removeDuplicates();
        timeZone_->addItems(zones);
        timeZone_->setCurrentText(start.timeZone.empty() ? QStringLiteral("UTC") : QString::fromStdString(start.timeZone));
        timeZone_->setToolTip(tr("sacct prints local times without a zone: the zone slurmctld runs in "
                                 "(an IANA name such as Europe/Berlin, an offset such as +02:00, or UTC)"));
        connect(timeZone_, &QComboBox::currentTextChanged, this, &ImportOptionsDialog::check);
        form->addRow(tr("Time zone of sacct's times"), timeZone_);
    }
    if (isSlurm(format)) {
        tenant_ = new QComboBox;
        tenant_->setObjectName(QStringLiteral("importTenant"));
        tenant_->addItem(tr("Account"), QStringLiteral("account"));
        tenant_->addItem(tr("Partition"), QStringLiteral("partition"));
        tenant_->addItem(tr("QOS"), QStringLiteral("qos"));
        tenant_->setCurrentIndex(std::max(0, tenant_->findData(QString::fromStdString(start.slurmTenant))));
        tenant_->setToolTip(tr("The sacct column whose values become the tenants (VCs) quotas and fair share apply to"));
        form->addRow(tr("Tenant"), tenant_);
        topology_ = fileField(tr("Slurm topology (topology.conf *.conf);;All files (*)"), QString::fromStdString(start.topologyPath));
        topology_->setObjectName(QStringLiteral("importTopology"));
        topology_->setPlaceholderText(tr("topology.conf beside the node list, if any"));
        topology_->setToolTip(tr("Leaf switches become racks, so locality follows the real network"));
        form->addRow(tr("topology.conf"), topology_->parentWidget());
    }
    if (format == TraceFormat::KubernetesPods) {
        rackLabel_ = new QLineEdit(QString::fromStdString(start.k8sRackLabel));
        rackLabel_->setObjectName(QStringLiteral("importRackLabel"));
        rackLabel_->setToolTip(tr("The node label whose value names a node's rack"));
        connect(rackLabel_, &QLineEdit::textChanged, this, &ImportOptionsDialog::check);
        form->addRow(tr("Rack label"), rackLabel_);
    }
    quotas_ = fileField(isSlurm(format) ? tr("sacctmgr output (*.txt);;All files (*)") : tr("ResourceQuota list (*.json);;All files (*)"),
                        quotasPath);
    quotas_->setObjectName(QStringLiteral("importQuotas"));
    quotas_->setPlaceholderText(tr("none: tenants unlimited"));
    quotas_->setToolTip(isSlurm(format) ? tr("sacctmgr --parsable2 show assoc format=Cluster,Account,User,Partition,GrpTRES: "
                                             "the accounts' GPU limits become strict VC quotas")
                                        : tr("kubectl get resourcequota -A -o json: requests.nvidia.com/gpu becomes each "
                                             "namespace's strict GPU quota"));
    form->addRow(tr("GPU quotas"), quotas_->parentWidget());

    problemLabel_ = new QLabel;
    problemLabel_->setObjectName(QStringLiteral("importProblem"));
    problemLabel_->setStyleSheet(QStringLiteral("color: #b00020"));
    problemLabel_->setWordWrap(true);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel);
    connect(buttons_, &QDialogButtonBox::accepted, this, [this] {
        remember();
        accept();
    });
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* intro = new QLabel(format == TraceFormat::Slurm
                                 ? tr("sacct prints local times without a zone: give the zone slurmctld runs in. "
                                      "Quotas and a topology.conf beside the files are filled in when found.")
                                 : isSlurm(format) ? tr("Quotas and a topology.conf beside the files are filled in when found.")
                                                   : tr("Namespaces become tenants. A ResourceQuota list beside the files is "
                                                        "filled in when found."));
    intro->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(problemLabel_);
    layout->addWidget(buttons_);
    setMinimumWidth(620);
    check();
}

QLineEdit* ImportOptionsDialog::fileField(const QString& filter, const QString& value)
{
    auto* row = new QWidget;
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    auto* edit = new QLineEdit(value);
    auto* browse = new QPushButton(tr("Browse…"));
    h->addWidget(edit, 1);
    h->addWidget(browse);
    connect(browse, &QPushButton::clicked, this, [this, edit, filter] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Choose a file"), QFileInfo(edit->text()).absolutePath(), filter);
        if (!path.isEmpty())
            edit->setText(path);
    });
    connect(edit, &QLineEdit::textChanged, this, &ImportOptionsDialog::check);
    return edit;
}

void ImportOptionsDialog::check()
{
    problem_.clear();
    if (timeZone_) {
        try {
            (void)TimeZone::load(timeZone_->currentText().trimmed().toStdString());
        } catch (const std::exception& e) {
            problem_ = tr("Time zone: %1").arg(QString::fromStdString(e.what()));
        }
    }
    if (problem_.isEmpty() && rackLabel_ && rackLabel_->text().trimmed().isEmpty())
        problem_ = tr("Rack label: give the node label that names the rack");
    for (const QLineEdit* file : {topology_, quotas_})
        if (problem_.isEmpty() && file && !file->text().trimmed().isEmpty() && !QFileInfo(file->text().trimmed()).isFile())
            problem_ = tr("%1: no such file").arg(file->text().trimmed());
    problemLabel_->setText(problem_);
    problemLabel_->setVisible(!problem_.isEmpty());
    buttons_->button(QDialogButtonBox::Open)->setEnabled(problem_.isEmpty());
}

ImportOptions ImportOptionsDialog::options() const
{
    ImportOptions o = start_;
    if (timeZone_)
        o.timeZone = timeZone_->currentText().trimmed().toStdString();
    if (tenant_)
        o.slurmTenant = tenant_->currentData().toString().toStdString();
    if (topology_)
        o.topologyPath = topology_->text().trimmed().isEmpty() ? std::string()
                                                               : QFileInfo(topology_->text().trimmed()).absoluteFilePath().toStdString();
    if (rackLabel_)
        o.k8sRackLabel = rackLabel_->text().trimmed().toStdString();
    return o;
}

QString ImportOptionsDialog::quotasPath() const
{
    const QString path = quotas_->text().trimmed();
    return path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
}

void ImportOptionsDialog::remember() const
{
    QSettings s;
    const auto o = options();
    if (timeZone_)
        s.setValue(kZoneKey, QString::fromStdString(o.timeZone));
    if (tenant_)
        s.setValue(kTenantKey, QString::fromStdString(o.slurmTenant));
    if (rackLabel_)
        s.setValue(kRackLabelKey, QString::fromStdString(o.k8sRackLabel));
}

void ImportOptionsDialog::recall(ImportOptions& options)
{
    const QSettings s;
    if (options.timeZone.empty() && s.contains(kZoneKey))
        options.timeZone = s.value(kZoneKey).toString().toStdString();
    const ImportOptions defaults;
    if (options.slurmTenant == defaults.slurmTenant && s.contains(kTenantKey))
        options.slurmTenant = s.value(kTenantKey).toString().toStdString();
    if (options.k8sRackLabel == defaults.k8sRackLabel && s.contains(kRackLabelKey))
        options.k8sRackLabel = s.value(kRackLabelKey).toString().toStdString();
}

} // namespace clens::ui
