//! "Step through the proof" on every official sample: how many frames each proof gives
//! (counted from its certificate, not from the frames), and that the last frame shows
//! the proven end: Maria with Anna or out of squares, every walker of a Lucky cave on the
//! cave, the winner's last round, an empty box left to the loser, the start's value equal
//! to the answer. Long proofs are shown as evenly spaced frames, and say so.

use crate::official_samples;
use gridkit::solved::{Step, Steps};
use gridkit::testdata::Case;
use playground::steps::MAX_FRAMES;
use playground::{Frame, Frames, Solved, solve};
use serde_json::Value;

/// Every frame of a sample's proof, checked to be a caption and a picture.
fn frames(problem: &str, case: &Case) -> (Solved, Value, Vec<Frame>) {
    let solved = solve(problem, &case.input).unwrap_or_else(|e| panic!("{problem}: {e}"));
    let certificate: Value = serde_json::from_str(&solved.certificate).unwrap();
    let frames: Vec<Frame> = (0..solved.frame_count()).map(|i| solved.frame(i)).collect();
    for (index, frame) in frames.iter().enumerate() {
        let at = format!("{problem}/{} frame {index}", case.name);
        assert!(
            !frame.caption.is_empty() && !frame.caption.contains('\n'),
            "{at}: {:?}",
            frame.caption
        );
        assert!(
            frame.picture.starts_with("<svg") && frame.picture.trim_end().ends_with("</svg>"),
            "{at}"
        );
    }
    // Frames past the last are the last.
    assert_eq!(solved.frame(frames.len() + 5), frames[frames.len() - 1]);
    (solved, certificate, frames)
}

fn last(frames: &[Frame]) -> &str {
    &frames.last().unwrap().caption
}

#[test]
fn statues_steps_are_the_rounds_ending_with_anna_or_nowhere_left() {
    for case in official_samples("statues") {
        let (solved, certificate, frames) = frames("statues", &case);
        let evidence = &certificate["evidence"];
        if let Some(walk) = evidence["walk"].as_array() {
            assert_eq!(frames.len(), walk.len(), "{}", case.name);
            assert_eq!(solved.answer.trim(), "WIN");
            assert!(last(&frames).ends_with("WIN."), "{}", last(&frames));
            if walk.last().unwrap() == &serde_json::json!([0, 7]) {
                assert!(last(&frames).contains("Anna's square"), "{}", last(&frames));
            }
        } else {
            let cornered = evidence["cornered"].as_array().unwrap();
            assert_eq!(frames.len(), cornered.len(), "{}", case.name);
            assert_eq!(solved.answer.trim(), "LOSE");
            assert!(
                last(&frames).contains("no square is left"),
                "{}",
                last(&frames)
            );
        }
        assert!(
            frames[0].caption.starts_with("Start"),
            "{}",
            frames[0].caption
        );
    }
}

#[test]
fn descending_dark_steps_are_each_plans_runs_ending_on_the_cave() {
    for case in official_samples("descending-dark") {
        let (_, certificate, frames) = frames("descending-dark", &case);
        let mut index = 0;
        for (case_index, certified) in certificate["cases"].as_array().unwrap().iter().enumerate() {
            for cave in certified["caves"].as_array().unwrap() {
                let named = format!("Case #{}, cave {} ", case_index + 1, cave["label"]);
                if let Some(plan) = cave["evidence"]["lucky"]["plan"].as_array() {
                    let runs = &frames[index..=index + plan.len()];
                    assert!(runs.iter().all(|frame| frame.caption.starts_with(&named)));
                    if !plan.is_empty() {
                        assert!(runs[0].caption.contains("a walker on each square of S_C"));
                    }
                    assert!(
                        runs[plan.len()]
                            .caption
                            .ends_with("every walker is on the cave: Lucky."),
                        "{}",
                        runs[plan.len()].caption
                    );
                    index += plan.len() + 1;
                } else {
                    assert!(frames[index].caption.starts_with(&named));
                    assert!(frames[index].caption.contains("Unlucky"));
                    index += 1;
                }
            }
        }
        assert_eq!(frames.len(), index, "{}", case.name);
    }
}

#[test]
fn gam_steps_are_each_strategys_rounds_ending_with_the_winner() {
    for case in official_samples("gam") {
        let (solved, certificate, frames) = frames("gam", &case);
        let tests = certificate["tests"].as_array().unwrap();
        let mut index = 0;
        for (test, answer) in tests.iter().zip(solved.answer.lines()) {
            let rounds = test["strategy"].as_array().unwrap().len();
            assert_eq!(test["distance"].as_u64().unwrap() % 2 == 0, rounds > 0);
            let end = &frames[index + rounds].caption;
            assert!(end.ends_with(&format!("{answer} wins.")), "{end}");
            index += rounds + 1;
        }
        assert_eq!(frames.len(), index, "{}", case.name);
    }
}

#[test]
fn sweets_steps_are_a_line_of_play_ending_in_an_empty_box_for_the_loser() {
    for case in official_samples("sweets") {
        let (solved, certificate, frames) = frames("sweets", &case);
        let chocolates = certificate["box"].as_str().unwrap().matches('O').count();
        assert!(
            (2..=chocolates + 1).contains(&frames.len()),
            "{}",
            frames.len()
        );
        let winner = solved.answer.trim();
        let loser = if winner == "Karlsson" {
            "Lillebror"
        } else {
            "Karlsson"
        };
        let end = last(&frames);
        assert!(end.contains(&format!("{winner} eats")), "{end}");
        assert!(
            end.ends_with(&format!("the box is empty: {loser} cannot move and loses.")),
            "{end}"
        );
        // The players take turns, Karlsson first.
        for (index, frame) in frames.iter().enumerate().skip(1) {
            let mover = if index % 2 == 1 {
                "Karlsson"
            } else {
                "Lillebror"
            };
            assert!(
                frame
                    .caption
                    .starts_with(&format!("Move {index}: {mover} eats"))
            );
        }
    }
}

#[test]
fn ladders_steps_fill_in_every_square_ending_with_the_answer_at_the_start() {
    for case in official_samples("ladders") {
        let (solved, _, frames) = frames("ladders", &case);
        assert_eq!(frames.len(), 100, "{}", case.name);
        assert!(
            frames[0]
                .caption
                .contains("the Goal (row 1, column 1) needs 0 turns")
        );
        let end = last(&frames);
        assert!(
            end.contains(&format!(
                "{} expected turns, the answer",
                solved.answer.trim()
            )),
            "{end}"
        );
        assert!(end.contains("row 10, column 1"), "{end}");
    }
}

/// A proof of `count` steps, each captioned with its number.
struct Counted(usize);

impl Steps for Counted {
    fn count(&self) -> usize {
        self.0
    }

    fn step(&self, index: usize) -> Step {
        Step {
            caption: format!("step #{index}"),
            picture: String::new(),
        }
    }
}

#[test]
fn a_long_proof_is_shown_as_evenly_spaced_frames_that_say_so() {
    let frames = Frames::new(Box::new(Counted(1000)));
    assert_eq!(frames.count(), MAX_FRAMES);
    let shown: Vec<usize> = (0..frames.count()).map(|i| frames.step_of(i)).collect();
    assert_eq!(shown[0], 0);
    assert_eq!(shown[MAX_FRAMES - 1], 999);
    let gaps: Vec<usize> = shown.windows(2).map(|pair| pair[1] - pair[0]).collect();
    assert!(gaps.iter().all(|&gap| gap == 5 || gap == 6), "{gaps:?}");
    let caption = frames.frame(MAX_FRAMES - 1).caption;
    assert_eq!(
        caption,
        format!(
            "Step 1000 of 1000 ({MAX_FRAMES} evenly spaced steps shown, the others skipped): \
             step #999"
        )
    );
    // A proof that fits is shown whole, its captions as they are.
    let frames = Frames::new(Box::new(Counted(MAX_FRAMES)));
    assert_eq!(frames.count(), MAX_FRAMES);
    assert!((0..MAX_FRAMES).all(|i| frames.step_of(i) == i));
    assert_eq!(frames.frame(7).caption, "step #7");
}

#[test]
fn one_solve_gives_what_the_four_modes_print() {
    for problem in playground::PROBLEMS {
        for case in official_samples(problem.name()) {
            let at = format!("{}/{}", problem.name(), case.name);
            let solved = solve(problem.name(), &case.input).unwrap();
            assert_eq!(solved.answer, problem.answer(&case.input).unwrap(), "{at}");
            assert_eq!(
                solved.explanation,
                problem.explanation(&case.input).unwrap(),
                "{at}"
            );
            assert_eq!(solved.picture, problem.svg(&case.input).unwrap(), "{at}");
            assert_eq!(
                solved.certificate,
                problem.certificate(&case.input).unwrap(),
                "{at}"
            );
        }
    }
}
