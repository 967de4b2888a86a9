fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "descending-dark",
        gridkit::cli::Commands {
            run: descending_dark::run,
            explain: descending_dark::explain,
            picture: descending_dark::picture,
            certificate: descending_dark::print_certificate,
            check: descending_dark_proof::check_certificate,
        },
    )
}
