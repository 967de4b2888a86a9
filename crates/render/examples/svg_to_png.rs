//! Draws an SVG picture to a PNG file, to look at `--explain=svg` output as the tests
//! see it: `cargo run -p render --example svg_to_png -- IN.svg OUT.png`.

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = args.as_slice() else {
        return Err("usage: svg_to_png IN.svg OUT.png".to_string());
    };
    let svg = std::fs::read_to_string(input).map_err(|e| format!("{input}: {e}"))?;
    let pixmap = render::render(&svg)?;
    pixmap
        .save_png(output)
        .map_err(|e| format!("{output}: {e}"))
}
