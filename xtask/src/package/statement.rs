//! The statement as each consumer reads it: the archive's LaTeX (`problem.en.tex`) with a
//! generated section stating the limits, and `problem.html` for DOMjudge, which shows only
//! a PDF, HTML or text statement. The HTML is converted here from the same LaTeX, so no
//! TeX installation is needed on the exporting machine.
//!
//! The converter reads the small subset the statements use and refuses anything else,
//! naming line and column: `\problemname`, `\section*`, `\emph`, `\texttt`, math in `$..$`
//! (`\le`, `\times`, `\in`, `\ldots`, `\{`, `\}`, `^`, `_`), the quotes `` `' `` and
//! ``` ``'' ```, `\#`, `\%`, `~`, `--` and blank lines between paragraphs.

use std::fmt::Write as _;

use anyhow::{Result, bail};

use super::meta::Meta;

/// The generated `\section*{Limits}` appended to the LaTeX statement.
pub fn limits_tex(meta: &Meta) -> String {
    let mut tex = format!(
        "\n\\section*{{Limits}}\nThe time limit is ${}$ {} per test file and the memory limit is \
         ${}$~MiB.",
        meta.time_limit_secs,
        seconds(meta.time_limit_secs),
        meta.memory_mib
    );
    if let Some(note) = meta.limits_note {
        tex.push(' ');
        tex.push_str(note);
    }
    tex.push('\n');
    tex
}

fn seconds(n: u32) -> &'static str {
    if n == 1 { "second" } else { "seconds" }
}

/// A whole HTML page: the statement (with its limits), then the samples.
///
/// # Errors
/// The LaTeX uses something outside the subset, named by line and column.
pub fn html(meta: &Meta, tex: &str, samples: &[(String, String)]) -> Result<String> {
    let full = format!("{tex}{}", limits_tex(meta));
    let body = convert(&full)?;
    let mut page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n<style>\nbody {{ font-family: serif; max-width: 46em; margin: 2em \
         auto; line-height: 1.4; }}\npre {{ background: #f4f4f4; padding: 0.5em; }}\n\
         table.sample td {{ vertical-align: top; padding-right: 2em; }}\n</style>\n</head>\n\
         <body>\n",
        escape(meta.name)
    );
    page.push_str(&body);
    for (index, (input, output)) in samples.iter().enumerate() {
        let _ = write!(
            page,
            "<h2>Sample {}</h2>\n<table class=\"sample\"><tr><th>Input</th><th>Output</th></tr>\n\
             <tr><td><pre>{}</pre></td><td><pre>{}</pre></td></tr></table>\n",
            index + 1,
            escape(input),
            escape(output)
        );
    }
    page.push_str("</body>\n</html>\n");
    Ok(page)
}

/// `text` safe inside HTML, in an element or a quoted attribute.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The LaTeX subset as an HTML fragment (the statement's own sections, without the
/// generated limits: the playground's pages state the archive's limits instead).
///
/// # Errors
/// The LaTeX uses something outside the subset, named by line and column.
pub fn convert(tex: &str) -> Result<String> {
    let mut reader = Reader {
        chars: tex.chars().collect(),
        at: 0,
    };
    let mut out = String::new();
    let mut paragraph = String::new();
    while reader.at < reader.chars.len() {
        // A blank line ends a paragraph; a heading stands alone.
        if reader.starts_with("\n\n") || reader.starts_with("\n") && reader.at == 0 {
            flush(&mut out, &mut paragraph);
            while reader.peek() == Some('\n') {
                reader.at += 1;
            }
            continue;
        }
        if reader.starts_with("\\problemname") || reader.starts_with("\\section*") {
            flush(&mut out, &mut paragraph);
            let (tag, command) = if reader.starts_with("\\problemname") {
                ("h1", "\\problemname")
            } else {
                ("h2", "\\section*")
            };
            reader.at += command.chars().count();
            let title = reader.group()?;
            let _ = writeln!(out, "<{tag}>{}</{tag}>", text(&title, &reader)?);
            continue;
        }
        let chunk = reader.text_until_break()?;
        paragraph.push_str(&chunk);
    }
    flush(&mut out, &mut paragraph);
    Ok(out)
}

fn flush(out: &mut String, paragraph: &mut String) {
    let trimmed = paragraph.trim();
    if !trimmed.is_empty() {
        let _ = writeln!(out, "<p>{trimmed}</p>");
    }
    paragraph.clear();
}

/// Converts a group's text (already cut out of the source) in text mode.
fn text(source: &Source, reader: &Reader) -> Result<String> {
    let mut inner = Reader {
        chars: source.text.chars().collect(),
        at: 0,
    };
    inner.text_all().map_err(|e| {
        let (line, column) = reader.position(source.start);
        e.context(format!("in the group at line {line}, column {column}"))
    })
}

/// A braced group's contents and where it started.
struct Source {
    text: String,
    start: usize,
}

struct Reader {
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn starts_with(&self, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.at + i) == Some(&c))
    }

    fn position(&self, at: usize) -> (usize, usize) {
        let before = &self.chars[..at.min(self.chars.len())];
        let line = before.iter().filter(|&&c| c == '\n').count() + 1;
        let column = before.iter().rev().take_while(|&&c| c != '\n').count() + 1;
        (line, column)
    }

    fn fail<T>(&self, what: &str) -> Result<T> {
        let (line, column) = self.position(self.at);
        bail!("statement line {line}, column {column}: {what}")
    }

    /// `{...}` with balanced braces (escaped braces do not count).
    fn group(&mut self) -> Result<Source> {
        if self.peek() != Some('{') {
            return self.fail("expected '{'");
        }
        let start = self.at + 1;
        let mut depth = 0;
        while let Some(c) = self.peek() {
            match c {
                '\\' => self.at += 1,
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        let text = self.chars[start..self.at].iter().collect();
                        self.at += 1;
                        return Ok(Source { text, start });
                    }
                }
                _ => {}
            }
            self.at += 1;
        }
        self.at = start - 1;
        self.fail("a group that is never closed")
    }

    /// Text mode up to a paragraph break or a heading.
    fn text_until_break(&mut self) -> Result<String> {
        let mut out = String::new();
        while self.peek().is_some()
            && !self.starts_with("\n\n")
            && !self.starts_with("\\problemname")
            && !self.starts_with("\\section*")
        {
            self.text_step(&mut out)?;
        }
        Ok(out)
    }

    fn text_all(&mut self) -> Result<String> {
        let mut out = String::new();
        while self.peek().is_some() {
            self.text_step(&mut out)?;
        }
        Ok(out)
    }

    fn text_step(&mut self, out: &mut String) -> Result<()> {
        let c = self.peek().unwrap_or(' ');
        if c == '$' {
            self.at += 1;
            let start = self.at;
            while self.peek().is_some_and(|c| c != '$') {
                if self.peek() == Some('\\') {
                    self.at += 1;
                }
                self.at += 1;
            }
            if self.peek().is_none() {
                self.at = start - 1;
                return self.fail("math that is never closed");
            }
            let mut math = Reader {
                chars: self.chars[start..self.at].to_vec(),
                at: 0,
            };
            self.at += 1;
            let converted = math.math_all().map_err(|e| {
                let (line, column) = self.position(start);
                e.context(format!("in the math at line {line}, column {column}"))
            })?;
            out.push_str(&converted);
            return Ok(());
        }
        for (from, to) in [
            ("``", "\u{201c}"),
            ("''", "\u{201d}"),
            ("`", "\u{2018}"),
            ("'", "\u{2019}"),
            ("---", "\u{2014}"),
            ("--", "\u{2013}"),
            ("~", "\u{a0}"),
            ("\\#", "#"),
            ("\\%", "%"),
            ("\\ldots", "\u{2026}"),
            ("<", "&lt;"),
            (">", "&gt;"),
            ("&", "&amp;"),
        ] {
            if self.starts_with(from) {
                self.at += from.chars().count();
                out.push_str(to);
                return Ok(());
            }
        }
        for (command, tag) in [("\\emph", "em"), ("\\texttt", "code")] {
            if self.starts_with(command) {
                self.at += command.chars().count();
                let group = self.group()?;
                let _ = write!(out, "<{tag}>{}</{tag}>", text(&group, self)?);
                return Ok(());
            }
        }
        match c {
            '\\' | '{' | '}' | '^' | '_' => self.fail(&format!(
                "'{}' is outside the LaTeX the HTML converter reads",
                self.chars[self.at..].iter().take(12).collect::<String>()
            )),
            '\n' => {
                out.push(' ');
                self.at += 1;
                Ok(())
            }
            _ => {
                out.push(c);
                self.at += 1;
                Ok(())
            }
        }
    }

    fn math_all(&mut self) -> Result<String> {
        let mut out = String::new();
        while self.peek().is_some() {
            self.math_step(&mut out)?;
        }
        Ok(out)
    }

    fn math_step(&mut self, out: &mut String) -> Result<()> {
        let c = self.peek().unwrap_or(' ');
        // A minus with nothing before it is a sign: no spaces around it.
        if c == '-' && (out.is_empty() || out.ends_with(['(', ' ', '{'])) {
            out.push('\u{2212}');
            self.at += 1;
            return Ok(());
        }
        for (from, to) in [
            ("\\le", " \u{2264} "),
            ("\\ge", " \u{2265} "),
            ("\\times", " \u{d7} "),
            ("\\in", " \u{2208} "),
            ("\\ldots", "\u{2026}"),
            ("\\{", "{"),
            ("\\}", "}"),
            ("\\#", "#"),
            ("<", " &lt; "),
            (">", " &gt; "),
            ("-", " \u{2212} "),
            ("+", " + "),
            ("=", " = "),
        ] {
            // A command name must end where the letters end (\le, not \left).
            let next = self.chars.get(self.at + from.chars().count());
            let whole = !from.starts_with('\\')
                || !from[1..].starts_with(char::is_alphabetic)
                || !next.is_some_and(char::is_ascii_alphabetic);
            if self.starts_with(from) && whole {
                self.at += from.chars().count();
                out.push_str(to);
                return Ok(());
            }
        }
        match c {
            '^' | '_' => {
                self.at += 1;
                let tag = if c == '^' { "sup" } else { "sub" };
                let inner = if self.peek() == Some('{') {
                    let group = self.group()?;
                    let mut reader = Reader {
                        chars: group.text.chars().collect(),
                        at: 0,
                    };
                    reader.math_all()?
                } else {
                    let mut one = String::new();
                    self.math_step(&mut one)?;
                    one
                };
                let _ = write!(out, "<{tag}>{}</{tag}>", inner.trim());
                Ok(())
            }
            c if c.is_ascii_alphabetic() => {
                let _ = write!(out, "<i>{c}</i>");
                self.at += 1;
                Ok(())
            }
            ' ' | '\n' => {
                self.at += 1;
                Ok(())
            }
            c if c.is_ascii_digit() || ",.():;|".contains(c) => {
                out.push(c);
                if c == ',' {
                    out.push(' ');
                }
                self.at += 1;
                Ok(())
            }
            _ => self.fail(&format!(
                "'{}' in math is outside the LaTeX the HTML converter reads",
                self.chars[self.at..].iter().take(12).collect::<String>()
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subset_converts_to_html() {
        let html = convert(
            "\\problemname{Game}\n\nA piece on an $n \\times n$ board, `\\texttt{\\#}' and \
             \\emph{started}.\n\n\\section*{Input}\nThen $2 \\le n \\le 300$ and $10^{-6}$, \
             $h_{ij}$, $r \\in \\{1, \\ldots, 6\\}$.\n",
        )
        .unwrap();
        assert_eq!(
            html,
            "<h1>Game</h1>\n<p>A piece on an <i>n</i> \u{d7} <i>n</i> board, \u{2018}<code>#</code>\u{2019} \
             and <em>started</em>.</p>\n<h2>Input</h2>\n<p>Then 2 \u{2264} <i>n</i> \u{2264} 300 and \
             10<sup>\u{2212}6</sup>, <i>h</i><sub><i>i</i><i>j</i></sub>, <i>r</i> \u{2208} {1, \u{2026}, 6}.</p>\n"
        );
    }

    #[test]
    fn anything_else_is_refused_with_its_place() {
        for (tex, message) in [
            (
                "Text\n\\begin{itemize}",
                "statement line 2, column 1: '\\begin{itemi",
            ),
            ("$x \\sqrt{2}$", "in the math at line 1, column 2"),
            (
                "$x",
                "statement line 1, column 1: math that is never closed",
            ),
            ("\\emph{open", "a group that is never closed"),
        ] {
            let error = format!("{:#}", convert(tex).unwrap_err());
            assert!(error.contains(message), "{tex:?}: {error}");
        }
    }
}
