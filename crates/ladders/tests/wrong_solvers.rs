//! Known-wrong solvers, one per classic mistake, must each be caught by the test data:
//! every one misses the expected output by more than the checker's 1e-6 on some case.
//! The same code with no mistake switched on matches every case, so each failure comes
//! from its mistake alone.

use gridkit::testdata;
use ladders::Board;

/// The mistakes a solver can make; at most one is switched on at a time.
#[derive(Debug, Default, Clone, Copy)]
struct Mistakes {
    /// A roll past the Goal ends on the Goal (the seed write-up's erratum 1).
    clamp_overshoot: bool,
    /// A ladder of height `h` leads to `base + 10 h` on the path (erratum 2).
    ten_h_tops: bool,
    /// Landing on a ladder always climbs it.
    forced_climb: bool,
    /// A climb may continue up the ladder found at the top, and so on.
    chaining: bool,
}

/// Backward induction with the given mistakes (none: the right answer).
fn induct(board: &Board, mistakes: Mistakes) -> f64 {
    let index = |k: usize, col: usize| 10 * k + if k % 2 == 0 { col } else { 9 - col };
    let mut top: Vec<usize> = (0..100).collect();
    for row in 0..10 {
        for col in 0..10 {
            let (k, h) = (9 - row, usize::from(board.height(row, col)));
            let base = index(k, col);
            top[base] = if mistakes.ten_h_tops {
                base + 10 * h
            } else {
                index(k + h, col)
            };
        }
    }
    let mut expected = [0.0f64; 100];
    let mut best = [0.0f64; 100];
    for p in (0..99).rev() {
        let (mut sum, mut stay) = (0.0, 0.0);
        for r in 1..=6 {
            match best.get(p + r) {
                Some(value) => sum += value,
                None if mistakes.clamp_overshoot => sum += best[99],
                None => stay += 1.0,
            }
        }
        expected[p] = (6.0 + sum) / (6.0 - stay);
        best[p] = if top[p] == p {
            expected[p]
        } else if mistakes.forced_climb {
            expected[top[p]]
        } else if mistakes.chaining {
            expected[p].min(best[top[p]])
        } else {
            expected[p].min(expected[top[p]])
        };
    }
    expected[0]
}

/// Each case: name, board and expected answer.
fn cases() -> Vec<(String, Board, f64)> {
    testdata::cases("ladders")
        .unwrap()
        .into_iter()
        .map(|case| {
            let board = ladders::parse_board(case.input.as_bytes()).unwrap();
            (case.name, board, case.expected.trim().parse().unwrap())
        })
        .collect()
}

/// The checker's rule: absolute or relative error within 1e-6.
fn accepted(found: f64, expected: f64) -> bool {
    let error = (found - expected).abs();
    error <= 1e-6 || error <= 1e-6 * expected.abs()
}

/// The cases a solver with `mistakes` gets wrong.
fn caught_by(mistakes: Mistakes) -> Vec<String> {
    let caught: Vec<String> = cases()
        .into_iter()
        .filter(|(_, board, expected)| !accepted(induct(board, mistakes), *expected))
        .map(|(name, _, _)| name)
        .collect();
    eprintln!("{mistakes:?} fails {} cases: {caught:?}", caught.len());
    caught
}

fn answer(name: &str, mistakes: Mistakes) -> f64 {
    let (_, board, _) = cases().into_iter().find(|(n, _, _)| n == name).unwrap();
    induct(&board, mistakes)
}

#[test]
fn without_mistakes_every_case_passes() {
    assert_eq!(caught_by(Mistakes::default()), Vec::<String>::new());
}

#[test]
fn clamping_the_overshoot_is_caught() {
    let mistakes = Mistakes {
        clamp_overshoot: true,
        ..Mistakes::default()
    };
    // The spec: clamping gives 28.7619 on the empty board.
    assert!((answer("sample1", mistakes) - 28.7619).abs() < 1e-4);
    let caught = caught_by(mistakes);
    assert!(
        caught.contains(&"erratum-overshoot-empty-board".to_string()),
        "{caught:?}"
    );
    assert!(
        caught.contains(&"erratum-self-loop-ladders-onto-the-last-squares".to_string()),
        "{caught:?}"
    );
}

#[test]
fn base_plus_ten_h_tops_are_caught() {
    let mistakes = Mistakes {
        ten_h_tops: true,
        ..Mistakes::default()
    };
    let caught = caught_by(mistakes);
    assert!(
        caught.contains(&"erratum-odd-heights-keep-their-column".to_string()),
        "{caught:?}"
    );
    assert!(
        caught.contains(&"erratum-short-ladders-from-the-bottom-row".to_string()),
        "{caught:?}"
    );
}

#[test]
fn forced_climbing_is_caught() {
    let mistakes = Mistakes {
        forced_climb: true,
        ..Mistakes::default()
    };
    // The spec: forcing every climb gives 19.2487 on sample 3.
    assert!((answer("sample3", mistakes) - 19.2487).abs() < 1e-4);
    let caught = caught_by(mistakes);
    assert!(
        caught.contains(&"ladder-refused-when-climbing-hurts".to_string()),
        "{caught:?}"
    );
}

#[test]
fn chaining_ladders_is_caught() {
    let mistakes = Mistakes {
        chaining: true,
        ..Mistakes::default()
    };
    // The spec: chaining gives 17.7294 on sample 2.
    assert!((answer("sample2", mistakes) - 17.7294).abs() < 1e-4);
    let caught = caught_by(mistakes);
    assert!(
        caught.contains(&"chain-ladder-onto-ladder-bottom".to_string()),
        "{caught:?}"
    );
    assert!(
        caught.contains(&"chain-of-one-row-ladders".to_string()),
        "{caught:?}"
    );
}
