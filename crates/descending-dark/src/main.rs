fn main() -> std::process::ExitCode {
    let output = std::io::BufWriter::new(std::io::stdout().lock());
    gridkit::exit_code(descending_dark::run(std::io::stdin().lock(), output))
}
