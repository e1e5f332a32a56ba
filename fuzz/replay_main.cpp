// A main for harnesses built without libFuzzer: runs LLVMFuzzerTestOneInput once on every file
// given, directories read recursively (the smoke tests and crasher replays). Exits 1 when a
// path cannot be read or no file was run. docs/fuzzing.md "Smoke tests and regressions"
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool runFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::cerr << "cannot read " << path << '\n';
        return false;
    }
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::cout << "running " << path.string() << " (" << bytes.size() << " bytes)" << std::endl;
    // A copy of exactly the input's size, so a sanitizer sees reads past its end.
    const std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
    LLVMFuzzerTestOneInput(data.data(), data.size());
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::filesystem::path> files;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path arg(argv[i]);
        std::error_code ec;
        if (std::filesystem::is_directory(arg, ec)) {
            for (const auto& entry : std::filesystem::recursive_directory_iterator(arg))
                if (entry.is_regular_file())
                    files.push_back(entry.path());
        } else if (std::filesystem::exists(arg, ec)) {
            files.push_back(arg);
        } else {
            std::cerr << "no such file or directory: " << arg << '\n';
            return 1;
        }
    }
    std::sort(files.begin(), files.end());
    bool ok = !files.empty();
    for (const auto& f : files)
        ok = runFile(f) && ok;
    std::cout << files.size() << " inputs run" << std::endl;
    return ok ? 0 : 1;
}
