//! The deliberately flawed solvers of statues, each run on stdin and printing as the
//! solver prints. `cargo run -p statues --features testkit --bin statues_flawed -- --list`
//! names them; `-- NAME < input` runs one; `cargo xtask stress statues --flawed NAME`
//! finds and shrinks a case it fails.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<statues::testkit::Kit>()
}
