//! The deliberately flawed solvers of gam, each run on stdin and printing as the
//! solver prints. `cargo run -p gam --features testkit --bin gam_flawed -- --list`
//! names them; `-- NAME < input` runs one; `cargo xtask stress gam --flawed NAME`
//! finds and shrinks a case it fails.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<gam::testkit::Kit>()
}
