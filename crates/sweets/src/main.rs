fn main() -> anyhow::Result<()> {
    let output = std::io::BufWriter::new(std::io::stdout().lock());
    sweets::run(std::io::stdin().lock(), output)
}
