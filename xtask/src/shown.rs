//! Text that came from a program (its stderr, its output, a compiler's messages) as the
//! reports show it: control characters escaped, so that no output can move the cursor,
//! recolour or erase the report, and cut to a readable length.

use std::fmt::Write;
use std::path::Path;

/// `text` with every control character but newline and tab escaped (`\x1b`, `\r`...),
/// as are the Unicode bidirectional overrides, which reorder what a terminal shows.
pub fn escaped(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\t' => shown.push(c),
            '\r' => shown.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(shown, "\\x{:02x}", u32::from(c));
            }
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
                let _ = write!(shown, "\\u{{{:04x}}}", u32::from(c));
            }
            c => shown.push(c),
        }
    }
    shown
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
    use std::io::Read;
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
    fn long_text_is_cut_and_says_so() {
        let text = "é".repeat(10);
        let shown = cut(&text, 5);
        assert!(
            shown.starts_with("éé\n[... 16 more bytes cut; 4 shown]"),
            "{shown}"
        );
        assert_eq!(cut("short", 100), "short");
    }
}
