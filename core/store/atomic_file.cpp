#include "core/store/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <system_error>

namespace clens::store {

namespace fs = std::filesystem;

namespace {
[[noreturn]] void throwErrno(const std::string& what)
{
    throw std::system_error(errno, std::generic_category(), what);
}

void syncPath(const std::string& path, int flags)
{
    const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
    if (fd < 0)
        throwErrno("open " + path);
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    if (rc != 0) {
        errno = err;
        throwErrno("fsync " + path);
    }
}

std::string resolveTarget(const std::string& path)
{
    std::error_code ec;
    if (fs::is_symlink(path, ec)) {
        const auto resolved = fs::weakly_canonical(path, ec);
        if (!ec)
            return resolved.string();
    }
    return path;
}
} // namespace

AtomicFile::AtomicFile(const std::string& target) : target_(resolveTarget(target))
{
    const fs::path t(target_);
    const fs::path dir = t.parent_path().empty() ? fs::path(".") : t.parent_path();
    static std::atomic<unsigned> counter{0};
    const auto stamp = static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count());
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        temp_ = (dir / ("." + t.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-"
                        + std::to_string(stamp % 1000000007ULL) + "-" + std::to_string(counter++)))
                    .string();
        fd = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            throwErrno("create " + temp_);
    }
    if (fd < 0)
        throwErrno("create a temporary file in " + dir.string());
    struct stat st {};
    if (::stat(target_.c_str(), &st) == 0 && S_ISREG(st.st_mode))
        ::fchmod(fd, st.st_mode & 07777);
    ::close(fd);
}

AtomicFile::~AtomicFile()
{
    if (!committed_)
        ::unlink(temp_.c_str());
}

void AtomicFile::commit()
{
    syncPath(temp_, O_RDONLY);
    if (::rename(temp_.c_str(), target_.c_str()) != 0)
        throwErrno("rename " + temp_ + " to " + target_);
    committed_ = true;
    const fs::path dir = fs::path(target_).parent_path();
    syncPath(dir.empty() ? std::string(".") : dir.string(), O_RDONLY | O_DIRECTORY);
}

} // namespace clens::store
