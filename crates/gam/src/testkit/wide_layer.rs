//! Boards whose shortest paths cross one layer of over 3n squares: balanced trees of
//! equal-length corridors from both starts (the booklet's "O(n) squares per layer" is
//! false, and fixed 2n x 2n tables overflow on them).

use super::generate::board;
use crate::board::Board;

/// The shape of a [`wide_layer`] board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WideLayer {
    /// Depth of each tooth's tree: `2^tooth_depth` leaves per tooth.
    pub tooth_depth: u32,
    /// Depth of the trees feeding the teeth: `2^feed_depth` teeth for each player.
    pub feed_depth: u32,
}

impl WideLayer {
    /// The biggest shape that fits an `n` x `n` board (most leaves, then deepest teeth).
    pub fn fitting(n: usize) -> Option<WideLayer> {
        let mut best = None;
        for tooth_depth in 1..=12 {
            for feed_depth in 0..=8 {
                let shape = WideLayer {
                    tooth_depth,
                    feed_depth,
                };
                if shape.side() <= n {
                    let key = (tooth_depth + feed_depth, tooth_depth);
                    if best.is_none_or(|(k, _)| key > k) {
                        best = Some((key, shape));
                    }
                }
            }
        }
        best.map(|(_, shape)| shape)
    }

    /// The squares of the widest layer: one leaf per tooth-tree leaf.
    pub fn layer_squares(self) -> usize {
        1 << (self.tooth_depth + self.feed_depth)
    }

    /// Rows from one tooth pair to the next (even, so the feeding tree is balanced).
    fn pitch(self) -> usize {
        4 * self.tooth_depth as usize + 6
    }

    /// Rows of one tooth pair: A's half and B's half.
    fn pair_height(self) -> usize {
        4 * self.tooth_depth as usize + 4
    }

    /// The smallest board side that holds the shape.
    fn side(self) -> usize {
        let (d, m) = (self.tooth_depth, self.feed_depth as usize);
        let width = 4 * m + 3 + (2usize << d);
        let height = ((1usize << m) - 1) * self.pitch() + self.pair_height();
        width.max(height)
    }
}

/// Draws a balanced binary tree of corridors: the root at `(along, across) = (0, 0)`; a
/// node at `(a, x)` with span `s` has a corridor across `a + 1` from `x - s` to `x + s`
/// and children at `(a + 2, x - s)` and `(a + 2, x + s)`; spans halve level by level, so
/// every leaf is `sum (s + 2)` steps from the root. Returns the leaves.
fn tree(depth: u32, first_span: usize, mut paint: impl FnMut(isize, isize)) -> Vec<isize> {
    let mut nodes = vec![0isize];
    paint(0, 0);
    let mut span = first_span as isize;
    for level in 0..depth as isize {
        let along = 2 * level;
        let mut children = Vec::with_capacity(2 * nodes.len());
        for &x in &nodes {
            for across in x - span..=x + span {
                paint(along + 1, across);
            }
            for child in [x - span, x + span] {
                paint(along + 2, child);
                children.push(child);
            }
        }
        nodes = children;
        span /= 2;
    }
    nodes
}

/// Balanced trees of equal-length corridors from A and from B that meet in one layer.
///
/// A feeding tree in the left margin (from A) reaches `2^m` horizontal "teeth"; in each,
/// a tree of depth `d` ends in `2^d` leaves along one row. Under each A tooth, B's mirror
/// image ends in leaves just below A's, fed from the right margin. Every A-B path runs
/// root-to-leaf, leaf-to-leaf, leaf-to-root, all of one length, so all `2^(d+m)` A leaves
/// form one layer (1024 squares, 3.4 n, at `n = 300`); the tooth column is placed so that
/// this layer is the middle one when `n` is even. `shift_a`/`shift_b` start A or B one
/// square into its tree, changing the distance and the timing of the branch choices.
/// `None` if `n` is too small for any tree.
pub fn wide_layer(n: usize, shift_a: bool, shift_b: bool) -> Option<Board> {
    let shape = WideLayer::fitting(n)?;
    let (d, m) = (shape.tooth_depth, shape.feed_depth);
    let margin = 2 * m as usize;
    let pitch = shape.pitch();
    let height = shape.pair_height();
    let reach = (1usize << d) - 1;
    let lowest = margin + 2 + reach;
    let highest = n - 3 - margin - reach;
    let middle_col = (n / 2).clamp(lowest, highest);

    let mut white = vec![false; n * n];
    let mut paint = |row: isize, col: isize| {
        debug_assert!(0 <= row && row < n as isize && 0 <= col && col < n as isize);
        white[row as usize * n + col as usize] = true;
    };
    let half_pitch = pitch / 2;
    let a_row = (half_pitch * ((1 << m) - 1)) as isize;
    let b_row = a_row + height as isize - 1;
    let feed_span = if m == 0 { 0 } else { half_pitch << (m - 1) };
    let feed_leaves = tree(m, feed_span, |along, across| paint(a_row + across, along));
    tree(m, feed_span, |along, across| {
        paint(b_row + across, n as isize - 1 - along)
    });
    let (middle, last) = (middle_col as isize, n as isize - 1 - margin as isize);
    for leaf in feed_leaves {
        let top = a_row + leaf;
        // A's entry row, A's tooth going down, B's tooth coming up, B's entry row.
        for col in margin as isize..=middle {
            paint(top, col);
        }
        tree(d, 1 << (d - 1), |along, across| {
            paint(top + 1 + along, middle + across)
        });
        let bottom = top + height as isize - 1;
        tree(d, 1 << (d - 1), |along, across| {
            paint(bottom - 1 - along, middle + across)
        });
        for col in middle..=last {
            paint(bottom, col);
        }
    }
    let a = a_row as usize * n + usize::from(shift_a);
    let b = b_row as usize * n + n - 1 - usize::from(shift_b);
    Some(board(n, white, a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_layer_shapes() {
        assert_eq!(wide_layer(7, false, false), None);
        let shape = WideLayer::fitting(300).unwrap();
        assert_eq!(
            shape,
            WideLayer {
                tooth_depth: 7,
                feed_depth: 3
            }
        );
        assert_eq!(shape.layer_squares(), 1024);
        // The widest layer has one square per tooth-tree leaf, and it is the middle
        // one when n is even.
        for n in [12, 19, 40, 100] {
            let board = wide_layer(n, false, false).unwrap();
            let layers = crate::jury::layers(&board).unwrap();
            let widest = layers.iter().map(Vec::len).max().unwrap();
            assert_eq!(
                widest,
                WideLayer::fitting(n).unwrap().layer_squares(),
                "n = {n}"
            );
            assert_eq!(layers[(layers.len() - 1) / 2].len(), widest, "n = {n}");
        }
        for n in [8, 12, 19, 26, 40, 300] {
            for (shift_a, shift_b) in [(false, false), (true, false), (false, true), (true, true)] {
                let board = wide_layer(n, shift_a, shift_b).unwrap();
                assert!(board.connected(), "n = {n}");
            }
        }
    }
}
