//! Comparing a solver's output with the expected output, as a judge's checker would.

/// How answers are compared.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Checker {
    /// Whitespace-separated tokens must be equal.
    Tokens,
    /// Tokens are numbers; each passes when its absolute or relative error is within
    /// `tolerance` (`|got - expected| <= tolerance * max(1, |expected|)`).
    Float { tolerance: f64 },
}

/// How the expected output divides into cases, to say which case was wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseStyle {
    /// One answer for the whole file.
    Single,
    /// Line k of the output answers test k.
    PerLine,
    /// Each case starts with a `Case #x:` line.
    CodeJam,
}

/// The first difference between the expected output and the output received.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// The case it falls in (`test 3`, `Case #2`), where the file has several.
    pub case: Option<String>,
    pub message: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.case {
            Some(case) => write!(f, "{case}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// The bytes that separate tokens: C's `isspace` in the "C" locale, as judges' checkers
/// (testlib) read output. A no-break space or any other non-ASCII space is part of a token.
fn separates(byte: &u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Tokens with the (1-based) line each stands on: runs of bytes between separators
/// ([`separates`]), read lazily, so that 16 MiB of one-byte tokens costs no list of them.
fn tokens(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    text.split(|&byte| byte == b'\n')
        .enumerate()
        .flat_map(|(index, line)| {
            line.split(separates)
                .filter(|token| !token.is_empty())
                .map(move |token| (index + 1, token))
        })
}

/// A token as a report shows it: escaped onto one line, cut to a readable length.
fn shown(token: &[u8]) -> String {
    const SHOWN: usize = 40;
    let (shown, used) = crate::shown::one_line_within(token, SHOWN);
    if used < token.len() {
        format!("{shown}...")
    } else {
        shown
    }
}

/// A token as a report quotes it ([`shown`], in quotes).
fn shorten(token: &[u8]) -> String {
    format!("'{}'", shown(token))
}

/// Compares `got` with `expected`, both any bytes; `None` when they agree.
pub fn compare(
    checker: Checker,
    cases: CaseStyle,
    expected: &[u8],
    got: &[u8],
) -> Option<Mismatch> {
    let mut have = tokens(got);
    let case_at = |line: usize| case_name(cases, expected, line);
    let mut compared = 0;
    for (line, token) in tokens(expected) {
        let Some((_, received)) = have.next() else {
            let want = compared + 1 + tokens(expected).skip(compared + 1).count();
            return Some(Mismatch {
                case: case_at(line),
                message: format!(
                    "output ends after {compared} tokens, expected {want} (next expected {})",
                    shorten(token)
                ),
            });
        };
        if let Some(message) = compare_token(checker, token, received) {
            return Some(Mismatch {
                case: case_at(line),
                message,
            });
        }
        compared += 1;
    }
    have.next().map(|(_, extra)| Mismatch {
        case: None,
        message: format!(
            "{} extra tokens after the expected {compared}, starting with {}",
            1 + have.count(),
            shorten(extra)
        ),
    })
}

/// A token read as a number, when it is one.
fn number(token: &[u8]) -> Option<f64> {
    std::str::from_utf8(token).ok()?.parse().ok()
}

fn compare_token(checker: Checker, expected: &[u8], got: &[u8]) -> Option<String> {
    match checker {
        Checker::Tokens => (expected != got)
            .then(|| format!("expected {}, got {}", shorten(expected), shorten(got))),
        Checker::Float { tolerance } => {
            let Some(want) = number(expected) else {
                return Some(format!(
                    "expected output holds a non-number {}",
                    shorten(expected)
                ));
            };
            let have = match number(got) {
                Some(value) if value.is_finite() => value,
                _ => {
                    return Some(format!(
                        "expected {}, got non-number {}",
                        shown(expected),
                        shorten(got)
                    ));
                }
            };
            let error = (have - want).abs();
            let relative = error / want.abs().max(f64::MIN_POSITIVE);
            (error > tolerance * want.abs().max(1.0)).then(|| {
                format!(
                    "expected {}, got {} (absolute error {error:.3e}, relative {relative:.3e}, tolerance {tolerance:e})",
                    shown(expected),
                    shown(got)
                )
            })
        }
    }
}

/// The case of the expected output that `line` belongs to.
fn case_name(cases: CaseStyle, expected: &[u8], line: usize) -> Option<String> {
    match cases {
        CaseStyle::Single => None,
        CaseStyle::PerLine => Some(format!("test {line}")),
        CaseStyle::CodeJam => expected
            .split(|&byte| byte == b'\n')
            .take(line)
            .filter_map(|text| text.strip_prefix(b"Case #"))
            .last()
            .map(|rest| {
                let number = rest.trim_ascii_end();
                let number = number.strip_suffix(b":").unwrap_or(number);
                format!("Case #{}", crate::shown::one_line_within(number, 40).0)
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The comparison on text, as most tests write it.
    fn compare(checker: Checker, cases: CaseStyle, expected: &str, got: &str) -> Option<Mismatch> {
        super::compare(checker, cases, expected.as_bytes(), got.as_bytes())
    }

    #[test]
    fn output_is_compared_as_bytes_split_at_ascii_whitespace() {
        let tokens = Checker::Tokens;
        let single = CaseStyle::Single;
        // Bytes that are not UTF-8 are a token like any other, never equal to text.
        let mismatch = super::compare(tokens, single, b"WIN\n", b"WIN\xff\n").unwrap();
        assert_eq!(mismatch.to_string(), "expected 'WIN', got 'WIN\\xff'");
        assert_eq!(super::compare(tokens, single, b"\xff\n", b"\xff"), None);
        // A no-break space or a line separator joins tokens, as in judges' checkers.
        // It is shown escaped: it would look like the space that separates tokens.
        let mismatch = compare(tokens, single, "a b\n", "a\u{a0}b\n").unwrap();
        assert_eq!(mismatch.to_string(), "expected 'a', got 'a\\u{00a0}b'");
        let mismatch = compare(tokens, single, "a b\n", "a\u{3000}b\n").unwrap();
        assert_eq!(mismatch.to_string(), "expected 'a', got 'a\\u{3000}b'");
        assert!(compare(tokens, single, "a b\n", "a\u{2028}b").is_some());
        // Vertical tab and form feed are ASCII whitespace.
        assert_eq!(compare(tokens, single, "a b\n", "a\x0bb\x0c"), None);
        // A token that could draw on the terminal is shown escaped.
        let mismatch = compare(tokens, single, "A\n", "\x1b[2K\n").unwrap();
        assert_eq!(mismatch.to_string(), "expected 'A', got '\\x1b[2K'");
    }

    #[test]
    fn a_long_number_is_shortened_in_the_message() {
        let checker = Checker::Float { tolerance: 1e-6 };
        let long = format!("2.{}", "0".repeat(100_000));
        let mismatch = compare(checker, CaseStyle::Single, "1", &long).unwrap();
        assert!(mismatch.message.len() < 300, "{}", mismatch.message);
    }

    #[test]
    fn equal_tokens_pass_whatever_the_spacing() {
        assert_eq!(
            compare(Checker::Tokens, CaseStyle::Single, "WIN\n", "WIN"),
            None
        );
        assert_eq!(
            compare(
                Checker::Tokens,
                CaseStyle::Single,
                "a b\nc\n",
                " a  b c\r\n\n"
            ),
            None
        );
    }

    #[test]
    fn a_wrong_token_names_both_values() {
        let mismatch = compare(Checker::Tokens, CaseStyle::Single, "WIN\n", "LOSE\n").unwrap();
        assert_eq!(mismatch.to_string(), "expected 'WIN', got 'LOSE'");
    }

    #[test]
    fn per_line_cases_are_named() {
        let mismatch = compare(
            Checker::Tokens,
            CaseStyle::PerLine,
            "A\nB\nA\n",
            "A\nB\nB\n",
        )
        .unwrap();
        assert_eq!(mismatch.to_string(), "test 3: expected 'A', got 'B'");
    }

    #[test]
    fn code_jam_cases_are_named() {
        let expected = "Case #1:\n0: 1 Lucky\nCase #2:\n0: 9 Lucky\n1: 11 Unlucky\n";
        let got = "Case #1:\n0: 1 Lucky\nCase #2:\n0: 9 Lucky\n1: 11 Lucky\n";
        let mismatch = compare(Checker::Tokens, CaseStyle::CodeJam, expected, got).unwrap();
        assert_eq!(
            mismatch.to_string(),
            "Case #2: expected 'Unlucky', got 'Lucky'"
        );
    }

    #[test]
    fn short_and_long_outputs_are_wrong() {
        let short = compare(Checker::Tokens, CaseStyle::PerLine, "A\nB\n", "A\n").unwrap();
        assert_eq!(
            short.to_string(),
            "test 2: output ends after 1 tokens, expected 2 (next expected 'B')"
        );
        let long = compare(Checker::Tokens, CaseStyle::Single, "A\n", "A\nB\nC\n").unwrap();
        assert_eq!(
            long.to_string(),
            "2 extra tokens after the expected 1, starting with 'B'"
        );
        assert!(compare(Checker::Tokens, CaseStyle::Single, "A\n", "").is_some());
    }

    #[test]
    fn floats_pass_on_absolute_or_relative_error() {
        let checker = Checker::Float { tolerance: 1e-6 };
        let single = CaseStyle::Single;
        assert_eq!(
            compare(checker, single, "33.0476190476", "33.04761905"),
            None
        );
        assert_eq!(compare(checker, single, "0.5", "0.5000009"), None);
        assert_eq!(compare(checker, single, "1000000", "1000000.9"), None);
        assert!(compare(checker, single, "0.5", "0.500002").is_some());
        assert!(compare(checker, single, "1000000", "1000002").is_some());
        assert!(compare(checker, single, "1", "nan").is_some());
        assert!(compare(checker, single, "1", "inf").is_some());
        let mismatch = compare(checker, single, "33.0476190476", "28.7619047619").unwrap();
        assert!(
            mismatch
                .message
                .starts_with("expected 33.0476190476, got 28.7619047619 (absolute error 4.286e0")
        );
    }

    mod properties {
        use super::super::*;
        use crate::shown::tests::properties::{harmless, printed};
        use proptest::prelude::*;

        /// The tokens, split independently of the code under test.
        fn words(bytes: &[u8]) -> Vec<&[u8]> {
            bytes
                .split(|byte| b" \t\n\r\x0b\x0c".contains(byte))
                .filter(|word| !word.is_empty())
                .collect()
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(1000))]

            #[test]
            fn any_output_is_compared_by_its_tokens(
                expected in printed(60),
                got in printed(60),
                cases in 0usize..3,
            ) {
                let cases = [CaseStyle::Single, CaseStyle::PerLine, CaseStyle::CodeJam][cases];
                let mismatch = compare(Checker::Tokens, cases, &expected, &got);
                prop_assert_eq!(mismatch.is_none(), words(&expected) == words(&got));
                prop_assert!(compare(Checker::Tokens, cases, &got, &got).is_none());
                if let Some(mismatch) = mismatch {
                    let text = mismatch.to_string();
                    prop_assert!(harmless(&text, false), "{text:?}");
                }
                let floats = compare(Checker::Float { tolerance: 1e-6 }, cases, &expected, &got);
                if let Some(mismatch) = floats {
                    let text = mismatch.to_string();
                    prop_assert!(harmless(&text, false), "{text:?}");
                }
            }
        }
    }
}
