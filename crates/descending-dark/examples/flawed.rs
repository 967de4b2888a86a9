//! Runs one flawed solver of descending-dark on stdin, or lists them:
//! `cargo run -p descending-dark --example descending_dark_flawed -- --list`.

fn main() -> std::process::ExitCode {
    gridkit::testkit::flawed_main::<descending_dark::testkit::Kit>()
}
