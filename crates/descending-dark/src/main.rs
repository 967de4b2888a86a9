fn main() -> std::process::ExitCode {
    gridkit::cli::main(
        "descending-dark",
        descending_dark::run,
        descending_dark::explain,
    )
}
