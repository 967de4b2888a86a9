//! Random damage to valid inputs, for the robustness tests of every parser.

/// One random change to `input`: a byte deleted, inserted or replaced (from `alphabet`,
/// the problem's own characters, or any byte), the text truncated, two bytes swapped, or
/// a line duplicated, dropped or moved.
pub fn mutate(rng: &mut fastrand::Rng, alphabet: &[u8], input: &mut Vec<u8>) {
    let len = input.len();
    let random_byte = |rng: &mut fastrand::Rng| {
        if rng.bool() && !alphabet.is_empty() {
            alphabet[rng.usize(..alphabet.len())]
        } else {
            rng.u8(..)
        }
    };
    let lines = |input: &[u8]| -> Vec<Vec<u8>> {
        input.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
    };
    match rng.u8(0..9) {
        0 if len > 0 => {
            input.remove(rng.usize(..len));
        }
        1 => {
            let byte = random_byte(rng);
            input.insert(rng.usize(..=len), byte);
        }
        2 if len > 0 => input[rng.usize(..len)] = random_byte(rng),
        3 => input.truncate(rng.usize(..=len)),
        4 if len > 1 => input.swap(rng.usize(..len), rng.usize(..len)),
        5 => {
            let mut lines = lines(input);
            let at = rng.usize(..lines.len());
            lines.insert(at, lines[at].clone());
            *input = lines.join(&b'\n');
        }
        6 => {
            let mut lines = lines(input);
            lines.remove(rng.usize(..lines.len()));
            *input = lines.join(&b'\n');
        }
        7 => {
            let mut lines = lines(input);
            let (a, b) = (rng.usize(..lines.len()), rng.usize(..lines.len()));
            lines.swap(a, b);
            *input = lines.join(&b'\n');
        }
        _ => {
            // A digit replaced by another: counts and sizes become other numbers.
            let digits: Vec<usize> = (0..len).filter(|&i| input[i].is_ascii_digit()).collect();
            if !digits.is_empty() {
                input[digits[rng.usize(..digits.len())]] = b'0' + rng.u8(0..10);
            }
        }
    }
}

/// What the robustness check saw: how many damaged inputs were answered and refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Damage {
    /// Inputs the solver still accepted and answered.
    pub answered: usize,
    /// Inputs the solver refused with a line-numbered error.
    pub refused: usize,
}

/// Test support: `rounds` damaged copies of `inputs` (each one to three [`mutate`]s of
/// one of them, from `seed`) go through `run` and `explain`, the solver's
/// `run(input, output)` and `explain(input, output)`. Neither may panic; a refusal must
/// name its line (`line ...`) and be the same from both; an answer must come first in the
/// explanation, and goes to `check_answer(input, output)`, which checks it (against a
/// reference, say).
///
/// # Panics
/// On a panic, a refusal without its line, or a failed `check_answer`, showing the input.
pub fn assert_damaged_inputs_answered_or_refused<E: std::fmt::Display>(
    seed: u64,
    inputs: &[Vec<u8>],
    alphabet: &[u8],
    rounds: usize,
    run: impl Fn(&[u8], &mut Vec<u8>) -> Result<(), E>,
    explain: impl Fn(&[u8], &mut Vec<u8>) -> Result<(), E>,
    mut check_answer: impl FnMut(&[u8], &str),
) -> Damage {
    assert!(!inputs.is_empty(), "no inputs to damage");
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut damage = Damage {
        answered: 0,
        refused: 0,
    };
    for round in 0..rounds {
        let mut input = inputs[round % inputs.len()].clone();
        for _ in 0..rng.usize(1..=3) {
            mutate(&mut rng, alphabet, &mut input);
        }
        let shown = String::from_utf8_lossy(&input).into_owned();
        let (output, explained) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            (
                super::output_of(&run, &input),
                super::output_of(&explain, &input),
            )
        }))
        .unwrap_or_else(|_| panic!("a panic on {shown:?}"));
        match output.strip_prefix("error: ") {
            Some(error) => {
                assert!(error.starts_with("line "), "{error} on {shown:?}");
                assert_eq!(explained, output, "--explain refuses {shown:?} otherwise");
                damage.refused += 1;
            }
            None => {
                assert!(explained.starts_with(&output), "on {shown:?}");
                check_answer(&input, &output);
                damage.answered += 1;
            }
        }
    }
    damage
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_change_the_input_and_stay_bounded() {
        let mut rng = fastrand::Rng::with_seed(7);
        let original = b"2\n..#\nA.B\n".to_vec();
        let mut changed = 0;
        for _ in 0..1000 {
            let mut input = original.clone();
            mutate(&mut rng, b".#AB", &mut input);
            changed += usize::from(input != original);
            assert!(input.len() <= 2 * original.len() + 1);
        }
        assert!(
            changed > 700,
            "{changed} of 1000 mutations changed the input"
        );
    }
}
