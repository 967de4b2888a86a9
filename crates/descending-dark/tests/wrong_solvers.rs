//! Deliberately wrong solvers, one per pitfall of the statement, each of which the test
//! data must catch: it must print a wrong answer on at least one test-data input. The
//! same code without any flaw must print every expected output, so the harness itself is
//! shown to be right.

use descending_dark::Verdict;
use descending_dark::parse::{Case, read_all};
use gridkit::{Grid, Pos};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flaw {
    None,
    /// Another cave stops you: S_C leaves out everything behind another cave.
    CavesAreStops,
    /// S_C is the connected component of C, moving in all four directions.
    UndirectedReach,
    /// Possible offsets come from the forward pass over lengths only.
    ForwardPassOnly,
    /// One pruning round instead of a fixpoint.
    OnePass,
    /// Forbidden offsets are computed once from all intervals, not from the live ones.
    StaleForbid,
    /// An exit is good when the square below is passable, whether or not it is in S_C.
    ExitsByPassable,
}

const FLAWS: [Flaw; 6] = [
    Flaw::CavesAreStops,
    Flaw::UndirectedReach,
    Flaw::ForwardPassOnly,
    Flaw::OnePass,
    Flaw::StaleForbid,
    Flaw::ExitsByPassable,
];

fn open(grid: &Grid<u8>, pos: Pos) -> bool {
    grid.get(pos).is_some_and(|&b| b != b'#')
}

fn reach(grid: &Grid<u8>, cave: Pos, flaw: Flaw) -> Grid<bool> {
    let steps: &[(isize, isize)] = if flaw == Flaw::UndirectedReach {
        &[(-1, 0), (0, -1), (0, 1), (1, 0)]
    } else {
        &[(-1, 0), (0, -1), (0, 1)]
    };
    let mut inside = Grid::new(grid.height(), grid.width(), false);
    inside[cave] = true;
    let mut stack = vec![cave];
    while let Some(to) = stack.pop() {
        for &(dr, dc) in steps {
            let Some(from) = to.offset(dr, dc) else {
                continue;
            };
            let other_cave = grid.get(from).is_some_and(u8::is_ascii_digit) && from != cave;
            if !open(grid, from) || inside[from] || (flaw == Flaw::CavesAreStops && other_cave) {
                continue;
            }
            inside[from] = true;
            stack.push(from);
        }
    }
    inside
}

struct Interval {
    len: usize,
    good: u64,
    bad: u64,
}

fn verdict(grid: &Grid<u8>, cave: Pos, flaw: Flaw) -> Verdict {
    let inside = reach(grid, cave, flaw);
    let squares = inside.cells().iter().filter(|&&s| s).count();
    let mut all = Vec::new();
    let mut own = usize::MAX;
    for row in 0..grid.height() {
        let mut col = 0;
        while col < grid.width() {
            if !inside[Pos::new(row, col)] {
                col += 1;
                continue;
            }
            let mut interval = Interval {
                len: 0,
                good: 0,
                bad: 0,
            };
            while col < grid.width() && inside[Pos::new(row, col)] {
                if Pos::new(row, col) == cave {
                    own = all.len();
                }
                let below = Pos::new(row + 1, col);
                let bit = 1u64 << interval.len;
                if open(grid, below) {
                    if flaw == Flaw::ExitsByPassable || inside[below] {
                        interval.good |= bit;
                    } else {
                        interval.bad |= bit;
                    }
                }
                interval.len += 1;
                col += 1;
            }
            all.push(interval);
        }
    }
    let longest = all.iter().map(|i| i.len).max().unwrap();
    let mut alive = vec![true; all.len()];
    loop {
        let mut forbid = vec![0u64; longest + 1];
        for (interval, &live) in all.iter().zip(&alive) {
            if live || flaw == Flaw::StaleForbid {
                forbid[interval.len] |= interval.bad;
            }
        }
        let mut possible = vec![0u64; longest + 1];
        possible[1] = 1 & !forbid[1];
        for len in 2..=longest {
            let p = possible[len - 1];
            possible[len] = (p | p << 1) & ((1 << len) - 1) & !forbid[len];
        }
        if flaw != Flaw::ForwardPassOnly {
            for len in (1..longest).rev() {
                let p = possible[len + 1];
                possible[len] &= p | p >> 1;
            }
        }
        let mut dropped = false;
        for (interval, live) in all.iter().zip(alive.iter_mut()) {
            if *live && interval.good & possible[interval.len] != 0 {
                *live = false;
                dropped = true;
            }
        }
        if !dropped || flaw == Flaw::OnePass {
            break;
        }
    }
    Verdict {
        squares,
        // Lucky when nothing but the cave's own interval is left.
        lucky: alive
            .iter()
            .enumerate()
            .all(|(index, &live)| !live || index == own),
    }
}

fn output(cases: &[Case], flaw: Flaw) -> String {
    let mut text = Vec::new();
    for (number, case) in cases.iter().enumerate() {
        let verdicts: Vec<Verdict> = case
            .caves
            .iter()
            .map(|&cave| verdict(&case.grid, cave, flaw))
            .collect();
        descending_dark::write_case(&mut text, number + 1, &verdicts).unwrap();
    }
    String::from_utf8(text).unwrap()
}

/// Every test-data input with its name, parsed cases and expected output.
fn testdata() -> Vec<(String, Vec<Case>, String)> {
    gridkit::testdata::cases("descending-dark")
        .unwrap()
        .into_iter()
        .map(|case| {
            let cases = read_all(case.input.as_bytes()).unwrap();
            (case.name, cases, case.expected)
        })
        .collect()
}

#[test]
fn without_a_flaw_the_harness_prints_every_expected_output() {
    for (name, cases, expected) in testdata() {
        assert_eq!(output(&cases, Flaw::None), expected, "{name}");
    }
}

#[test]
fn every_flawed_solver_fails_on_some_test_data() {
    let data = testdata();
    for flaw in FLAWS {
        let caught: Vec<&str> = data
            .iter()
            .filter(|(_, cases, expected)| output(cases, flaw) != *expected)
            .map(|(name, _, _)| name.as_str())
            .collect();
        println!("{flaw:?} is caught by {caught:?}");
        assert!(!caught.is_empty(), "{flaw:?} passes every test-data case");
    }
}

/// The hand-made cases each catch the flaw they were written for.
#[test]
fn each_pitfall_case_catches_its_flaw() {
    let data = testdata();
    let catches = |name: &str, flaw: Flaw| {
        let (_, cases, expected) = data.iter().find(|(n, _, _)| n == name).unwrap();
        output(cases, flaw) != *expected
    };
    assert!(catches("caves-are-not-stops", Flaw::CavesAreStops));
    assert!(catches("backward-reach", Flaw::UndirectedReach));
    assert!(catches("backward-pass", Flaw::ForwardPassOnly));
    assert!(catches("fixpoint", Flaw::OnePass));
    assert!(catches("fixpoint", Flaw::StaleForbid));
    assert!(catches("equal-length-coupling", Flaw::OnePass));
    assert!(catches("bad-exit-below-the-cave", Flaw::ExitsByPassable));
    assert!(catches("equal-length-coupling", Flaw::ExitsByPassable));
}
