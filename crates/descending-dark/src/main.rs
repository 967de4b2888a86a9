fn main() -> anyhow::Result<()> {
    let (stdin, stdout) = (std::io::stdin().lock(), std::io::stdout().lock());
    descending_dark::run(stdin, std::io::BufWriter::new(stdout))
}
