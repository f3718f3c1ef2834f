//! # The HTML comparison report
//!
//! [`render_html`] turns a comparison into one self-contained page: a scatter plot of the
//! median time of every run against the puzzle's size (both axes logarithmic, one colour per
//! engine, hollow marks for runs stopped by the time limit), a bar chart of each engine's
//! total time, and the text table of [`crate::compare::render_table`]. The plots are inline
//! SVG written here; there is no script, no font or stylesheet from elsewhere, no network.

use std::fmt::Write as _;

use crate::compare::table::totals;
use crate::compare::{render_table, PuzzleComparison};

/// One colour per engine, in order of first appearance (colour-blind safe, Okabe–Ito).
const COLOURS: [&str; 8] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442",
];

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 440.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 170.0;
const TOP: f64 = 20.0;
const BOTTOM: f64 = 60.0;

/// Escapes text for HTML and XML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Cells of a `RxC` size label (squares of the whole grid for Kakuro).
fn cells(size: &str) -> Option<f64> {
    let (r, c) = size.split_once('x')?;
    Some(r.parse::<f64>().ok()? * c.parse::<f64>().ok()?)
}

/// A time in milliseconds, readably.
fn ms(t: f64) -> String {
    if t >= 1000.0 {
        format!("{} s", trim(t / 1000.0, 2))
    } else if t >= 1.0 {
        format!("{} ms", trim(t, 1))
    } else {
        format!("{} ms", trim(t, 3))
    }
}

/// `v` with at most `decimals` decimals and no trailing zeros (`100`, `0.01`, `2.5`).
fn trim(v: f64, decimals: usize) -> String {
    let s = format!("{v:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A logarithmic axis over `[lo, hi]` widened to whole decades.
struct LogAxis {
    lo: f64,
    hi: f64,
}

impl LogAxis {
    fn new(values: impl Iterator<Item = f64>) -> LogAxis {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for v in values.filter(|v| *v > 0.0 && v.is_finite()) {
            lo = lo.min(v);
            hi = hi.max(v);
        }
        if !lo.is_finite() {
            (lo, hi) = (1.0, 10.0);
        }
        let lo = 10f64.powf(lo.log10().floor());
        let hi = 10f64.powf(hi.log10().ceil()).max(lo * 10.0);
        LogAxis { lo, hi }
    }

    /// Position of `v` in `[0, 1]`.
    fn frac(&self, v: f64) -> f64 {
        (v.max(self.lo).log10() - self.lo.log10()) / (self.hi.log10() - self.lo.log10())
    }

    fn decades(&self) -> impl Iterator<Item = f64> + '_ {
        let first = self.lo.log10().round() as i32;
        let last = self.hi.log10().round() as i32;
        (first..=last).map(|e| 10f64.powi(e))
    }
}

/// One plotted run.
struct Point<'a> {
    engine: usize,
    cells: f64,
    ms: f64,
    stopped: bool,
    name: &'a str,
    engine_name: &'a str,
}

/// The scatter plot of run time against puzzle size.
fn scatter(comparisons: &[PuzzleComparison], engines: &[String]) -> String {
    let points: Vec<Point<'_>> = comparisons
        .iter()
        .flat_map(|c| c.runs.iter().map(move |r| (c, r)))
        .filter_map(|(c, r)| {
            let m = r.result.as_ref().ok()?;
            Some(Point {
                engine: engines.iter().position(|e| *e == r.engine)?,
                cells: cells(&c.size)?,
                ms: (m.median.as_secs_f64() * 1e3).max(1e-4),
                stopped: matches!(m.outcome, cagesat::Outcome::Stopped { .. }),
                name: &c.name,
                engine_name: &r.engine,
            })
        })
        .collect();
    let x = LogAxis::new(points.iter().map(|p| p.cells));
    let y = LogAxis::new(points.iter().map(|p| p.ms));
    let (pw, ph) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let px = |v: f64| LEFT + x.frac(v) * pw;
    let py = |v: f64| TOP + (1.0 - y.frac(v)) * ph;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="plot" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12"><title>Median time per run against puzzle size</title><rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>"##
    );
    for d in y.decades() {
        let _ = write!(
            s,
            r##"<line x1="{LEFT}" x2="{:.1}" y1="{y0:.1}" y2="{y0:.1}" stroke="#dddddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            LEFT + pw,
            LEFT - 6.0,
            py(d) + 4.0,
            ms(d),
            y0 = py(d)
        );
    }
    for d in x.decades() {
        let _ = write!(
            s,
            r##"<line x1="{x0:.1}" x2="{x0:.1}" y1="{TOP}" y2="{:.1}" stroke="#dddddd"/><text x="{x0:.1}" y="{:.1}" text-anchor="middle">{d}</text>"##,
            TOP + ph,
            TOP + ph + 16.0,
            x0 = px(d)
        );
    }
    let _ = write!(
        s,
        r##"<rect x="{LEFT}" y="{TOP}" width="{pw:.1}" height="{ph:.1}" fill="none" stroke="#333333"/><text x="{:.1}" y="{:.1}" text-anchor="middle">puzzle size (cells, log scale)</text><text transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle">median time per run (log scale)</text>"##,
        LEFT + pw / 2.0,
        HEIGHT - 18.0,
        TOP + ph / 2.0
    );
    // Engines side by side around each size, so that equal sizes do not hide each other.
    let spread = |engine: usize| (engine as f64 - (engines.len() as f64 - 1.0) / 2.0) * 5.0;
    for p in &points {
        let colour = COLOURS[p.engine % COLOURS.len()];
        let (fill, extra) = if p.stopped {
            ("none", " (stopped by the time limit)")
        } else {
            (colour, "")
        };
        let _ = write!(
            s,
            r##"<circle class="pt" cx="{:.1}" cy="{:.1}" r="4" fill="{fill}" fill-opacity="0.75" stroke="{colour}"><title>{}: {} {}{extra}</title></circle>"##,
            px(p.cells) + spread(p.engine),
            py(p.ms),
            esc(p.name),
            esc(p.engine_name),
            ms(p.ms)
        );
    }
    for (i, e) in engines.iter().enumerate() {
        let ly = TOP + 10.0 + 22.0 * i as f64;
        let lx = LEFT + pw + 16.0;
        let _ = write!(
            s,
            r##"<circle cx="{lx:.1}" cy="{ly:.1}" r="5" fill="{c}" stroke="{c}"/><text class="legend" x="{:.1}" y="{:.1}">{}</text>"##,
            lx + 10.0,
            ly + 4.0,
            esc(e),
            c = COLOURS[i % COLOURS.len()]
        );
    }
    s.push_str("</svg>");
    s
}

/// The bar chart of total time per engine.
fn bars(comparisons: &[PuzzleComparison]) -> String {
    let totals = totals(comparisons);
    let max = totals
        .iter()
        .map(|t| t.time_ms)
        .fold(0.0, f64::max)
        .max(1e-9);
    let row = 30.0;
    let height = TOP + row * totals.len() as f64 + 30.0;
    let left = 120.0;
    let pw = WIDTH - left - 220.0;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="plot" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12"><title>Total time per engine</title><rect width="{WIDTH}" height="{height}" fill="#ffffff"/>"##
    );
    for (i, t) in totals.iter().enumerate() {
        let y = TOP + row * i as f64;
        let w = (t.time_ms / max * pw).max(1.0);
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text><rect class="bar" x="{left}" y="{y:.1}" width="{w:.1}" height="{:.1}" fill="{}"/><text x="{:.1}" y="{:.1}">{} · {} runs{}</text>"##,
            left - 8.0,
            y + 15.0,
            esc(&t.engine),
            row - 8.0,
            COLOURS[i % COLOURS.len()],
            left + w + 6.0,
            y + 15.0,
            ms(t.time_ms),
            t.runs,
            if t.stopped + t.errors > 0 {
                format!(" ({} stopped, {} failed)", t.stopped, t.errors)
            } else {
                String::new()
            }
        );
    }
    s.push_str("</svg>");
    s
}

/// The whole report page.
#[must_use]
pub(crate) fn render_html(comparisons: &[PuzzleComparison], title: &str) -> String {
    let engines: Vec<String> = totals(comparisons).into_iter().map(|t| t.engine).collect();
    let disagreements: Vec<String> = comparisons
        .iter()
        .filter_map(|c| {
            c.disagreement
                .as_ref()
                .map(|d| format!("<li>{}: {}</li>", esc(&c.name), esc(d)))
        })
        .collect();
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n\
         <style>body{{font-family:sans-serif;margin:24px;max-width:1100px;color:#222}}\
         pre{{font-size:12px;background:#f6f6f6;padding:12px;overflow-x:auto}}\
         .bad{{color:#b00000}}</style>\n</head>\n<body>\n<h1>{t}</h1>\n\
         <p>{} puzzles, {} engines ({}); every solution checked by the independent verifier.</p>\n",
        comparisons.len(),
        engines.len(),
        esc(&engines.join(", ")),
        t = esc(title)
    );
    if disagreements.is_empty() {
        s.push_str("<p>All engines agree on every puzzle.</p>\n");
    } else {
        let _ = write!(
            s,
            "<p class=\"bad\">Disagreements:</p>\n<ul class=\"bad\">{}</ul>\n",
            disagreements.join("")
        );
    }
    let _ = write!(
        s,
        "<h2>Time per puzzle</h2>\n{}\n<h2>Total time per engine</h2>\n{}\n\
         <h2>Table</h2>\n<pre>{}</pre>\n</body>\n</html>\n",
        scatter(comparisons, &engines),
        bars(comparisons),
        esc(&render_table(comparisons))
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_cover_whole_decades() {
        let a = LogAxis::new([0.03, 7.0, 250.0].into_iter());
        assert_eq!((a.lo, a.hi), (0.01, 1000.0));
        assert_eq!(a.decades().count(), 6);
        assert!((a.frac(0.01) - 0.0).abs() < 1e-12 && (a.frac(1000.0) - 1.0).abs() < 1e-12);
        let empty = LogAxis::new(std::iter::empty());
        assert_eq!((empty.lo, empty.hi), (1.0, 10.0));
        assert_eq!(cells("9x9"), Some(81.0));
        assert_eq!(esc("<a & 'b'>"), "&lt;a &amp; &#39;b&#39;&gt;");
        assert_eq!(
            [ms(100.0), ms(0.01), ms(2500.0)],
            ["100 ms", "0.01 ms", "2.5 s"]
        );
    }
}
