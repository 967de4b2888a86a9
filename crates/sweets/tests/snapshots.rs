//! The explanation of every test case, as `--explain` prints it: the answer, then the
//! certificate, drawn. A snapshot records what the code prints; `tests/certificate.rs`
//! proves each certificate right.

use std::fs;

use gridkit::testkit::output_of;

#[test]
fn every_test_case_is_explained() {
    insta::glob!("../../../testdata/sweets", "*.in", |path| {
        let input = fs::read_to_string(path).unwrap();
        let explanation = output_of(
            |input, output| sweets::explain(input, output),
            input.as_bytes(),
        );
        insta::with_settings!({ description => input, omit_expression => true }, {
            insta::assert_snapshot!("explanation", explanation);
        });
    });
}
