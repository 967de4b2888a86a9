//! What every problem's certificates share: the JSON they are written in, the bounded
//! reading of `--check` ([`bounded`]: every list no longer than the input allows), and
//! refusals that quote at most a few dozen bytes of the file.
//!
//! A certificate is read as a stream ([`read`]) from any reader, never held whole as
//! text: what a checker keeps is the bounded data, not the file. The file itself, with
//! its size limit and deadline, is the binaries' business (`cli::certificate_file`), so
//! this module needs no operating system.

pub mod bounded;

use std::io::{BufReader, Read, Write};

use serde::Serialize;
use serde::de::{DeserializeOwned, DeserializeSeed};

/// The most a checker reads of a certificate: 64 MiB, from a file (`--check`) or from
/// text held in memory (the browser playground). The largest certificate the archive
/// writes for an input within the problems' limits is far smaller (see the book's Measurements).
pub const MAX_CERTIFICATE_BYTES: u64 = 64 << 20;

/// Why a certificate past [`MAX_CERTIFICATE_BYTES`] is refused, wherever it comes from.
pub fn too_long() -> String {
    format!("more than {MAX_CERTIFICATE_BYTES} bytes (64 MiB), the most a certificate may have")
}

/// The most bytes of a certificate a refusal quotes in one place.
pub const QUOTED_BYTES: usize = 32;

/// Writes `value` as JSON on one line, as `--certificate` prints every certificate.
///
/// # Errors
/// A failed write.
pub fn write<T: Serialize, W: Write>(mut output: W, value: &T) -> std::io::Result<()> {
    serde_json::to_writer(&mut output, value)?;
    writeln!(output)?;
    output.flush()
}

/// Reads one JSON value from `source` with `seed` (a bounded reading, or
/// [`bounded::plain`] for a type's own), refusing anything after it.
///
/// # Errors
/// The JSON is malformed, breaks a bound, or the file breaks its own (too long, too
/// slow): one line, quoting at most [`QUOTED_BYTES`] of the file in any place.
pub fn read<'de, R: Read, S: DeserializeSeed<'de>>(source: R, seed: S) -> Result<S::Value, String> {
    // Buffered last, so that the JSON reader takes its bytes one by one from a buffer,
    // not through every layer.
    let buffered = BufReader::with_capacity(1 << 16, ShortStrings::new(source));
    let mut deserializer = serde_json::Deserializer::from_reader(buffered);
    let value = seed
        .deserialize(&mut deserializer)
        .and_then(|value| deserializer.end().map(|()| value))
        .map_err(|error| clip(&error.to_string()))?;
    Ok(value)
}

/// Reads the certificate of `problem` from `source`, each part as its type reads it
/// ([`bounded::plain`]), as [`read`] does.
///
/// # Errors
/// As [`read`]'s, saying first that this is not a certificate of `problem`.
pub fn read_of<T: DeserializeOwned, R: Read>(problem: &str, source: R) -> Result<T, String> {
    read(source, bounded::plain())
        .map_err(|error| format!("the certificate is not a {problem} certificate in JSON: {error}"))
}

/// The longest string a certificate may hold: far more than a row of any board. A JSON
/// reader holds a whole string before it can judge it, and quotes it whole when it is
/// of the wrong type; this bound, kept by `ShortStrings` as the bytes stream in, keeps
/// both small.
pub const MAX_STRING_BYTES: usize = 4096;

/// A reader that passes JSON through unchanged and fails at the first string longer than
/// [`MAX_STRING_BYTES`]. It tracks only quotes and backslashes: on malformed JSON it may
/// misjudge where a string ends, and the JSON reader refuses that JSON anyway.
struct ShortStrings<R> {
    source: R,
    in_string: bool,
    escaped: bool,
    length: usize,
}

impl<R> ShortStrings<R> {
    fn new(source: R) -> Self {
        ShortStrings {
            source,
            in_string: false,
            escaped: false,
            length: 0,
        }
    }
}

impl<R: Read> Read for ShortStrings<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let count = self.source.read(buffer)?;
        for &byte in &buffer[..count] {
            if !self.in_string {
                if byte == b'"' {
                    self.in_string = true;
                    self.length = 0;
                }
                continue;
            }
            if self.escaped {
                self.escaped = false;
            } else if byte == b'\\' {
                self.escaped = true;
            } else if byte == b'"' {
                self.in_string = false;
                continue;
            }
            self.length += 1;
            if self.length > MAX_STRING_BYTES {
                return Err(std::io::Error::other(format!(
                    "a string longer than {MAX_STRING_BYTES} bytes, more than any certificate holds"
                )));
            }
        }
        Ok(count)
    }
}

/// `message` with every quoted part (between `"` or between backquotes) cut to its first
/// [`QUOTED_BYTES`] bytes, and line breaks and other control characters escaped, so that a
/// refusal is one line of reasonable length whatever the file held.
pub fn clip(message: &str) -> String {
    let mut clipped = String::with_capacity(message.len().min(1024));
    let mut chars = message.chars();
    while let Some(c) = chars.next() {
        push_escaped(&mut clipped, c);
        if c != '"' && c != '`' {
            continue;
        }
        // Inside a quote: keep its first bytes, skip to its end (past escaped quotes).
        let mut kept = 0;
        let mut cut = false;
        let mut escaped = false;
        for inner in chars.by_ref() {
            if inner == c && !escaped {
                break;
            }
            escaped = inner == '\\' && !escaped;
            if kept + inner.len_utf8() <= QUOTED_BYTES {
                kept += inner.len_utf8();
                push_escaped(&mut clipped, inner);
            } else {
                cut = true;
            }
        }
        if cut {
            clipped.push_str("...");
        }
        clipped.push(c);
    }
    clipped
}

fn push_escaped(out: &mut String, c: char) {
    if c.is_control() {
        out.extend(c.escape_default());
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_are_cut_and_line_breaks_escaped() {
        let long = "x".repeat(1000);
        let message = format!("invalid type: string \"{long}\", expected a box, `a\nb`");
        let clipped = clip(&message);
        assert_eq!(
            clipped,
            format!(
                "invalid type: string \"{}...\", expected a box, `a\\nb`",
                "x".repeat(QUOTED_BYTES)
            )
        );
        assert_eq!(clip("short \"and\" `plain`"), "short \"and\" `plain`");
        let inner = r#"string "an \"escaped\" quote", expected"#;
        assert_eq!(clip(inner), inner);
    }

    #[test]
    fn a_reading_refuses_trailing_data_and_names_the_place() {
        let value: Vec<u8> = read(&b"[1, 2] "[..], bounded::plain()).unwrap();
        assert_eq!(value, [1, 2]);
        let error = read(&b"[1, 2] x"[..], bounded::plain::<Vec<u8>>()).unwrap_err();
        assert_eq!(error, "trailing characters at line 1 column 8");
    }

    #[test]
    fn a_long_string_is_refused_as_it_streams_in() {
        let fits = format!("\"{}\"", "\\\"".repeat(MAX_STRING_BYTES / 2));
        assert_eq!(
            read(fits.as_bytes(), bounded::plain::<String>()).map(|s| s.len()),
            Ok(MAX_STRING_BYTES / 2)
        );
        let long = format!("[\"{}\"]", "x".repeat(MAX_STRING_BYTES + 1));
        let error = read(long.as_bytes(), bounded::plain::<Vec<String>>()).unwrap_err();
        assert_eq!(
            error,
            "a string longer than 4096 bytes, more than any certificate holds"
        );
    }

    #[test]
    fn deep_nesting_is_refused_not_followed() {
        let deep = "[".repeat(1_000_000);
        let error = read(deep.as_bytes(), bounded::plain::<serde_json::Value>()).unwrap_err();
        assert!(error.starts_with("recursion limit exceeded"), "{error}");
    }
}
