//! The integration tests of `descending-dark`, one module per subject, linked as one test binary:
//! one link instead of one per file. `cargo test -p descending-dark --test suite MODULE::` runs
//! one subject's tests.

mod agreement;
mod binary;
mod certificate;
mod flawed;
mod hostile;
mod kit;
mod mutations;
mod official;
mod picture;
mod snapshots;
mod testdata;
mod worst_plan;
