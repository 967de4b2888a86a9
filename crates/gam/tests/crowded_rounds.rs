//! `--check` on gam certificates whose rounds list more squares than the board holds:
//! one round of 80 rules each listing all 90,000 squares of a 300 x 300 board (64 MiB), a
//! square listed twice in a rule, and a round listing more squares than its layers have
//! positions. Each is refused by `--check` with its reason, within the promised time and
//! memory. So is the costliest certificate these bounds let
//! through: B's complete strategy, every position of every round, for as many rounds as
//! 64 MiB hold.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

use gridkit::testdata::run_binary_with;
use gridkit::testkit::hostile::{Crafted, Source, Writes, assert_check_is_bounded};

const BINARY: &str = env!("CARGO_BIN_EXE_gam");
const N: usize = 300;
/// A little under the 64 MiB a certificate may have.
const FILL: usize = (64 << 20) - 4096;

/// The rows of an open `N` x `N` board with the starts on `a` and `b` (from 1).
fn rows(a: (usize, usize), b: (usize, usize)) -> Vec<String> {
    (1..=N)
        .map(|row| {
            (1..=N)
                .map(|col| match (row, col) {
                    square if square == a => 'A',
                    square if square == b => 'B',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

fn input(rows: &[String]) -> String {
    format!("1\n{N}\n{}\n", rows.join("\n"))
}

/// A test's certificate up to its strategy's opening `[`; the rounds follow.
fn opening(rows: &[String], distance: usize) -> String {
    let rows = serde_json::to_string(rows).unwrap();
    format!(
        "{{\"tests\":[{{\"rows\":{rows},\"distance\":{distance},\"winner\":\"B\",\"strategy\":["
    )
}

const CLOSING: &str = "]}]}";

/// One round of `count` rules of B's, rule `i` from `froms[i % froms.len()]` to `to`
/// against the squares `against` lists.
fn one_round(
    opening: String,
    froms: Vec<(usize, usize)>,
    to: (usize, usize),
    against: String,
    count: usize,
) -> Writes {
    Box::new(move |out: &mut dyn Write| {
        out.write_all(opening.as_bytes())?;
        out.write_all(b"[")?;
        for index in 0..count {
            let separator = if index > 0 { "," } else { "" };
            let from = froms[index % froms.len()];
            write!(out, "{separator}{}", rule(from, to, &against))?;
        }
        out.write_all(b"]")?;
        out.write_all(CLOSING.as_bytes())
    })
}

fn squares(squares: impl Iterator<Item = (usize, usize)>) -> String {
    let listed: Vec<String> = squares.map(|(r, c)| format!("[{r},{c}]")).collect();
    format!("[{}]", listed.join(","))
}

fn rule(from: (usize, usize), to: (usize, usize), against: &str) -> String {
    format!(
        "{{\"from\":[{},{}],\"to\":[{},{}],\"against\":{against}}}",
        from.0, from.1, to.0, to.1
    )
}

/// The squares `k` moves from (1, 1) on the open board: layer `k` when A starts there
/// and B in the opposite corner.
fn diagonal(k: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..=N)
        .filter_map(move |row| (k + 2).checked_sub(row).map(|col| (row, col)))
        .filter(|&(_, col)| (1..=N).contains(&col))
}

/// B's complete strategy on the open board with the starts in opposite corners: in each
/// round, a rule from every square of B's layer against every square of A's, as many
/// rounds as `FILL` holds, then empty rounds up to `D/2`. Every rule but the last
/// complete round's is legal and answered, so the checker checks them all.
fn complete_strategy(opening: String) -> Writes {
    Box::new(move |out: &mut dyn Write| {
        let d = 2 * N - 2;
        let m = d / 2;
        out.write_all(opening.as_bytes())?;
        let mut written = opening.len() + CLOSING.len() + 3 * m;
        for r in 1..=m {
            let mut round = String::new();
            if written < FILL {
                let against = squares(diagonal(r));
                let rules: Vec<String> = diagonal(d - r + 1)
                    .map(|(row, col)| {
                        let to = if row > 1 {
                            (row - 1, col)
                        } else {
                            (row, col - 1)
                        };
                        rule((row, col), to, &against)
                    })
                    .collect();
                round = rules.join(",");
                if written + round.len() > FILL {
                    round.clear();
                }
            }
            written += round.len();
            let separator = if r > 1 { "," } else { "" };
            write!(out, "{separator}[{round}]")?;
        }
        out.write_all(CLOSING.as_bytes())
    })
}

/// The binary's refusal of the certificate `writes` makes, its one line. The check runs
/// in a child, never in this process: a child's peak counts its parent's memory until it
/// starts the binary (see `gridkit::testkit::hostile`).
fn refusal(input: &str, writes: &Writes) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let name = format!(
        "gam-crowded-{}-{}.json",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let path = std::env::temp_dir().join(name);
    let mut file = BufWriter::new(File::create(&path).unwrap());
    writes(&mut file).unwrap();
    file.flush().unwrap();
    drop(file);
    let run = run_binary_with(
        BINARY,
        &["--check", path.to_str().unwrap()],
        input.as_bytes(),
    );
    std::fs::remove_file(&path).unwrap();
    let run = run.unwrap();
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert!(run.stdout.is_empty());
    String::from_utf8_lossy(&run.stderr).into_owned()
}

fn assert_refused(input: &str, writes: Writes, name: &str, reason: &str) -> Crafted {
    let why = refusal(input, &writes);
    assert!(why.contains(reason), "{name}: {why}");
    Crafted::refused(name, Source::File(writes))
}

/// One round (D = 2: A on (1, 1), B on (1, 3)), its rules listing every square of the
/// board, a square twice, or more squares than the round has positions.
#[test]
fn a_round_listing_more_than_its_layers_hold_is_refused() {
    let board = rows((1, 1), (1, 3));
    let input = input(&board);
    let every_square = squares((1..=N).flat_map(|r| (1..=N).map(move |c| (r, c))));
    // Eighty squares to step from, so that no two rules cover the same positions.
    let froms: Vec<(usize, usize)> = (0..80).map(|i| (2 + i / 10, 1 + i % 10)).collect();
    let rounds = [
        (
            "one round of 80 rules, each listing all 90,000 squares",
            froms,
            every_square,
            80,
            "test 1: round 1: `against` lists (1, 1), where neither A stands after 1 move \
             nor B after 0 moves",
        ),
        (
            "a square listed twice in a rule",
            vec![(1, 3)],
            "[[1,2],[1,2]]".to_owned(),
            1,
            "test 1: round 1: a rule lists (1, 2) twice in `against`",
        ),
        (
            "one position in millions of rules",
            vec![(1, 3)],
            "[[1,2]]".to_owned(),
            FILL / 45,
            // (|L_0| + |L_1|) x |L_2| = (1 + 1) x 1.
            "test 1: round 1 lists more than 2 squares in `against`",
        ),
    ];
    let mut crafted = Vec::new();
    for (name, froms, against, count, reason) in rounds {
        let writes = one_round(opening(&board, 2), froms, (1, 2), against, count);
        crafted.push(assert_refused(&input, writes, name, reason));
    }
    assert_check_is_bounded(BINARY, input.as_bytes(), crafted);
}

/// On the open board with the starts in opposite corners (D = 598), rounds whose every
/// square lies on its layer: repeated positions are refused once they outnumber the
/// round's positions, and B's complete strategy, 64 MiB of legal rules, is checked to
/// its first gap within the promise.
#[test]
fn the_most_a_board_holds_is_checked_within_the_promise() {
    let board = rows((1, 1), (N, N));
    let input = input(&board);
    let d = 2 * N - 2;
    let repeated = one_round(
        opening(&board, d),
        vec![(N, N)],
        (N - 1, N),
        squares(diagonal(1)),
        FILL / 60,
    );
    let crafted = vec![
        assert_refused(
            &input,
            repeated,
            "the same two positions in millions of rules",
            // (|L_0| + |L_1|) x |L_598| = (1 + 2) x 1.
            "test 1: round 1 lists more than 3 squares in `against`",
        ),
        assert_refused(
            &input,
            complete_strategy(opening(&board, d)),
            "B's complete strategy for as many rounds as 64 MiB hold",
            "has no rule for that position",
        ),
    ];
    assert_check_is_bounded(BINARY, input.as_bytes(), crafted);
}
