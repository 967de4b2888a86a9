fn main() -> anyhow::Result<()> {
    let output = std::io::BufWriter::new(std::io::stdout().lock());
    ladders::run(std::io::stdin().lock(), output)
}
