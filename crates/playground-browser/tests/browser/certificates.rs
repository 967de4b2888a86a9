//! A certificate with one byte changed in a field that carries the proof (the winner, a
//! distance, a count of squares) is refused by Check with the checker's reason, where
//! the untouched certificate was accepted.

use anyhow::{Context, Result, ensure};
use playground_browser::browser::Session;
use playground_browser::page::{Playground, SAMPLE_TIMEOUT};

use crate::Test;

pub const TESTS: &[Test] = &[(
    "certificates::a_certificate_with_one_byte_changed_is_refused_with_a_reason",
    a_certificate_with_one_byte_changed_is_refused_with_a_reason,
)];

/// The problem, and the field of its certificate whose value gets one byte changed.
const TAMPERED: &[(&str, &str)] = &[
    ("gam", "winner"),
    ("gam", "distance"),
    ("descending-dark", "squares"),
];

/// `certificate` with the first byte of the first `"field":` value changed: a player `A`
/// becomes `B` and back, a digit becomes the next one (9 becomes 8), so the text stays
/// well-formed JSON and only the claim changes.
fn tamper(certificate: &str, field: &str) -> Option<String> {
    let key = format!("\"{field}\":");
    let mut at = certificate.find(&key)? + key.len();
    if certificate.as_bytes()[at] == b'"' {
        at += 1;
    }
    let changed = match certificate.as_bytes()[at] {
        b'A' => b'B',
        b'B' => b'A',
        b'9' => b'8',
        digit @ b'0'..=b'8' => digit + 1,
        _ => return None,
    };
    let mut bytes = certificate.as_bytes().to_vec();
    bytes[at] = changed;
    String::from_utf8(bytes).ok()
}

fn a_certificate_with_one_byte_changed_is_refused_with_a_reason(session: &Session) -> Result<()> {
    for (problem, field) in TAMPERED {
        let at = format!("{problem}, {field}");
        let page = Playground::open(session, problem)?;
        page.choose_sample(0)?;
        let status = page.solve(SAMPLE_TIMEOUT)?;
        ensure!(!status.is_error, "{at}: {}", status.text);
        let certificate = page.certificate()?;
        let verdict = page.check(SAMPLE_TIMEOUT)?;
        ensure!(
            verdict.accepted == Some(true),
            "{at}: the true certificate: {}",
            verdict.text
        );
        let tampered = tamper(&certificate, field)
            .with_context(|| format!("{at}: no such field to change in {certificate}"))?;
        page.paste_certificate(&tampered)?;
        let verdict = page.check(SAMPLE_TIMEOUT)?;
        let reason = verdict.text.strip_prefix("Refused: ").unwrap_or_default();
        ensure!(
            verdict.accepted == Some(false) && reason.len() > 10,
            "{at}: the tampered certificate: {:?}",
            verdict.text
        );
        println!("  {at}: refused: {reason}");
    }
    Ok(())
}
