//! The pictures of `--explain=svg`, looked at by a real renderer (resvg): every
//! test-data file's picture renders within the caps of `gridkit::picture::render`
//! (at most 1 MiB of SVG, 800 x 3000 pixels, 2 s to render), and the binary writes one.

use gridkit::picture::render::{assert_testdata_pictures_within_caps, render};
use gridkit::testdata::{cases, run_binary_with};

#[test]
fn every_testdata_picture_renders_within_the_caps() {
    let (bytes, height, seconds) =
        assert_testdata_pictures_within_caps("sweets", |input, output| {
            sweets::picture(input, output)
        });
    eprintln!("largest picture: {bytes} bytes, {height} px high, rendered in {seconds:.3} s");
}

#[test]
fn the_binary_draws_the_checked_explanation_and_refuses_bad_input() {
    let case = cases("sweets")
        .unwrap()
        .into_iter()
        .find(|case| case.name == "sample1")
        .expect("the sample is in the test data");
    let binary = env!("CARGO_BIN_EXE_sweets");
    let output = run_binary_with(binary, &["--explain=svg"], case.input.as_bytes()).unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let svg = String::from_utf8(output.stdout).unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    render(&svg).unwrap();
    let bad = run_binary_with(binary, &["--explain=svg"], b"x\n").unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(bad.stdout.is_empty());
    assert!(String::from_utf8_lossy(&bad.stderr).starts_with("error: "));
}
