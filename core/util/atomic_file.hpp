#pragma once
// Replacing a file atomically: write a temporary file in the target's directory, flush it to
// disk, rename it over the target, flush the directory. Readers see the old file or the new
// one, never a mix; a crash or an error before the rename leaves the old file as it was.
#include "core/util/error.hpp"

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace clens::store {

class AtomicFile {
public:
    // Creates an empty, uniquely named temporary file beside target (mode: the target's when it
    // exists, else 0666 less the umask). A symlinked target is replaced at the link's end.
    explicit AtomicFile(const std::string& target);
    // Removes the temporary file unless commit() succeeded.
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    const std::string& tempPath() const { return temp_; }
    // fsync the temporary file, rename it over the target, fsync the directory. Throws
    // std::system_error.
    void commit();

private:
    std::string target_;
    std::string temp_;
    bool committed_ = false;
};

// Removes the temporary files that AtomicFile(target) left behind in earlier runs (a save killed
// before its rename; docs/project-file.md "Stale temporary files"). Only names of AtomicFile's own
// pattern for this target, `.NAME.tmp-PID-STAMP-N` (PID, STAMP, N decimal digits), beside the
// (symlink-resolved) target; only regular files last modified before `before`; and only when
// PID is not a running process (a concurrent save by a live process keeps its file). Returns
// how many were removed; never throws (a file that cannot be removed is left).
std::size_t removeStaleTemporaries(const std::string& target, std::filesystem::file_time_type before);

// A result file that cannot be written (the CLI exits 1): "cannot write 'PATH': reason".
class OutputFileError : public Error {
public:
    OutputFileError(const std::string& path, const std::string& reason)
        : Error("cannot write '" + path + "': " + reason), path_(path)
    {
    }
    const std::string& path() const noexcept { return path_; }

private:
    std::string path_;
};

// A whole result file written as a stream and replaced atomically (docs/cli.md "Output files"):
// the stream writes into an AtomicFile's temporary file; commit() flushes and closes it, checks
// every write succeeded and renames it over the target. Without commit (an exception on the
// way) or on any failure the temporary file is removed and an existing target is left as it
// was. A target that exists and is not a regular file (/dev/stdout, /dev/null, a FIFO) cannot be
// replaced by a rename: it is written in place, and a failed write is still reported.
// Errors are OutputFileError naming the target.
class AtomicOutputFile {
public:
    // bufferBytes > 0 gives the stream a buffer of that size (large sequential outputs).
    explicit AtomicOutputFile(const std::string& target, std::size_t bufferBytes = 0);
    ~AtomicOutputFile();
    AtomicOutputFile(const AtomicOutputFile&) = delete;
    AtomicOutputFile& operator=(const AtomicOutputFile&) = delete;

    std::ostream& stream() { return out_; }
    void commit();

private:
    std::string target_;
    std::unique_ptr<AtomicFile> file_; // null when writing in place
    std::vector<char> buffer_;
    std::ofstream out_;
};

// AtomicOutputFile in one call: write fills the stream, then commit().
void writeFileAtomically(const std::string& target, const std::function<void(std::ostream&)>& write);

} // namespace clens::store
