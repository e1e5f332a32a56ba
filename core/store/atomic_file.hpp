#pragma once
// Replacing a file atomically: write a temporary file in the target's directory, flush it to
// disk, rename it over the target, flush the directory. Readers see the old file or the new
// one, never a mix; a crash or an error before the rename leaves the old file as it was.
#include <string>

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

} // namespace clens::store
