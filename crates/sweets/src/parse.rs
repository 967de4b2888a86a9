//! Reading and writing the box. Reading is the proof crate's ([`parse`], with its error
//! messages), so the solver and the checker read every input alike; drawing it back, for
//! the generators and the tests, is the solver's ([`draw`]).

pub use sweets_proof::input::{Mask, parse};

use crate::geometry::{ROW_LENGTHS, indent};

/// Draws `mask` the way the statement does (indents 2, 1, 0, 1, 2; single spaces), one
/// line per row with a final newline: the inverse of [`parse`].
pub fn draw(mask: Mask) -> String {
    let mut text = String::new();
    let mut cell = 0;
    for (row, &length) in ROW_LENGTHS.iter().enumerate() {
        text.extend(std::iter::repeat_n(' ', indent(row)));
        for word in 0..length {
            if word > 0 {
                text.push(' ');
            }
            text.push(if mask & 1 << cell != 0 { 'O' } else { '.' });
            cell += 1;
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawing_and_reading_are_inverse() {
        let sample = "  . . .\n . . O .\n. . O O .\n . . . .\n  . . .\n";
        assert_eq!(draw(parse(sample.as_bytes()).unwrap()), sample);
        for mask in (1..=crate::geometry::FULL).step_by(97) {
            assert_eq!(parse(draw(mask).as_bytes()), Ok(mask));
        }
    }
}
