// clusterlens-cli project info: what a .clens project holds (docs/cli.md "project info").
#include "app/cli/cli_options.hpp"
#include "app/cli/project_commands.hpp"
#include "core/sim/sim_summary.hpp"
#include "core/store/project_file.hpp"
#include "core/util/json_text.hpp"
#include "core/util/text_escape.hpp"

#include <boost/json.hpp>

#include <cstdio>
#include <iostream>

namespace clens::cli {

namespace {

boost::json::value clusterJson(const Topology* c)
{
    if (!c)
        return nullptr;
    return boost::json::object{{"servers", c->serverCount()}, {"gpus", c->gpuCount()}, {"racks", c->rackCount()}};
}

void printJson(const std::string& path, const Project& p)
{
    const Trace empty;
    const Trace& trace = p.trace ? *p.trace : empty;
    boost::json::object o;
    o["project"] = path;
    o["trace"] = boost::json::object{{"source", trace.meta.source},
                                     {"format", trace.meta.format},
                                     {"jobs", trace.jobs.size()},
                                     {"vcs", trace.tenants.size()},
                                     {"users", trace.users.size()}};
    o["cluster"] = clusterJson(p.cluster.get());
    boost::json::array scenarios;
    for (const auto& s : p.scenarios)
        scenarios.emplace_back(s.name);
    o["scenarios"] = std::move(scenarios);
    boost::json::array results;
    for (const auto& r : p.results)
        results.emplace_back(boost::json::object{{"name", r.name},
                                                 {"cluster", clusterJson(r.result->cluster.get())},
                                                 {"summary", summaryToJson(r.result->summary)}});
    o["results"] = std::move(results);
    if (p.phases)
        o["phases"] = boost::json::object{{"source", p.phases->metrics->source},
                                          {"containers", p.phases->metrics->containers.size()},
                                          {"rows", p.phases->metrics->totalRows()},
                                          {"model", !p.phases->modelJson.empty()}};
    else
        o["phases"] = nullptr;
    std::cout << toJsonText(o, 2) << '\n';
}

// Names and sources come from the file: their control characters are escaped
// (docs/formats.md "Text from input in messages").
void printText(const std::string& path, const Project& p)
{
    const auto shown = [](const std::string& text) { return escapeControlChars(text); };
    std::printf("project:   %s\n", shown(path).c_str());
    if (p.trace)
        std::printf("trace:     %s (%s): %zu jobs, %zu VCs, %zu users\n", shown(p.trace->meta.source).c_str(),
                    shown(p.trace->meta.format).c_str(), p.trace->jobs.size(), p.trace->tenants.size(), p.trace->users.size());
    else
        std::printf("trace:     none\n");
    if (p.cluster)
        std::printf("cluster:   %d servers, %d GPUs, %d racks\n", p.cluster->serverCount(), p.cluster->gpuCount(),
                    p.cluster->rackCount());
    else
        std::printf("cluster:   none\n");
    std::printf("scenarios:");
    for (const auto& s : p.scenarios)
        std::printf(" '%s'", shown(s.name).c_str());
    std::printf("%s\n", p.scenarios.empty() ? " none" : "");
    if (p.results.empty())
        std::printf("results:   none\n");
    for (const auto& r : p.results) {
        const auto& s = r.result->summary;
        std::printf("result '%s': %lld jobs (%lld finished, %lld unfinished), makespan %lld s\n", shown(r.name).c_str(),
                    static_cast<long long>(s.jobs), static_cast<long long>(s.finishedJobs),
                    static_cast<long long>(s.unfinishedJobs), static_cast<long long>(s.makespan_s));
        std::printf("  queue delay mean %.1f s (p50 %.1f, p95 %.1f), mean JCT %.1f s\n", s.meanQueueDelay_s,
                    s.p50QueueDelay_s, s.p95QueueDelay_s, s.meanJct_s);
        std::printf("  GPU allocation %.3f, effective utilization %.3f, mean slowdown %.4f\n", s.gpuAllocFraction,
                    s.gpuEffectiveUtil, s.meanSlowdown);
    }
    if (p.phases)
        std::printf("phases:    %s: %zu containers, %zu rows, %s\n", shown(p.phases->metrics->source).c_str(),
                    p.phases->metrics->containers.size(), p.phases->metrics->totalRows(),
                    p.phases->modelJson.empty() ? "no phase model" : "with a phase model");
    else
        std::printf("phases:    none\n");
}

} // namespace

int runProjectInfo(const Args& args)
{
    std::string path;
    bool json = false;
    po::options_description desc("project info options");
    desc.add_options()
        ("project", po::value(&path)->required(), "the project file (.clens)")
        ("json", po::bool_switch(&json), "print the summary as JSON");
    po::positional_options_description positional;
    positional.add("project", 1);
    po::variables_map vm;
    if (!parseOptions(args, desc, vm, kProjectInfoUsage, &positional))
        return 0;
    const Project project = loadProject(path);
    if (json)
        printJson(path, project);
    else
        printText(path, project);
    return 0;
}

} // namespace clens::cli
