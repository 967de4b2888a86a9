//! Building the [`Certificate`] from the solver's search, and explaining it
//! ([`text`](self::text) for `--explain`, [`picture`](self::picture) for `--explain=svg`,
//! [`steps`](self::steps) round by round for the playground).
//! Its data types and its checker are in `statues_proof`.

pub(crate) mod picture;
pub(crate) mod steps;
mod text;

pub use text::Explained;

use std::collections::{BTreeMap, BTreeSet};

use crate::board::{BoardExt, king_moves};
use crate::{ANNA, Board, Certificate, Evidence, MARIA, Square};

/// The certificate for `board`: round by round, the set of squares Maria can be alive
/// on, each remembering a square it was reached from. Anna's square reached, or a
/// non-empty set once every statue has fallen, gives the walk back to the start; an empty
/// set gives the sets themselves.
///
/// # Complexity
/// At most `SIZE + 1` rounds of 64 squares x 9 moves.
pub fn certify(board: &Board) -> Certificate {
    let clear_time = board.clear_time();
    let mut safe = vec![BTreeSet::from([MARIA])];
    // reached_from[t][square]: a square of safe[t] from which `square` is a safe move.
    let mut reached_from: Vec<BTreeMap<Square, Square>> = Vec::new();
    let evidence = loop {
        let t = safe.len() - 1;
        let Some(&last) = safe[t].first() else {
            break Evidence::Cornered(safe);
        };
        if t >= clear_time {
            break Evidence::Walk(walk_back(&reached_from, last));
        }
        let mut next = BTreeMap::new();
        for &from in &safe[t] {
            for to in king_moves(from).filter(|&to| !board.statue_after(to, t)) {
                if to == ANNA {
                    // She wins on arrival, before the statues fall.
                    let mut walk = walk_back(&reached_from, from);
                    walk.push(ANNA);
                    return Certificate {
                        board: *board,
                        evidence: Evidence::Walk(walk),
                    };
                }
                if !board.statue_after(to, t + 1) {
                    next.entry(to).or_insert(from);
                }
            }
        }
        safe.push(next.keys().copied().collect());
        reached_from.push(next);
    };
    Certificate {
        board: *board,
        evidence,
    }
}

/// The walk from Maria's start to `end`, a square of the last round searched.
fn walk_back(reached_from: &[BTreeMap<Square, Square>], end: Square) -> Vec<Square> {
    let mut walk = vec![end];
    let mut square = end;
    for round in reached_from.iter().rev() {
        // Every square of a round was reached from one of the round before.
        if let Some(&previous) = round.get(&square) {
            square = previous;
            walk.push(square);
        }
    }
    walk.reverse();
    walk
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;

    #[test]
    fn an_empty_board_needs_no_step_and_a_full_one_corners_maria_at_once() {
        assert_eq!(
            certify(&Board::default()).evidence,
            Evidence::Walk(vec![MARIA])
        );
        let full = certify(&Board::from_fn(|_, _| true));
        assert_eq!(
            full.evidence,
            Evidence::Cornered(vec![BTreeSet::from([MARIA]), BTreeSet::new()])
        );
        assert_eq!(full.outcome(), Outcome::Lose);
    }

    #[test]
    fn the_json_holds_the_board_as_rows_and_reads_back() {
        let board = Board::from_fn(|row, col| (row, col) == (6, 0));
        let certificate = certify(&board);
        let json = serde_json::to_string(&certificate).unwrap();
        assert!(json.starts_with(r#"{"board":[".......A","#), "{json}");
        assert!(json.contains(r#""evidence":{"walk":[[7,0],"#), "{json}");
        let read: Certificate = serde_json::from_str(&json).unwrap();
        assert_eq!(read, certificate);
        let bad = json.replacen(".......A", "........", 1);
        let error = serde_json::from_str::<Certificate>(&bad).unwrap_err();
        assert!(
            error.to_string().contains("the board, line 1, column 8"),
            "{error}"
        );
    }

    #[test]
    fn a_statue_in_the_top_row_makes_her_walk_all_the_way_to_anna() {
        let board = Board::from_fn(|row, col| (row, col) == (0, 0));
        let Evidence::Walk(walk) = certify(&board).evidence else {
            panic!("a lone statue far away cannot stop Maria");
        };
        assert_eq!(walk.len(), 8);
        assert_eq!(walk.first(), Some(&MARIA));
        assert_eq!(walk.last(), Some(&ANNA));
    }
}
