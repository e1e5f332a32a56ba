#include "core/util/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <string_view>
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

namespace {
bool allDigits(std::string_view s)
{
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// "PID-STAMP-N" with three runs of digits; returns PID, or -1 when the text does not match.
long long pidOfTempSuffix(std::string_view rest)
{
    const auto a = rest.find('-');
    if (a == std::string_view::npos)
        return -1;
    const auto b = rest.find('-', a + 1);
    if (b == std::string_view::npos)
        return -1;
    const auto pid = rest.substr(0, a);
    if (!allDigits(pid) || pid.size() > 10 || !allDigits(rest.substr(a + 1, b - a - 1)) || !allDigits(rest.substr(b + 1)))
        return -1;
    return std::stoll(std::string(pid));
}

bool processRunning(long long pid)
{
    if (pid <= 0 || pid > 0x7fffffffLL)
        return false;
    if (pid == static_cast<long long>(::getpid()))
        return true; // another save in this process (another thread) may still be writing it
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}
} // namespace

std::size_t removeStaleTemporaries(const std::string& target, fs::file_time_type before)
{
    const fs::path t(resolveTarget(target));
    const fs::path dir = t.parent_path().empty() ? fs::path(".") : t.parent_path();
    const std::string prefix = "." + t.filename().string() + ".tmp-";
    std::size_t removed = 0;
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0)
            continue;
        const auto pid = pidOfTempSuffix(std::string_view(name).substr(prefix.size()));
        if (pid < 0)
            continue;
        std::error_code fec;
        if (!it->is_regular_file(fec) || it->is_symlink(fec))
            continue;
        const auto mtime = it->last_write_time(fec);
        if (fec || mtime >= before || processRunning(pid))
            continue;
        if (fs::remove(it->path(), fec) && !fec)
            ++removed;
    }
    return removed;
}

namespace {
std::string lastErrorText(const char* fallback)
{
    return errno != 0 ? std::string(std::strerror(errno)) : std::string(fallback);
}

bool existsAndNotRegular(const std::string& path)
{
    std::error_code ec;
    const auto st = fs::status(path, ec); // follows symlinks: /dev/stdout -> /proc/self/fd/1
    return !ec && fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st);
}
} // namespace

AtomicOutputFile::AtomicOutputFile(const std::string& target, std::size_t bufferBytes)
    : target_(target), buffer_(bufferBytes)
{
    std::string writeTo = target;
    if (!existsAndNotRegular(target)) {
        try {
            file_ = std::make_unique<AtomicFile>(target);
        } catch (const std::system_error& e) {
            throw OutputFileError(target, std::string("cannot create a temporary file beside it: ") + e.code().message());
        }
        writeTo = file_->tempPath();
    }
    if (!buffer_.empty())
        out_.rdbuf()->pubsetbuf(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    errno = 0;
    out_.open(writeTo, std::ios::binary | std::ios::trunc);
    if (!out_)
        throw OutputFileError(target, lastErrorText("cannot open the file for writing"));
}

AtomicOutputFile::~AtomicOutputFile() = default; // file_'s destructor removes an uncommitted temporary

void AtomicOutputFile::commit()
{
    errno = 0;
    out_.flush();
    const bool flushed = static_cast<bool>(out_);
    const int flushErrno = errno;
    out_.close();
    if (!flushed || !out_) {
        errno = flushErrno != 0 ? flushErrno : errno;
        throw OutputFileError(target_, lastErrorText("write failed"));
    }
    if (!file_)
        return;
    try {
        file_->commit();
    } catch (const std::system_error& e) {
        throw OutputFileError(target_, e.code().message());
    }
}

void writeFileAtomically(const std::string& target, const std::function<void(std::ostream&)>& write)
{
    AtomicOutputFile file(target);
    write(file.stream());
    file.commit();
}

} // namespace clens::store
