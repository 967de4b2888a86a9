fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "sweets",
        gridkit::cli::Commands {
            run: sweets::run,
            explain: sweets::explain,
            picture: sweets::picture,
            certificate: sweets::print_certificate,
            check: sweets_proof::check_certificate,
        },
    )
}
