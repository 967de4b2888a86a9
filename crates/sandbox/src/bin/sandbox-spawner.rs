//! A spawner and nothing else, for the crate's own integration tests
//! (`tests/suite/`): they start programs through the sandbox's API, which needs a binary
//! to call as `<binary> spawner`, and cargo names only the crate's own binaries to its
//! tests (`CARGO_BIN_EXE_sandbox-spawner`). The archive's runs go through `xtask
//! spawner` instead.
//!
//! `sandbox-spawner spawner [--without=LAYER,...]` serves requests until its input ends.

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    anyhow::ensure!(
        args.next().as_deref() == Some("spawner"),
        "usage: sandbox-spawner spawner [--without=LAYER,...]"
    );
    let mut without = Vec::new();
    for arg in args {
        let Some(names) = arg.strip_prefix("--without=") else {
            anyhow::bail!("unexpected argument {arg:?}");
        };
        without.extend(names.split(',').map(str::to_owned));
    }
    sandbox::serve(&without)
}
