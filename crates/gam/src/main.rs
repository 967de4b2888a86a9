fn main() -> anyhow::Result<()> {
    gam::run(
        std::io::stdin().lock(),
        std::io::BufWriter::new(std::io::stdout().lock()),
    )
}
