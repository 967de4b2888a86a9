//! The play with best moves for both, read off the layered game.
//!
//! Both pieces walk shortest paths, A from layer to layer toward B's start and B the
//! other way. With an odd distance that is all: A wins the race. With an even distance
//! the [`Strategy`] picks the winner's moves up to the middle: A keeps to squares from
//! which every reply of B's leaves him winning, B to squares from which he can still
//! step onto A's in the middle layer. The loser's moves, and everyone's after the middle,
//! only need to follow a shortest path. Among equally good moves a piece keeps its
//! direction, so that the paths come out straight and their run-length form short.

use super::Play;
use super::layers::Layers;
use super::strategy::Strategy;
use crate::board::Player;

/// The play for the board of `layers`.
pub fn best_play(layers: &Layers<'_>) -> Play {
    let mut walk = Walk::new(layers);
    let d = layers.distance();
    if d % 2 == 1 {
        let winner = walk.race(Player::A);
        return walk.into_play(None, winner);
    }
    let strategy = Strategy::new(layers);
    let winner = if strategy.a_wins(0, 0, 0) {
        Player::A
    } else {
        Player::B
    };
    let middle = walk.play_to_the_middle(&strategy, winner);
    // B's jump may have landed on A's start.
    let winner = if walk.b.last() == Some(&layers.board().a) {
        Player::B
    } else {
        walk.race(Player::A)
    };
    walk.into_play(Some(middle), winner)
}

/// The squares each piece has stood on so far.
struct Walk<'l, 'b> {
    layers: &'l Layers<'b>,
    a: Vec<usize>,
    b: Vec<usize>,
}

impl<'l, 'b> Walk<'l, 'b> {
    fn new(layers: &'l Layers<'b>) -> Self {
        let board = layers.board();
        Walk {
            layers,
            a: vec![board.a],
            b: vec![board.b],
        }
    }

    fn into_play(self, middle: Option<usize>, winner: Player) -> Play {
        Play {
            a: self.a,
            b: self.b,
            middle,
            winner,
        }
    }

    /// Both players' moves up to B's move `D/2`, each a square of the next layer; B's
    /// last one steps onto A's square and jumps to where A came from if B wins. Returns
    /// the middle square, A's after his move `D/2`.
    fn play_to_the_middle(&mut self, strategy: &Strategy, winner: Player) -> usize {
        let layers = self.layers;
        let d = layers.distance();
        let middle = d / 2;
        for k in 0..middle {
            let (here, there) = (self.a[k], self.b[k]);
            // A's pick: for A, a square from which every reply leaves him winning.
            let replies: Vec<usize> = layers.slots_to(there, d - k - 1).collect();
            let a_wins_after = |step: usize| {
                let i = layers.slot(step);
                replies.iter().all(|&j| strategy.a_wins(k + 1, i, j))
            };
            let options = layers.steps_to(here, k + 1);
            let step = straightest(
                &self.a,
                options.filter(|&step| winner == Player::B || a_wins_after(step)),
            );
            self.a.push(step);
            // B's reply: for B, a square from which A, to move, loses.
            let i = layers.slot(step);
            let options = layers.steps_to(there, d - k - 1);
            let reply = straightest(
                &self.b,
                options.filter(|&reply| {
                    winner == Player::A || !strategy.a_wins(k + 1, i, layers.slot(reply))
                }),
            );
            // Only in the middle layer can B's reply be A's square: the jump.
            self.b.push(if reply == step { self.a[k] } else { reply });
        }
        self.a[middle]
    }

    /// Moves from here on, `mover` first, each one layer nearer the mover's goal, until
    /// one piece arrives. Returns who arrived.
    fn race(&mut self, mut mover: Player) -> Player {
        while !self.advance(mover) {
            mover = mover.other();
        }
        mover
    }

    /// One move of `mover` to a square one layer nearer his goal; if the other piece
    /// stands there (and it is not the goal), a jump one layer further, onto the square
    /// the other piece came from when it can. Returns whether the mover arrived.
    fn advance(&mut self, mover: Player) -> bool {
        let layers = self.layers;
        let board = layers.board();
        let (mine, theirs, goal) = match mover {
            Player::A => (&mut self.a, &self.b, board.b),
            Player::B => (&mut self.b, &self.a, board.a),
        };
        let toward = |square: usize| match mover {
            Player::A => layers.level(square) + 1,
            Player::B => layers.level(square) - 1,
        };
        let (here, there) = (last(mine), last(theirs));
        let step = straightest(mine, layers.steps_to(here, toward(here)));
        let landing = if step == there && step != goal {
            let beyond = toward(there);
            let came_from = theirs.len().checked_sub(2).map(|index| theirs[index]);
            came_from
                .filter(|&square| layers.steps_to(there, beyond).any(|next| next == square))
                .or_else(|| layers.steps_to(there, beyond).next())
                .expect("a square short of the goal has a next square on a shortest path")
        } else {
            step
        };
        mine.push(landing);
        landing == goal
    }
}

fn last(path: &[usize]) -> usize {
    *path.last().expect("a path holds its start")
}

/// The option that continues the last step of `path` in the same direction, else the
/// first option.
///
/// # Panics
/// If there is no option: every square short of the goal on a shortest path has a next
/// square, and the strategy always leaves the winner a winning one.
fn straightest(path: &[usize], mut options: impl Iterator<Item = usize>) -> usize {
    let ahead = match path {
        [.., before, here] => (2 * here).checked_sub(*before),
        _ => None,
    };
    let first = options.next().expect("a move is always left");
    if Some(first) == ahead {
        return first;
    }
    options
        .find(|&option| Some(option) == ahead)
        .unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn play_on(rows: &[&str]) -> Play {
        let board = Board::from_rows(rows);
        best_play(&Layers::new(&board).unwrap())
    }

    #[test]
    fn b_jumps_over_a_in_the_middle() {
        // Distance 2 through one square: B jumps back onto A's start.
        let play = play_on(&["A.B", "###", "###"]);
        assert_eq!((play.a, play.b), (vec![0, 1], vec![2, 0]));
        assert_eq!((play.middle, play.winner), (Some(1), Player::B));
    }

    #[test]
    fn odd_distance_is_a_race_and_a_may_jump() {
        // Adjacent starts: A's first step is the first half of a jump onto B's start.
        let play = play_on(&["AB", ".."]);
        assert_eq!((play.a, play.b), (vec![0, 1], vec![1]));
        assert_eq!((play.middle, play.winner), (None, Player::A));
        // A corridor: B steps into A's way, A jumps over him onto B's start.
        let play = play_on(&["A..B", "####", "####", "####"]);
        assert_eq!((play.a, play.b), (vec![0, 1, 3], vec![3, 2]));
        assert_eq!(play.winner, Player::A);
    }

    #[test]
    fn a_escapes_in_the_second_sample() {
        let play = play_on(&["A...", "....", "..#.", "...B"]);
        assert_eq!(play.winner, Player::A);
        assert_eq!(play.a.len(), 7);
        assert_eq!(play.b.len(), 6);
        assert_ne!(Some(play.b[3]), play.middle);
    }

    #[test]
    fn paths_keep_straight() {
        let path = [0, 1];
        assert_eq!(straightest(&path, [5, 2].into_iter()), 2);
        assert_eq!(straightest(&path, [5, 6].into_iter()), 5);
        assert_eq!(straightest(&[3], [4, 7].into_iter()), 4);
    }
}
