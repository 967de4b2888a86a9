fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "ladders",
        gridkit::cli::Commands {
            run: ladders::run,
            explain: ladders::explain,
            picture: ladders::picture,
            certificate: ladders::print_certificate,
            check: ladders_proof::check_certificate,
        },
    )
}
