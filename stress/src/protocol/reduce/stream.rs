//! Reducing the byte stream of a stream generator, the way Hypothesis reduces its choices: the
//! input is generated again from every candidate, so every candidate is a valid input.
//!
//! With the generator's tape, the passes work on whole draws (deleting half a draw would shift
//! every later draw): trim to the bytes read, the spans the generator marked (a count lowered with
//! the spans it counts, a span deleted or replaced by a descendant: `super::spans`), delete runs
//! of draws, zero runs of draws, lower each
//! draw's value (to 0, to half, minus one; re-encoded in place with the same byte count), lower
//! single bytes, and last delete single bytes of wide draws (which shifts the later draws).
//! Without a tape, the same passes work on bytes.
//!
//! Every candidate has its trailing zero bytes trimmed (they read as 0 anyway) and is strictly
//! lighter by [`weight`]: its length first, then the sum of its bytes. A weight in 64 bits cannot
//! be the full shortlex order, so a lowered wide draw whose bytes add up to more (0x0200 to
//! 0x01FF) is not offered; single bytes of it are lowered instead.

use super::{lowered, ranges, room_for, Collector};
use crate::protocol::tape::{read_raw, reduce_raw, trim_zeros, write_raw, Tape};

/// The weight of a stream: its length, then the sum of its bytes (`len << 32 | sum`, exact for
/// streams under 16 MiB; each part saturates past that).
pub fn weight(stream: &[u8]) -> u64 {
    let len = (stream.len() as u64).min(u64::from(u32::MAX));
    let sum: u64 = stream.iter().map(|&b| u64::from(b)).sum();
    (len << 32) | sum.min(u64::from(u32::MAX))
}

/// Smaller variants of `stream`, most aggressive first, each strictly lighter by [`weight`], no
/// duplicates. `tape` is what the generator drew from `stream`, when it wrote one; a tape of the
/// stream this one was reduced from also serves (the draws before the first change are the same;
/// past it the blocks may be off, which makes candidates less apt, never invalid). A long stream
/// gets only its most aggressive candidates (see `MOST_BYTES`), finer ones once it is shorter.
pub fn candidates(stream: &[u8], tape: Option<&Tape>) -> Vec<Vec<u8>> {
    let room = room_for(stream.len());
    let mut out =
        Out(Collector::new(&stream.to_vec(), (|s: &Vec<u8>| weight(s)) as Weigh).with_room(room));
    out.push(stream.to_vec());
    let blocks = match tape {
        Some(tape) => {
            out.push(stream[..tape.consumed.min(stream.len())].to_vec());
            for c in super::spans::candidates(stream, tape, room) {
                out.push(c);
            }
            draw_blocks(stream.len(), tape)
        }
        None => byte_blocks(stream.len()),
    };
    delete_blocks(stream, &blocks, &mut out);
    zero_blocks(stream, &blocks, &mut out);
    if let Some(tape) = tape {
        lower_draws(stream, tape, &mut out);
    }
    lower_bytes(stream, &mut out);
    if tape.is_some() {
        delete_bytes_of_wide_draws(stream, &blocks, &mut out);
    }
    out.0.finish()
}

type Weigh = fn(&Vec<u8>) -> u64;

/// The list being built: every candidate has its trailing zeros trimmed.
struct Out(Collector<Vec<u8>, Weigh>);

impl Out {
    fn push(&mut self, mut stream: Vec<u8>) {
        trim_zeros(&mut stream);
        self.0.push(stream);
    }

    fn full(&self) -> bool {
        self.0.full()
    }
}

/// A stretch of the stream that holds one choice: a draw's bytes, or one byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Block {
    start: usize,
    end: usize,
}

/// The bytes of every draw that reads at least one byte of the stream (clipped to its end).
fn draw_blocks(len: usize, tape: &Tape) -> Vec<Block> {
    tape.placed()
        .filter(|&(at, k, _)| k > 0 && at < len)
        .map(|(at, k, _)| Block {
            start: at,
            end: (at + k).min(len),
        })
        .collect()
}

/// Every byte as its own block.
fn byte_blocks(len: usize) -> Vec<Block> {
    (0..len)
        .map(|i| Block {
            start: i,
            end: i + 1,
        })
        .collect()
}

/// Deletes runs of blocks: halves, quarters, ... aligned, then runs of 8, 4, 2, 1 anywhere.
fn delete_blocks(stream: &[u8], blocks: &[Block], out: &mut Out) {
    for (a, b) in ranges(blocks.len()) {
        if out.full() {
            return;
        }
        let (from, to) = (blocks[a].start, blocks[b - 1].end);
        let mut s = stream[..from].to_vec();
        s.extend_from_slice(&stream[to..]);
        out.push(s);
    }
}

/// Sets runs of 8, 4, 2 and 1 blocks to zero bytes.
fn zero_blocks(stream: &[u8], blocks: &[Block], out: &mut Out) {
    for size in [8, 4, 2, 1] {
        for a in (0..blocks.len().saturating_sub(size - 1)).rev() {
            if out.full() {
                return;
            }
            let (from, to) = (blocks[a].start, blocks[a + size - 1].end);
            if stream[from..to].iter().any(|&b| b != 0) {
                let mut s = stream.to_vec();
                s[from..to].fill(0);
                out.push(s);
            }
        }
    }
}

/// Lowers each draw's value (0, half, minus one; the value itself when its bytes hold more than
/// `n`), written back in place with the draw's byte count.
fn lower_draws(stream: &[u8], tape: &Tape, out: &mut Out) {
    for (at, k, d) in tape.placed() {
        if k > 0 && at < stream.len() {
            let raw = read_raw(stream, at, k);
            let value = reduce_raw(raw, d.n);
            let mut targets = lowered(value);
            if raw != value {
                targets.push(value);
            }
            for t in targets {
                if out.full() {
                    return;
                }
                let mut s = stream.to_vec();
                write_raw(&mut s, at, k, t);
                out.push(s);
            }
        }
    }
}

/// Deletes single bytes of draws that read more than one: this shifts every later draw, so it
/// comes last, but it reaches streams no other pass does (0x0011 becomes 0x11.., then 0x01: a
/// shorter stream).
fn delete_bytes_of_wide_draws(stream: &[u8], blocks: &[Block], out: &mut Out) {
    for block in blocks.iter().rev().filter(|b| b.end - b.start > 1) {
        for i in (block.start..block.end).rev() {
            if out.full() {
                return;
            }
            let mut s = stream.to_vec();
            s.remove(i);
            out.push(s);
        }
    }
}

/// Lowers each non-zero byte: to 0, to half, minus one.
fn lower_bytes(stream: &[u8], out: &mut Out) {
    for (i, &b) in stream.iter().enumerate() {
        for t in lowered(u64::from(b)) {
            if out.full() {
                return;
            }
            let mut s = stream.to_vec();
            s[i] = t as u8;
            out.push(s);
        }
    }
}

#[cfg(test)]
mod tests;
