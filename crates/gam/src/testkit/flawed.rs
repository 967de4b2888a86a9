//! Deliberately flawed solvers: the booklet's heuristics (which score 0), the game
//! without its jump rule, and two layered games with one mistake each. The test data
//! must reject every one of them.

use crate::bfs::{UNREACHED, bfs_by};
use gridkit::testkit::Flawed;

use crate::board::{Board, Player};

pub const FLAWED: &[Flawed<Vec<Board>>] = &[
    Flawed {
        name: "parity-only",
        mistake: "answers A for an odd distance and B for an even one, never looking at \
                  the board (the booklet's first heuristic)",
        solve: |boards| answers(boards, parity_only),
    },
    Flawed {
        name: "black-near-starts",
        mistake: "counts the black squares around each start and bets on the player with \
                  more room (the booklet's second heuristic)",
        solve: |boards| answers(boards, black_near_starts),
    },
    Flawed {
        name: "parity-then-black",
        mistake: "answers A for an odd distance and counts the black squares near the \
                  starts for an even one (the booklet's third heuristic)",
        solve: |boards| answers(boards, parity_then_black),
    },
    Flawed {
        name: "ignore-jumps",
        mistake: "ignores the jump rule, so the pieces never meet and A, moving first, \
                  wins every race",
        solve: |boards| answers(boards, ignore_jumps),
    },
    Flawed {
        name: "ring-layers",
        mistake: "plays the layered game on whole rings (every square k moves from a \
                  start), not only on the shortest paths, so A may dodge off them",
        solve: |boards| answers(boards, ring_layers),
    },
    Flawed {
        name: "one-level-short",
        mistake: "stops the layered game one level short of the start and reads the \
                  answer from the layer next to it (the first squares of both players' \
                  first layers) instead of from the starts",
        solve: |boards| answers(boards, one_level_short),
    },
];

/// One line per board, as the real solver prints.
fn answers(boards: &[Board], answer: fn(&Board) -> Player) -> String {
    boards
        .iter()
        .map(|board| format!("{}\n", answer(board)))
        .collect()
}

/// Breadth-first distances from `start` over white squares.
fn distances(board: &Board, start: usize) -> Vec<u32> {
    bfs_by(board.white.len(), &[start], |square| {
        board.white_neighbours(square)
    })
}

/// The A-B distance; `None` when no white path joins them (never in a valid input).
fn distance(board: &Board) -> Option<usize> {
    let d = distances(board, board.a)[board.b];
    (d != UNREACHED).then_some(d as usize)
}

fn parity_only(board: &Board) -> Player {
    if distance(board).is_some_and(|d| d % 2 == 1) {
        Player::A
    } else {
        Player::B
    }
}

/// In the rectangle with the starts in opposite corners, counts the black squares of the
/// quarter around each start: more black around B (fewer ways for him) means A.
fn black_near_starts(board: &Board) -> Player {
    let n = board.n;
    let (a, b) = ((board.a / n, board.a % n), (board.b / n, board.b % n));
    let (top, bottom) = (a.0.min(b.0), a.0.max(b.0));
    let (left, right) = (a.1.min(b.1), a.1.max(b.1));
    let (middle_row, middle_col) = ((top + bottom) / 2, (left + right) / 2);
    let quarter_blacks = |(row, col): (usize, usize)| {
        let rows = if row <= middle_row {
            top..=middle_row
        } else {
            middle_row + 1..=bottom
        };
        let cols = if col <= middle_col {
            left..=middle_col
        } else {
            middle_col + 1..=right
        };
        rows.flat_map(|r| cols.clone().map(move |c| r * n + c))
            .filter(|&square| !board.white[square])
            .count()
    };
    if quarter_blacks(b) > quarter_blacks(a) {
        Player::A
    } else {
        Player::B
    }
}

fn parity_then_black(board: &Board) -> Player {
    if distance(board).is_some_and(|d| d % 2 == 1) {
        Player::A
    } else {
        black_near_starts(board)
    }
}

/// Without jumps the pieces only race: each needs `D` moves, and A moves first.
fn ignore_jumps(board: &Board) -> Player {
    let a_needs = distances(board, board.a)[board.b];
    let b_needs = distances(board, board.b)[board.a];
    if a_needs <= b_needs {
        Player::A
    } else {
        Player::B
    }
}

fn ring_layers(board: &Board) -> Player {
    let (from_a, from_b) = (distances(board, board.a), distances(board, board.b));
    let Some(d) = distance(board).filter(|d| d % 2 == 0) else {
        return Player::A;
    };
    let rings = |from: &[u32]| -> Vec<Vec<usize>> {
        (0..=d / 2)
            .map(|k| (0..from.len()).filter(|&s| from[s] as usize == k).collect())
            .collect()
    };
    layered_game(board, &rings(&from_a), &rings(&from_b), 0)
}

fn one_level_short(board: &Board) -> Player {
    let Some(d) = distance(board).filter(|d| d % 2 == 0) else {
        return Player::A;
    };
    let (a_layers, b_layers) = shortest_path_layers(board, d);
    layered_game(board, &a_layers, &b_layers, 1)
}

/// Where A may stand after `k` moves along shortest paths (`dist_A = k`,
/// `dist_B = d - k`), and where B may, for `k` up to `d / 2`.
fn shortest_path_layers(board: &Board, d: usize) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let (from_a, from_b) = (distances(board, board.a), distances(board, board.b));
    let layer = |mine: &[u32], theirs: &[u32], k: usize| -> Vec<usize> {
        (0..mine.len())
            .filter(|&s| mine[s] as usize == k && theirs[s] as usize == d - k)
            .collect()
    };
    (
        (0..=d / 2).map(|k| layer(&from_a, &from_b, k)).collect(),
        (0..=d / 2).map(|k| layer(&from_b, &from_a, k)).collect(),
    )
}

/// The jury's layered game: A may stand on `a_layers[k]` after `k` moves, B on
/// `b_layers[k]`; in the last layers B wins exactly when both stand on one square. The
/// answer is read from level `decide_at`, at the first square of each layer (level 0,
/// the starts, is right).
fn layered_game(
    board: &Board,
    a_layers: &[Vec<usize>],
    b_layers: &[Vec<usize>],
    decide_at: usize,
) -> Player {
    let slots = |layers: &[Vec<usize>]| {
        let mut slot = vec![(usize::MAX, 0); board.white.len()];
        for (k, layer) in layers.iter().enumerate() {
            for (index, &square) in layer.iter().enumerate() {
                slot[square] = (k, index);
            }
        }
        slot
    };
    let (a_slots, b_slots) = (slots(a_layers), slots(b_layers));
    let steps = |slots: &[(usize, usize)], square: usize, k: usize| -> Vec<usize> {
        board
            .white_neighbours(square)
            .filter(|&next| slots[next].0 == k)
            .map(|next| slots[next].1)
            .collect()
    };
    let last = a_layers.len() - 1;
    let mut table: Vec<Vec<bool>> = a_layers[last]
        .iter()
        .map(|&x| b_layers[last].iter().map(|&y| x != y).collect())
        .collect();
    for k in (decide_at..last).rev() {
        let b_steps: Vec<Vec<usize>> = b_layers[k]
            .iter()
            .map(|&y| steps(&b_slots, y, k + 1))
            .collect();
        table = a_layers[k]
            .iter()
            .map(|&x| {
                let a_steps = steps(&a_slots, x, k + 1);
                b_steps
                    .iter()
                    .map(|replies| {
                        a_steps
                            .iter()
                            .any(|&i| replies.iter().all(|&j| table[i][j]))
                    })
                    .collect()
            })
            .collect();
    }
    if table[0][0] { Player::A } else { Player::B }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::generate::any_board;

    /// The shared layered game is right when read at the starts on the shortest-path
    /// layers: each flawed solver built on it differs from the jury by its one mistake.
    #[test]
    fn the_layered_game_read_at_the_starts_is_the_jury() {
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..300 {
            let n = rng.usize(2..=14);
            let board = any_board(&mut rng, n);
            let d = distance(&board).unwrap();
            if d % 2 == 1 {
                continue;
            }
            let (a_layers, b_layers) = shortest_path_layers(&board, d);
            assert_eq!(
                Some(layered_game(&board, &a_layers, &b_layers, 0)),
                crate::jury::winner(&board),
                "{board}"
            );
        }
    }
}
