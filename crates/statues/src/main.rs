fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "statues",
        gridkit::cli::Commands {
            run: statues::run,
            explain: statues::explain,
            certificate: None,
            check: None,
        },
    )
}
