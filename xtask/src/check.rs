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

/// Tokens with the (1-based) line each stands on.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .flat_map(|(index, line)| line.split_whitespace().map(move |token| (index + 1, token)))
        .collect()
}

fn shorten(token: &str) -> String {
    const SHOWN: usize = 40;
    if token.chars().count() > SHOWN {
        format!("'{}...'", token.chars().take(SHOWN).collect::<String>())
    } else {
        format!("'{token}'")
    }
}

/// Compares `got` with `expected`; `None` when they agree.
pub fn compare(checker: Checker, cases: CaseStyle, expected: &str, got: &str) -> Option<Mismatch> {
    let want = tokens(expected);
    let have = tokens(got);
    let case_at = |line: usize| case_name(cases, expected, line);
    for (index, &(line, token)) in want.iter().enumerate() {
        let Some(&(_, received)) = have.get(index) else {
            return Some(Mismatch {
                case: case_at(line),
                message: format!(
                    "output ends after {} tokens, expected {} (next expected {})",
                    have.len(),
                    want.len(),
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
    }
    have.get(want.len()).map(|&(_, extra)| Mismatch {
        case: None,
        message: format!(
            "{} extra tokens after the expected {}, starting with {}",
            have.len() - want.len(),
            want.len(),
            shorten(extra)
        ),
    })
}

fn compare_token(checker: Checker, expected: &str, got: &str) -> Option<String> {
    match checker {
        Checker::Tokens => (expected != got)
            .then(|| format!("expected {}, got {}", shorten(expected), shorten(got))),
        Checker::Float { tolerance } => {
            let Ok(want) = expected.parse::<f64>() else {
                return Some(format!(
                    "expected output holds a non-number {}",
                    shorten(expected)
                ));
            };
            let have = match got.parse::<f64>() {
                Ok(value) if value.is_finite() => value,
                _ => {
                    return Some(format!(
                        "expected {expected}, got non-number {}",
                        shorten(got)
                    ));
                }
            };
            let error = (have - want).abs();
            let relative = error / want.abs().max(f64::MIN_POSITIVE);
            (error > tolerance * want.abs().max(1.0)).then(|| {
                format!(
                    "expected {expected}, got {got} (absolute error {error:.3e}, relative {relative:.3e}, tolerance {tolerance:e})"
                )
            })
        }
    }
}

/// The case of the expected output that `line` belongs to.
fn case_name(cases: CaseStyle, expected: &str, line: usize) -> Option<String> {
    match cases {
        CaseStyle::Single => None,
        CaseStyle::PerLine => Some(format!("test {line}")),
        CaseStyle::CodeJam => expected
            .lines()
            .take(line)
            .filter_map(|text| text.strip_prefix("Case #"))
            .last()
            .map(|rest| {
                format!(
                    "Case #{}",
                    rest.trim_end_matches(|c: char| c == ':' || c.is_whitespace())
                )
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
