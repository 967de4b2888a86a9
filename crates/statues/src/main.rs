fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "statues",
        gridkit::cli::Commands {
            run: statues::run,
            explain: statues::explain,
            picture: statues::picture,
            certificate: statues::print_certificate,
            check: statues_proof::check_certificate,
        },
    )
}
