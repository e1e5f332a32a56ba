#pragma once
// Helpers shared by the Qt Test executables.
#include "core/util/input_error.hpp"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <functional>
#include <string>

namespace clens::test {

inline std::string sampleDir() { return CLENS_SAMPLE_DIR; }
inline std::string testDataDir() { return CLENS_TEST_DATA_DIR; }
inline std::string samplePath(const std::string& rel) { return sampleDir() + "/" + rel; }
inline std::string dataPath(const std::string& rel) { return testDataDir() + "/" + rel; }
inline QString sample(const char* rel) { return QString::fromStdString(samplePath(rel)); }

// The whole file; empty when it cannot be read.
inline QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Writes text to name inside dir and returns the full path.
inline std::string writeFile(const QTemporaryDir& dir, const std::string& name, const std::string& text)
{
    const std::string path = dir.path().toStdString() + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// Runs fn and checks it throws InputError at the given line and field; the message must name
// the file. Returns the error message ("" when nothing was thrown).
inline std::string expectInputError(const std::function<void()>& fn, const std::string& file, std::int64_t line,
                                    const std::string& field)
{
    try {
        fn();
    } catch (const InputError& e) {
        [&] {
            QCOMPARE(QString::fromStdString(e.file()), QString::fromStdString(file));
            QCOMPARE(e.line(), line);
            QCOMPARE(QString::fromStdString(e.field()), QString::fromStdString(field));
            QVERIFY2(std::string(e.what()).find(file) != std::string::npos, e.what());
        }();
        return e.what();
    }
    [] { QFAIL("expected an InputError, nothing was thrown"); }();
    return {};
}

} // namespace clens::test
