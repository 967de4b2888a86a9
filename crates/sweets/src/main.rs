fn main() -> std::process::ExitCode {
    gridkit::cli::main("sweets", sweets::run, sweets::explain)
}
