//! The jury's table DP (`gam::jury`) behind the solver's input and output, for timing
//! the solver against it: `cargo run --release -p gam --bin gam_reference < input`.

fn main() -> anyhow::Result<()> {
    let output = std::io::BufWriter::new(std::io::stdout().lock());
    gam::run_with(std::io::stdin().lock(), output, gam::jury::winner)
}
