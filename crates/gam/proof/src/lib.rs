//! What proves a gam answer: the problem's input model ([`board`], [`parse`]), the
//! certificate's types ([`certificate`]) and the checker ([`check`], behind
//! `gam --check FILE`), in a crate of their own. The solver crate `gam` depends on this
//! one; this one does not (and, cargo refusing cycles, cannot) depend on it, so a
//! checker that calls solving code does not compile.
//!
//! ## What the checker re-derives
//! From the input alone, with a breadth-first search from each start
//! ([`Board::distances`]): that the certificate is for this board (its rows), the
//! distance `D` between the starts and the layers of the shortest paths (layer `k`: the
//! squares `k` moves from A's start and `D - k` from B's). For an even `D` it checks the
//! winner's strategy in the *layered game* rule by rule: every rule a step between
//! neighbouring layers, every position it covers answered for every move of the loser,
//! round after round up to the middle layer, where B's strategy steps onto A's square
//! and A's never lets him.
//!
//! ## What the checker trusts
//! One lemma, the reduction of the game to the shortest-path game: both players keep to
//! shortest paths, and B wins exactly when his move `D/2` steps onto A's square in the
//! middle layer; so an odd `D` (no middle layer) is A's, and for an even one the layered
//! game's winner is the real game's. It is argued in the solver crate's header (a jump
//! gains at most one move; jumps alternate by the board's chessboard colouring, the first
//! one B's only for an even `D`; a detour before any jump costs two moves) and printed
//! with that argument by `gam --explain`; it is not re-proven here. The evidence is
//! brute force of the literal game, which assumes nothing about shortest paths (the
//! solver crate's `reference`): `tests/suite/certificate.rs`
//! (`the_layered_game_decides_the_literal_game_on_small_boards`) confirms this checker's
//! verdict on 4,125 generated boards whose starts' region has at most 144 white squares
//! (what the brute force can store), from the start and from each of the 11,608
//! positions the winner's strategy lets arise (among the boards, 46 even-distance wins
//! for A and 1,849 for B); `tests/suite/agreement.rs` confirms the layered game's winner (the
//! solver's) on all 9,264 boards of 2 x 2 and 3 x 3 and on 6,985 random small ones.
#![forbid(unsafe_code)]

pub mod board;
pub mod certificate;
pub mod check;
pub mod parse;

pub use board::{Board, Player};
pub use certificate::{Certificate, TestCertificate};
pub use check::check_certificate;
