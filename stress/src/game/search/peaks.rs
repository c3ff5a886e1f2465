//! PerfFuzz's per-edge maxima for the slow search ([`super`]): the inputs that raised an edge's
//! highest hit count, kept as parents.

use crate::game::probe::Probe;

/// The inputs most recently raising an edge's highest hit count kept as parents (PerfFuzz keeps
/// one for each edge; these are the latest).
pub(super) const PEAK_HOLDERS: usize = 16;

/// PerfFuzz's per-edge maxima for the slow climb: the highest hit-count bucket each edge of the
/// solution's counted runs reached, and the latest inputs that raised one. A climb on the total
/// alone keeps the inputs that are costliest now; an input that makes one loop run longer, while
/// costing less in all, is where a hotter input may be a few mutations away.
#[derive(Default)]
pub(super) struct Peaks {
    pub(super) highest: Vec<u8>,
    pub(super) holders: Vec<Probe>,
}

impl Peaks {
    /// Takes the edges of `probe`'s counted run: it is kept as a parent when it raised an edge's
    /// highest bucket (the oldest holder goes past [`PEAK_HOLDERS`]); says whether it did.
    pub(super) fn offer(&mut self, edges: &[(u32, u8)], probe: &Probe) -> bool {
        if self.highest.is_empty() {
            self.highest = vec![0; toolchain::MAP_SIZE];
        }
        let mut raised = false;
        for &(edge, bucket) in edges {
            let highest = &mut self.highest[edge as usize % toolchain::MAP_SIZE];
            if bucket > *highest {
                raised |= *highest != 0;
                *highest = bucket;
            }
        }
        if raised && !probe.failed {
            if self.holders.len() == PEAK_HOLDERS {
                self.holders.remove(0);
            }
            self.holders.push(probe.clone());
        }
        raised
    }
}
