fn main() -> std::process::ExitCode {
    gridkit::cli::main("ladders", ladders::run, ladders::explain)
}
