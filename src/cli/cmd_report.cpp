// ekb report: an experiment's terminal table, Markdown and self-contained HTML report, or
// a comparison of two experiments; --paper: the reference design's tables; --json: the
// metrics and the verdict as JSON (for scripts).
#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/table.h"
#include "common/files.h"
#include "common/paths.h"
#include "report/report.h"

namespace ekb {

int cmd_report(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("report"));
    TextTable::set_wide(a.flag("wide"));
    if (a.positional().size() != 1) throw UsageError("give one experiment (a name under ./experiments or a path)");
    int k = static_cast<int>(a.number("k", 1));
    if (k < 1) throw UsageError("--k must be >= 1");
    std::optional<Suite> suite;
    try {
        suite = Suite::load(a.get_or("suite", (ekb_home() / "suite").string()));
    } catch (const std::exception &e) {
        std::cerr << "ekb report: suite not loaded (" << e.what() << "): no roofline\n";
    }
    const Suite *sp = suite ? &*suite : nullptr;
    std::filesystem::path dir = experiment_dir(a.positional()[0]);
    ReportData d = load_report_data(dir, sp, k, a.get_or("peaks", ""), a.get_or("calibration", ""));
    if (a.flag("json")) {
        std::cout << render_json(d).dump(1) << "\n";
        return 0;
    }
    std::filesystem::path out = a.get_or("out", dir.string());
    if (auto other = a.get("compare")) {
        ReportData b = load_report_data(experiment_dir(*other), sp, k, a.get_or("peaks", ""), a.get_or("calibration", ""));
        Comparison c = compare_reports(d, b);
        std::cout << c.text;
        if (!a.flag("no-files")) {
            std::string stem = "compare-" + d.name + "-vs-" + b.name;
            std::filesystem::create_directories(out);
            write_file(out / (stem + ".md"), c.markdown);
            write_file(out / (stem + ".html"), c.html);
            std::cout << "wrote " << (out / (stem + ".md")).string() << " and " << (out / (stem + ".html")).string() << "\n";
        }
        return 0;
    }
    if (a.flag("paper")) {
        PaperView v = render_paper(d);
        std::cout << v.text;
        if (!a.flag("no-files")) {
            std::filesystem::create_directories(out);
            write_file(out / "paper.md", v.markdown);
            write_file(out / "paper.html", v.html);
            std::cout << "wrote " << (out / "paper.md").string() << " and " << (out / "paper.html").string() << "\n";
        }
        return 0;
    }
    std::cout << render_terminal(d);
    if (!a.flag("no-files")) {
        std::filesystem::create_directories(out);
        write_file(out / "report.md", render_markdown(d));
        write_file(out / "report.html", render_html(d));
        std::cout << "wrote " << (out / "report.md").string() << " and " << (out / "report.html").string() << "\n";
    }
    return 0;
}

}  // namespace ekb
