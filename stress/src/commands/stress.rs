//! `harness stress`: its flags, and the run — the problem resolved and installed, then the
//! pipeline (`harness::run::pipeline::run`: the saved repros replayed first, the batch, each failure shrunk,
//! saved and only then reported), then the problem's own errors (exit status 2).

use crate::commands::flags::{default_workers, ProblemFlags};
use crate::game::case::Installed;
use crate::game::kind::Stress;
use crate::game::roles::FreshCases;
use crate::game::search;
use crate::programs::problem::{self, CountedBuilds, Flags};
use harness::cli::{Exit, PluginContext};
use harness::run::batch::BatchOptions;
use harness::run::plan::DiffOptions;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub(crate) const ABOUT: &str =
    "Stress-test a solution against a brute force on generated inputs, in any language";

pub(crate) const LONG_ABOUT: &str = "Stress-test a solution against a brute force on generated inputs.\n\n\
    The generator makes each input: --gen CMD gets the case's seed as its last argument; \
    --gen-stream CMD reads random bytes on standard input (docs/stress-protocol.md), so that a \
    failing input shrinks by shrinking the bytes. The reference (the brute force) prints the \
    expected answer; the solution's output is compared token by token, or judged by --checker \
    (testlib's `checker INPUT OUTPUT ANSWER`, exit 0 OK, 1 WA, 2 PE, 3 FAIL; `std::lcmp` and \
    testlib's other standard checkers by name). A CMD is one string \
    split as a shell splits it, or a source file (.cpp, .cc, .c, .rs compiled once; .py run with \
    python3). Every failure is shrunk, saved under --out (the input, the expected and received \
    output, what makes it again) and only then reported; saved repros are replayed first. The \
    last line reads `stress: N cases, M failures, R cases/s`. A Polygon package (a folder with \
    problem.xml) is a problem too; without a solution after `--`, every solution of the package \
    runs against the main one and is judged against its tag (docs/polygon.md). Exit status: 0 all pass, 1 a \
    failure, 2 bad usage or an error of the problem's own programs (a generator failing on a \
    fresh seed, a validator rejecting a generated input, a checker failing).";

/// The flags of `harness stress`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// A seed generator: the case's seed is appended as its last argument.
    #[arg(long, value_name = "CMD")]
    pub gen: Option<String>,
    /// The problem file and the programs given as flags.
    #[command(flatten)]
    pub problem: ProblemFlags,
    /// Number of cases in the whole batch (all shards together) [default: 1000, or no bound
    /// with --time].
    #[arg(long, short = 'n', value_parser = harness::cli::at_least_one_u64)]
    pub cases: Option<u64>,
    /// Batch seed: case i uses the seed derived from (seed, i).
    #[arg(long, short, default_value_t = 1)]
    pub seed: u64,
    /// Cases run at once (default: half again as many as the cores for compiled programs, whose
    /// short runs leave the cores waiting; one a core when a program is a Python script).
    #[arg(long, short, visible_alias = "jobs", value_parser = harness::cli::workers)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub limits: crate::commands::flags::RunLimits,
    /// Stop starting new cases after this many seconds.
    #[arg(long, value_parser = harness::cli::seconds)]
    pub time: Option<f64>,
    /// Keep going until N distinct failures are found (1: stop at the first).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = harness::cli::at_least_one)]
    pub max_failures: usize,
    /// Run only shard I of K (cases i with i % K == I).
    #[arg(long, value_parser = harness::cli::parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Also write the run's report as one JSON document to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Where failures are saved (default: `repros` in the problem's folder, else `stress-repros`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// Seconds allowed for shrinking each failure.
    #[arg(long, default_value_t = 60.0, value_parser = harness::cli::seconds)]
    pub shrink_secs: f64,
    /// Reduce the input text too, without a validator (with one it always is).
    #[arg(long)]
    pub reduce_text: bool,
    /// Do not replay the saved repros first.
    #[arg(long)]
    pub no_replay: bool,
    /// Instead of random cases, every input of a stream generator within bounds, e.g.
    /// `draws<=4,values<=2`: its first 4 draws take every value up to 2, later draws 0 (each
    /// distinct input once).
    #[arg(long, value_name = "EXPR")]
    pub scope: Option<String>,
    /// Build the solution once more with AddressSanitizer, UndefinedBehaviorSanitizer and the
    /// C++ standard library's debug mode, and run it after each case its plain build passes: a
    /// report is a runtime error (`--sanitize all`: the brute force too). C and C++ sources only.
    #[arg(long, value_enum, value_name = "WHICH", num_args = 0..=1, default_missing_value = "solution")]
    pub sanitize: Option<problem::Sanitize>,
    /// Search instead of sampling, over the stream generator's choices. `slow` climbs on the
    /// solution's cost (mutating the costliest inputs found) for an input past the time limit: its
    /// work (basic blocks or lines executed, counted exactly by a build with counters) when it is
    /// a C, C++ or Python source, else its CPU time; every input near the costliest is judged by
    /// the CPU time of the solution's own build. Without a failure, the slowest input found is
    /// saved (docs/stress.md, "Searching for slow
    /// inputs"). `coverage` builds the solution and the brute force with coverage counters (C and
    /// C++; Python runs with line coverage), keeps the inputs that reach new code, puts the
    /// constants the programs compare against into the generator's draws (and, where a draw of an
    /// input gave one of two values its runs compared with each other, the other), and judges
    /// every input it makes, for a wrong answer behind a rare branch (docs/stress.md, "Searching
    /// for a rare branch").
    #[arg(long, value_enum, value_name = "GOAL")]
    pub search: Option<SearchGoal>,
    /// Seconds the search may take.
    #[arg(long, default_value_t = 60.0, value_parser = harness::cli::seconds)]
    pub search_secs: f64,
    /// The solution and its arguments, after `--` (default: the problem file's).
    #[arg(last = true)]
    pub solution: Vec<String>,
}

/// What `--search` looks for.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchGoal {
    /// An input that makes the solution run past its CPU limit, or the slowest one found.
    Slow,
    /// A wrong answer, guided by the coverage of the solution and the brute force.
    Coverage,
}

impl SearchGoal {
    fn goal(self) -> search::Goal {
        match self {
            SearchGoal::Slow => search::Goal::Slow,
            SearchGoal::Coverage => search::Goal::Coverage,
        }
    }
}

/// The batch's cases when `--cases` is not given: `--time` alone bounds the run by its time.
const DEFAULT_CASES: u64 = 1000;

impl Args {
    /// The cases of the whole batch: as given, else with `--time` as many as the time allows,
    /// else the default (1,000).
    pub fn cases(&self) -> u64 {
        match (self.cases, self.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_CASES,
        }
    }
}

/// One stress run: the problem resolved and installed, the pipeline, the problem's own errors;
/// the exit status and the run's summary.
pub(crate) fn run_one(
    args: &Args,
    cx: &PluginContext,
    out: &mut dyn std::io::Write,
) -> Result<(u8, harness::run::summary::Summary), Exit> {
    harness::cli::json_target(&args.json)?;
    let file = args.problem.file()?;
    let flags = Flags {
        gen: args.gen.clone(),
        reduce_text: args.reduce_text,
        sanitize: args.sanitize,
        counters: match args.search {
            Some(SearchGoal::Coverage) => CountedBuilds::Both,
            Some(SearchGoal::Slow) => CountedBuilds::Solution,
            None => CountedBuilds::None,
        },
        ..args.problem.programs.flags(&args.solution, args.limits)
    };
    let problem = problem::resolve_problem(file, &flags)?;
    let out_dir = args.out.clone().unwrap_or_else(|| match &problem.dir {
        Some(dir) => dir.join("repros"),
        None => PathBuf::from("stress-repros"),
    });
    let corpus_dir = problem
        .dir
        .as_ref()
        .map_or_else(|| out_dir.join("tests"), |d| d.join("tests"));
    let mut opts = options(args, out_dir, corpus_dir, cx);
    opts.batch.threads = args.threads.unwrap_or_else(|| default_workers(&problem));
    if problem.generators.first().is_none() {
        manual_only(&problem, &mut opts, out)?;
    }
    for left in &problem.left_out {
        writeln!(
            out,
            "stress: the package's generator `{}` does not build here, left out with the {} \
             script lines that call it: {}",
            left.spec, left.lines, left.why
        )?;
    }
    let stream = matches!(
        problem.generators.first(),
        Some(problem::Generator::Stream(_))
    );
    let installed = Installed::new(problem, Arc::clone(&opts.batch.stop));
    opts.set_listed(Arc::new(FreshCases::new(&installed, &opts.batch)));
    harness::cli::stop_on_interrupt(Arc::clone(&opts.batch.stop));
    if let Some(expr) = &args.scope {
        if !stream {
            return Err(Exit(
                2,
                "--scope enumerates a stream generator: give --gen-stream".into(),
            ));
        }
        scope_source(expr, &installed, &mut opts, out)?;
    }
    let figures = match args.search {
        Some(goal) => Some(search_source(
            args, goal, &installed, &mut opts, stream, out,
        )?),
        None => None,
    };
    let pair = crate::game::engines::pair(&installed);
    let unit = harness::render::report::Unit::Cases;
    let bar = harness::cli::progress_for("stress", unit, opts.batch.shard_cases(), args.quiet);
    let summary = harness::run::pipeline::run::<Stress>(&opts, &pair, &*bar, out)?;
    drop(bar);
    match &figures {
        Some(search) => harness::cli::write_json(
            &args.json,
            &Searched {
                summary: &summary,
                search,
            },
        )?,
        None => harness::cli::write_json(&args.json, &summary)?,
    }
    let code = problem_errors(&installed, &summary, out)?;
    Ok((code, summary))
}

/// A package with manual tests and no generator: its manual tests are the run's cases (as many as
/// `--cases` allows), and a line says so.
fn manual_only(
    problem: &problem::Problem,
    opts: &mut DiffOptions<Stress>,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let manual = problem.manual.len() as u64;
    opts.batch.cases = opts.batch.cases.min(manual);
    writeln!(
        out,
        "stress: the package has no generator: its {manual} manual tests are the cases \
         (fresh inputs need a generator in the package)"
    )
}

/// Runs the search for `goal` and makes what it found the run's cases.
fn search_source(
    args: &Args,
    goal: SearchGoal,
    installed: &Arc<Installed>,
    opts: &mut DiffOptions<Stress>,
    stream: bool,
    out: &mut dyn std::io::Write,
) -> Result<search::Figures, Exit> {
    if !stream {
        return Err(Exit(
            2,
            "--search mutates a stream generator's choices: give --gen-stream \
             (docs/stress-protocol.md)"
                .into(),
        ));
    }
    let search_opts = search::SearchOptions {
        budget: Duration::from_secs_f64(args.search_secs),
        seed: args.seed,
        threads: opts.batch.threads,
        pool: 16,
        goal: goal.goal(),
    };
    let note = |line: &str| {
        if !args.quiet {
            eprintln!("{line}");
        }
    };
    let found = search::search(installed, &search_opts, &note);
    let figures = found.figures(installed.problem.limits.cpu);
    if goal == SearchGoal::Coverage {
        writeln!(
            out,
            "search coverage: {} inputs probed ({} refused by the generator or validator) in \
             {:.1} s; corpus {}, {} edges reached, {} constants compared against{}",
            figures.probed,
            figures.refused,
            figures.elapsed_secs,
            figures.pool,
            figures.edges,
            figures.constants,
            if figures.failed {
                "; a failing input found"
            } else {
                ""
            }
        )?;
    } else {
        slow_said(&figures, out)?;
        slowest_saved(&found, installed, &opts.out_dir, args.seed, out)?;
    }
    let listed = search::Listed::new(&found, installed, args.seed);
    opts.batch.cases = harness::run::cases::Cases::<Stress>::len(&listed);
    opts.set_listed(Arc::new(listed));
    Ok(figures)
}

/// The slow search's line: what it probed, what it climbed on, and the slowest input's cost
/// against the limit.
fn slow_said(figures: &search::Figures, out: &mut dyn std::io::Write) -> Result<(), Exit> {
    let work = figures.slowest_work.map_or(String::new(), |w| {
        format!(", the costliest executed {w} blocks or lines")
    });
    let climbed = match figures.cost {
        search::Climbed::Work => format!(
            "climbed on the solution's work (basic blocks or lines executed, counted exactly by \
             its build with counters){work}; it"
        ),
        search::Climbed::WorkThenCpuTime => "climbed on the solution's work (counted by its \
             build with counters) while inputs were cheap, then on CPU time; the costliest"
            .to_string(),
        search::Climbed::CpuTime => "climbed on CPU time (the solution has no build with \
             counters: not a C, C++ or Python source); the costliest"
            .to_string(),
    };
    writeln!(
        out,
        "search slow: {} inputs probed ({} refused by the generator or validator) in {:.1} s; \
         {climbed} used {} ms of CPU, {:.0}% of the {} ms limit",
        figures.probed,
        figures.refused,
        figures.elapsed_secs,
        figures.slowest_ms,
        figures.share_of_limit * 100.0,
        figures.limit_ms
    )?;
    Ok(())
}

/// The run's JSON report with the search's figures beside the summary's keys.
#[derive(serde::Serialize)]
struct Searched<'a> {
    #[serde(flatten)]
    summary: &'a harness::run::summary::Summary,
    search: &'a search::Figures,
}

/// When no probe failed, the slowest input the search found is saved
/// (`stress-search-slow-SEED-slowest.in`, its stream beside it as `.bin`; SEED the search's, so
/// that another search's does not overwrite it) and then said: the anti-test, even without a
/// failure. A failing one is the pipeline's, shrunk and saved as a repro.
fn slowest_saved(
    found: &search::Found,
    installed: &Arc<Installed>,
    out_dir: &std::path::Path,
    seed: u64,
    out: &mut dyn std::io::Write,
) -> Result<(), Exit> {
    let Some(slowest) = found.slowest().filter(|p| !p.failed) else {
        return Ok(());
    };
    let case = crate::game::case::Case::probe(
        installed,
        crate::game::case::Source::Stream(slowest.stream.clone()),
    );
    let Ok(input) = case.input() else {
        return Ok(());
    };
    let family = format!("search-{}", found.goal.name());
    let stem =
        harness::render::corpus::name(<Stress as harness::roles::Format>::NAME, &family, seed);
    let path = out_dir.join(format!("{stem}-slowest.in"));
    std::fs::create_dir_all(out_dir)
        .and_then(|()| std::fs::write(&path, input))
        .and_then(|()| std::fs::write(path.with_extension("bin"), &slowest.stream))
        .map_err(|e| Exit(2, format!("cannot save {}: {e}", path.display())))?;
    let limit = installed.problem.limits.cpu;
    writeln!(
        out,
        "slowest input: {} ({} ms, {:.0}% of the limit; its stream {})",
        path.display(),
        slowest.cost.as_millis(),
        search::share(slowest.cost, limit) * 100.0,
        path.with_extension("bin").display()
    )?;
    Ok(())
}

/// Makes every input of the scope `expr` the run's cases, and says how many there are.
fn scope_source(
    expr: &str,
    installed: &Arc<Installed>,
    opts: &mut DiffOptions<Stress>,
    out: &mut dyn std::io::Write,
) -> Result<(), Exit> {
    let bounds = crate::game::scope::parse(expr).map_err(|e| Exit(2, format!("--scope {e}")))?;
    let listed = crate::game::scope::enumerate(installed, expr, bounds)
        .map_err(|e| Exit(2, format!("the scope `{expr}` cannot be enumerated: {e}")))?;
    writeln!(
        out,
        "scope {expr}: {} choice sequences ({} probe runs), {} distinct inputs",
        listed.sequences,
        listed.probes,
        listed.streams.len()
    )?;
    opts.batch.cases = listed.streams.len() as u64;
    opts.batch.digest = true;
    opts.set_listed(Arc::new(listed));
    Ok(())
}

/// The run's plan from the flags.
fn options(
    args: &Args,
    out_dir: PathBuf,
    corpus_dir: PathBuf,
    cx: &PluginContext,
) -> DiffOptions<Stress> {
    let mut batch = BatchOptions::new::<Stress>(args.cases(), args.seed);
    batch.shard = args.shard.unwrap_or((0, 1));
    batch.max_failures = args.max_failures;
    batch.time = args.time.map(Duration::from_secs_f64);
    let mut opts = DiffOptions::<Stress>::new(batch, out_dir);
    opts.corpus_dir = corpus_dir;
    opts.shrink_budget = Duration::from_secs_f64(args.shrink_secs);
    opts.set_saved_first(!args.no_replay);
    opts.colour = cx.colour;
    opts.program = cx.program.to_string();
    opts.command = Some("stress");
    opts
}

/// Exit status 2 with the problem's own error (a generator or validator on a fresh case, a
/// checker's failure), after what was found is saved and reported; else the run's status.
pub(crate) fn problem_errors(
    installed: &Installed,
    summary: &harness::run::summary::Summary,
    out: &mut dyn std::io::Write,
) -> Result<u8, Exit> {
    let _ = out.flush();
    if let Some(why) = installed.error.lock().ok().and_then(|e| e.clone()) {
        return Err(Exit(2, format!("the problem's programs failed {why}")));
    }
    let checker = summary.failures_found.iter().find(|r| {
        r.kind == harness::prelude::Kind::Trusted && r.side == Some(harness::prelude::Side::Judge)
    });
    if let Some(r) = checker {
        let saved = r
            .repro
            .as_ref()
            .map_or("not saved".into(), |p| p.display().to_string());
        return Err(Exit(
            2,
            format!(
                "the checker failed on case {}: {} (repro {saved})",
                r.index, r.what
            ),
        ));
    }
    Ok(harness::cli::status(summary))
}
