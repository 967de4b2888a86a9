//! The integration tests of `sweets`, one module per subject, linked as one test binary:
//! one link instead of one per file. `cargo test -p sweets --test suite MODULE::` runs
//! one subject's tests.

mod agreement;
mod binary;
mod certificate;
mod facts;
mod flawed;
mod hostile;
mod kit;
mod malformed;
mod mutations;
mod picture;
mod snapshots;
mod testdata;
