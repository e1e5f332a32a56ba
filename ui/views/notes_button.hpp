#pragma once
// A status-bar button "Title (n)" for notes the user should read but need not act on (what an
// importer changed, what a simulation left out); hidden when there are none, a click lists them.
#include <QStringList>
#include <QToolButton>

namespace clens::ui {

class NotesButton : public QToolButton {
    Q_OBJECT
public:
    NotesButton(QString title, const QString& toolTip, QWidget* parent = nullptr);

    void setNotes(QStringList notes);
    const QStringList& notes() const { return notes_; }

private:
    QString title_;
    QStringList notes_;
};

} // namespace clens::ui
