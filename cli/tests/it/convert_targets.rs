//! `convert --to` every form (issue 53): Tatham's game IDs are written bare and load in his
//! games (`sgt-keen`, `sgt-solo`, `sgt-towers`, `sgt-unequal --print 1x1`, the ID on standard
//! input; skipped with a note when they are not installed, failed under CI), f-puzzles and
//! SudokuPad links and short Killers read back as the same puzzle (a Killer with givens and
//! one-cell cages too), and what a form cannot hold is refused by name: one line, exit 2,
//! nothing on standard output.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use cagesat::puzzle::{Cage, KenKen, Killer, KillerCage};
use cagesat::Puzzle;

use crate::common::cli::{run, TempDir};

/// `sgt-GAME` from `PATH` or `/usr/games` (where Debian's `sgt-puzzles` puts them); `None`
/// with a printed note when it is missing (a failure when `CI` is set).
fn sgt(game: &str) -> Option<PathBuf> {
    let name = format!("sgt-{game}");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(&name))
        .find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{name} is not installed but CI is set (apt-get install sgt-puzzles)"
        );
        eprintln!(
            "SKIPPED: {name} is not installed (apt-get install sgt-puzzles); its IDs are only read back"
        );
    }
    found
}

/// Loads `id` in a Tatham game (`--print 1x1` reads game IDs on standard input and prints
/// them; a bad ID exits non-zero with the game's reason on standard error).
fn game_loads(game: &Path, id: &str) -> Result<(), String> {
    let mut child = Command::new(game)
        .args(["--print", "1x1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(format!("{id}\n").as_bytes())
        .expect("the ID is written");
    let out = child.wait_with_output().expect("the game ends");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    if out.status.success() && stderr.is_empty() {
        Ok(())
    } else {
        Err(format!("{}: {stderr}", out.status))
    }
}

/// The files in `tests/data/DIR` with extension `ext`, sorted.
fn files(dir: &str, ext: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(format!("tests/data/{dir}"))
        .expect("the data directory")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The lines of an `ids.txt`, each with the game's prefix (how cagesat is told the game).
fn ids(game: &str) -> Vec<String> {
    std::fs::read_to_string(format!("tests/data/{game}/ids.txt"))
        .expect("the IDs")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("{game}:{}", l.trim()))
        .collect()
}

/// The puzzle with its cages in one order (sorted cells, cages by their cells; a KenKen's
/// one-cell cages as givens): a game ID and the short Killer form list cages in their own
/// order and Keen writes a one-cell cage as `a`.
fn canonical(puzzle: &Puzzle) -> Puzzle {
    match puzzle {
        Puzzle::KenKen(k) => {
            let mut cages: Vec<Cage> = k
                .cages()
                .iter()
                .map(|c| {
                    let mut cells = c.cells.clone();
                    cells.sort();
                    Cage {
                        op: c.effective_op(),
                        target: c.target,
                        cells,
                    }
                })
                .collect();
            cages.sort_by(|a, b| a.cells.cmp(&b.cells));
            Puzzle::KenKen(KenKen::new(k.size(), cages, false).expect("the same cages"))
        }
        Puzzle::Killer(k) => {
            let mut cages: Vec<KillerCage> = k
                .cages()
                .iter()
                .map(|c| {
                    let mut cells = c.cells.clone();
                    cells.sort();
                    KillerCage { sum: c.sum, cells }
                })
                .collect();
            cages.sort_by(|a, b| a.cells.cmp(&b.cells));
            let sudoku = k.sudoku().clone();
            Puzzle::Killer(Killer::new(sudoku, cages).expect("the same cages"))
        }
        other => other.clone(),
    }
}

/// `convert --to id SOURCE`: the ID, after checking it succeeded, is one bare line (no
/// `solo:`/`keen:`/`towers:`/`unequal:`: it starts with the size) and reads back as the
/// puzzle of `source`.
#[track_caller]
fn id_of(source: &str) -> String {
    let o = run(["convert", "--to", "id", source]);
    assert_eq!(o.code, Some(0), "{source}: {}", o.stderr);
    assert_eq!(o.stderr, "", "{source}");
    let id = o.stdout.strip_suffix('\n').expect("one line").to_string();
    assert!(
        !id.contains('\n') && id.starts_with(|c: char| c.is_ascii_digit()),
        "{source}: {id}"
    );
    let puzzle = if Path::new(source).exists() {
        Puzzle::read(source).expect("the source reads")
    } else {
        Puzzle::parse(source).expect("the source reads")
    };
    let back = Puzzle::parse(&id).expect("the ID reads");
    assert_eq!(canonical(&back), canonical(&puzzle), "{source}");
    id
}

#[test]
fn every_id_loads_in_its_tatham_game() {
    let sources: [(&str, Vec<String>); 4] = [
        ("keen", {
            let mut v = files("kenken/keen", "keen");
            v.extend(files("kenken/norvig", "kenken"));
            v
        }),
        ("solo", {
            let mut v = files("solo", "solo");
            v.extend(files("sudoku", "sudoku"));
            v
        }),
        ("towers", {
            let mut v = files("towers", "towers");
            v.extend(ids("towers"));
            v
        }),
        ("unequal", {
            let mut v = files("unequal", "unequal");
            v.extend(ids("unequal"));
            v
        }),
    ];
    let mut loaded = Vec::new();
    for (game, sources) in sources {
        let bin = sgt(game);
        let mut n = 0;
        for source in &sources {
            let id = id_of(source);
            if let Some(bin) = &bin {
                if let Err(why) = game_loads(bin, &id) {
                    panic!("sgt-{game} refuses {id} (from {source}): {why}");
                }
                n += 1;
            }
        }
        loaded.push((game, sources.len(), n));
    }
    let count = |game| loaded.iter().find(|(g, _, _)| *g == game).unwrap().1;
    // Every shipped Keen, Norvig KenKen (up to 9x9), Solo and Sudoku file, and every Towers
    // and Unequal ID.
    assert_eq!(
        (
            count("keen"),
            count("solo"),
            count("towers"),
            count("unequal")
        ),
        (100, 29, 17, 18),
        "{loaded:?}"
    );
}

/// A Killer with givens and one-cell cages (generated; a 4x4 and a 9x9), and every shipped
/// Sudoku, jigsaw and Killer: the f-puzzles link and the SudokuPad link read back as the
/// same puzzle.
#[test]
fn fpuzzles_and_sudokupad_links_read_back_as_the_same_puzzle() {
    let mut sources = files("killer", "killer");
    sources.extend(files("sudoku", "sudoku"));
    sources.extend(files("solo", "solo"));
    let mut written = 0;
    for source in &sources {
        let puzzle = Puzzle::read(source).expect("the file reads");
        for (to, start) in [
            ("fpuzzles", "https://www.f-puzzles.com/?load="),
            ("sudokupad", "https://sudokupad.app/fpuzzles"),
        ] {
            let o = run(["convert", "--to", to, source]);
            assert_eq!(o.code, Some(0), "{source}: {}", o.stderr);
            let link = o.stdout.trim_end();
            let data = link.strip_prefix(start).expect("the site's link");
            if to == "sudokupad" {
                // base64's + / = escaped in the URL's path.
                assert!(!data.contains(['+', '/', '=']), "{link}");
            }
            assert_eq!(
                Puzzle::parse(link).expect("the link reads"),
                puzzle,
                "{source} {to}"
            );
            written += 1;
        }
    }
    assert_eq!(written, 2 * (7 + 8 + 21), "{sources:?}");
    // The two generated Killers have both givens and one-cell cages.
    for stem in ["gen-4x4-s11", "gen-9x9-s14"] {
        let k = Puzzle::read(format!("tests/data/killer/{stem}.killer")).unwrap();
        let k = k.as_killer().unwrap();
        assert!(!k.sudoku().given_cells().is_empty(), "{stem}");
        assert!(k.cages().iter().any(|c| c.cells.len() == 1), "{stem}");
    }
}

/// A Killer without givens, one-cell cages and all, in the short form and back.
#[test]
fn short_killers_read_back_and_short_killer_still_names_the_form() {
    let source = "tests/data/killer/gen-9x9-s13.killer";
    let puzzle = Puzzle::read(source).unwrap();
    assert!(puzzle
        .as_killer()
        .unwrap()
        .cages()
        .iter()
        .any(|c| c.cells.len() == 1));
    for to in ["short", "short-killer"] {
        let o = run(["convert", "--to", to, source]);
        assert_eq!(o.code, Some(0), "{}", o.stderr);
        let line = o.stdout.trim_end();
        assert_eq!(line.chars().count(), 81, "{line}");
        assert_eq!(canonical(&Puzzle::parse(line).unwrap()), canonical(&puzzle));
    }
}

/// A whole 3x3 KenKen.
const KENKEN: &str = "size 3\n3+ A1 A2\n3 = A3\n6+ B1 B2 B3\n6* C1 C2 C3\n";

/// What each form cannot hold, refused by name: `FILE: reason`, exit 2, no output.
#[test]
fn what_a_form_cannot_hold_is_refused_by_name() {
    let dir = TempDir::new();
    let killer9 = "size 9\nboxes 3x3\n";
    let rows4 = "10 B1 B2 B3 B4\n10 C1 C2 C3 C4\n10 D1 D2 D3 D4\n";
    let cases: Vec<(&str, String, &str, &str)> = vec![
        (
            "givens.killer",
            format!("{killer9}3 A1 A2\n5 = C3\n7 = A9\n"),
            "short",
            "the short Killer form has no given digits: A9 = 7 (and 1 more)",
        ),
        (
            "six.killer",
            "size 6\n3 A1 A2\n".into(),
            "short",
            "the short Killer form holds grids of side 9, not 6x6",
        ),
        (
            "x.killer",
            format!("{killer9}diagonals\n3 A1 A2\n"),
            "short",
            "the short Killer form has no diagonals",
        ),
        (
            "boxes.killer",
            "size 9\nboxes 1x9\n3 A1 A2\n".into(),
            "short",
            "the short Killer form has no boxes 1x9 (its boxes are 3x3)",
        ),
        (
            "apart.killer",
            format!("{killer9}4 A1 A3\n"),
            "short",
            "the short Killer form needs the cells of each cage joined through sides or corners: the cage 4 at A1 is in pieces",
        ),
        (
            "k.kenken",
            KENKEN.into(),
            "short",
            "the short Killer form holds Killer Sudoku, not a 3x3 kenken",
        ),
        (
            "one.killer",
            format!("size 4\n1 A1\n9 A2 A3 A4\n{rows4}"),
            "id",
            "Solo's game ID has no one-cell cages: cage 1 at A1",
        ),
        (
            "apart4.killer",
            format!("size 4\n4 A1 A3\n6 A2 A4\n{rows4}"),
            "id",
            "Solo's game ID needs the cells of each cage joined through their sides: the cage 4 at A1 is in pieces",
        ),
        (
            "big.killer",
            "size 12\n3 A1 A2\n".into(),
            "id",
            "Solo's game ID holds Killer Sudokus of sides 2 to 9, not 12x12",
        ),
        (
            "tiny.killer",
            "size 1\nboxes 1x1\n1 A1\n".into(),
            "id",
            "Solo's game ID holds Killer Sudokus of sides 2 to 9, not 1x1",
        ),
        (
            "apart.kenken",
            "size 3\n4+ A1 A3\n2 = A2\n6+ B1 B2 B3\n6* C1 C2 C3\n".into(),
            "id",
            "Keen's game ID needs the cells of each cage joined through their sides: the cage 4+ at A1 is in pieces",
        ),
        (
            "sub.kenken",
            "size 4\n1- A1 A2 A3\n10+ A4 B4 C4 D4\n10+ B1 B2 B3 C1\n12+ C2 C3 D1 D2 D3\n".into(),
            "id",
            "Keen's game ID has - and / cages of two cells only: cage 1- at A1 has 3",
        ),
        (
            "any.kenken",
            "size 3\n6? A1 A2 A3\n6+ B1 B2 B3\n6* C1 C2 C3\n".into(),
            "id",
            "Keen's game ID has no cages without an operator: cage 6 at A1",
        ),
        (
            "two.kenken",
            "size 2\n3+ A1 A2\n3+ B1 B2\n".into(),
            "id",
            "Keen's game ID holds grids of sides 3 to 9, not 2x2",
        ),
        (
            "two.towers",
            "  . .\n. . . .\n. . . .\n  . .\n".into(),
            "id",
            "Towers' game ID holds grids of sides 3 to 9, not 2x2",
        ),
        (
            "k.kenken",
            KENKEN.into(),
            "fpuzzles",
            "f-puzzles holds Sudoku and Killer Sudoku, not a 3x3 kenken",
        ),
        (
            "k.kenken",
            KENKEN.into(),
            "sudokupad",
            "SudokuPad holds Sudoku and Killer Sudoku, not a 3x3 kenken",
        ),
        (
            "k.kenken",
            KENKEN.into(),
            "puzzlink",
            "puzz.link holds Kakuro, not a 3x3 kenken",
        ),
    ];
    for (name, text, to, want) in cases {
        let path = dir.write(name, &text);
        let o = run(["convert", "--to", to, &path]);
        assert_eq!(
            (o.code, o.stdout.as_str(), o.stderr.as_str()),
            (Some(2), "", format!("{path}: {want}\n").as_str()),
            "{name} --to {to}"
        );
    }
    // A Kakuro has no Tatham game; a puzzle given in the argument is named <arg>.
    let kakuro = "tests/data/kakuro/panpapag_easy_5x5.kakuro";
    let o = run(["convert", "--to", "id", kakuro]);
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.stderr,
        format!("{kakuro}: a Tatham game ID holds KenKen (Keen), Sudoku and Killer Sudoku (Solo), Towers and Unequal, not a 5x5 kakuro\n")
    );
}

/// Issue 53's small items: a Killer's messages say what is wrong with the cage, and a
/// Killer saved as `.kenken` names `--kind killer`.
#[test]
fn killer_messages_name_the_problem() {
    let dir = TempDir::new();
    let cases = [
        (
            "twice.killer",
            "size 4\n3 A1 A1 A2\n",
            "2:6: cell A1 is named twice in the cage",
        ),
        (
            "ten.killer",
            "size 9\n46 A1 A2 A3 A4 A5 A6 A7 A8 A9 B1\n",
            "2:4: cage 46 at A1 has 10 cells, more than the 9 digits 1..=9 (the digits of a cage differ)",
        ),
        (
            "killer.kenken",
            "size 4\nboxes 2x2\n3 A1 A2\n",
            "2:1: 'boxes' is a Killer Sudoku line, not a KenKen cage (read the file with --kind killer, or name it .killer)",
        ),
    ];
    for (name, text, want) in cases {
        let path = dir.write(name, text);
        let o = run(["convert", "--to", "text", &path]);
        assert_eq!(
            (o.code, o.stderr.as_str()),
            (Some(2), format!("{path}:{want}\n").as_str()),
            "{name}"
        );
    }
    let path = dir.path("killer.kenken");
    let o = run(["convert", "--to", "text", "--kind", "killer", &path]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    assert!(o.stdout.contains("boxes 2x2"), "{}", o.stdout);
}
