//! Solo game IDs on the command line: a `.solo` file and the same ID given in place of a file
//! name solve to Solo's own solution; `convert --to id` writes the ID back, from the ID and
//! from its text form (a jigsaw Killer too); a bad ID is one positioned line, exit 2.

use crate::common;

use std::path::Path;

use common::cli::{run, run_stdin, TempDir};

#[test]
fn an_id_file_and_an_id_argument_solve_to_solos_solution() {
    let file = "tests/data/solo/9x9-jigsaw-basic.solo";
    let sol = common::read_solution(&Path::new(file).with_extension("sol")).unwrap();
    let by_file = run(["solve", "--json", "--unique", file]);
    assert_eq!(by_file.code, Some(0), "{}", by_file.stderr);
    assert_eq!(by_file.json()["solution"], serde_json::json!(sol.to_rows()));
    assert_eq!(by_file.json()["unique"], true);
    let id = std::fs::read_to_string(file).unwrap();
    let id = id.lines().find(|l| !l.starts_with('#')).unwrap();
    let by_arg = run(["solve", "--json", id]);
    assert_eq!(by_arg.code, Some(0), "{}", by_arg.stderr);
    assert_eq!(by_arg.json()["solution"], by_file.json()["solution"]);
    // The bare ID in a file of another name is read by its prefix.
    let dir = TempDir::new();
    let txt = dir.write("puzzle.txt", &format!("{id}\n"));
    let by_txt = run(["solve", "--json", &txt]);
    assert_eq!(by_txt.json()["solution"], by_file.json()["solution"]);
}

#[test]
fn convert_writes_the_id_back() {
    for stem in [
        "9x9-killer-jigsaw",
        "6x6-basic",
        "9x9-x-basic",
        "12x12-basic",
    ] {
        let file = format!("tests/data/solo/{stem}.solo");
        let id = std::fs::read_to_string(&file).unwrap();
        let id = id
            .lines()
            .find(|l| !l.starts_with('#'))
            .unwrap()
            .to_string();
        // Written bare, as Solo reads it (the files carry the `solo:` prefix).
        let id = id.trim_start_matches("solo:");
        let out = run(["convert", "--to", "id", &file]);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        assert_eq!(out.stdout, format!("{id}\n"), "{stem}");
        let text = run(["convert", "--to", "text", &file]);
        assert_eq!(text.code, Some(0), "{}", text.stderr);
        let back = run_stdin(["convert", "--to", "id", "-"], &text.stdout);
        assert_eq!(back.stdout, format!("{id}\n"), "{stem} through its text");
    }
    // A Keen ID for a KenKen.
    let keen = "tests/data/kenken/keen/5x5-h-01.keen";
    let out = run(["convert", "--to", "id", keen]);
    let want = std::fs::read_to_string(keen).unwrap();
    assert_eq!(out.stdout.trim(), want.trim());
}

#[test]
fn a_killer_solo_cannot_hold_is_refused() {
    let dir = TempDir::new();
    let k = dir.write("one.killer", "size 4\nboxes 2x2\n3 A1 A2\n");
    let out = run(["convert", "--to", "id", &k]);
    assert_eq!(out.code, Some(2), "{}", out.stdout);
    assert_eq!(
        out.stderr,
        format!("{k}: Solo's game ID needs every cell in a cage: A3 is in none\n")
    );
}

#[test]
fn bad_ids_get_one_positioned_line() {
    let bad = run(["solve", "solo:2x3:2a5b4d2a3b2d2b3a6d4b6a1x"]);
    assert_eq!(bad.code, Some(2));
    assert_eq!(
        bad.stderr.trim(),
        "<arg>:1:33: the grid describes more than its 36 squares"
    );
    let dir = TempDir::new();
    let f = dir.write("bad.solo", "# a jigsaw without its regions\nsolo:4j:p\n");
    let out = run(["solve", &f]);
    assert_eq!(out.code, Some(2));
    assert_eq!(
        out.stderr.trim(),
        format!("{f}:2:10: expected ',' and the region structure after the grid")
    );
}
