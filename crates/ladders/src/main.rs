fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "ladders",
        gridkit::cli::Commands {
            run: ladders::run,
            explain: ladders::explain,
            certificate: ladders::print_certificate,
            check: ladders::check_certificate,
        },
    )
}
