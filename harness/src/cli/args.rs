//! The arguments of a command: its game and its engines, and the validators that turn a bad flag
//! value into exit status 2 with a message at the boundary. The top level is `toplevel.rs`, the
//! subcommands are the table in `commands.rs`, the flags runs share are in `flags.rs`.

use clap::Args;

/// The game of a command: one of the registered games (the registry sets the values and the
/// default at run time, so `--help`, completions and errors list exactly the games it knows).
#[derive(Args, Clone)]
pub struct GameArg {
    /// Which game.
    #[arg(long, short)]
    pub game: String,
}

/// The two engines of a comparison.
#[derive(Args, Clone)]
pub struct PairArgs {
    /// The engine under test (`harness engines` lists them).
    #[arg(long, default_value = "optimized")]
    pub(crate) engine: String,
    /// The trusted engine it is compared with.
    #[arg(long, default_value = "reference")]
    pub(crate) against: String,
}

/// A positive, finite number of seconds.
pub fn seconds(s: &str) -> Result<f64, String> {
    let x: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !x.is_finite() || x <= 0.0 {
        return Err(format!("`{s}`: give a positive number of seconds"));
    }
    if x > 1e9 {
        return Err(format!("`{s}`: more than a billion seconds"));
    }
    Ok(x)
}

/// A whole number of at least 1.
pub fn at_least_one(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err("`0`: give at least 1".into()),
        Ok(x) => Ok(x),
        Err(_) => Err(format!("`{s}` is not a whole number")),
    }
}

/// A whole number of at least 1, as a `u64`.
pub fn at_least_one_u64(s: &str) -> Result<u64, String> {
    at_least_one(s).map(|x| x as u64)
}

/// The most worker threads (diff) or programs at once (judge): far beyond any machine's cores, and
/// below the number of programs the harness can keep track of at once.
pub const MAX_WORKERS: usize = 512;

/// A number of workers, from 1 to `MAX_WORKERS`.
pub fn workers(s: &str) -> Result<usize, String> {
    let x = at_least_one(s)?;
    if x > MAX_WORKERS {
        return Err(format!("`{s}`: at most {MAX_WORKERS}"));
    }
    Ok(x)
}

/// The largest memory limit, in MiB (16 TiB): its count of bytes fits in a u64.
pub const MAX_MEMORY_MB: u64 = 1 << 24;

/// A memory limit in MiB, from 1 to `MAX_MEMORY_MB`.
pub fn memory_mb(s: &str) -> Result<u64, String> {
    let x = at_least_one_u64(s)?;
    if x > MAX_MEMORY_MB {
        return Err(format!("`{s}`: at most {MAX_MEMORY_MB} MiB (16 TiB)"));
    }
    Ok(x)
}

/// A shard `I/K`: the cases `i` with `i % K == I`, with `0 <= I < K`.
pub fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let (i, k) = s
        .split_once('/')
        .ok_or_else(|| format!("`{s}`: expected I/K, for example 0/4"))?;
    let i: u64 = i
        .trim()
        .parse()
        .map_err(|_| format!("`{i}` is not a shard number"))?;
    let k: u64 = k
        .trim()
        .parse()
        .map_err(|_| format!("`{k}` is not a shard count"))?;
    if k == 0 || i >= k {
        return Err(format!("shard {i}/{k}: need 0 <= I < K"));
    }
    Ok((i, k))
}
