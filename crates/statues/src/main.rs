fn main() -> std::process::ExitCode {
    gridkit::cli::main("statues", statues::run, statues::explain)
}
