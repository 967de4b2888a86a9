//! The trapped runs of an Unlucky cave: the intervals the pruning never empties, then as
//! few of them as still trap their walkers, so that a reader can check the claim by hand.
//!
//! The walker argument holds for any set of whole runs of S_C, at least one not the
//! cave's, whose chains of offsets (avoiding the bad exits of the set's runs) meet no good
//! exit of the set's runs. The pruning's survivors are such a set; dropping a run removes
//! its bad exits (more chains) and its good exits (fewer to meet), so some runs can go.
//! Each is tried once, in order, and left out when the rest still traps.

use gridkit::Pos;

use crate::solve::{Analysis, Interval, forward_offsets, keep_continued_offsets};

/// The squares of a small set of runs that traps its walkers, sorted by row then column.
pub(crate) fn trapped_squares(analysis: &Analysis) -> Vec<Pos> {
    let mut kept: Vec<Interval> = analysis
        .intervals
        .iter()
        .zip(&analysis.pruning.dropped_in)
        .filter(|(_, round)| round.is_none())
        .map(|(interval, _)| *interval)
        .collect();
    let mut index = 0;
    while index < kept.len() {
        let mut fewer = kept.clone();
        fewer.remove(index);
        if traps(&fewer, analysis.cave) {
            kept = fewer;
        } else {
            index += 1;
        }
    }
    let mut trapped: Vec<Pos> = kept
        .iter()
        .flat_map(|interval| {
            (interval.start..interval.start + interval.len).map(|col| Pos::new(interval.row, col))
        })
        .collect();
    trapped.sort();
    trapped
}

/// Whether walkers on the leftmost squares of `runs` never leave them: some run is not the
/// cave's, and no offset on a chain avoiding every bad exit of `runs` is a good exit.
fn traps(runs: &[Interval], cave: Pos) -> bool {
    let holds_cave = |run: &Interval| {
        run.row == cave.row && (run.start..run.start + run.len).contains(&cave.col)
    };
    if runs.iter().all(holds_cave) {
        return false;
    }
    let longest = runs.iter().map(|run| run.len).max().unwrap_or(0);
    let mut forbid = vec![0u64; longest + 1];
    for run in runs {
        forbid[run.len] |= run.bad;
    }
    let mut possible = forward_offsets(&forbid);
    keep_continued_offsets(&mut possible);
    runs.iter().all(|run| run.good & possible[run.len] == 0)
}
