//! Collections are streamed through every command that takes them (issue 37): a puzzle's
//! answer is written while later lines are still unread, so a pipe that stays open gets
//! each answer as its line comes, and a 50,000-line collection is answered from its first
//! line on. No timing is measured: the writer holds the later lines back until the first
//! answer has arrived (a run that read everything first would never answer, and the guard
//! below fails it instead of hanging).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdout, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::cli::command;

use cagesat::{Grid, Puzzle};

/// The five hard classic Sudokus of `tests/data/collections/classic-hard.sudokus`.
fn classics() -> Vec<String> {
    let text = std::fs::read_to_string("../tests/data/collections/classic-hard.sudokus")
        .expect("the collection is committed");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// How long a run may take to answer its first line before the test gives up on it: a
/// guard against hanging, never reached by a run that streams (it answers in milliseconds).
const GUARD: Duration = Duration::from_secs(120);

/// `cagesat ARGS -` with piped standard input and output.
fn spawn(args: &[&str]) -> Child {
    command(args.iter().chain(&["-"]))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// The lines of `stdout`, read on a thread of their own and handed over one by one.
fn lines_of(stdout: ChildStdout) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let _ = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}

/// The next output line, or a failed test (the run is killed) when none comes.
#[track_caller]
fn next_line(rx: &mpsc::Receiver<String>, child: &mut Child, what: &str) -> serde_json::Value {
    match rx.recv_timeout(GUARD) {
        Ok(line) => serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}")),
        Err(e) => {
            let _ = child.kill();
            panic!("{what}: no answer while standard input stayed open ({e})")
        }
    }
}

/// The grid of a JSON `solution`.
fn grid_of(v: &serde_json::Value) -> Grid<u8> {
    let rows: Vec<Vec<u8>> = serde_json::from_value(v.clone()).expect("rows of digits");
    Grid::from_rows(rows).expect("a rectangular grid")
}

/// Every command that takes a collection answers its first two lines while the pipe is
/// still open, then reads on: a bad third line is named `<stdin>:3:1` and the run goes on
/// to the fourth, ending with exit status 2.
#[test]
fn a_pipe_that_stays_open_gets_each_answer_as_its_line_comes() {
    let p = classics();
    let commands: [&[&str]; 5] = [
        &["solve", "--json", "-j1"],
        &["solve", "--json", "--unique", "-j2"],
        &["count", "--json"],
        &["grade", "--json"],
        &["candidates", "--json"],
    ];
    for args in commands {
        let what = args.join(" ");
        let mut child = spawn(args);
        let mut stdin = child.stdin.take().expect("piped");
        let rx = lines_of(child.stdout.take().expect("piped"));
        writeln!(stdin, "# two puzzles first\n{}\n{}", p[0], p[2]).expect("written");
        stdin.flush().expect("flushed");
        for (line, puzzle) in [(2, &p[0]), (3, &p[2])] {
            let r = next_line(&rx, &mut child, &what);
            assert_eq!(r["line"], line, "{what}: {r}");
            assert_eq!(r["file"], "<stdin>", "{what}: {r}");
            if let Some(solution) = r.get("solution") {
                let puzzle = Puzzle::parse(puzzle).expect("a sudoku");
                puzzle.verify(&grid_of(solution)).expect("verified");
            }
        }
        // Then a bad line and a good one, and the end of the input.
        writeln!(stdin, "{}\n{}", &p[0][..80], p[2]).expect("written");
        drop(stdin);
        let bad = next_line(&rx, &mut child, &what);
        assert_eq!(
            (bad["line"].as_u64(), bad["status"].as_str()),
            (Some(4), Some("error")),
            "{what}"
        );
        assert_eq!(next_line(&rx, &mut child, &what)["line"], 5, "{what}");
        let out = child.wait_with_output().expect("the run ends");
        assert_eq!(out.status.code(), Some(2), "{what}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with("<stdin>:4:1: a one-line sudoku has 16, 36 or 81 squares, found 80"),
            "{what}: {stderr}"
        );
    }
}

/// A 50,000-line collection: the first answer comes while 49,000 lines are still unwritten,
/// and a reader that stops after it (`| head -1`) ends the run at once, quietly, with the
/// status of what was written, long before the last line is read.
#[test]
fn fifty_thousand_lines_are_answered_from_the_first() {
    let p = classics();
    let lines: Vec<String> = p.iter().cycle().take(50_000).cloned().collect();
    for jobs in ["-j1", "-j2"] {
        let mut child = spawn(&["solve", "--json", jobs]);
        let mut stdin = child.stdin.take().expect("piped");
        let rx = lines_of(child.stdout.take().expect("piped"));
        let (go, wait) = mpsc::channel::<()>();
        let head = lines.clone();
        let writer = std::thread::spawn(move || {
            let mut written = 0usize;
            for (i, line) in head.iter().enumerate() {
                if i == 1_000 {
                    let _ = stdin.flush();
                    // The rest only once the first answer has come.
                    if wait.recv().is_err() {
                        return written;
                    }
                }
                if writeln!(stdin, "{line}").is_err() {
                    return written;
                }
                written += 1;
            }
            written
        });
        let first = next_line(&rx, &mut child, jobs);
        assert_eq!(first["line"], 1, "{first}");
        assert_eq!(first["status"], "solved", "{first}");
        let puzzle = Puzzle::parse(&p[0]).expect("a sudoku");
        puzzle
            .verify(&grid_of(&first["solution"]))
            .expect("verified");
        // `| head -1`: the reader goes, the rest of the lines come.
        drop(rx);
        go.send(()).expect("the writer waits");
        let status = child.wait().expect("the run ends");
        assert_eq!(status.code(), Some(0), "{jobs}");
        let written = writer.join().expect("the writer ends");
        assert!(written < 50_000, "{jobs}: all {written} lines were read");
    }
}

/// A collection's pictures are named by their lines (`--svg DIR`: `STEM-LINE.svg`), and
/// what is for one puzzle (`--proof`, `--svg -`) is refused for a collection, naming why.
#[test]
fn pictures_per_line_and_one_puzzle_options_refused() {
    let p = classics();
    let dir = crate::common::cli::TempDir::new();
    let list = dir.write("two.txt", &format!("{}\n\n{}\n", p[0], p[2]));
    let pictures = dir.path("pictures");
    let o = crate::common::cli::run(["solve", "--svg", pictures.as_str(), list.as_str()]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    for line in [1, 3] {
        let svg = std::fs::read_to_string(dir.path(&format!("pictures/two-{line}.svg")))
            .expect("a picture per line");
        assert!(
            svg.contains("<svg ") && svg.contains("<title>Sudoku 9x9</title>"),
            "{svg}"
        );
    }
    for extra in [["--proof", "p"], ["--svg", "-"]] {
        let o = crate::common::cli::run(["solve"].iter().chain(&extra).chain(&[list.as_str()]));
        assert_eq!(o.code, Some(2), "{extra:?}");
        assert_eq!(
            o.stderr,
            "cagesat: --proof and --svg - are for one puzzle; the input holds several, one per line (a collection)\n",
            "{extra:?}"
        );
    }
}

/// `compare` takes a collection too: every line compared on each engine, named
/// `FILE:LINE`, the engines agreeing and the answers verified.
#[test]
fn compare_runs_each_line_of_a_collection() {
    let p = classics();
    let dir = crate::common::cli::TempDir::new();
    let list = dir.write("two.txt", &format!("# two\n{}\n{}\n", p[0], p[2]));
    let o = crate::common::cli::run(["compare", "--json", "--engines", "native,varisat", &list]);
    assert_eq!(o.code, Some(0), "{}", o.stderr);
    let records = o.json_lines();
    let names: Vec<&str> = records
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    let (first, second) = (format!("{list}:2"), format!("{list}:3"));
    assert_eq!(names, [&first, &first, &second, &second]);
    for (r, puzzle) in records.iter().zip([&p[0], &p[0], &p[2], &p[2]]) {
        assert_eq!(r["agree"], true, "{r}");
        let puzzle = Puzzle::parse(puzzle).expect("a sudoku");
        puzzle.verify(&grid_of(&r["solution"])).expect("verified");
    }
}
