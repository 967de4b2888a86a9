fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "gam",
        gridkit::cli::Commands {
            run: gam::run,
            explain: gam::explain,
            picture: gam::picture,
            certificate: gam::print_certificate,
            check: gam_proof::check_certificate,
        },
    )
}
