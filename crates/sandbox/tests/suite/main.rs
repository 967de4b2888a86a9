//! The sandbox proved through its own API, without the xtask that uses it: hostile
//! programs attack each layer, the accounting layer is probed, and the machine's layers
//! are named. One module per subject, linked as one test binary;
//! `cargo test -p sandbox --test suite MODULE::` runs one subject's tests.
//!
//! The programs run are the tests' own fixtures, `tests/hostile/` beside this folder:
//! C and C++ compiled on the host with `cc`/`c++` (or taken built from
//! `$XTASK_BUILT_FIXTURES`, for the accounting probes), Python run by the system's
//! `python3`. They are started through the crate's `sandbox-spawner` binary.

mod support;

mod attacks;
#[cfg(target_arch = "x86_64")]
mod filter_program;
mod isolation;
mod layers;
mod machine;
mod spawner;
mod syscalls;
