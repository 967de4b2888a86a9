//! The integration tests of `gam`, one module per subject, linked as one test binary:
//! one link instead of one per file. `cargo test -p gam --test suite MODULE::` runs
//! one subject's tests.
//!
//! `tests/hostile.rs` and `tests/crowded_rounds.rs` stay binaries of their own: they read a
//! child's peak memory from `getrusage(RUSAGE_CHILDREN)`, the largest peak of any child
//! the process ever waited for, so in this binary the other modules' children would be
//! counted too.

mod agreement;
mod binary;
mod certificate;
mod flawed;
mod kit;
mod mutations;
mod picture;
mod snapshots;
mod testdata;
