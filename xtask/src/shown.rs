//! Text that came from a program (its stderr, its output, a compiler's messages) as the
//! reports show it: every character that could move the cursor, recolour, erase, reorder
//! or break a line of the report escaped, cut to a readable length, and, where it spans
//! lines, each line marked as the program's, so that nothing a program prints can pass
//! for a line of the report.

use std::fmt::Write;
use std::io::Read;
use std::path::Path;

/// What marks each line of a program's text shown under a heading of the report.
pub const QUOTE: &str = "  | ";

/// Characters shown escaped besides the C0 and C1 controls (which include U+0085, the
/// next-line character): those that reorder what a terminal shows (the bidirectional
/// marks, embeddings, overrides and isolates), break a line without being `\n` (the line
/// and paragraph separators), or are invisible (zero-width spaces and joiners, the word
/// joiner, invisible operators, the byte order mark).
fn is_hidden(c: char) -> bool {
    matches!(
        c,
        '\u{061c}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2069}'
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

/// The longest start of `text` whose [`one_line`] form fits in `limit` bytes: that form,
/// and how many bytes of `text` it shows.
pub fn one_line_within(text: &str, limit: usize) -> (String, usize) {
    let mut shown = String::new();
    let mut one = String::new();
    for (at, c) in text.char_indices() {
        one.clear();
        push_shown(&mut one, c, false);
        if shown.len() + one.len() > limit {
            return (shown, at);
        }
        shown.push_str(&one);
    }
    (shown, text.len())
}

/// `text` escaped and cut to at most `limit` bytes, saying how much was cut.
pub fn cut(text: &str, limit: usize) -> String {
    let mut end = text.len().min(limit);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut shown = escaped(&text[..end]);
    if end < text.len() {
        let _ = write!(
            shown,
            "\n[... {} more bytes cut; {} shown]\n",
            text.len() - end,
            end
        );
    }
    shown
}

/// The start of a file (at most `limit` bytes read), escaped, saying whether it was cut.
pub fn file_start(path: &Path, limit: usize) -> String {
    let Ok(file) = std::fs::File::open(path) else {
        return String::new();
    };
    let total = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut bytes = Vec::new();
    let _ = file.take(limit as u64).read_to_end(&mut bytes);
    let mut shown = escaped(&String::from_utf8_lossy(&bytes));
    if total > bytes.len() as u64 {
        let _ = write!(
            shown,
            "\n[... {} more bytes cut; {} shown]\n",
            total - bytes.len() as u64,
            bytes.len()
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

/// Reads `path` line by line in fixed-size chunks, calling `each` with the first
/// `head_bytes` of every line and its length: a line of megabytes costs no more memory
/// than a short one. A file that cannot be read has no lines.
pub fn scan_lines(path: &Path, head_bytes: usize, mut each: impl FnMut(LineHead<'_>)) {
    let Ok(mut file) = std::fs::File::open(path) else {
        return;
    };
    let mut chunk = vec![0u8; 64 << 10];
    let mut head: Vec<u8> = Vec::with_capacity(head_bytes);
    let mut len = 0u64;
    let mut pending = false;
    loop {
        let read = match file.read(&mut chunk) {
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
mod tests {
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
    fn long_text_is_cut_and_says_so() {
        let text = "é".repeat(10);
        let shown = cut(&text, 5);
        assert!(
            shown.starts_with("éé\n[... 16 more bytes cut; 4 shown]"),
            "{shown}"
        );
        assert_eq!(cut("short", 100), "short");
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
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stderr");
        let long = "x".repeat(200_000);
        std::fs::write(&path, format!("first\n\n{long}\nlast")).unwrap();
        let mut seen = Vec::new();
        scan_lines(&path, 8, |line| {
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
        scan_lines(&dir.path().join("missing"), 8, |_| count += 1);
        assert_eq!(count, 0);
    }
}
