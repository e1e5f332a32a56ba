#include "ui/views/notes_button.hpp"

#include <QMessageBox>

namespace clens::ui {

NotesButton::NotesButton(QString title, const QString& toolTip, QWidget* parent)
    : QToolButton(parent)
    , title_(std::move(title))
{
    setAutoRaise(true);
    setToolTip(toolTip);
    hide();
    connect(this, &QToolButton::clicked, this, [this] {
        QString html = QStringLiteral("<ul>");
        for (const QString& note : notes_)
            html += QStringLiteral("<li>") + note.toHtmlEscaped() + QStringLiteral("</li>");
        QMessageBox::information(this, title_, html + QStringLiteral("</ul>"));
    });
}

void NotesButton::setNotes(QStringList notes)
{
    notes_ = std::move(notes);
    setText(tr("%1 (%2)").arg(title_).arg(notes_.size()));
    setVisible(!notes_.isEmpty());
}

} // namespace clens::ui
