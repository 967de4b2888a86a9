fn main() -> std::process::ExitCode {
    xtask::cli::main()
}
