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
