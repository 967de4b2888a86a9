//! The pictures of `--explain=svg`, looked at by a real renderer (resvg): every
//! test-data file's picture renders within the caps of the `render` crate
//! (at most 1 MiB of SVG, 800 x 3000 pixels, 2 s to render), and the binary writes one.

use problem::Problem as _;
use render::{
    assert_binary_draws_the_sample_and_refuses_bad_input, assert_testdata_pictures_within_caps,
};

#[test]
fn every_testdata_picture_renders_within_the_caps() {
    let (bytes, height, seconds) =
        assert_testdata_pictures_within_caps("sweets", |input, output| {
            sweets::Sweets::picture(input, output)
        });
    eprintln!("largest picture: {bytes} bytes, {height} px high, rendered in {seconds:.3} s");
}

#[test]
fn the_binary_draws_the_checked_explanation_and_refuses_bad_input() {
    assert_binary_draws_the_sample_and_refuses_bad_input("sweets", env!("CARGO_BIN_EXE_sweets"));
}
