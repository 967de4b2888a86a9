//! The deliberately flawed solvers of ladders, each run on stdin and printing as the
//! solver prints. `cargo run -p ladders --features testkit --bin ladders_flawed -- --list`
//! names them; `-- NAME < input` runs one; `cargo xtask stress ladders --flawed NAME`
//! finds and shrinks a case it fails.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<ladders::testkit::Kit>()
}
