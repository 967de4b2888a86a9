fn main() -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    descending_dark::run(
        std::io::stdin().lock(),
        std::io::BufWriter::new(stdout.lock()),
    )
}
