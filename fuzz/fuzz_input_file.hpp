#pragma once
// The fuzz input as a file, for the path-based readers: one file per process (in /dev/shm when
// it exists, else the temporary directory), rewritten for every input and removed at exit.
#include <cstddef>
#include <cstdint>
#include <string>

namespace clens::fuzz {

// Writes data to the process's input file and returns its path.
const std::string& writeInputFile(const std::uint8_t* data, std::size_t size);

} // namespace clens::fuzz
