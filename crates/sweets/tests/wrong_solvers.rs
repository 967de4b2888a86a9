//! Deliberately wrong solvers, each of which the test data must catch.
//!
//! They share one memoized minimax and differ only in the moves they allow, so the same
//! harness with the right moves must match every expected output: a wrong solver then
//! fails for its own mistake, not for the harness.

use gridkit::testdata;
use sweets::geometry::{CELLS, LINES};
use sweets::parse::parse;

/// Moves of a box, as the sets of cells they eat.
type MoveRule = fn(u32) -> Vec<u32>;

/// Memoized minimax under `moves`.
fn first_player_wins(mask: u32, moves: MoveRule, memo: &mut Vec<Option<bool>>) -> bool {
    if let Some(known) = memo[mask as usize] {
        return known;
    }
    let wins = moves(mask)
        .into_iter()
        .any(|eaten| !first_player_wins(mask & !eaten, moves, memo));
    memo[mask as usize] = Some(wins);
    wins
}

/// Runs of consecutive chocolates on the lines whose direction `keep` accepts.
fn runs_on(mask: u32, keep: impl Fn(usize) -> bool) -> Vec<u32> {
    let mut moves = Vec::new();
    for line in LINES.iter().filter(|line| keep(line.direction)) {
        let cells = line.cells();
        for start in 0..cells.len() {
            let mut eaten = 0;
            for &cell in &cells[start..] {
                if mask & 1 << cell == 0 {
                    break;
                }
                eaten |= 1 << cell;
                moves.push(eaten);
            }
        }
    }
    moves
}

/// The rules as stated: runs on all three directions.
fn correct(mask: u32) -> Vec<u32> {
    runs_on(mask, |_| true)
}

/// Wrong: only rows and the down-right diagonals.
fn two_directions(mask: u32) -> Vec<u32> {
    runs_on(mask, |direction| direction != 2)
}

/// Wrong: a move eats the chocolates of any stretch of a line, jumping over gaps.
fn jumping_over_gaps(mask: u32) -> Vec<u32> {
    let mut moves = Vec::new();
    for line in &LINES {
        let present: Vec<usize> = line
            .cells()
            .iter()
            .copied()
            .filter(|&cell| mask & 1 << cell != 0)
            .collect();
        for start in 0..present.len() {
            let mut eaten = 0;
            for &cell in &present[start..] {
                eaten |= 1 << cell;
                moves.push(eaten);
            }
        }
    }
    moves
}

/// Wrong: only single chocolates may be eaten (the winner is then decided by parity).
fn single_chocolates(mask: u32) -> Vec<u32> {
    (0..CELLS)
        .filter(|&cell| mask & 1 << cell != 0)
        .map(|cell| 1 << cell)
        .collect()
}

/// Wrong: runs of two or more only, forgetting that one chocolate is a move.
fn no_single_chocolates(mask: u32) -> Vec<u32> {
    correct(mask)
        .into_iter()
        .filter(|eaten| eaten.count_ones() >= 2)
        .collect()
}

/// Names of the test cases on which `moves` gives the wrong winner.
fn cases_failed_by(moves: MoveRule) -> Vec<String> {
    let mut memo = vec![None; 1 << CELLS];
    let mut failed = Vec::new();
    let mut cases = 0;
    for case in testdata::cases("sweets").unwrap() {
        cases += 1;
        let mask = parse(case.input.as_bytes()).unwrap();
        let winner = if first_player_wins(mask, moves, &mut memo) {
            "Karlsson"
        } else {
            "Lillebror"
        };
        if case.expected.trim() != winner {
            failed.push(case.name);
        }
    }
    assert!(cases >= 30);
    failed.sort();
    failed
}

#[test]
fn the_harness_with_the_right_moves_passes_every_case() {
    assert_eq!(cases_failed_by(correct), Vec::<String>::new());
}

#[test]
fn only_two_directions_is_caught() {
    let failed = cases_failed_by(two_directions);
    println!("{failed:?}");
    assert!(failed.contains(&"pair-down-left".to_string()), "{failed:?}");
}

#[test]
fn jumping_over_gaps_is_caught() {
    let failed = cases_failed_by(jumping_over_gaps);
    println!("{failed:?}");
    assert!(
        failed.contains(&"two-in-a-row-with-gap".to_string()),
        "{failed:?}"
    );
}

#[test]
fn single_chocolates_only_is_caught() {
    let failed = cases_failed_by(single_chocolates);
    println!("{failed:?}");
    assert!(failed.contains(&"sample1".to_string()), "{failed:?}");
}

#[test]
fn forgetting_single_chocolates_is_caught() {
    let failed = cases_failed_by(no_single_chocolates);
    println!("{failed:?}");
    assert!(failed.contains(&"single-centre".to_string()), "{failed:?}");
}
