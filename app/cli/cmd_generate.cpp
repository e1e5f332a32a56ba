#include "app/cli/cli_command.hpp"

#include <iostream>

namespace clens::cli {

int runGenerate(const Args&)
{
    std::cerr << "clusterlens-cli: error: 'generate' is not implemented yet\n";
    return 1;
}

} // namespace clens::cli
