//! The integration tests of `sweets`, one module per subject, linked as one test binary:
//! one link instead of one per file. `cargo test -p sweets --test suite MODULE::` runs
//! one subject's tests.
//!
//! `tests/hostile.rs` stays a binary of its own: it reads a child's peak memory from
//! `getrusage(RUSAGE_CHILDREN)`, the largest peak of any child the process ever waited
//! for, so in this binary the other modules' children would be counted too.

mod agreement;
mod binary;
mod certificate;
mod facts;
mod flawed;
mod kit;
mod malformed;
mod mutations;
mod picture;
mod snapshots;
mod testdata;
