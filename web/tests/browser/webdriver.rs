//! # WebDriver over plain HTTP
//!
//! `chromedriver` started on a free port,
//! one headless Chromium session, and the few commands the page test needs.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A running `chromedriver` with one browser session; both end when it is dropped.
pub(crate) struct Browser {
    driver: Child,
    port: u16,
    session: String,
}

impl Browser {
    /// Starts `chromedriver` and a headless session of `chromium` (profile in `profile`).
    pub(crate) fn start(chromedriver: &Path, chromium: &Path, profile: &Path) -> Browser {
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
        };
        let start = Instant::now();
        while browser.request("GET", "/status", None).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "chromedriver did not answer"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium.to_string_lossy(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                    "--disable-dev-shm-usage", "--no-first-run", "--disable-sync",
                    "--disable-background-networking", "--disable-component-update",
                    "--window-size=1200,1000",
                    format!("--user-data-dir={}", profile.display())],
            }
        }}});
        let answer = browser.command("POST", "/session", Some(caps));
        browser.session = answer["value"]["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        browser
    }

    /// Opens `url`.
    pub(crate) fn goto(&self, url: &str) {
        let _ = self.session_command("POST", "url", Some(json!({ "url": url })));
    }

    /// Runs `script` (a function body; `arguments` are `args`) and answers its value.
    pub(crate) fn eval(&self, script: &str, args: Value) -> Value {
        self.session_command(
            "POST",
            "execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Clicks the element with `data-testid` `id`.
    pub(crate) fn click(&self, id: &str) {
        let element = self.find(id);
        let _ = self.session_command("POST", &format!("element/{element}/click"), Some(json!({})));
    }

    /// Types `text` into the element with `data-testid` `id` (key by key).
    pub(crate) fn type_into(&self, id: &str, text: &str) {
        let element = self.find(id);
        let _ = self.session_command(
            "POST",
            &format!("element/{element}/value"),
            Some(json!({ "text": text })),
        );
    }

    /// Sends `keys` to the element matching `css` (WebDriver's key codes: `\u{E007}` Enter,
    /// `\u{E008}` Shift, held until `\u{E000}`; arrows `\u{E012}`..`\u{E015}`).
    pub(crate) fn keys_to(&self, css: &str, keys: &str) {
        let element = self.find_css(css);
        let _ = self.session_command(
            "POST",
            &format!("element/{element}/value"),
            Some(json!({ "text": keys })),
        );
    }

    /// Performs WebDriver actions (`[{type, id, actions}, …]`), then releases what they hold.
    pub(crate) fn perform(&self, sources: Value) {
        let _ = self.session_command("POST", "actions", Some(json!({ "actions": sources })));
        let _ = self.session_command("DELETE", "actions", None);
    }

    /// Sets the window's size in CSS pixels.
    pub(crate) fn resize(&self, width: u32, height: u32) {
        let _ = self.session_command(
            "POST",
            "window/rect",
            Some(json!({ "width": width, "height": height })),
        );
    }

    /// The page printed to PDF (the print stylesheet).
    pub(crate) fn print(&self) -> Vec<u8> {
        let value = self.session_command("POST", "print", Some(json!({})));
        base64_decode(value.as_str().expect("base64 text"))
    }

    /// A PNG screenshot of the window.
    pub(crate) fn screenshot(&self) -> Vec<u8> {
        let value = self.session_command("GET", "screenshot", None);
        base64_decode(value.as_str().expect("base64 text"))
    }

    fn find(&self, id: &str) -> String {
        self.find_css(&format!("[data-testid=\"{id}\"]"))
    }

    fn find_css(&self, css: &str) -> String {
        let value = self.session_command(
            "POST",
            "element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        let object = value.as_object().expect("an element reference");
        object
            .values()
            .next()
            .and_then(Value::as_str)
            .expect("an element id")
            .to_string()
    }

    fn session_command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}/{path}", self.session);
        self.command(method, &path, body)["value"].take()
    }

    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let answer = self
            .request(method, path, body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        if answer["value"].get("error").is_some() {
            panic!("{method} {path}: {}", answer["value"]);
        }
        answer
    }

    /// One HTTP/1.1 request to the driver (connection closed after it).
    fn request(&self, method: &str, path: &str, body: Option<Value>) -> std::io::Result<Value> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port))?;
        stream.set_read_timeout(Some(Duration::from_secs(120)))?;
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        )?;
        let (head, body) = read_answer(&mut stream)?;
        let body = if head.contains("transfer-encoding: chunked") {
            dechunk(&body)
        } else {
            body
        };
        serde_json::from_slice(&body)
            .map_err(|e| std::io::Error::other(format!("{e}: {}", String::from_utf8_lossy(&body))))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = self.request("DELETE", &path, None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// A port that was free a moment ago.
pub(crate) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// Reads one HTTP answer: its head (lowercase) and body. chromedriver may keep the
/// connection open, so the body ends at its `Content-Length` (or the last chunk), not at EOF.
fn read_answer(stream: &mut TcpStream) -> std::io::Result<(String, Vec<u8>)> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        let n = stream.read(&mut buf)?;
        raw.extend_from_slice(&buf[..n]);
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..i]).to_ascii_lowercase();
            let body = &raw[i + 4..];
            let length = head.lines().find_map(|l| {
                l.strip_prefix("content-length:")
                    .and_then(|v| v.trim().parse::<usize>().ok())
            });
            let done = match length {
                Some(len) => body.len() >= len,
                None => n == 0 || body.ends_with(b"0\r\n\r\n"),
            };
            if done {
                let end = length.unwrap_or(body.len()).min(body.len());
                return Ok((head, body[..end].to_vec()));
            }
        }
        if n == 0 {
            return Err(std::io::Error::other("the connection closed mid-answer"));
        }
    }
}

/// The body of a chunked HTTP answer.
fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&rest[..eol])
            .ok()
            .and_then(|s| usize::from_str_radix(s.trim(), 16).ok())
            .unwrap_or(0);
        let data = &rest[eol + 2..];
        if size == 0 || data.len() < size {
            break;
        }
        out.extend_from_slice(&data[..size]);
        rest = data[size..].strip_prefix(b"\r\n").unwrap_or(&data[size..]);
    }
    out
}

/// Standard base64 (WebDriver's screenshots).
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let sextets: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(sextets.len() * 3 / 4);
    for chunk in sextets.chunks(4) {
        let bits = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &s)| acc | u32::from(s) << (18 - 6 * i));
        let bytes = bits.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}
