//! Text that came from a program (its stderr, its output, a compiler's messages) as the
//! reports show it: every character that could move the cursor, recolour, erase, reorder
//! or break a line of the report escaped, cut to a readable length, and, where it spans
//! lines, each line marked as the program's, so that nothing a program prints can pass
//! for a line of the report.

use std::fmt::Write;
use std::io::Read;

/// What marks each line of a program's text shown under a heading of the report.
pub const QUOTE: &str = "  | ";

/// Characters shown escaped besides the C0 and C1 controls (which include U+0085, the
/// next-line character): those that reorder what a terminal shows (the bidirectional
/// marks, embeddings, overrides and isolates), break a line without being `\n` (the line
/// and paragraph separators), are invisible (zero-width spaces and joiners, the word
/// joiner, invisible operators, the byte order mark), or look like a space but do not
/// separate tokens for a judge (the no-break spaces, the typographic spaces, the
/// ideographic space): `expected 'a', got 'a b'` must not hide why they differ.
fn is_hidden(c: char) -> bool {
    matches!(
        c,
        '\u{00a0}'
            | '\u{061c}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200f}'
            | '\u{2028}'..='\u{202f}'
            | '\u{205f}'..='\u{2069}'
            | '\u{3000}'
            | '\u{feff}'
    )
}

/// Appends `c` as shown; newline and tab pass only when `keep_lines`.
fn push_shown(shown: &mut String, c: char, keep_lines: bool) {
    match c {
        '\n' | '\t' if keep_lines => shown.push(c),
        '\n' => shown.push_str("\\n"),
        '\t' => shown.push_str("\\t"),
        '\r' => shown.push_str("\\r"),
        // The C0 and C1 controls: all below U+0100.
        c if c.is_control() => {
            let _ = write!(shown, "\\x{:02x}", u32::from(c));
        }
        c if is_hidden(c) => {
            let _ = write!(shown, "\\u{{{:04x}}}", u32::from(c));
        }
        c => shown.push(c),
    }
}

/// `text` with every control character but newline and tab escaped (`\x1b`, `\r`...),
/// as are the bidi marks, overrides and isolates, the line separators and the invisible
/// characters (`\u{202e}`, `\u{2028}`...).
pub fn escaped(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        push_shown(&mut shown, c, true);
    }
    shown
}

/// `text` escaped as [`escaped`], newline and tab too: it stays on one line.
pub fn one_line(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        push_shown(&mut shown, c, false);
    }
    shown
}

/// One piece of a program's bytes as shown: a character, or a byte that is not part of
/// valid UTF-8 (shown as `\xNN`), with how many raw bytes it stands for.
fn pieces(bytes: &[u8]) -> impl Iterator<Item = (Piece, usize)> + '_ {
    bytes.utf8_chunks().flat_map(|chunk| {
        let valid = chunk
            .valid()
            .chars()
            .map(|c| (Piece::Char(c), c.len_utf8()));
        let invalid = chunk.invalid().iter().map(|&byte| (Piece::Byte(byte), 1));
        valid.chain(invalid)
    })
}

#[derive(Debug, Clone, Copy)]
enum Piece {
    Char(char),
    Byte(u8),
}

fn push_piece(shown: &mut String, piece: Piece, keep_lines: bool) {
    match piece {
        Piece::Char(c) => push_shown(shown, c, keep_lines),
        Piece::Byte(byte) => {
            let _ = write!(shown, "\\x{byte:02x}");
        }
    }
}

/// A program's bytes as [`escaped`] shows text, each byte that is not valid UTF-8 as
/// `\xNN`: any bytes at all are shown, and none can draw on the terminal.
pub fn escaped_bytes(bytes: &[u8]) -> String {
    let mut shown = String::with_capacity(bytes.len());
    for (piece, _) in pieces(bytes) {
        push_piece(&mut shown, piece, true);
    }
    shown
}

/// `bytes` without the start of a character that a cut left incomplete at their end: the
/// bytes are the head of something longer, and that character is the cut's, not the
/// program's.
pub fn without_cut_char(bytes: &[u8]) -> &[u8] {
    let tail_start = bytes.len().saturating_sub(3);
    let lead = (tail_start..bytes.len())
        .rev()
        .find(|&at| bytes[at] & 0b1100_0000 != 0b1000_0000);
    match lead.map(|at| (at, std::str::from_utf8(&bytes[at..]))) {
        Some((at, Err(error))) if error.error_len().is_none() => &bytes[..at],
        _ => bytes,
    }
}

/// The longest start of `text` (any bytes) whose one-line form ([`one_line`], with bytes
/// that are not valid UTF-8 as `\xNN`) fits in `limit` bytes: that form, and how many
/// raw bytes of `text` it shows.
pub fn one_line_within(text: impl AsRef<[u8]>, limit: usize) -> (String, usize) {
    let mut shown = String::new();
    let mut one = String::new();
    let mut used = 0;
    for (piece, len) in pieces(text.as_ref()) {
        one.clear();
        push_piece(&mut one, piece, false);
        if shown.len() + one.len() > limit {
            break;
        }
        shown.push_str(&one);
        used += len;
    }
    (shown, used)
}

/// The start of `bytes` (at most `limit` of them), escaped, saying whether it was cut and
/// by how many raw bytes.
pub fn bytes_start(bytes: &[u8], limit: usize) -> String {
    start_of(&bytes[..bytes.len().min(limit)], bytes.len() as u64)
}

/// `head`, the start of `total` bytes, escaped, saying whether it was cut and by how many
/// raw bytes (a reader of a file passes what it read and the file's length).
pub fn start_of(head: &[u8], total: u64) -> String {
    let kept = if total > head.len() as u64 {
        without_cut_char(head)
    } else {
        head
    };
    let mut shown = escaped_bytes(kept);
    if total > kept.len() as u64 {
        let _ = write!(
            shown,
            "\n[... {} more bytes cut; {} shown]\n",
            total - kept.len() as u64,
            kept.len()
        );
    }
    shown
}

/// `text` (already [`escaped`]) with each line marked [`QUOTE`]; ends with a newline
/// unless empty.
pub fn quoted(text: &str) -> String {
    let mut shown = String::with_capacity(text.len() + text.len() / 16);
    for line in text.lines() {
        shown.push_str(QUOTE);
        shown.push_str(line);
        shown.push('\n');
    }
    shown
}

/// One line of a file, as [`scan_lines`] passes it on: its first bytes and its length.
#[derive(Debug)]
pub struct LineHead<'a> {
    pub head: &'a [u8],
    /// The whole line's length in bytes, without its newline.
    pub len: u64,
}

/// Reads `source` line by line in fixed-size chunks, calling `each` with the first
/// `head_bytes` of every line and its length: a line of megabytes costs no more memory
/// than a short one. What cannot be read has no lines.
pub fn scan_lines(mut source: impl Read, head_bytes: usize, mut each: impl FnMut(LineHead<'_>)) {
    let mut chunk = vec![0u8; 64 << 10];
    let mut head: Vec<u8> = Vec::with_capacity(head_bytes);
    let mut len = 0u64;
    let mut pending = false;
    loop {
        let read = match source.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(read) => read,
        };
        for piece in chunk[..read].split_inclusive(|&byte| byte == b'\n') {
            let (text, ends) = match piece.split_last() {
                Some((b'\n', text)) => (text, true),
                _ => (piece, false),
            };
            let room = head_bytes - head.len();
            head.extend_from_slice(&text[..text.len().min(room)]);
            len += text.len() as u64;
            pending = true;
            if ends {
                each(LineHead { head: &head, len });
                head.clear();
                len = 0;
                pending = false;
            }
        }
    }
    if pending {
        each(LineHead { head: &head, len });
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;

    #[test]
    fn escape_sequences_cannot_draw_on_the_terminal() {
        let forged = "RE\x1b[2K\r\x1b[1Astatues  sample1  AC\u{202e}";
        let shown = escaped(forged);
        assert!(!shown.chars().any(|c| c.is_control()), "{shown:?}");
        assert_eq!(shown, "RE\\x1b[2K\\r\\x1b[1Astatues  sample1  AC\\u{202e}");
        assert_eq!(escaped("line\n\tnext"), "line\n\tnext");
    }

    #[test]
    fn bidi_marks_and_line_separators_are_escaped() {
        let forged = "a\u{200e}b\u{200f}c\u{061c}d\u{2028}e\u{2029}f\u{0085}g\u{2066}h\u{2069}i\u{202a}\u{feff}";
        let shown = escaped(forged);
        assert_eq!(
            shown,
            "a\\u{200e}b\\u{200f}c\\u{061c}d\\u{2028}e\\u{2029}f\\x85g\\u{2066}h\\u{2069}i\\u{202a}\\u{feff}"
        );
        // Every character left is printable ASCII or a letter that breaks nothing.
        assert!(shown.chars().all(|c| c.is_ascii_graphic()), "{shown}");
        assert_eq!(escaped("é ü 漢"), "é ü 漢");
    }

    #[test]
    fn one_line_escapes_newlines_and_tabs_too() {
        assert_eq!(one_line("a\nb\tc\r"), "a\\nb\\tc\\r");
        let (shown, used) = one_line_within("ab\x1bcd", 5);
        assert_eq!((shown.as_str(), used), ("ab", 2));
        let (shown, used) = one_line_within("ab\x1bcd", 6);
        assert_eq!((shown.as_str(), used), ("ab\\x1b", 3));
        let (shown, used) = one_line_within("éé", 3);
        assert_eq!((shown.as_str(), used), ("é", 2));
        assert_eq!(one_line_within("short", 100), ("short".to_owned(), 5));
    }

    #[test]
    fn bytes_that_are_not_utf8_are_shown_as_bytes() {
        assert_eq!(
            escaped_bytes(b"ok\xff\xfe \xc3\xa9\n"),
            "ok\\xff\\xfe \u{e9}\n"
        );
        // The count is in raw bytes: four shown bytes stand for one.
        let (shown, used) = one_line_within(b"\xffab", 5);
        assert_eq!((shown.as_str(), used), ("\\xffa", 2));
        assert_eq!(without_cut_char("a\u{e9}".as_bytes()), "a\u{e9}".as_bytes());
        assert_eq!(without_cut_char(&"a\u{e9}".as_bytes()[..2]), b"a");
        assert_eq!(without_cut_char(&"\u{6f22}".as_bytes()[..2]), b"");
        assert_eq!(without_cut_char(b"a\xff"), b"a\xff");
    }

    #[test]
    fn a_start_counts_what_it_cut_in_bytes() {
        let text = "\u{e9}".repeat(10);
        let shown = bytes_start(text.as_bytes(), 5);
        assert_eq!(shown, "\u{e9}\u{e9}\n[... 16 more bytes cut; 4 shown]\n");
        assert_eq!(
            bytes_start(b"\xff\xff\xff", 2),
            "\\xff\\xff\n[... 1 more bytes cut; 2 shown]\n"
        );
        assert_eq!(start_of(b"ab", 10), "ab\n[... 8 more bytes cut; 2 shown]\n");
    }

    #[test]
    fn quoted_text_marks_every_line() {
        assert_eq!(
            quoted("stress: 3 cases, no failure\nWIN"),
            "  | stress: 3 cases, no failure\n  | WIN\n"
        );
        assert_eq!(quoted(""), "");
    }

    #[test]
    fn lines_are_scanned_with_bounded_heads() {
        let long = "x".repeat(200_000);
        let text = format!("first\n\n{long}\nlast");
        let mut seen = Vec::new();
        scan_lines(text.as_bytes(), 8, |line| {
            seen.push((String::from_utf8_lossy(line.head).into_owned(), line.len));
        });
        assert_eq!(
            seen,
            [
                ("first".to_owned(), 5),
                (String::new(), 0),
                ("xxxxxxxx".to_owned(), 200_000),
                ("last".to_owned(), 4)
            ]
        );
        let mut count = 0;
        scan_lines(&b""[..], 8, |_| count += 1);
        assert_eq!(count, 0);
    }

    pub mod properties {
        use super::super::*;
        use proptest::prelude::*;

        /// Whether `shown` holds nothing that could draw on a terminal: no control
        /// character (but newline and tab where lines are kept) and no hidden one.
        pub fn harmless(shown: &str, keep_lines: bool) -> bool {
            shown.chars().all(|c| {
                let kept = keep_lines && (c == '\n' || c == '\t');
                kept || (!c.is_control() && !is_hidden(c))
            })
        }

        /// Bytes a program might print: any byte, with newlines, escapes and UTF-8 often.
        pub fn printed(max: usize) -> impl Strategy<Value = Vec<u8>> {
            let piece = prop_oneof![
                any::<u8>().prop_map(|byte| vec![byte]),
                Just(b"\n".to_vec()),
                Just(b"\x1b[2K\r".to_vec()),
                Just("\u{e9}".as_bytes().to_vec()),
                Just("\u{202e}\u{2028}".as_bytes().to_vec()),
                Just("\u{6f22}".as_bytes()[..2].to_vec()),
                "[a-z ]{1,8}".prop_map(String::into_bytes),
            ];
            prop::collection::vec(piece, 0..max).prop_map(|pieces| pieces.concat())
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(1000))]

            #[test]
            fn one_line_within_shows_exactly_what_it_counts(
                bytes in printed(300),
                limit in 0usize..800,
            ) {
                let (shown, used) = one_line_within(&bytes, limit);
                prop_assert!(shown.len() <= limit);
                prop_assert!(used <= bytes.len());
                prop_assert!(harmless(&shown, false), "{shown:?}");
                prop_assert_eq!(&shown, &one_line_within(&bytes[..used], usize::MAX).0);
                if let Some((_, next)) = pieces(&bytes[used..]).next() {
                    let longer = one_line_within(&bytes[..used + next], usize::MAX).0;
                    prop_assert!(longer.len() > limit);
                }
            }

            #[test]
            fn escaped_bytes_keep_only_their_own_lines(bytes in printed(300)) {
                let shown = escaped_bytes(&bytes);
                prop_assert!(harmless(&shown, true), "{shown:?}");
                let newlines = bytes.iter().filter(|&&byte| byte == b'\n').count();
                prop_assert_eq!(shown.matches('\n').count(), newlines);
            }

            #[test]
            fn a_start_counts_every_byte_shown_or_cut(
                bytes in printed(300),
                limit in 0usize..400,
            ) {
                let shown = bytes_start(&bytes, limit);
                prop_assert!(harmless(&shown, true), "{shown:?}");
                if let Some(note) = shown.rsplit("\n[... ").next().filter(|_| bytes.len() > limit) {
                    let numbers: Vec<usize> = note
                        .split(|c: char| !c.is_ascii_digit())
                        .filter_map(|word| word.parse().ok())
                        .collect();
                    prop_assert_eq!(numbers.len(), 2, "{}", note);
                    prop_assert_eq!(numbers[0] + numbers[1], bytes.len());
                    prop_assert!(numbers[1] <= limit);
                }
            }
        }
    }
}
