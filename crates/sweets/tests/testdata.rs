//! The test data is complete and right: every input has an expected output, every
//! expected output is the reference's answer, and the solver prints it.

use std::fs;
use std::path::{Path, PathBuf};

use sweets::parse::parse;
use sweets::reference;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/sweets")
}

/// Every file of the folder with extension `ext`, sorted.
fn files(ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

#[test]
fn every_input_has_an_expected_output_and_back() {
    let inputs = files("in");
    assert!(inputs.len() >= 30, "only {} cases", inputs.len());
    for input in &inputs {
        assert!(input.with_extension("out").is_file(), "{}", input.display());
    }
    for output in files("out") {
        assert!(
            output.with_extension("in").is_file(),
            "{}",
            output.display()
        );
    }
}

#[test]
fn the_samples_are_there() {
    for name in ["sample1", "sample2"] {
        assert!(folder().join(format!("{name}.in")).is_file(), "{name}");
    }
}

#[test]
fn expected_outputs_are_the_reference_answers() {
    for input in files("in") {
        let text = fs::read(&input).unwrap();
        let mask = parse(&text[..]).unwrap_or_else(|e| panic!("{}: {e}", input.display()));
        let expected = fs::read_to_string(input.with_extension("out")).unwrap();
        assert_eq!(
            expected,
            format!("{}\n", reference::winner(mask)),
            "{}",
            input.display()
        );
    }
}

#[test]
fn the_solver_prints_the_expected_outputs() {
    for input in files("in") {
        let text = fs::read(&input).unwrap();
        let mut output = Vec::new();
        sweets::run(&text[..], &mut output).unwrap();
        let expected = fs::read_to_string(input.with_extension("out")).unwrap();
        assert_eq!(
            String::from_utf8(output).unwrap(),
            expected,
            "{}",
            input.display()
        );
    }
}
