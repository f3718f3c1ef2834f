//! puzz.link URLs on the command line: given in place of a file, inside a file of any name,
//! and written by `convert`; a bad URL is one positioned line and exit 2.

use crate::common;
use common::cli::{run, TempDir};

const URL: &str = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3";

#[test]
fn a_url_solves_like_its_text_form() {
    let by_url = run(["solve", "--unique", "--json", URL]);
    assert_eq!(by_url.code, Some(0), "{}", by_url.stderr);
    let record = by_url.json();
    assert_eq!(
        (record["kind"].as_str(), record["unique"].as_bool()),
        (Some("kakuro"), Some(true))
    );
    assert_eq!(record["file"], URL);
    let tmp = TempDir::new();
    let text = run(["convert", URL, "--to", "text"]);
    assert_eq!(text.code, Some(0), "{}", text.stderr);
    let file = tmp.write("p.kakuro", &text.stdout);
    let by_file = run(["solve", "--unique", "--json", &file]).json();
    assert_eq!(by_file["solution"], record["solution"]);
    // Back to the same URL.
    let back = run(["convert", &file, "--to", "puzzlink"]);
    assert_eq!(back.stdout, format!("{URL}\n"));
}

#[test]
fn a_url_in_a_file_of_any_name() {
    let tmp = TempDir::new();
    for name in ["p.url", "p.txt", "p.kakuro"] {
        let file = tmp.write(name, &format!("{URL}\n"));
        let o = run(["solve", "--json", &file]);
        assert_eq!(o.code, Some(0), "{name}: {}", o.stderr);
        assert_eq!(o.json()["kind"], "kakuro", "{name}");
    }
}

#[test]
fn a_bad_url_is_one_positioned_line() {
    let bad = URL.replace("c4a3", "c4a!");
    let o = run(["solve", &bad]);
    assert_eq!(o.code, Some(2));
    assert_eq!(o.stdout, "");
    assert_eq!(o.stderr, "<url>:1:56: unexpected character '!'\n");
    let short = "https://puzz.link/p?kakuro/5/5/48la0";
    let o = run(["solve", short]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        "<url>:1:37: the board ends after 4 of its 25 squares\n"
    );
    let other = "https://puzz.link/p?nurikabe/5/5/x";
    let o = run(["solve", other]);
    assert_eq!(
        o.stderr,
        "<url>:1:21: puzz.link variety 'nurikabe' is not supported (only kakuro)\n"
    );
}

#[test]
fn convert_refuses_what_puzzlink_cannot_hold() {
    let kenken = "tests/data/kenken/norvig/norvig-01-4x4.kenken";
    let o = run(["convert", kenken, "--to", "puzzlink"]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        format!("{kenken}: puzz.link holds Kakuro, not a 4x4 kenken\n")
    );
    // The text form of any kind reads back to the same puzzle.
    let text = run(["convert", kenken, "--to", "text"]);
    assert_eq!(text.code, Some(0));
    let tmp = TempDir::new();
    let copy = tmp.write("copy.kenken", &text.stdout);
    let a = run(["solve", "--json", kenken]).json();
    let b = run(["solve", "--json", &copy]).json();
    assert_eq!(a["solution"], b["solution"]);
}
