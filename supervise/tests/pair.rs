//! Two programs connected to each other (`execute_pair`): they talk, and a pair that hangs,
//! floods, forks or runs out of memory is stopped with nothing left running.

use std::time::{Duration, Instant};
use supervise::{execute_pair, Ending, Limit, Limits};

fn sh(script: &str) -> Vec<String> {
    vec!["sh".into(), "-c".into(), script.into()]
}

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

/// A word unique to this test, to find its processes by their command line.
fn marker(name: &str) -> String {
    format!("pair-{name}-{}", std::process::id())
}

/// The processes whose command line holds `marker`.
fn left_with(marker: &str) -> Vec<String> {
    let mut left = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            if cmdline
                .windows(marker.len())
                .any(|w| w == marker.as_bytes())
            {
                left.push(name);
            }
        }
    }
    left
}

#[test]
fn the_two_programs_talk_through_each_others_standard_streams() {
    let limits = Limits::from_cpu(secs(2.0));
    let asker = sh("echo 41; read x; echo \"got $x\" >&2");
    let answerer = sh("read x; echo $((x + 1)); echo done >&2");
    let (a, b) = execute_pair((&asker, &limits), (&answerer, &limits)).unwrap();
    assert!(a.success() && b.success(), "{a:?} {b:?}");
    assert_eq!(String::from_utf8_lossy(&a.stderr).trim(), "got 42");
    assert_eq!(String::from_utf8_lossy(&b.stderr).trim(), "done");
    assert!(a.stdout.is_empty() && b.stdout.is_empty());
}

#[test]
fn a_pair_waiting_for_each_other_is_stopped_at_the_wall_guard() {
    let limits = Limits::from_cpu(secs(0.2)).with_wall(secs(1.0));
    let waiter = sh("read x");
    let start = Instant::now();
    let (a, b) = execute_pair((&waiter, &limits), (&waiter, &limits)).unwrap();
    for e in [&a, &b] {
        assert_eq!(e.limit, Some(Limit::Wall), "{e:?}");
        assert_eq!(e.ending, Ending::Killed, "{e:?}");
    }
    assert!(start.elapsed() < secs(5.0), "took {:?}", start.elapsed());
}

#[test]
fn when_one_side_ends_the_other_is_stopped_and_nothing_either_started_is_left() {
    let (ma, mb) = (marker("ends-a"), marker("ends-b"));
    let limits = Limits::from_cpu(secs(5.0));
    let first = sh(&format!("(setsid sh -c 'sleep 30; :' {ma} &); echo hi"));
    let second = sh(&format!("read x; (sh -c 'sleep 30; :' {mb} &); sleep 30"));
    let start = Instant::now();
    let (a, b) = execute_pair((&first, &limits), (&second, &limits)).unwrap();
    assert!(a.success(), "{a:?}");
    assert_eq!(b.ending, Ending::Killed, "{b:?}");
    assert_eq!(
        b.limit, None,
        "stopped for its partner, not for a limit: {b:?}"
    );
    assert!(!b.interrupted, "{b:?}");
    assert!(start.elapsed() < secs(4.0), "took {:?}", start.elapsed());
    assert!(left_with(&ma).is_empty() && left_with(&mb).is_empty());
}

#[test]
fn a_side_flooding_its_partner_is_stopped_at_its_cpu_limit() {
    let limits = Limits::from_cpu(secs(0.3)).with_wall(secs(10.0));
    let flood = vec!["yes".to_string()];
    let sink = sh("cat > /dev/null");
    let start = Instant::now();
    let (a, b) = execute_pair((&flood, &limits), (&sink, &limits)).unwrap();
    assert!(
        a.limit == Some(Limit::Cpu) || b.limit == Some(Limit::Cpu),
        "{a:?} {b:?}"
    );
    assert!(!a.success(), "{a:?}");
    assert!(start.elapsed() < secs(8.0), "took {:?}", start.elapsed());
}

#[test]
fn a_side_over_its_memory_limit_gets_the_memory_verdict() {
    let hog = vec![
        "python3".to_string(),
        "-c".to_string(),
        "import time\nb = b'x' * (400 << 20)\ntime.sleep(5)".to_string(),
    ];
    let hog_limits = Limits::from_cpu(secs(5.0)).with_memory(100 << 20);
    let reader = sh("cat > /dev/null");
    let limits = Limits::from_cpu(secs(5.0));
    let (a, b) = execute_pair((&hog, &hog_limits), (&reader, &limits)).unwrap();
    assert_eq!(a.limit, Some(Limit::Memory), "{a:?}");
    assert_eq!(a.ending, Ending::Killed, "{a:?}");
    assert!(b.success(), "its input ended with its partner: {b:?}");
}

#[test]
fn a_side_that_cannot_start_is_an_error_and_the_other_is_stopped() {
    let m = marker("nostart");
    let limits = Limits::from_cpu(secs(5.0));
    let first = sh(&format!("sh -c 'sleep 30; :' {m}"));
    let missing = vec!["/no/such/program".to_string()];
    let start = Instant::now();
    let err = execute_pair((&first, &limits), (&missing, &limits)).unwrap_err();
    assert!(format!("{err:#}").contains("cannot start"), "{err:#}");
    assert!(start.elapsed() < secs(4.0), "took {:?}", start.elapsed());
    assert!(left_with(&m).is_empty());
}
