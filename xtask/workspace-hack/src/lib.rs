//! No code: this crate's dependencies turn on, for the xtask's build, the features the test
//! build turns on in the crates both use, so that one compiled copy of each serves both
//! (see the manifest).
#![forbid(unsafe_code)]
