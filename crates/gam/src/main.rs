fn main() -> std::process::ExitCode {
    gridkit::cli::main("gam", gam::run, gam::explain)
}
