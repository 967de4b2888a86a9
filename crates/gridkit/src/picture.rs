//! Pictures of explanations, as self-contained SVG (`--explain=svg`): the drawing every
//! solver shares.
//!
//! - [`Svg`]: a tiny writer of the few SVG elements the pictures use (rectangles, lines,
//!   circles, polygons, text), with text escaped. The pictures need no more than that,
//!   so a writer of a hundred lines serves better than a dependency of a solver binary.
//! - [`Board`]: where the squares of a grid go, its rows and columns numbered from 1 as
//!   the statements number them, and cells of one colour filled as one compact path.
//! - [`legend`]: the swatches that say what each colour means.
//! - [`colour`]: the palette, one meaning per colour across the problems, and a heat scale.
//!
//! Every picture is at most [`MAX_WIDTH`] pixels wide, the width a README shows.

use std::fmt::Write as _;

/// The widest a picture is drawn, in pixels.
pub const MAX_WIDTH: f64 = 800.0;
/// The text size of titles and notes, in pixels.
pub const TEXT: f64 = 14.0;
/// The height of one line of [`TEXT`].
pub const LINE: f64 = 20.0;
/// Pictures of many boards stop adding boards that would reach below this y, and say so
/// in the picture (the first board is always drawn).
pub const TALLEST: f64 = 2400.0;
/// The margin around a picture's content.
pub const MARGIN: f64 = 12.0;
/// The fonts a picture's text asks for, the first the machine has: DejaVu Sans, whose
/// widths the layout assumes, then the commonest look-alikes.
pub const FONT_FAMILIES: [&str; 4] = ["DejaVu Sans", "Verdana", "Arial", "sans-serif"];

/// The colours of the pictures; each means one thing in every problem's picture.
pub mod colour {
    /// The page.
    pub const PAPER: &str = "#ffffff";
    /// Text and lines.
    pub const INK: &str = "#222222";
    /// An open, unremarkable square.
    pub const OPEN: &str = "#f4f1ea";
    /// A wall, a statue, a black square: what cannot be entered.
    pub const WALL: &str = "#2b2b2b";
    /// The thin lines between squares.
    pub const GRID: &str = "#c8c2b4";
    /// The walk, plan or move that proves the answer.
    pub const PATH: &str = "#e8590c";
    /// Where the walk has been.
    pub const TRAIL: &str = "#ffc078";
    /// Where the walk starts.
    pub const START: &str = "#1c7ed6";
    /// Where the walk must end: the goal.
    pub const GOAL: &str = "#2f9e44";
    /// Squares that matter to the proof (a region, a layer, a set).
    pub const REGION: &str = "#a5d8ff";
    /// Squares that doom the loser (trapped, cornered, caught).
    pub const TRAP: &str = "#c92a2a";
    /// A second kind of square that matters (a middle layer, a mirror move).
    pub const SECOND: &str = "#9c36b5";

    /// The heat scale from cool (`t = 0`) to hot (`t = 1`): pale yellow through orange
    /// to dark red, so that the hottest square is the darkest red.
    pub fn heat(t: f64) -> String {
        let t = if t.is_finite() {
            t.clamp(0.0, 1.0)
        } else {
            0.0
        };
        // Three stops: #ffffb2, #fd8d3c, #bd0026.
        let stops = [
            (255.0, 255.0, 178.0),
            (253.0, 141.0, 60.0),
            (189.0, 0.0, 38.0),
        ];
        let (a, b, u) = if t < 0.5 {
            (stops[0], stops[1], t * 2.0)
        } else {
            (stops[1], stops[2], t * 2.0 - 1.0)
        };
        let mix = |x: f64, y: f64| (x + (y - x) * u).round() as u8;
        format!(
            "#{:02x}{:02x}{:02x}",
            mix(a.0, b.0),
            mix(a.1, b.1),
            mix(a.2, b.2)
        )
    }

    /// The contrast ratio of two `#rrggbb` colours as WCAG defines it, from 1 (the same)
    /// to 21 (black on white); an unreadable colour counts as 1.
    pub fn contrast(a: &str, b: &str) -> f64 {
        read_contrast(a, b).unwrap_or(1.0)
    }

    /// [`contrast`], or `None` when either colour is no `#rrggbb` (for a check that must
    /// tell an unreadable colour from a weak one: the browser tests of the pictures).
    pub fn read_contrast(a: &str, b: &str) -> Option<f64> {
        let (a, b) = (luminance(a)?, luminance(b)?);
        Some((a.max(b) + 0.05) / (a.min(b) + 0.05))
    }

    /// WCAG's relative luminance of `#rrggbb`.
    fn luminance(colour: &str) -> Option<f64> {
        let hex = colour.strip_prefix('#').filter(|hex| hex.len() == 6)?;
        let channel = |at: usize| -> Option<f64> {
            let value = f64::from(u8::from_str_radix(hex.get(at..at + 2)?, 16).ok()?) / 255.0;
            Some(if value <= 0.039_28 {
                value / 12.92
            } else {
                ((value + 0.055) / 1.055).powf(2.4)
            })
        };
        Some(0.2126 * channel(0)? + 0.7152 * channel(2)? + 0.0722 * channel(4)?)
    }

    /// Text's colour on `fill`: the ink where it stands out by 4.5:1 (WCAG's least for
    /// text), else the paper, else black, which stands out from every fill white does
    /// not.
    pub fn ink_on(fill: &str) -> &'static str {
        [INK, PAPER]
            .into_iter()
            .find(|ink| contrast(ink, fill) >= 4.5)
            .unwrap_or("#000000")
    }
}

/// Text with `&`, `<`, `>` and quotes escaped, to be placed in SVG text or attributes.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            c => escaped.push(c),
        }
    }
    escaped
}

/// How a text is placed relative to its x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// x is the text's left end.
    Start,
    /// x is the text's middle.
    Middle,
    /// x is the text's right end.
    End,
}

/// A picture being drawn: elements are added in painting order, [`Svg::finish`] gives the
/// document. Coordinates are pixels from the top-left corner; numbers are written with at
/// most two decimals to keep large pictures small.
#[derive(Debug, Clone)]
pub struct Svg {
    width: f64,
    body: String,
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// A scale as SVG writes it: four decimals, as an error in it grows with the board.
fn num_fine(x: f64) -> String {
    let s = format!("{x:.4}");
    s.trim_end_matches('0').trim_end_matches('.').into()
}

impl Svg {
    /// An empty picture `width` pixels wide (at most [`MAX_WIDTH`]); its height is given
    /// when it is finished, once the content is known.
    pub fn new(width: f64) -> Svg {
        Svg {
            width: width.min(MAX_WIDTH),
            body: String::new(),
        }
    }

    /// The picture's width.
    pub fn width(&self) -> f64 {
        self.width
    }

    /// A filled rectangle.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}"/>"#,
            num(x),
            num(y),
            num(w),
            num(h)
        );
    }

    /// The outline of a rectangle.
    pub fn frame(&mut self, x: f64, y: f64, w: f64, h: f64, stroke: &str, thickness: f64) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{stroke}" stroke-width="{}"/>"#,
            num(x),
            num(y),
            num(w),
            num(h),
            num(thickness)
        );
    }

    /// A path of raw SVG path data `d`, filled.
    pub fn path(&mut self, d: &str, fill: &str) {
        let _ = writeln!(self.body, r#"<path d="{d}" fill="{fill}"/>"#);
    }

    /// A straight line.
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str, thickness: f64) {
        self.polyline(&[from, to], stroke, thickness);
    }

    /// Connected straight lines through `points`, with round joins.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, thickness: f64) {
        let points: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        let _ = writeln!(
            self.body,
            r#"<polyline points="{}" fill="none" stroke="{stroke}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round"/>"#,
            points.join(" "),
            num(thickness)
        );
    }

    /// A filled circle.
    pub fn circle(&mut self, centre: (f64, f64), radius: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}"/>"#,
            num(centre.0),
            num(centre.1),
            num(radius)
        );
    }

    /// A filled polygon with an outline.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: &str, thickness: f64) {
        let points: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        let _ = writeln!(
            self.body,
            r#"<polygon points="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
            points.join(" "),
            num(thickness)
        );
    }

    /// Text of `size` pixels in `fill`, its baseline at `y`; escaped here.
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, fill: &str, text: &str) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}" fill="{fill}">{}</text>"#,
            num(x),
            num(y),
            num(size),
            escape(text)
        );
    }

    /// Lines of note text from the left margin, one [`LINE`] apart, the first baseline
    /// at `y`; returns the y just below the last.
    pub fn notes(&mut self, y: f64, lines: &[String]) -> f64 {
        for (index, line) in lines.iter().enumerate() {
            let baseline = y + LINE * index as f64 + TEXT;
            self.text(MARGIN, baseline, TEXT, Anchor::Start, colour::INK, line);
        }
        y + LINE * lines.len() as f64
    }

    /// The SVG document, `height` pixels high, on white paper.
    pub fn finish(self, height: f64) -> String {
        let (w, h) = (num(self.width), num(height.ceil()));
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{families}\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"{paper}\"/>\n{body}</svg>\n",
            families = FONT_FAMILIES.join(", "),
            paper = colour::PAPER,
            body = self.body
        )
    }
}

/// Where the squares of a `rows` x `columns` grid go: the top-left square's corner at
/// (`x`, `y`), each square `cell` pixels wide. The numbers of rows and columns are drawn
/// in the margin left of and above it, so `x` and `y` leave room for them
/// ([`Board::margin`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Board {
    /// The left edge of the squares.
    pub x: f64,
    /// The top edge of the squares.
    pub y: f64,
    /// The side of a square.
    pub cell: f64,
    /// The number of rows.
    pub rows: usize,
    /// The number of columns.
    pub columns: usize,
}

impl Board {
    /// The room numbering needs left of and above the squares.
    pub const fn margin() -> f64 {
        26.0
    }

    /// A board whose numbered frame's top-left corner is at (`left`, `top`), its squares
    /// as large as fit `width` pixels, but at most `largest`.
    pub fn fit(
        left: f64,
        top: f64,
        width: f64,
        largest: f64,
        rows: usize,
        columns: usize,
    ) -> Board {
        let room = (width - Self::margin()).max(1.0);
        let cell = (room / columns.max(1) as f64).min(largest);
        Board {
            x: left + Self::margin(),
            y: top + Self::margin(),
            cell,
            rows,
            columns,
        }
    }

    /// The width of the squares.
    pub fn width(&self) -> f64 {
        self.cell * self.columns as f64
    }

    /// The height of the squares.
    pub fn height(&self) -> f64 {
        self.cell * self.rows as f64
    }

    /// The bottom edge of the squares.
    pub fn bottom(&self) -> f64 {
        self.y + self.height()
    }

    /// The right edge of the squares.
    pub fn right(&self) -> f64 {
        self.x + self.width()
    }

    /// The top-left corner of square (`row`, `column`), both from 0.
    pub fn corner(&self, row: usize, column: usize) -> (f64, f64) {
        (
            self.x + self.cell * column as f64,
            self.y + self.cell * row as f64,
        )
    }

    /// The centre of square (`row`, `column`), both from 0.
    pub fn centre(&self, row: usize, column: usize) -> (f64, f64) {
        let (x, y) = self.corner(row, column);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// Fills square (`row`, `column`).
    pub fn fill(&self, svg: &mut Svg, row: usize, column: usize, fill: &str) {
        let (x, y) = self.corner(row, column);
        svg.rect(x, y, self.cell, self.cell, fill);
    }

    /// Fills every square where `paint(row, column)` holds, as one path of runs along the
    /// rows in square units, scaled into place: a large board stays small in SVG.
    pub fn fill_where(&self, svg: &mut Svg, fill: &str, paint: impl Fn(usize, usize) -> bool) {
        let mut d = String::new();
        for row in 0..self.rows {
            let mut column = 0;
            while column < self.columns {
                if !paint(row, column) {
                    column += 1;
                    continue;
                }
                let start = column;
                while column < self.columns && paint(row, column) {
                    column += 1;
                }
                let w = column - start;
                let _ = write!(d, "M{start} {row}h{w}v1h-{w}z");
            }
        }
        if !d.is_empty() {
            let _ = writeln!(
                svg.body,
                r#"<path transform="translate({} {}) scale({})" d="{d}" fill="{fill}"/>"#,
                num(self.x),
                num(self.y),
                num_fine(self.cell)
            );
        }
    }

    /// Thin lines between the squares (only where squares are large enough to show them)
    /// and a frame around the board.
    pub fn lines(&self, svg: &mut Svg) {
        if self.cell >= 8.0 {
            let thin = (self.cell / 40.0).clamp(0.5, 1.0);
            for row in 1..self.rows {
                let y = self.y + self.cell * row as f64;
                svg.line((self.x, y), (self.right(), y), colour::GRID, thin);
            }
            for column in 1..self.columns {
                let x = self.x + self.cell * column as f64;
                svg.line((x, self.y), (x, self.bottom()), colour::GRID, thin);
            }
        }
        svg.frame(
            self.x,
            self.y,
            self.width(),
            self.height(),
            colour::INK,
            1.0,
        );
    }

    /// The rows' numbers left of the board and the columns' above it, from 1, as the
    /// statements number them; on a board too fine to number every one, every fifth or
    /// tenth (and the first).
    pub fn numbers(&self, svg: &mut Svg) {
        let size = (self.cell * 0.7).clamp(7.0, 12.0);
        let step = [1, 2, 5, 10, 20, 50, 100]
            .into_iter()
            .find(|&step| self.cell * step as f64 >= size * 2.2)
            .unwrap_or(100);
        let shown = |index: usize| index == 0 || (index + 1) % step == 0;
        for row in (0..self.rows).filter(|&row| shown(row)) {
            let (_, y) = self.centre(row, 0);
            let label = (row + 1).to_string();
            svg.text(
                self.x - 4.0,
                y + size * 0.35,
                size,
                Anchor::End,
                colour::INK,
                &label,
            );
        }
        for column in (0..self.columns).filter(|&column| shown(column)) {
            let (x, _) = self.centre(0, column);
            let label = (column + 1).to_string();
            svg.text(x, self.y - 5.0, size, Anchor::Middle, colour::INK, &label);
        }
    }

    /// A text label centred on square (`row`, `column`), sized to the square.
    pub fn label(&self, svg: &mut Svg, row: usize, column: usize, fill: &str, text: &str) {
        let size = (self.cell * 0.55).min(16.0);
        if size < 6.0 {
            return;
        }
        let (x, y) = self.centre(row, column);
        svg.text(x, y + size * 0.36, size, Anchor::Middle, fill, text);
    }
}

/// Panels of one size laid left to right from the left margin, wrapped at the picture's
/// width: a strip of small boards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strip {
    /// The top of the first row of panels.
    pub top: f64,
    /// A panel's width, gap included.
    pub width: f64,
    /// A panel's height, gap included.
    pub height: f64,
    /// Panels in one row.
    pub per_row: usize,
}

impl Strip {
    /// Panels `width` x `height` (gaps included) from `top` down, as many to a row as fit
    /// `picture_width`.
    pub fn new(top: f64, picture_width: f64, width: f64, height: f64) -> Strip {
        let per_row = (((picture_width - 2.0 * MARGIN) / width).floor() as usize).max(1);
        Strip {
            top,
            width,
            height,
            per_row,
        }
    }

    /// The top-left corner of panel `index`, from 0.
    pub fn origin(&self, index: usize) -> (f64, f64) {
        let (row, column) = (index / self.per_row, index % self.per_row);
        (
            MARGIN + self.width * column as f64,
            self.top + self.height * row as f64,
        )
    }

    /// The y below `count` panels.
    pub fn bottom(&self, count: usize) -> f64 {
        self.top + self.height * count.div_ceil(self.per_row) as f64
    }
}

/// Draws the legend: one swatch and its meaning per entry, laid out left to right and
/// wrapped at the picture's width, the first row's top at `y`; returns the y below it.
pub fn legend(svg: &mut Svg, y: f64, entries: &[(&str, &str)]) -> f64 {
    let swatch = 14.0;
    let (mut x, mut top) = (MARGIN, y);
    for &(fill, meaning) in entries {
        // DejaVu Sans at 13 px averages about 7.5 px a character.
        let width = swatch + 6.0 + 7.5 * meaning.chars().count() as f64 + 16.0;
        if x > MARGIN && x + width > svg.width() - MARGIN {
            x = MARGIN;
            top += LINE;
        }
        svg.rect(x, top + 2.0, swatch, swatch, fill);
        svg.frame(x, top + 2.0, swatch, swatch, colour::INK, 0.5);
        svg.text(
            x + swatch + 6.0,
            top + 14.0,
            13.0,
            Anchor::Start,
            colour::INK,
            meaning,
        );
        x += width;
    }
    top + LINE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_numbers_are_short() {
        assert_eq!(
            escape(r#"a<b & "c">'d'"#),
            "a&lt;b &amp; &quot;c&quot;&gt;&apos;d&apos;"
        );
        assert_eq!(num(1.0), "1");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn text_on_every_heat_stands_out_by_4_5_to_1() {
        assert!((colour::contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
        assert_eq!(colour::contrast("#123456", "#123456"), 1.0);
        for step in 0..=100 {
            let fill = colour::heat(f64::from(step) / 100.0);
            let ink = colour::ink_on(&fill);
            assert!(colour::contrast(ink, &fill) >= 4.5, "{ink} on {fill}");
        }
        assert_eq!(colour::ink_on(colour::PAPER), colour::INK);
        assert_eq!(colour::ink_on("#bd0026"), colour::PAPER);
    }

    #[test]
    fn the_heat_scale_runs_from_pale_to_dark_red() {
        assert_eq!(colour::heat(0.0), "#ffffb2");
        assert_eq!(colour::heat(1.0), "#bd0026");
        assert_eq!(colour::heat(f64::NAN), "#ffffb2");
        assert_eq!(colour::heat(7.0), "#bd0026");
    }

    #[test]
    fn runs_of_one_colour_become_one_path() {
        let board = Board {
            x: 0.0,
            y: 0.0,
            cell: 10.0,
            rows: 2,
            columns: 4,
        };
        let mut svg = Svg::new(100.0);
        board.fill_where(&mut svg, "#000", |row, column| row == 0 && column != 2);
        let page = svg.finish(50.0);
        assert_eq!(page.matches("<path").count(), 1, "{page}");
        assert!(
            page.contains(r#"scale(10)" d="M0 0h2v1h-2zM3 0h1v1h-1z""#),
            "{page}"
        );
        assert!(page.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\""));
    }

    #[test]
    fn a_picture_is_never_wider_than_a_readme_shows() {
        assert_eq!(Svg::new(5000.0).width(), MAX_WIDTH);
        let board = Board::fit(0.0, 0.0, 300.0, 40.0, 300, 300);
        assert!(board.right() <= 300.0 + 1e-9);
        assert_eq!(Board::fit(0.0, 0.0, 800.0, 40.0, 8, 8).cell, 40.0);
    }
}
