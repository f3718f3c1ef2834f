//! # A small SVG writer
//!
//! Integer coordinates, presentation attributes on `<g>` groups (no CSS, no scripts, no
//! external fonts: text uses the generic `sans-serif` family), XML-escaped text, and one
//! element per line, so the output is byte-for-byte deterministic and easy to diff.

use std::fmt::Write;

/// Stroke colour of thick lines and text.
pub(crate) const INK: &str = "#000000";
/// Colour of the thin grid.
pub(crate) const THIN: &str = "#9a9a9a";
/// Fill of blocked squares and unused clue halves.
pub(crate) const DARK: &str = "#3a3a3a";
/// Fill of clue squares.
pub(crate) const SHADE: &str = "#d6d6d6";
/// Colour of solution digits.
pub(crate) const DIGIT: &str = "#1f3f9f";

/// Escapes text for XML character data and attribute values.
#[must_use]
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(ch),
        }
    }
    out
}

/// Horizontal text alignment.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Anchor {
    /// Text starts at x.
    Start,
    /// Text is centred on x.
    Middle,
}

/// An SVG document being written.
pub(crate) struct Svg {
    out: String,
    open_group: bool,
}

impl Svg {
    /// Starts a `width`×`height` document titled `title` on a white background.
    pub(crate) fn new(width: i64, height: i64, title: &str) -> Self {
        let mut out = String::new();
        out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\">"
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        let _ = writeln!(
            out,
            "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" \
             fill=\"#ffffff\"/>"
        );
        Svg {
            out,
            open_group: false,
        }
    }

    /// Opens a group named `class` with presentation attributes `attrs` (closing any open one).
    pub(crate) fn group(&mut self, class: &str, attrs: &str) {
        self.close_group();
        let _ = writeln!(self.out, "<g class=\"{class}\" {attrs}>");
        self.open_group = true;
    }

    fn close_group(&mut self) {
        if self.open_group {
            self.out.push_str("</g>\n");
            self.open_group = false;
        }
    }

    /// A line from (x1, y1) to (x2, y2).
    pub(crate) fn line(&mut self, x1: i64, y1: i64, x2: i64, y2: i64) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>"
        );
    }

    /// A rectangle.
    pub(crate) fn rect(&mut self, x: i64, y: i64, w: i64, h: i64) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\"/>"
        );
    }

    /// A filled polygon through `points`.
    pub(crate) fn polygon(&mut self, points: &[(i64, i64)]) {
        let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let _ = writeln!(self.out, "<polygon points=\"{}\"/>", list.join(" "));
    }

    /// A circle, with its own presentation attributes `attrs` (may be empty).
    pub(crate) fn circle(&mut self, cx: i64, cy: i64, r: i64, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\"{}/>",
            spaced(attrs)
        );
    }

    /// A rectangle with rounded corners of radius `r`, with its own attributes `attrs`.
    pub(crate) fn round_rect(&mut self, x: i64, y: i64, w: i64, h: i64, r: i64, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"{r}\" ry=\"{r}\"{}/>",
            spaced(attrs)
        );
    }

    /// An open line through `points`, with its own attributes `attrs`.
    pub(crate) fn polyline(&mut self, points: &[(i64, i64)], attrs: &str) {
        let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let _ = writeln!(
            self.out,
            "<polyline points=\"{}\"{}/>",
            list.join(" "),
            spaced(attrs)
        );
    }

    /// A closed shape through `points`, with its own attributes `attrs`.
    pub(crate) fn polygon_with(&mut self, points: &[(i64, i64)], attrs: &str) {
        let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let _ = writeln!(
            self.out,
            "<polygon points=\"{}\"{}/>",
            list.join(" "),
            spaced(attrs)
        );
    }

    /// Text with its baseline at y.
    pub(crate) fn text(&mut self, x: i64, y: i64, anchor: Anchor, size: i64, text: &str) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
        };
        let _ = writeln!(
            self.out,
            "<text x=\"{x}\" y=\"{y}\" text-anchor=\"{anchor}\" font-size=\"{size}\">{}</text>",
            escape(text)
        );
    }

    /// Closes the document.
    pub(crate) fn finish(mut self) -> String {
        self.close_group();
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// `attrs` with a leading space, or nothing when empty.
fn spaced(attrs: &str) -> String {
    if attrs.is_empty() {
        String::new()
    } else {
        format!(" {attrs}")
    }
}

/// Font attributes for a text group.
#[must_use]
pub(crate) fn font(fill: &str, bold: bool) -> String {
    let weight = if bold { "bold" } else { "normal" };
    format!("font-family=\"sans-serif\" font-weight=\"{weight}\" fill=\"{fill}\" stroke=\"none\"")
}

/// Stroke attributes for a line group.
#[must_use]
pub(crate) fn stroke(colour: &str, width: i64) -> String {
    format!("stroke=\"{colour}\" stroke-width=\"{width}\" stroke-linecap=\"square\" fill=\"none\"")
}

/// The largest font size up to `max` at which `chars` characters fit in `room` pixels
/// (sans-serif digits are about 0.6 em wide).
#[must_use]
pub(crate) fn fitting_size(chars: usize, room: i64, max: i64) -> i64 {
    let chars = chars.max(1) as i64;
    (room * 10 / (6 * chars)).clamp(6, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("12× 3− 2÷"), "12× 3− 2÷");
    }

    #[test]
    fn text_is_escaped_and_groups_close() {
        let mut svg = Svg::new(10, 20, "x<y");
        svg.group("t", &font(INK, false));
        svg.text(1, 2, Anchor::Start, 9, "&");
        let out = svg.finish();
        assert!(out.contains("<title>x&lt;y</title>"));
        assert!(out.contains(">&amp;</text>\n</g>\n</svg>\n"));
    }

    #[test]
    fn font_sizes_fit() {
        assert_eq!(fitting_size(2, 56, 15), 15);
        assert_eq!(fitting_size(10, 56, 15), 9);
        assert_eq!(fitting_size(100, 56, 15), 6);
    }
}
