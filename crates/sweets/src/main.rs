fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "sweets",
        gridkit::cli::Commands {
            run: sweets::run,
            explain: sweets::explain,
            certificate: Some(sweets::print_certificate),
            check: Some(sweets::check_certificate),
        },
    )
}
