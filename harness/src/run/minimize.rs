//! Minimizing a found failure: the still-fails predicate (with its hang fallback and the relative
//! limit of a judged program's hangs), the shrink, the bisection of the shrink's trail when the
//! shrunk case passes under the program's own limit, and the explain phase (the module doc of
//! [`crate::run::pipeline`] says how hangs are shrunk).

use crate::roles::engine::{Engine, Output, Relimit};
use crate::roles::game::Game;
use crate::roles::oracle::{bounded, catching, Pair};
use crate::roles::verdict::Explanation;
use crate::roles::verdict::Failure;
use crate::roles::verdict::Side;
use crate::roles::verdict::{Fault, Kind};
use crate::run::batch::Progress;
use crate::run::explain;
use crate::run::limits::{Limits, RELATIVE_LIMIT};
use crate::run::plan::DiffOptions;
use crate::run::shrink;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The explain phase gets what is left of the shrink budget, within these bounds.
const EXPLAIN_MIN: Duration = Duration::from_secs(2);
const EXPLAIN_MAX: Duration = Duration::from_secs(30);

/// A failure made small: the case, its own failure, how the shrink went, and what it explained.
pub(crate) struct Minimized<C> {
    pub(crate) case: C,
    pub(crate) failure: Failure,
    pub(crate) steps: usize,
    pub(crate) tries: usize,
    /// Neither the budget, an interrupt nor a hang cut the shrink short.
    pub(crate) complete: bool,
    pub(crate) explained: Option<Explanation>,
}

/// Whether a candidate still fails the way the original did.
struct StillFails<'a, G: Game> {
    opts: &'a DiffOptions<G>,
    pair: &'a Pair<G>,
    original: &'a Failure,
    signature: &'a str,
    /// A judged program's hang: candidates under a limit relative to the trusted engine's time.
    relimit: Option<&'a Relimit<G>>,
    in_process: bool,
    /// A candidate hung an in-process engine: from then on the engine runs out of process.
    hung: AtomicBool,
    outside: OnceLock<Option<Pair<G>>>,
}

impl<G: Game> StillFails<'_, G> {
    /// With several signatures looked for, the same signature (two shrinks must not end at the
    /// same bug); else, and once the engine runs out of process (where a panic is an exit
    /// status), the same kind of failure of the same engine.
    fn keeps(&self, f: &Failure, outside: bool) -> bool {
        if self.opts.batch.max_failures > 1 && !outside {
            f.signature() == self.signature
        } else {
            f.same_kind(self.original)
        }
    }

    fn fails(&self, c: &G::Case) -> bool {
        if self.opts.batch.stop.load(Relaxed) {
            return false;
        }
        if let Some(relimit) = self.relimit {
            return fails_relative(self.pair, relimit, c, |f| self.keeps(f, false));
        }
        if !self.in_process {
            return self.pair.failure(c).is_some_and(|f| self.keeps(&f, false));
        }
        let limit = self.opts.batch.limits().wall::<G>(c);
        let (p, out) = if self.hung.load(Relaxed) {
            let isolated = || isolated_pair(self.opts, self.pair, self.original);
            match self.outside.get_or_init(isolated) {
                Some(p) => (p.clone(), true),
                None => return false,
            }
        } else {
            (self.pair.clone(), false)
        };
        let candidate = c.clone();
        match bounded(limit, move || p.failure(&candidate)) {
            Some(f) => f.is_some_and(|f| self.keeps(&f, out)),
            None => {
                self.hung.store(true, Relaxed);
                false
            }
        }
    }

    /// A hang stopped the shrink: no way to run the engine out of process.
    fn stopped_by_hang(&self) -> bool {
        self.hung.load(Relaxed) && !matches!(self.outside.get(), Some(Some(_)))
    }
}

/// Shrinks `case` (which fails with `original`, of `signature`) through `spair` within the
/// run's shrink budget, then explains the shrunk case.
pub(crate) fn minimize<G: Game>(
    opts: &DiffOptions<G>,
    spair: &Pair<G>,
    case: &G::Case,
    original: &Failure,
    signature: &str,
    progress: &dyn Progress,
) -> Minimized<G::Case> {
    let started = Instant::now();
    // With two in-process engines, a candidate runs under the batch's time limit (doubled:
    // wall-clock time on a loaded machine), on a thread of its own. A smaller case that hangs an
    // engine cannot be stopped (its thread is left behind), so from then on the engine under test
    // runs out of process (`isolate`), where a hang is only a rejected candidate; without a way to
    // isolate it the shrink stops at the smallest case so far. A program has limits of its own,
    // and a hang is shrunk out of process; a judged program's hang under a limit relative to the
    // trusted engine's time.
    let in_process = !spair.a.isolated() && !spair.b.isolated();
    let relimit = opts.relimit.as_ref().filter(|_| {
        original.kind == Kind::TimeLimit
            && !spair.a.isolated()
            && spair.b.isolated()
            && original.side == Some(Side::UnderTest)
    });
    let pred = StillFails {
        opts,
        pair: spair,
        original,
        signature,
        relimit,
        in_process,
        hung: AtomicBool::new(false),
        outside: OnceLock::new(),
    };
    // A judged program's candidates run `threads` (`--jobs`) at once.
    let pool = if !spair.b.traces() {
        rayon::ThreadPoolBuilder::new()
            .num_threads(opts.batch.threads.max(1))
            .thread_name(|i| format!("shrink-{i}"))
            .build()
            .ok()
    } else {
        None
    };
    let install = |f: &mut (dyn FnMut() + Send)| match &pool {
        Some(pool) => pool.install(f),
        None => f(),
    };
    let mut m = shrink_phase(&pred, case, install, progress);
    progress.note(&format!(
        "shrunk in {:.1} s ({} steps, {} candidates)",
        started.elapsed().as_secs_f64(),
        m.steps,
        m.tries
    ));
    // The explain phase: which parts of the repro can take other values and still fail the same
    // way. Not for hangs (every failing variant would cost a time limit), nor after a shrink cut
    // short by an interrupt or a hang.
    let stop = &opts.batch.stop;
    if original.kind != Kind::TimeLimit && !stop.load(Relaxed) && !pred.stopped_by_hang() {
        let left = opts
            .shrink_budget
            .saturating_sub(started.elapsed())
            .clamp(EXPLAIN_MIN, EXPLAIN_MAX);
        let mut e = None;
        install(&mut || e = Some(explain::explain::<G>(&m.case, |c| pred.fails(c), left)));
        m.explained = e.filter(|e| e.parts > 0 && !stop.load(Relaxed));
    }
    m
}

/// The shrink itself, and the shrunk case's own failure (after a relative shrink, under the
/// program's own limit: the trail is bisected when the shrunk case passes there).
fn shrink_phase<G: Game>(
    pred: &StillFails<'_, G>,
    case: &G::Case,
    install: impl Fn(&mut (dyn FnMut() + Send)),
    progress: &dyn Progress,
) -> Minimized<G::Case> {
    // The cases the shrink moved to, in order (for a relative shrink, to step back).
    let mut trail: Vec<G::Case> = Vec::new();
    let traced = pred.relimit.is_some();
    let mut s = None;
    install(&mut || {
        s = Some(shrink::shrink_traced::<G>(
            case.clone(),
            |c| pred.fails(c),
            pred.opts.shrink_budget,
            |c| {
                if traced {
                    trail.push(c.clone());
                }
            },
        ))
    });
    let Some(s) = s else {
        unreachable!("install runs its function")
    };
    if pred.stopped_by_hang() {
        progress.note(
            "a smaller case ran past its time limit while shrinking (another failure?): \
             the shrink stops at the smallest case so far",
        );
    } else if pred.hung.load(Relaxed) {
        progress.note(
            "a smaller case ran past its time limit while shrinking (another failure?): \
             the rest of the shrink ran the engine under test out of process",
        );
    }
    let stop = &pred.opts.batch.stop;
    let mut m = Minimized {
        complete: !s.timed_out && !stop.load(Relaxed) && !pred.stopped_by_hang(),
        case: s.case,
        failure: pred.original.clone(),
        steps: s.steps,
        tries: s.tries,
        explained: None,
    };
    if m.steps > 0 {
        match pred.pair.failure(&m.case).filter(|f| pred.keeps(f, false)) {
            Some(f) => m.failure = f,
            None if traced => bisect(pred, case, &trail, &mut m, progress),
            None => {}
        }
    }
    m
}

/// Slow there, not hung: the last case of the shrink's trail that runs past the program's own
/// limit (the cases shrink in order: a bisection of the trail).
fn bisect<G: Game>(
    pred: &StillFails<'_, G>,
    case: &G::Case,
    trail: &[G::Case],
    m: &mut Minimized<G::Case>,
    progress: &dyn Progress,
) {
    let (mut lo, mut hi) = (0usize, trail.len());
    let mut kept: Option<Failure> = None;
    while lo + 1 < hi && !pred.opts.batch.stop.load(Relaxed) {
        let mid = (lo + hi) / 2;
        match pred
            .pair
            .failure(&trail[mid - 1])
            .filter(|f| pred.keeps(f, false))
        {
            Some(f) => {
                lo = mid;
                kept = Some(f);
            }
            None => hi = mid,
        }
    }
    // `lo` steps of the trail still fail under the program's own limit.
    progress.note(&format!(
        "the shrunk case ran past {RELATIVE_LIMIT} times {}'s time but not the program's own \
         limit: reported the last of {lo} steps that runs past it",
        pred.pair.a.name(),
    ));
    m.steps = lo;
    m.complete = false;
    m.case = if lo == 0 {
        case.clone()
    } else {
        trail[lo - 1].clone()
    };
    if let Some(f) = kept {
        m.failure = f;
    }
}

/// The predicate that keeps the shrinker on the original failure, and the pair it runs: for a
/// hang, the hung engine out of process (`None` when it cannot be, or when the generator or the
/// comparison hung: nothing to re-run out of process).
pub(crate) fn shrink_pair<G: Game>(
    opts: &DiffOptions<G>,
    pair: &Pair<G>,
    f: &Failure,
) -> Option<Pair<G>> {
    if f.kind != Kind::TimeLimit {
        return Some(pair.clone());
    }
    match f.side {
        Some(Side::Trusted | Side::UnderTest) => isolated_pair(opts, pair, f),
        _ => None,
    }
}

/// The pair with its engine under test run out of process (`None` when it cannot be): the engine
/// of the failure's side, else the second. For a hang, and for a crash or a mismatch once a smaller
/// case has hung the engine in process.
/// A crash stays a crash (a panic is a non-zero exit); a mismatch is then judged on answers.
fn isolated_pair<G: Game>(opts: &DiffOptions<G>, pair: &Pair<G>, f: &Failure) -> Option<Pair<G>> {
    let target = f.side.unwrap_or(Side::UnderTest);
    let twin = |e: &Arc<dyn Engine<G>>, side: Side| -> Option<Arc<dyn Engine<G>>> {
        if side == target && !e.isolated() {
            opts.isolate.as_ref().and_then(|iso| iso(e.name()))
        } else {
            Some(Arc::clone(e))
        }
    };
    Some(Pair::new(
        twin(&pair.a, Side::Trusted)?,
        twin(&pair.b, Side::UnderTest)?,
    ))
}

/// An engine that gives an answer already computed: the trusted engine's, timed once.
struct Known<G: Game> {
    name: String,
    output: Output<G::Outcome>,
}

impl<G: Game> Engine<G> for Known<G> {
    fn name(&self) -> &str {
        &self.name
    }
    fn run(&self, _case: &G::Case, _trace: bool) -> Result<Output<G::Outcome>, Fault> {
        Ok(self.output.clone())
    }
}

/// Whether `case` still fails under a relative limit: the trusted engine `pair.a` runs it (timed),
/// then the program under a CPU-time limit of [`RELATIVE_LIMIT`] times that, at least
/// [`crate::run::limits::RELATIVE_FLOOR`] and at most its own; `keeps` says whether the failure is the
/// one shrunk.
fn fails_relative<G: Game>(
    pair: &Pair<G>,
    relimit: &Relimit<G>,
    case: &G::Case,
    keeps: impl Fn(&Failure) -> bool,
) -> bool {
    let started = Instant::now();
    let trusted = match catching(|| pair.a.run(case, true)) {
        Ok(Ok(output)) => output,
        // The trusted engine failing is not the failure being shrunk.
        _ => return false,
    };
    let limit = Limits::relative_to(started.elapsed());
    let known: Arc<dyn Engine<G>> = Arc::new(Known::<G> {
        name: pair.a.name().to_string(),
        output: trusted,
    });
    Pair::new(known, relimit(case, limit))
        .failure(case)
        .is_some_and(|f| keeps(&f))
}
