#include "fuzz/fuzz_input_file.hpp"

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace clens::fuzz {

namespace {

std::string inputDir()
{
    std::error_code ec;
    if (std::filesystem::is_directory("/dev/shm", ec))
        return "/dev/shm";
    return std::filesystem::temp_directory_path().string();
}

struct InputFile {
    std::string path = inputDir() + "/clens-fuzz-" + std::to_string(::getpid()) + ".in";
    ~InputFile() { std::remove(path.c_str()); }
};

} // namespace

const std::string& writeInputFile(const std::uint8_t* data, std::size_t size)
{
    static const InputFile file;
    std::FILE* f = std::fopen(file.path.c_str(), "wb");
    if (!f || (size > 0 && std::fwrite(data, 1, size, f) != size) || std::fclose(f) != 0)
        throw std::runtime_error("cannot write the fuzz input to " + file.path);
    return file.path;
}

} // namespace clens::fuzz
