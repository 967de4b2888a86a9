//! The facts the specification states about the whole game, checked from the reference
//! and from the solver separately.

use std::collections::BTreeSet;

use sweets::geometry::{CENTRE, FULL, LINES, SEGMENTS};
use sweets::reference::{self, Reference};
use sweets::solve::first_player_wins;

#[test]
fn there_are_103_segments_and_15_maximal_lines_in_both_descriptions() {
    let solver_segments: BTreeSet<u32> = SEGMENTS.iter().copied().collect();
    let solver_lines: BTreeSet<u32> = LINES.iter().map(|line| line.mask()).collect();
    assert_eq!(solver_segments.len(), 103);
    assert_eq!(SEGMENTS.len(), 103, "no segment is listed twice");
    assert_eq!(solver_lines.len(), 15);

    let reference_segments = reference::segments();
    let reference_lines = reference::lines();
    assert_eq!(reference_segments.len(), 103);
    assert_eq!(reference_lines.len(), 15);

    assert_eq!(solver_segments, reference_segments);
    assert_eq!(solver_lines, reference_lines);
}

/// Wins and losses of the whole table, losses split by number of chocolates.
struct Tally {
    wins: usize,
    losses: usize,
    losses_by_count: [usize; 20],
    lost_boxes_of_18: Vec<u32>,
}

fn tally(mut wins: impl FnMut(u32) -> bool) -> Tally {
    let mut tally = Tally {
        wins: 0,
        losses: 0,
        losses_by_count: [0; 20],
        lost_boxes_of_18: Vec::new(),
    };
    for mask in 1..=FULL {
        if wins(mask) {
            tally.wins += 1;
        } else {
            tally.losses += 1;
            tally.losses_by_count[mask.count_ones() as usize] += 1;
            if mask.count_ones() == 18 {
                tally.lost_boxes_of_18.push(mask);
            }
        }
    }
    tally
}

fn check_spec_facts(tally: &Tally) {
    assert_eq!(tally.wins, 475_352);
    assert_eq!(tally.losses, 48_935);
    let by_count = tally.losses_by_count;
    assert_eq!(
        [
            by_count[1],
            by_count[2],
            by_count[3],
            by_count[17],
            by_count[18],
            by_count[19]
        ],
        [0, 129, 24, 0, 1, 0]
    );
    assert_eq!(tally.lost_boxes_of_18, [FULL & !(1 << CENTRE)]);
}

#[test]
fn the_reference_reproduces_the_whole_table_facts() {
    let mut reference = Reference::new();
    check_spec_facts(&tally(|mask| reference.first_player_wins(mask)));
    assert!(reference.first_player_wins(FULL));
}

#[test]
fn the_solver_reproduces_the_whole_table_facts() {
    check_spec_facts(&tally(first_player_wins));
    assert!(first_player_wins(FULL));
}
