//! The shrinking steps of stress testing, biggest first: fewer tests, a smaller board,
//! black squares made white. Every candidate keeps the statement's promises (`1..=10`
//! tests, `2 <= n <= 300`, one `A` and one `B` joined by a white path) and is strictly
//! simpler: fewer tests, or as many with a smaller board, or as many as large with fewer
//! black squares.

use crate::board::Board;
use crate::parse::MIN_N;

/// Boards with at most this many black squares get one candidate per black square;
/// boards with more get this many, each whitening one share of them. Keeps a full-size
/// input (ten boards of 300 x 300) to about 350 candidates.
const BLACK_SHARES: usize = 24;

/// Every input one step simpler than `boards`.
pub fn simpler(boards: &[Board]) -> Vec<Vec<Board>> {
    let mut candidates = fewer_tests(boards);
    let with = |index: usize, board: Board| {
        let mut changed = boards.to_vec();
        changed[index] = board;
        changed
    };
    for (index, board) in boards.iter().enumerate() {
        candidates.extend(cropped(board).into_iter().map(|board| with(index, board)));
    }
    for (index, board) in boards.iter().enumerate() {
        candidates.extend(whitened(board).into_iter().map(|board| with(index, board)));
    }
    candidates
}

/// Each half of a file of four or more tests, then every test left out in turn.
fn fewer_tests(boards: &[Board]) -> Vec<Vec<Board>> {
    let t = boards.len();
    let mut candidates = Vec::new();
    if t >= 4 {
        candidates.push(boards[..t / 2].to_vec());
        candidates.push(boards[t / 2..].to_vec());
    }
    if t >= 2 {
        for skip in 0..t {
            let mut fewer = boards.to_vec();
            fewer.remove(skip);
            candidates.push(fewer);
        }
    }
    candidates
}

/// Square windows about half as wide and one square narrower, at the four corners and
/// at the starts, that hold both starts and a white path joining them.
fn cropped(board: &Board) -> Vec<Board> {
    let n = board.n;
    let (a, b) = ((board.a / n, board.a % n), (board.b / n, board.b % n));
    let (top, bottom) = (a.0.min(b.0), a.0.max(b.0));
    let (left, right) = (a.1.min(b.1), a.1.max(b.1));
    let needed = (bottom - top + 1).max(right - left + 1).max(MIN_N);
    let mut sizes = Vec::new();
    if (n / 2).max(needed) < n - 1 {
        sizes.push((n / 2).max(needed));
    }
    if needed < n {
        sizes.push(n - 1);
    }
    let mut windows = Vec::new();
    for size in sizes {
        let far = n - size;
        for origin in [
            (0, 0),
            (0, far),
            (far, 0),
            (far, far),
            (top.min(far), left.min(far)),
        ] {
            let holds = |(row, col): (usize, usize)| {
                (origin.0..origin.0 + size).contains(&row)
                    && (origin.1..origin.1 + size).contains(&col)
            };
            if holds(a) && holds(b) && !windows.contains(&(origin, size)) {
                windows.push((origin, size));
            }
        }
    }
    windows
        .into_iter()
        .map(|(origin, size)| crop(board, origin, size))
        .filter(Board::connected)
        .collect()
}

/// The `size` x `size` window of `board` whose top-left square is `origin`; it must
/// hold both starts.
fn crop(board: &Board, (top, left): (usize, usize), size: usize) -> Board {
    let n = board.n;
    let inside = |square: usize| (square / n - top) * size + square % n - left;
    let white = (top..top + size)
        .flat_map(|row| (left..left + size).map(move |col| board.white[row * n + col]))
        .collect();
    Board {
        n: size,
        white,
        a: inside(board.a),
        b: inside(board.b),
    }
}

/// The board with one black square made white, for each black square; or, with more
/// than [`BLACK_SHARES`] of them, with each share of them (in reading order) made white.
fn whitened(board: &Board) -> Vec<Board> {
    let blacks: Vec<usize> = (0..board.white.len())
        .filter(|&square| !board.white[square])
        .collect();
    if blacks.is_empty() {
        return Vec::new();
    }
    blacks
        .chunks(blacks.len().div_ceil(BLACK_SHARES))
        .map(|share| {
            let mut lighter = board.clone();
            for &square in share {
                lighter.white[square] = true;
            }
            lighter
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crops_keep_the_starts_joined() {
        let board = Board::from_rows(&["A..#", "##.#", "B..#", "####"]);
        let crops = cropped(&board);
        assert!(!crops.is_empty());
        for crop in &crops {
            assert!(crop.n < 4 && crop.connected(), "{crop}");
        }
        // The 3 x 3 window at the top-left corner is the only one that keeps the path.
        assert_eq!(crops[0].rows(), ["A..", "##.", "B.."]);
    }

    #[test]
    fn fewer_tests_and_fewer_blacks() {
        let board = Board::from_rows(&["A#", ".B"]);
        let four = vec![board.clone(); 4];
        assert_eq!(fewer_tests(&four).len(), 2 + 4);
        assert!(fewer_tests(&four[..1]).is_empty());
        assert_eq!(whitened(&board)[0].rows(), ["A.", ".B"]);
        assert!(simpler(&[Board::from_rows(&["AB", ".."])]).is_empty());
    }
}
