fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "statues",
        gridkit::cli::Commands {
            run: statues::run,
            explain: statues::explain,
            certificate: Some(statues::print_certificate),
            check: Some(statues::check_certificate),
        },
    )
}
