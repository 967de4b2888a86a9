fn main() -> std::process::ExitCode {
    let output = std::io::BufWriter::new(std::io::stdout().lock());
    gridkit::exit_code(gam::run(std::io::stdin().lock(), output))
}
