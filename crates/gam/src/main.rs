fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "gam",
        gridkit::cli::Commands {
            run: gam::run,
            explain: gam::explain,
            certificate: Some(gam::print_certificate),
            check: Some(gam::check_certificate),
        },
    )
}
