fn main() -> anyhow::Result<()> {
    let output = std::io::BufWriter::new(std::io::stdout().lock());
    statues::run(std::io::stdin().lock(), output)
}
