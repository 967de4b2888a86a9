//! The integration tests of `ladders`, one module per subject, linked as one test binary:
//! one link instead of one per file. `cargo test -p ladders --test suite MODULE::` runs
//! one subject's tests.

mod agreement;
mod binary;
mod certificate;
mod exact;
mod flawed;
mod hostile;
mod kit;
mod mutations;
mod picture;
mod snapshots;
mod testdata;
