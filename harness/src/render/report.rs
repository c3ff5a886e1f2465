//! Human-readable reports: divergences with both views side by side (differing cells in red on a
//! terminal), coverage tables, and the files written for a saved case.

use crate::roles::verdict::{Divergence, Names};
use std::fmt::Write as _;

const RED: &str = "\x1b[1;31m";
const RESET: &str = "\x1b[0m";

/// Pads `s` to `width` visible characters.
fn pad(s: &str, width: usize) -> String {
    let len = s.chars().count();
    format!("{s}{}", " ".repeat(width.saturating_sub(len)))
}

/// Marks the whitespace-separated tokens of `line` that differ from the same token of `other`.
fn highlight(line: &str, other: &str, colour: bool) -> String {
    if !colour || line == other {
        return line.to_string();
    }
    let theirs: Vec<&str> = other.split_whitespace().collect();
    let mut out = String::new();
    let mut index = 0;
    let mut rest = line;
    while !rest.is_empty() {
        let ws = rest.len() - rest.trim_start().len();
        out.push_str(&rest[..ws]);
        rest = &rest[ws..];
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..len];
        if !token.is_empty() {
            if theirs.get(index) == Some(&token) {
                out.push_str(token);
            } else {
                let _ = write!(out, "{RED}{token}{RESET}");
            }
            index += 1;
        }
        rest = &rest[len..];
    }
    out
}

/// The divergence as text: where, what, and both views (side by side when they fit in 160 columns),
/// headed by the two engines' names.
pub fn divergence(d: &Divergence, names: Names<'_>, colour: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "first difference at {}: {}", d.at, d.what);
    let left: Vec<&str> = d.a_view.lines().collect();
    let right: Vec<&str> = d.b_view.lines().collect();
    let width = left
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(names.a.chars().count());
    let other_width = right.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    if width + other_width + 3 <= 160 {
        let _ = writeln!(out, "{} | {}", pad(names.a, width), names.b);
        for i in 0..left.len().max(right.len()) {
            let (a, b) = (
                left.get(i).copied().unwrap_or(""),
                right.get(i).copied().unwrap_or(""),
            );
            let _ = writeln!(
                out,
                "{} | {}",
                pad(a, width).replacen(a, &highlight(a, b, colour), 1),
                highlight(b, a, colour)
            );
        }
    } else {
        let _ = writeln!(out, "{}:", names.a);
        for (i, a) in left.iter().enumerate() {
            let _ = writeln!(
                out,
                "{}",
                highlight(a, right.get(i).copied().unwrap_or(""), colour)
            );
        }
        let _ = writeln!(out, "{}:", names.b);
        for (i, b) in right.iter().enumerate() {
            let _ = writeln!(
                out,
                "{}",
                highlight(b, left.get(i).copied().unwrap_or(""), colour)
            );
        }
    }
    out
}

/// The coverage table: how many cases reached each rule, and the rules never reached.
pub fn coverage(keys: &[&str], counts: &[u64], cases: u64) -> String {
    let mut out = String::from("rule coverage (cases that reached each rule):\n");
    let width = keys.iter().map(|k| k.len()).max().unwrap_or(0);
    for (k, &c) in keys.iter().zip(counts) {
        let pct = if cases == 0 {
            0.0
        } else {
            100.0 * c as f64 / cases as f64
        };
        let _ = writeln!(out, "  {} {:>10} {:>6.2}%", pad(k, width), c, pct);
    }
    let missed: Vec<&str> = keys
        .iter()
        .zip(counts)
        .filter(|&(_, &c)| c == 0)
        .map(|(k, _)| *k)
        .collect();
    if missed.is_empty() {
        out.push_str("  every rule was reached\n");
    } else {
        let _ = writeln!(out, "  never reached: {}", missed.join(", "));
    }
    out
}

/// `n` things in words: `1 case`, `2 cases`, `0 distinct failures` (`noun` is the singular, its
/// plural takes an `s`). Every count the run's text prints goes through here.
pub fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A whole number with its thousands grouped: `746,768`.
pub(crate) fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// What a progress display counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Cases of a batch.
    Cases,
    /// Indices of a scope, the skipped ones included.
    Indices,
}

impl Unit {
    /// The word for it, plural.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Unit::Cases => "cases",
            Unit::Indices => "indices",
        }
    }
}

/// A progress bar on standard error for `len` `unit`s with their rate and ETA; hidden when `show`
/// is false (indicatif also hides it when standard error is not a terminal).
pub(crate) fn progress_bar(len: u64, unit: Unit, show: bool) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    if !show {
        return ProgressBar::hidden();
    }
    let unit = unit.word();
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr_with_hz(8));
    let template = format!(
        "{{spinner}} {{elapsed_precise}} [{{wide_bar}}] {{human_pos}}/{{human_len}} {unit}, \
         {{rate}}, eta {{eta}} {{msg}}"
    );
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            move |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} {unit}/s", state.per_sec());
            },
        );
    bar.set_style(style);
    bar
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_are_grouped() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(999), "999");
        assert_eq!(super::grouped(1000), "1,000");
        assert_eq!(super::grouped(746_768), "746,768");
        assert_eq!(super::grouped(12_486_126_268), "12,486,126,268");
    }

    use super::*;

    #[test]
    fn counts_are_singular_for_one_only() {
        assert_eq!(count(0, "case"), "0 cases");
        assert_eq!(count(1, "case"), "1 case");
        assert_eq!(count(2, "distinct failure"), "2 distinct failures");
    }

    #[test]
    fn only_differing_tokens_are_red() {
        let s = highlight("1 2 3", "1 5 3", true);
        assert_eq!(s, format!("1 {RED}2{RESET} 3"));
        assert_eq!(highlight("1 2 3", "1 5 3", false), "1 2 3");
    }

    #[test]
    fn views_sit_side_by_side() {
        let d = Divergence {
            at: crate::roles::verdict::At::Event("operation 2, round 1".into()),
            event: crate::roles::difference::Difference::named("removed cells differ"),
            what: "removed cells differ".into(),
            a_view: "a b\nc d".into(),
            b_view: "a x\nc d".into(),
            context: serde_json::Value::Null,
        };
        let text = divergence(&d, Names::default(), false);
        assert!(
            text.starts_with("first difference at operation 2, round 1: removed cells differ\n")
        );
        assert!(text.contains("a b       | a x"), "{text}");
    }

    #[test]
    fn coverage_names_missed_rules() {
        let t = coverage(&["x", "y"], &[3, 0], 4);
        assert!(t.contains("75.00%"));
        assert!(t.contains("never reached: y"));
    }
}
