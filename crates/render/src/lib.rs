//! Pictures drawn to pixels, for the tests that look at them: the SVG that `--explain=svg`
//! writes ([`gridkit::picture`]) rendered by `resvg` with the machine's fonts, the colour of
//! a pixel, and the caps every test-data picture keeps (size, height, time to render).
//!
//! A crate of its own, and only ever a dev-dependency, so that no solver binary and no
//! `cargo xtask` build carries a renderer. A feature of gridkit would differ between
//! `cargo xtask` and `cargo test`: the test build would turn it on for every crate that
//! uses gridkit, and each of those, the xtask among them, would be compiled once for each.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use gridkit::picture::{FONT_FAMILIES, MAX_WIDTH};
use std::collections::BTreeSet;

pub use resvg::tiny_skia::Pixmap;
use resvg::usvg::fontdb::{Database, Family, Query, Source};

/// The machine's fonts, with the files of the faces the pictures ask for
/// ([`FONT_FAMILIES`]) read into memory once. fontdb reads a file's face from
/// disk again for every glyph it draws: rendering ladders' 88 test-data pictures took
/// 7.0 s that way, 1.4 s this way. Every other face stays a file, for the glyphs those
/// lack.
fn fonts() -> Database {
    let mut system = Database::new();
    system.load_system_fonts();
    let asked = FONT_FAMILIES.iter().map(|name| match *name {
        "sans-serif" => Family::SansSerif,
        name => Family::Name(name),
    });
    let wanted: BTreeSet<_> = asked
        .filter_map(|family| {
            let families = [family];
            let query = Query {
                families: &families,
                ..Query::default()
            };
            match &system.face(system.query(&query)?)?.source {
                Source::File(path) => Some(path.clone()),
                _ => None,
            }
        })
        .collect();
    let mut fonts = Database::new();
    let mut in_memory = BTreeSet::new();
    for path in wanted {
        if let Ok(data) = std::fs::read(&path) {
            fonts.load_font_data(data);
            in_memory.insert(path);
        }
    }
    for face in system.faces() {
        if !matches!(&face.source, Source::File(path) if in_memory.contains(path)) {
            fonts.push_face_info(face.clone());
        }
    }
    fonts
}

/// `svg` rendered at its own size, with the machine's fonts for its text.
///
/// # Errors
/// The SVG does not parse, or has no area.
pub fn render(svg: &str) -> Result<Pixmap, String> {
    use std::sync::{Arc, OnceLock};
    static FONTS: OnceLock<Arc<Database>> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| Arc::new(fonts()));
    let options = resvg::usvg::Options {
        fontdb: Arc::clone(fonts),
        ..Default::default()
    };
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("a picture of {}x{} pixels", size.width(), size.height()))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// The colour of the pixel at (`x`, `y`), as `#rrggbb`.
pub fn pixel(pixmap: &Pixmap, x: f64, y: f64) -> String {
    let p = pixmap
        .pixel(x as u32, y as u32)
        .map(|p| p.demultiply())
        .map_or((0, 0, 0), |p| (p.red(), p.green(), p.blue()));
    format!("#{:02x}{:02x}{:02x}", p.0, p.1, p.2)
}

/// How far apart two `#rrggbb` colours are: the largest difference of a channel.
pub fn distance(a: &str, b: &str) -> u8 {
    let channel = |c: &str, i: usize| u8::from_str_radix(&c[1 + 2 * i..3 + 2 * i], 16).unwrap_or(0);
    (0..3)
        .map(|i| channel(a, i).abs_diff(channel(b, i)))
        .max()
        .unwrap_or(0)
}

/// The most bytes a picture of any test-data file may take.
pub const MAX_BYTES: usize = 1 << 20;
/// The tallest a picture may be, in pixels.
pub const MAX_HEIGHT: u32 = 3000;
/// The longest rendering a picture may take, in seconds (optimised build).
pub const MAX_SECONDS: f64 = 2.0;

/// Draws the picture of every `testdata/<problem>` input with `picture` (the library's
/// `--explain=svg`) and renders it, asserting that each is at most [`MAX_BYTES`], at
/// most [`MAX_WIDTH`] x [`MAX_HEIGHT`] pixels and rendered within
/// [`MAX_SECONDS`]; returns the largest size, height and time met, for the record.
pub fn assert_testdata_pictures_within_caps<E: std::fmt::Display>(
    problem: &str,
    picture: impl Fn(&[u8], &mut Vec<u8>) -> Result<(), E>,
) -> (usize, u32, f64) {
    let cases = gridkit::testdata::cases(problem).expect("the test data can be read");
    assert!(!cases.is_empty(), "no test data for {problem}");
    let mut largest = (0, 0, 0.0f64);
    for case in cases {
        let mut svg = Vec::new();
        if let Err(error) = picture(case.input.as_bytes(), &mut svg) {
            panic!("{problem}/{}: {error}", case.name);
        }
        let svg = String::from_utf8(svg).expect("a picture is text");
        assert!(
            svg.len() <= MAX_BYTES,
            "{problem}/{}: {} bytes",
            case.name,
            svg.len()
        );
        let started = std::time::Instant::now();
        let pixmap = render(&svg).unwrap_or_else(|e| panic!("{problem}/{}: {e}", case.name));
        let seconds = started.elapsed().as_secs_f64();
        assert!(
            seconds <= MAX_SECONDS,
            "{problem}/{}: {seconds:.2} s",
            case.name
        );
        assert!(
            pixmap.width() as f64 <= MAX_WIDTH,
            "{problem}/{}",
            case.name
        );
        assert!(
            pixmap.height() <= MAX_HEIGHT,
            "{problem}/{}: {}",
            case.name,
            pixmap.height()
        );
        largest = (
            largest.0.max(svg.len()),
            largest.1.max(pixmap.height()),
            largest.2.max(seconds),
        );
    }
    largest
}

/// Runs `binary --explain=svg` on `testdata/<problem>/sample1.in` and asserts that it
/// writes one SVG picture that renders; then on a bad input, that it writes nothing
/// and fails with one `error: ` line and exit code 1.
pub fn assert_binary_draws_the_sample_and_refuses_bad_input(problem: &str, binary: &str) {
    use gridkit::testdata::{cases, run_binary_with};
    let case = cases(problem)
        .expect("the test data can be read")
        .into_iter()
        .find(|case| case.name == "sample1")
        .expect("the sample is in the test data");
    let output = run_binary_with(binary, &["--explain=svg"], case.input.as_bytes())
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let svg = String::from_utf8(output.stdout).expect("a picture is text");
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    render(&svg).expect("the picture renders");
    let bad = run_binary_with(binary, &["--explain=svg"], b"x\n").expect("the binary runs");
    assert_eq!(bad.status.code(), Some(1));
    assert!(bad.stdout.is_empty());
    assert!(String::from_utf8_lossy(&bad.stderr).starts_with("error: "));
}

/// The brightness of a `#rrggbb` colour, 0 (black) to 255 (white).
pub fn brightness(c: &str) -> u8 {
    let channel =
        |i: usize| u32::from(u8::from_str_radix(&c[1 + 2 * i..3 + 2 * i], 16).unwrap_or(0));
    ((channel(0) * 299 + channel(1) * 587 + channel(2) * 114) / 1000) as u8
}
