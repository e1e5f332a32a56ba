#include "app/cli/cli_options.hpp"

#include <iostream>

namespace clens::cli {

bool parseOptions(const Args& args, const po::options_description& desc, po::variables_map& vm,
                  const std::string& usageLine, const po::positional_options_description* positional)
{
    po::options_description all(desc);
    all.add_options()("help,h", "show this help");
    try {
        auto parser = po::command_line_parser(args).options(all);
        if (positional)
            parser.positional(*positional);
        po::store(parser.run(), vm);
        if (vm.count("help")) {
            std::cout << "usage: clusterlens-cli " << usageLine << "\n\n" << all << '\n';
            return false;
        }
        po::notify(vm);
    } catch (const po::error& e) {
        throw UsageError(std::string(e.what()) + "\nusage: clusterlens-cli " + usageLine);
    }
    return true;
}

} // namespace clens::cli
