//! Pictures in a real browser: two SVGs written by the CLI (a solved 9x9 Keen puzzle and a
//! solved 12x10 Kakuro) are screenshotted by headless Chromium, and the PNGs must have the
//! SVG's size, the thick frame where the SVG puts it, dark squares and blue digits.
//!
//! Needs `chromium` on the PATH (Debian packages `chromium`, `chromium-driver`; `.ci/run`
//! installs them). Without it the test is skipped with a loud message, except under CI
//! (`CI` set), where a missing browser is a failure.

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::cli::{run, TempDir};

/// The browser binary, if one is on the PATH.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser"].iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// The `width` and `height` of an SVG file's root element.
fn svg_size(svg: &Path) -> (u32, u32) {
    let text = std::fs::read_to_string(svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let root = doc.root_element();
    let v = |a: &str| root.attribute(a).unwrap().parse::<u32>().unwrap();
    (v("width"), v("height"))
}

/// Screenshots `svg` at its own size into `png` with headless Chromium (killed after two
/// minutes).
fn screenshot(browser: &Path, svg: &Path, png: &Path, size: (u32, u32), profile: &Path) {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={},{}", size.0, size.1))
        .arg(svg)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium did not finish within 120 s on {}", svg.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        png.is_file(),
        "chromium wrote no screenshot for {}:\n{}",
        svg.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A decoded PNG as rows of RGB pixels.
struct Image {
    width: u32,
    height: u32,
    rgb: Vec<[u8; 3]>,
}

impl Image {
    fn read(path: &Path) -> Image {
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!(info.bit_depth, png::BitDepth::Eight, "8-bit screenshot");
        let channels = info.color_type.samples();
        assert!(
            channels >= 3,
            "colour screenshot, got {:?}",
            info.color_type
        );
        let rgb = buf[..info.buffer_size()]
            .chunks(info.line_size)
            .flat_map(|line| {
                line[..info.width as usize * channels]
                    .chunks(channels)
                    .map(|p| [p[0], p[1], p[2]])
                    .collect::<Vec<_>>()
            })
            .collect();
        Image {
            width: info.width,
            height: info.height,
            rgb,
        }
    }

    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        self.rgb[(y * self.width + x) as usize]
    }

    fn count(&self, pred: impl Fn([u8; 3]) -> bool) -> usize {
        self.rgb.iter().filter(|&&p| pred(p)).count()
    }
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
        // Not blank: the corner is the white background, the frame (4 px at x = 8) is dark
        // halfway down, the dark share (walls, frame, blocked squares) is real, and the
        // solution digits are drawn in blue.
        assert_eq!(img.at(1, 1), [255, 255, 255], "{}", png.display());
        assert!(dark(img.at(8, size.1 / 2)), "{}: no frame", png.display());
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
