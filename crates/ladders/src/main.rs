fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "ladders",
        gridkit::cli::Commands {
            run: ladders::run,
            explain: ladders::explain,
            certificate: Some(ladders::print_certificate),
            check: Some(ladders::check_certificate),
        },
    )
}
