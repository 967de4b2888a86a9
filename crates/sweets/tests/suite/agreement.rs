//! The solver against the reference: thousands of random boxes drawn in varied layouts
//! through `run`, then every one of the 524,287 non-empty boxes.

use gridkit::testkit::{ProblemKit, output_of};
use sweets::geometry::FULL;
use sweets::parse::draw;
use sweets::reference::Reference;
use sweets::testkit::Kit;

/// `mask` as text in one of several layouts the statement's format allows.
fn layout(mask: u32, rng: &mut fastrand::Rng) -> String {
    let drawn = draw(mask);
    match rng.u8(0..4) {
        0 => drawn,
        1 => drawn
            .lines()
            .map(|line| format!("{}\n", line.trim_start()))
            .collect(),
        2 => drawn.replace(' ', "  ").replace('\n', " \r\n"),
        _ => drawn.replace(' ', "\t") + "\n\n",
    }
}

#[test]
fn random_boxes_agree_with_the_reference() {
    let mut reference = Reference::new();
    let mut rng = fastrand::Rng::with_seed(6_305);
    let mut seen = [0usize; 2];
    for case in 0..5_000 {
        // Every scale, so sparse, middling and dense boxes all occur.
        let mask = Kit::generate(&mut rng, f64::from(case % 100) / 99.0);
        let input = layout(mask, &mut rng);
        let wins = reference.first_player_wins(mask);
        let expected = format!("{}\n", sweets::render(wins));
        let output = output_of(|input, output| sweets::run(input, output), input.as_bytes());
        assert_eq!(output, expected, "input:\n{input}");
        seen[usize::from(wins)] += 1;
    }
    assert!(
        seen[0] > 100 && seen[1] > 100,
        "both winners occur: {seen:?}"
    );
}

#[test]
fn every_box_agrees_with_the_reference() {
    let mut reference = Reference::new();
    for mask in 1..=FULL {
        assert_eq!(
            sweets::solve::first_player_wins(mask),
            reference.first_player_wins(mask),
            "box {mask:#021b}:\n{}",
            draw(mask)
        );
    }
}
