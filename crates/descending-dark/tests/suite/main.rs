//! The integration tests of `descending-dark`, one module per subject, linked as one test
//! binary: one link instead of one per file. `cargo test -p descending-dark --test suite
//! MODULE::` runs one subject's tests.
//!
//! `tests/hostile.rs` and `tests/worst_plan.rs` stay binaries of their own: they read a
//! child's peak memory from `getrusage(RUSAGE_CHILDREN)`, the largest peak of any child
//! the process ever waited for, so in this binary the other modules' children would be
//! counted too.

mod agreement;
mod binary;
mod certificate;
mod flawed;
mod kit;
mod mutations;
mod official;
mod picture;
mod snapshots;
mod testdata;
