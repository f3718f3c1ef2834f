//! Pictures in a real browser: two SVGs written by the CLI (a solved 9x9 Keen puzzle and a
//! solved 12x10 Kakuro) are screenshotted by headless Chromium, and the PNGs must have the
//! SVG's size, the thick frame where the SVG puts it, dark squares and blue digits.
//!
//! Needs `chromium` on the PATH (Debian packages `chromium`, `chromium-driver`; `.ci/run`
//! installs them). Without it the test is skipped with a loud message, except under CI
//! (`CI` set), where a missing browser is a failure.

use crate::common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use common::browser::{chromium, in_ci, screenshot, Image};
use common::cli::{run, TempDir};

/// The `width` and `height` of an SVG file's root element.
fn svg_size(svg: &Path) -> (u32, u32) {
    let text = std::fs::read_to_string(svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let root = doc.root_element();
    let v = |a: &str| root.attribute(a).unwrap().parse::<u32>().unwrap();
    (v("width"), v("height"))
}

fn dark(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 90)
}

fn blue(p: [u8; 3]) -> bool {
    i32::from(p[2]) > i32::from(p[0]) + 60
}

#[test]
fn chromium_draws_the_pictures_at_their_size() {
    let Some(browser) = chromium() else {
        assert!(
            !in_ci(),
            "CI is set but chromium is not installed (apt-get install chromium chromium-driver)"
        );
        eprintln!(
            "\n*** SKIPPED chromium_draws_the_pictures_at_their_size: no `chromium` on the PATH \
             (apt-get install chromium chromium-driver) ***\n"
        );
        return;
    };
    let tmp = TempDir::new();
    let keen = tmp.path("keen9.svg");
    let r = run([
        "solve",
        "--svg",
        &keen,
        "tests/data/kenken/keen/9x9-x-00.keen",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let kakuro = tmp.path("kakuro12x10.svg");
    let r = run([
        "render",
        "tests/data/kakuro/panpapag_hard_12x10.kakuro",
        "--solution",
        "tests/data/kakuro/panpapag_hard_12x10.solution",
        "-o",
        &kakuro,
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    for (svg, min_dark_share) in [(keen, 0.02), (kakuro, 0.15)] {
        let svg = PathBuf::from(svg);
        let png = svg.with_extension("png");
        let size = svg_size(&svg);
        let profile = tmp.dir().join(format!("profile-{}", size.0));
        screenshot(&browser, &svg, &png, size, &profile);
        let img = Image::read(&png);
        assert_eq!((img.width, img.height), size, "{}", png.display());
        let colours: HashSet<[u8; 3]> = img.rgb.iter().copied().collect();
        assert!(
            colours.len() >= 3,
            "{}: {} colours",
            png.display(),
            colours.len()
        );
        // Not blank: the corner is the white background, the frame (4 px at x = 32, right of
        // the row labels' gutter) is dark halfway down, the row labels left of it are drawn
        // (grey, not white), the dark share (walls, frame, blocked squares) is real, and the
        // solution digits are drawn in blue.
        assert_eq!(img.at(1, 1), [255, 255, 255], "{}", png.display());
        assert!(dark(img.at(32, size.1 / 2)), "{}: no frame", png.display());
        let gutter = (0..28)
            .flat_map(|x| (32..size.1).map(move |y| (x, y)))
            .filter(|&(x, y)| img.at(x, y) != [255, 255, 255])
            .count();
        assert!(gutter > 100, "{}: no row labels ({gutter})", png.display());
        let total = img.rgb.len() as f64;
        let dark_share = img.count(dark) as f64 / total;
        assert!(
            dark_share > min_dark_share,
            "{}: dark {dark_share:.3}",
            png.display()
        );
        assert!(img.count(blue) > 500, "{}: no digits", png.display());
    }
}
