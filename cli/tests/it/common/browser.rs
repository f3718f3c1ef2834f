//! Headless Chromium for the picture tests: find the browser, screenshot a page, read the
//! PNG back. `.ci/run` installs `chromium`; without it a test skips, except under CI.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The browser binary, if one is on the PATH.
pub(crate) fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser"].iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

pub(crate) fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Screenshots `svg` (any page Chromium opens: SVG, HTML) at `size` into `png` with headless Chromium (killed after two
/// minutes).
pub(crate) fn screenshot(browser: &Path, svg: &Path, png: &Path, size: (u32, u32), profile: &Path) {
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
pub(crate) struct Image {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) rgb: Vec<[u8; 3]>,
}

impl Image {
    pub(crate) fn read(path: &Path) -> Image {
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

    pub(crate) fn at(&self, x: u32, y: u32) -> [u8; 3] {
        self.rgb[(y * self.width + x) as usize]
    }

    pub(crate) fn count(&self, pred: impl Fn([u8; 3]) -> bool) -> usize {
        self.rgb.iter().filter(|&&p| pred(p)).count()
    }
}
