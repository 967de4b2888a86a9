//! What proves a sweets answer: the problem's input model, the certificate's types and the
//! checker, in a crate of their own. The solver crate `sweets` depends on this one; this one
//! does not (and, cargo refusing cycles, cannot) depend on it, so a checker that calls
//! solving code does not compile.
//!
//! - [`board`]: the box's sizes, and [`Mask`], a set of its cells;
//! - [`input`]: the box as a set of cells ([`Mask`]) and the parser every run reads it
//!   with, errors naming line and column;
//! - [`certificate`]: the certificate's data, read with a bound on every list;
//! - [`check`]: the checker, and [`check_certificate`], what `sweets --check FILE` runs.
//!
//! # What the checker trusts
//! The statement's rules as written down here: the box's shape (rows of 3, 4, 5, 4, 3
//! cells, indented 2, 1, 0, 1, 2 in the drawing), that a move eats a straight run of
//! neighbouring chocolates along one of the three side directions, and that who cannot
//! move loses. Everything else it re-derives from the input: the runs of the hexagon and
//! the legal moves of every box it meets ([`check::hexagon`], its own few dozen lines, walked
//! from the cells' places in the drawing), the half turn about the centre, and the
//! mirror lemma (every run missing the centre has a mirror image that is a run sharing
//! no cell with it), checked on all 103 runs each time. It takes no outcome from the
//! certificate on trust: a closed set is checked move by move, every legal move of every
//! box answered by a legal reply into the set or to the empty box, and the winner follows
//! by induction on the number of chocolates.
#![forbid(unsafe_code)]

pub mod board;
pub mod certificate;
pub mod check;
pub mod input;

pub use certificate::{Certificate, Winner};
pub use check::{check_certificate, verify};
pub use input::Mask;
