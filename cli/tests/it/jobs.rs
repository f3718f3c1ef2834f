//! `--jobs N`: files on several threads, output identical to `--jobs 1` (timings aside) and
//! in input order; an error or a timeout on one file never stops the others.

use crate::common;

use common::cli::{run, TempDir};
use serde_json::Value;

fn keen_files() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir("tests/data/kenken/keen")
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".kenken"))
        .collect();
    v.sort();
    v
}

/// Runs `args` + `files` with `--jobs 1` and `--jobs 3`.
fn both(args: &[&str], files: &[String]) -> (common::cli::Run, common::cli::Run) {
    let with = |jobs: &str| {
        let mut a: Vec<&str> = args.to_vec();
        a.extend(["--jobs", jobs]);
        a.extend(files.iter().map(String::as_str));
        run(a)
    };
    (with("1"), with("3"))
}

/// JSON lines without the fields that measure time.
fn untimed(stdout: &str) -> Vec<Value> {
    fn strip(v: &mut Value) {
        if let Value::Object(m) = v {
            m.retain(|k, _| !k.ends_with("_ms") && k != "stats");
            m.values_mut().for_each(strip);
        }
    }
    stdout
        .lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            strip(&mut v);
            v
        })
        .collect()
}

#[test]
fn solve_and_count_print_the_same_bytes_in_the_same_order() {
    let dir = TempDir::new();
    let mut files = keen_files();
    // An unreadable file and an unsolvable one in the middle.
    files.insert(7, dir.write("bad.kenken", "size 4\n7 % A1 A2\n"));
    files.insert(
        20,
        "tests/data/kenken/unsat/2x2-no-solution.kenken".to_string(),
    );
    let (one, three) = both(&["solve", "--unique"], &files);
    assert_eq!(one.code, Some(2), "{}", one.stderr);
    assert_eq!(
        (one.code, &one.stdout, &one.stderr),
        (three.code, &three.stdout, &three.stderr)
    );
    assert!(one.stdout.lines().count() > 500);
    let (one, three) = both(&["solve", "--json"], &files);
    assert_eq!(untimed(&one.stdout), untimed(&three.stdout));
    assert_eq!(one.stderr, three.stderr);
    let crossproducts: Vec<String> = std::fs::read_dir("tests/data/crossproduct/seeds")
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".crossproduct"))
        .collect();
    let (one, three) = both(
        &["count", "--limit", "300", "--print-solutions"],
        &crossproducts,
    );
    assert_eq!((one.code, &one.stdout), (three.code, &three.stdout));
}

#[test]
fn grade_and_compare_keep_input_order() {
    let files: Vec<String> = keen_files().into_iter().take(30).collect();
    let (one, three) = both(&["grade"], &files);
    assert_eq!((one.code, &one.stdout), (three.code, &three.stdout));
    let (one, three) = both(
        &["compare", "--json", "--engines", "native,varisat"],
        &files,
    );
    assert_eq!(one.code, three.code, "{}", three.stderr);
    assert_eq!(untimed(&one.stdout), untimed(&three.stdout));
    assert_eq!(one.stdout.lines().count(), 60);
}

#[test]
fn a_timeout_on_one_file_does_not_stop_the_others() {
    let files = [
        "tests/data/kenken/keen/6x6-h-00.kenken",
        "tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken",
        "tests/data/kenken/keen/7x7-h-00.kenken",
    ];
    let mut args = vec![
        "solve",
        "--json",
        "--unique",
        "--engine",
        "native",
        "--timeout",
        "0.5",
    ];
    args.extend(["--jobs", "2"]);
    args.extend(files);
    let r = run(args);
    assert_eq!(r.code, Some(3), "{}", r.stderr);
    let statuses: Vec<String> = r
        .json_lines()
        .iter()
        .map(|v| v["status"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(statuses, ["solved", "timeout", "solved"]);
}

#[test]
fn jobs_zero_is_refused() {
    let r = run([
        "solve",
        "--jobs",
        "0",
        "tests/data/kenken/keen/4x4-e-00.kenken",
    ]);
    assert_eq!(r.code, Some(2));
}
