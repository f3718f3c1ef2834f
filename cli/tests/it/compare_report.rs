//! `compare --report FILE.html`: one self-contained page (no script, no link, no network)
//! with a log-log scatter of time against size per engine, a bar per engine and the table;
//! well formed, and drawn by headless Chromium at a readable size, not blank.

use crate::common;

use common::browser::{chromium, in_ci, screenshot, Image};
use common::cli::{run, TempDir};

fn inline_svgs(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<svg") {
        let end = rest[start..].find("</svg>").unwrap() + start + "</svg>".len();
        out.push(&rest[start..end]);
        rest = &rest[end..];
    }
    out
}

fn report(dir: &TempDir) -> (String, String) {
    let path = dir.path("report.html");
    let mut args = vec![
        "compare",
        "--engines",
        "native,varisat",
        "--report",
        &path,
        "tests/data/kenken/unsat/2x2-no-solution.kenken",
        "tests/data/kakuro/panpapag_easy_5x5.kakuro",
        "tests/data/crossproduct/public/norvig_example_5x3.crossproduct",
    ];
    let keen: Vec<String> = ["4x4-e-00", "6x6-h-00", "9x9-u-00", "9x9-x-01"]
        .iter()
        .map(|n| format!("tests/data/kenken/keen/{n}.kenken"))
        .collect();
    args.extend(keen.iter().map(String::as_str));
    let r = run(&args);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    (path.clone(), std::fs::read_to_string(&path).unwrap())
}

#[test]
fn the_report_is_one_self_contained_page_with_both_plots_and_the_table() {
    let dir = TempDir::new();
    let (_, html) = report(&dir);
    assert!(html.starts_with("<!DOCTYPE html>"));
    for banned in ["<script", "src=", "href=", "@import", "url("] {
        assert!(!html.contains(banned), "report contains {banned}");
    }
    let svgs = inline_svgs(&html);
    assert_eq!(svgs.len(), 2);
    let scatter = roxmltree::Document::parse(svgs[0]).expect("well-formed SVG");
    let points = scatter
        .descendants()
        .filter(|n| n.attribute("class") == Some("pt"))
        .count();
    // 7 puzzles × 2 engines, every run plotted.
    assert_eq!(points, 14);
    let legend: Vec<&str> = scatter
        .descendants()
        .filter(|n| n.attribute("class") == Some("legend"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(legend, ["native", "varisat"]);
    let bars = roxmltree::Document::parse(svgs[1]).expect("well-formed SVG");
    assert_eq!(
        bars.descendants()
            .filter(|n| n.attribute("class") == Some("bar"))
            .count(),
        2
    );
    assert!(html.contains("All engines agree on every puzzle."));
    assert!(html.contains("9x9-x-01.kenken"));
    assert!(html.contains("2x2-no-solution.kenken"));
}

#[test]
fn chromium_draws_the_report() {
    let Some(browser) = chromium() else {
        assert!(!in_ci(), "CI is set but chromium is not installed");
        eprintln!("\n*** SKIPPED chromium_draws_the_report: no `chromium` on the PATH ***\n");
        return;
    };
    let dir = TempDir::new();
    let (path, _) = report(&dir);
    let png = dir.dir().join("report.png");
    screenshot(
        &browser,
        std::path::Path::new(&path),
        &png,
        (1000, 1200),
        &dir.dir().join("profile"),
    );
    let img = Image::read(&png);
    assert_eq!((img.width, img.height), (1000, 1200));
    // The engines' colours (Okabe–Ito blue and vermillion) are drawn, in points and bars.
    let near = |p: [u8; 3], q: [u8; 3]| p.iter().zip(q).all(|(a, b)| a.abs_diff(b) < 40);
    let blue = img.count(|p| near(p, [0x00, 0x72, 0xb2]));
    let vermillion = img.count(|p| near(p, [0xd5, 0x5e, 0x00]));
    assert!(blue > 300, "blue pixels: {blue}");
    assert!(vermillion > 300, "vermillion pixels: {vermillion}");
    let dark = img.count(|p| p.iter().all(|&c| c < 90));
    assert!(dark > 2000, "text and axes: {dark} dark pixels");
}
