#include "app/cli/cli_command.hpp"

#include <iostream>

namespace clens::cli {

int runAnalyze(const Args&)
{
    std::cerr << "clusterlens-cli: error: 'analyze' is not implemented yet\n";
    return 1;
}

} // namespace clens::cli
