fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "ladders",
        gridkit::cli::Commands {
            run: ladders::run,
            explain: ladders::explain,
            certificate: None,
            check: None,
        },
    )
}
