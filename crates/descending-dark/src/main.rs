fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "descending-dark",
        gridkit::cli::Commands {
            run: descending_dark::run,
            explain: descending_dark::explain,
            certificate: Some(descending_dark::print_certificate),
            check: Some(descending_dark::check_certificate),
        },
    )
}
