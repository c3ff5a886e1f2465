//! What a person watching a run sees: a bar on a terminal, plain lines in a log, nothing with
//! `--quiet`; and the link from Ctrl-C to the run's stop flag.

use crate::render::report::{self, Unit};
use crate::run::batch::Progress;
use std::io::IsTerminal as _;
use std::sync::Arc;
use std::time::Duration;

/// The progress bar of a batch on a terminal.
struct Bar(indicatif::ProgressBar);

impl Progress for Bar {
    fn update(&self, done: u64, total: u64, failed: u64) {
        self.0.set_length(total);
        self.0.set_position(done);
        if failed > 0 {
            self.0
                .set_message(format!("{failed} failing; finishing the cases under way"));
        }
    }
    fn note(&self, line: &str) {
        self.0.set_message(line.to_string());
        self.0.println(line);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

/// Progress when standard error is not a terminal: a plain line every few seconds, so a long run
/// redirected to a log is never silent for minutes.
struct Lines {
    game: &'static str,
    /// What is counted.
    unit: Unit,
    start: std::time::Instant,
    last: std::sync::Mutex<std::time::Instant>,
    every: Duration,
}

impl Lines {
    fn new(game: &'static str, unit: Unit, every: Duration) -> Self {
        let now = std::time::Instant::now();
        Lines {
            game,
            unit,
            start: now,
            last: std::sync::Mutex::new(now),
            every,
        }
    }
}

impl Progress for Lines {
    fn update(&self, done: u64, total: u64, failed: u64) {
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.elapsed() < self.every {
            return;
        }
        *last = std::time::Instant::now();
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        note!(
            "{}: {done}/{total} {unit} ({:.1}%), {failed} failing, {:.0} {unit}/s, {:.0} s",
            self.game,
            100.0 * done as f64 / total.max(1) as f64,
            done as f64 / secs,
            secs,
            unit = self.unit.word()
        );
    }
    fn note(&self, line: &str) {
        note!("{line}");
    }
}

/// No progress at all (--quiet).
struct Quiet;

impl Progress for Quiet {
    fn update(&self, _: u64, _: u64, _: u64) {}
}

/// The progress display for a run of `total` `unit`s: a bar on a terminal, plain lines in a log,
/// nothing with --quiet.
pub fn progress_for(game: &'static str, unit: Unit, total: u64, quiet: bool) -> Box<dyn Progress> {
    if quiet {
        Box::new(Quiet)
    } else if std::io::stderr().is_terminal() {
        Box::new(Bar(report::progress_bar(total, unit, true)))
    } else {
        Box::new(Lines::new(game, unit, Duration::from_secs(5)))
    }
}

/// Connects Ctrl-C and SIGTERM to a run: the batch stops starting cases, running programs are
/// stopped (their results are no verdicts), and what was found is still saved and reported.
///
/// Only runs that watch the flag install the handlers: every other command keeps the default
/// action, so that one Ctrl-C ends it at once rather than being recorded and ignored.
pub fn stop_on_interrupt(stop: Arc<std::sync::atomic::AtomicBool>) {
    if let Err(e) = crate::run::interrupt::install() {
        note!("warning: Ctrl-C will not stop runs cleanly: {e}");
    }
    let _ = std::thread::Builder::new()
        .name("interrupt-watch".into())
        .spawn(move || loop {
            if crate::run::interrupt::interrupted() {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
                crate::programs::process::kill_all();
                return;
            }
            std::thread::sleep(Duration::from_millis(25));
        });
}
