//! The deliberately flawed solvers of sweets, each run on stdin and printing as the
//! solver prints. `cargo run -p sweets --features testkit --bin sweets_flawed -- --list`
//! names them; `-- NAME < input` runs one; `cargo xtask stress sweets --flawed NAME`
//! finds and shrinks a case it fails.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<sweets::testkit::Kit>()
}
