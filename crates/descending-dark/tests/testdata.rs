//! Every `testdata/descending-dark/*.in` has its `.out`; the `.out` is what the references
//! answer (the exhaustive search when every grid of the file fits it, the plain
//! implementation otherwise, and then the plain one agrees too); the solver prints it.

use std::path::{Path, PathBuf};

use descending_dark::{answer, plain, reference};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/descending-dark")
}

fn inputs() -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(folder())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    inputs.sort();
    inputs
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

#[test]
fn every_input_has_an_output_and_nothing_is_stray() {
    let inputs = inputs();
    assert!(inputs.len() >= 20, "only {} inputs", inputs.len());
    for input in &inputs {
        assert!(
            input.with_extension("out").is_file(),
            "{} has no .out",
            input.display()
        );
    }
    for entry in std::fs::read_dir(folder()).unwrap() {
        let path = entry.unwrap().path();
        assert!(
            path.extension().is_some_and(|ext| ext == "out") && path.with_extension("in").is_file()
                || path.extension().is_some_and(|ext| ext == "in"),
            "stray file {}",
            path.display()
        );
    }
}

#[test]
fn outputs_are_the_references_answers() {
    let mut exhaustive = 0;
    for input_path in inputs() {
        let input = read(&input_path);
        let expected = read(&input_path.with_extension("out"));
        let name = input_path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        assert_eq!(plain::answer(&input).unwrap(), expected, "{name}: plain");
        if let Some(output) = reference::answer(&input).unwrap() {
            assert_eq!(output, expected, "{name}: exhaustive reference");
            exhaustive += 1;
        }
    }
    // The sample, the hand-made cases but one, and the small generated files.
    assert!(
        exhaustive >= 16,
        "only {exhaustive} files checked exhaustively"
    );
}

#[test]
fn solver_prints_every_output() {
    for input_path in inputs() {
        let got = answer(&read(&input_path)).unwrap();
        let expected = read(&input_path.with_extension("out"));
        assert_eq!(got, expected, "{}", input_path.display());
    }
}
