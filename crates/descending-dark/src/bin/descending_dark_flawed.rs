//! The deliberately flawed solvers of descending-dark, each run on stdin and printing as the
//! solver prints. `cargo run -p descending-dark --features testkit --bin descending_dark_flawed -- --list`
//! names them; `-- NAME < input` runs one; `cargo xtask stress descending-dark --flawed NAME`
//! finds and shrinks a case it fails.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<descending_dark::testkit::Kit>()
}
