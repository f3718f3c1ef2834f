//! A deterministic fuzz test on the stable toolchain: thousands of inputs mutated from the
//! test corpus (puzzles of every kind, Keen IDs, solution files, DIMACS and SMT answers) go
//! to every parser and to the engines in-process, and a few hundred go through the binary.
//! Nothing may panic; every engine run must end within its time limit (a hang is caught by
//! a generous wall-clock guard, not by a tight timing assertion); the binary must exit 0, 1,
//! 2 or 3 with one error line on exit 2. Every grid an engine returns has passed the
//! independent verifier (the engine layer checks it).
//!
//! The generator is a fixed-seed SplitMix64, so every run feeds the same inputs. A failing
//! input is written to `target/fuzz-failures/` and its path is in the panic message; keep it
//! under `tests/data/fuzz/` (replayed by [`regressions_still_pass`]) once fixed.

use crate::common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cagesat::{
    dimacs::decode_answer,
    encode::EncodeOptions,
    parse::parse_solution,
    smt::{decode_smt_answer, SmtOptions},
    Engine, EngineOptions, Outcome, ParseOptions, Puzzle, Stop,
};

/// How many mutated inputs go through the parsers and engines in-process.
const IN_PROCESS: usize = 12_000;
/// How many go through the binary.
const THROUGH_CLI: usize = 1000;
/// Per-run limit given to the engines and to the binary (`--timeout`).
const LIMIT: Duration = Duration::from_secs(1);
/// A run that takes longer than this has ignored its limit.
const HANG: Duration = Duration::from_secs(8);

/// SplitMix64: small, fast, and the same numbers on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// One seed input: its text and the file name it came from (the extension picks the parser).
#[derive(Clone)]
struct Seed {
    name: String,
    text: String,
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// Every puzzle and solution file of the test corpus (small enough to mutate quickly).
fn corpus() -> Vec<Seed> {
    let mut paths = Vec::new();
    walk(Path::new("tests/data"), &mut paths);
    paths
        .into_iter()
        .filter(|p| {
            p.extension().is_some_and(|e| {
                [
                    "kenken",
                    "kakuro",
                    "crossproduct",
                    "keen",
                    "solution",
                    "url",
                    "sudoku",
                    "killer",
                ]
                .contains(&e.to_str().unwrap())
            })
        })
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            (text.len() < 20_000).then(|| Seed {
                name: p.file_name().unwrap().to_string_lossy().into_owned(),
                text,
            })
        })
        .chain(new_format_seeds())
        // Operator-less KenKen cages (`?`, or no operator), which no corpus file has.
        .chain(
            [
                "size 3\n3 ? A1 B1\n1 A2 A3\n4 ? B2 B3 C3\n6 C1 C2\n",
                "2 ? A1 A2; 3 B1 B2 C2; 1 = C1; 3 ? A3 B3; 2 C3\n",
            ]
            .into_iter()
            .enumerate()
            .map(|(i, text)| Seed {
                name: format!("opless-{i}.kenken"),
                text: text.to_string(),
            }),
        )
        .collect()
}

/// The formats of issue 37, which `tests/data` here has none of: collections (one puzzle
/// per line), short Killers, SudokuWiki Killers, f-puzzles JSON and links, KenKen clues
/// with their operators glued on.
fn new_format_seeds() -> Vec<Seed> {
    let collections = Path::new("../tests/data/collections");
    let read = |name: &str| std::fs::read_to_string(collections.join(name)).unwrap();
    let tarek = read("tarek-42.killers");
    let short = tarek
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap()
        .to_string();
    let few: String = tarek.lines().take(8).map(|l| format!("{l}\n")).collect();
    let wiki = read("hs-killers.sudokuwiki");
    let json = r#"{"size":4,"title":"t","grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":2}]],"killercage":[{"cells":["R1C2","R1C3"],"value":"5"},{"cells":["R3C3","R4C3"],"value":"4"}]}"#;
    let link = format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    );
    [
        ("tarek.killers", short.clone()),
        ("list.killers", few),
        ("mixed.txt", format!("# mixed\n{short}\n{link}\n{}\n", read("classic-hard.sudokus").lines().nth(4).unwrap())),
        ("hs.sudokuwiki", wiki),
        ("hard.sudokus", read("classic-hard.sudokus")),
        ("k.fpuzzles", json.to_string()),
        ("link.txt", link),
        (
            "glued.kenken",
            "size 4\n7+ A1 B1\n2/ C1 D1\n1− A2 A3\n3- B2 B3\n2÷ A4 B4\n3= C2\n12x C3 C4 D4\n2 / D2 D3\n"
                .to_string(),
        ),
    ]
    .into_iter()
    .map(|(name, text)| Seed {
        name: name.to_string(),
        text,
    })
    .collect()
}

/// Tokens that sit on the edges of what the formats and the code accept.
const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1",
    "9",
    "10",
    "26",
    "27",
    "45",
    "46",
    "64",
    "65",
    "255",
    "256",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e30",
    "NaN",
    "\u{feff}",
    "Z27",
    "AA1",
    "A0",
    "size",
    "boxes",
    "3x3",
    "rows",
    "cols",
    "keen:",
    "\\",
    "#",
    ".",
    ";",
    "=",
    "×",
    "÷",
    "s SATISFIABLE",
    "s UNSATISFIABLE",
    "v",
    "sat",
    "unsat",
    "((",
    "))",
    "Puzzle(",
    "[",
    "], [",
    "row_prods=",
    "(- 1)",
];

/// Characters inserted at random.
const NOISE: &[char] = &[
    ' ', '\n', '\t', '\r', '#', ';', '=', '+', '-', '*', '/', 'x', '×', '÷', '\\', '.', '0', '1',
    '7', '9', 'A', 'Z', 'a', 'd', 'e', ':', '_', '(', ')', '[', ']', ',', '\u{feff}', '\u{0}', 'é',
];

/// `text` changed in one to three random ways (always valid UTF-8).
fn mutate(rng: &mut Rng, text: &str, seeds: &[Seed]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(3) {
        let n = chars.len();
        let at = rng.below(n + 1);
        match rng.below(9) {
            0 if n > 0 => {
                let len = 1 + rng.below(8.min(n - at.min(n - 1)));
                let from = at.min(n - 1);
                let _ = chars.drain(from..(from + len).min(n));
            }
            1 => chars.insert(at, *rng.pick(NOISE)),
            2 => {
                // Replace the number under or after `at` by an extreme value.
                let start = (at..n).find(|&i| chars[i].is_ascii_digit()).unwrap_or(n);
                let end = (start..n)
                    .find(|&i| !chars[i].is_ascii_digit())
                    .unwrap_or(n);
                let _ = chars.splice(start..end, rng.pick(EXTREMES).chars());
            }
            3 => {
                let lines: Vec<String> = chars
                    .iter()
                    .collect::<String>()
                    .lines()
                    .map(String::from)
                    .collect();
                if !lines.is_empty() {
                    let mut lines = lines;
                    let i = rng.below(lines.len());
                    let copy = lines[i].clone();
                    lines.insert(rng.below(lines.len() + 1), copy);
                    chars = (lines.join("\n") + "\n").chars().collect();
                }
            }
            4 => {
                let mut lines: Vec<String> = chars
                    .iter()
                    .collect::<String>()
                    .lines()
                    .map(String::from)
                    .collect();
                if lines.len() > 1 {
                    let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
                    lines.swap(i, j);
                    chars = (lines.join("\n") + "\n").chars().collect();
                }
            }
            5 => {
                // Splice: this text's prefix with another seed's suffix.
                let other: Vec<char> = rng.pick(seeds).text.chars().collect();
                let cut = rng.below(other.len() + 1);
                chars.truncate(at);
                chars.extend_from_slice(&other[cut..]);
            }
            6 => chars.truncate(at),
            7 if n > 0 => chars[at.min(n - 1)] = *rng.pick(NOISE),
            _ => {
                let token = rng.pick(EXTREMES);
                let _ = chars.splice(at..at, format!(" {token} ").chars());
            }
        }
    }
    chars.into_iter().collect()
}

/// Where a failing input is kept, and the message that names it.
fn keep_failure(name: &str, text: &str, what: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-failures");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    format!("{what}: input kept at {}", path.display())
}

/// Runs `f`, turning a panic or an overlong run into a test failure that keeps the input.
fn guarded(name: &str, text: &str, f: impl FnOnce()) {
    let t0 = Instant::now();
    if catch_unwind(AssertUnwindSafe(f)).is_err() {
        panic!("{}", keep_failure(name, text, "panicked"));
    }
    assert!(
        t0.elapsed() < HANG,
        "{}",
        keep_failure(name, text, "ran past its time limit")
    );
}

/// Options whose stop falls due after [`LIMIT`].
fn limited() -> EngineOptions {
    EngineOptions {
        stop: Stop::new().with_deadline(Instant::now() + LIMIT),
        ..EngineOptions::default()
    }
}

/// Parses `text` as `name` would be, and (when it is a puzzle) solves it with the native
/// engine and varisat under the limit, and checks a solution file against it.
fn exercise_puzzle(rng: &mut Rng, name: &str, text: &str) {
    let path = PathBuf::from(name);
    let parsed = Puzzle::parse_with(text, &ParseOptions::default().path(&path));
    let _ = Puzzle::parse_with(text, &ParseOptions::default().strict(rng.below(2) == 0));
    let _ = Puzzle::parse_with_warnings(text, &ParseOptions::default());
    // As a collection: every line read, the first few solved.
    for (_, item) in Puzzle::parse_all(text, &ParseOptions::default()).take(3) {
        if let Ok(puzzle) = item {
            if let Ok((Outcome::Solved { grid, .. }, _)) =
                Engine::Native.prove_unique(&puzzle, &limited())
            {
                puzzle.verify(&grid).expect("engines return verified grids");
            }
        }
    }
    let _ = parse_solution(text);
    let Ok(puzzle) = parsed else { return };
    for engine in [Engine::Native, Engine::Varisat] {
        if let Ok((Outcome::Solved { grid, .. }, _)) = engine.prove_unique(&puzzle, &limited()) {
            puzzle.verify(&grid).expect("engines return verified grids");
        }
    }
}

/// A DIMACS answer naming `grid`'s x literals (true) and every other variable false, and
/// the SMT answer for the same grid.
fn answers(puzzle: &Puzzle) -> Option<(String, String)> {
    let enc = puzzle.encode(&EncodeOptions::default()).ok()?;
    let (Outcome::Solved { grid, .. }, _) = Engine::Varisat
        .solve(puzzle, &EngineOptions::default())
        .ok()?
    else {
        return None;
    };
    let vars = enc.formula.var_count();
    let mut truth = vec![false; vars];
    for &cell in enc.map.cells() {
        truth[enc.map.lit(cell, *grid.get(cell)).var().index()] = true;
    }
    let lits: Vec<String> = truth
        .iter()
        .enumerate()
        .map(|(i, &t)| {
            if t {
                format!("{}", i + 1)
            } else {
                format!("-{}", i + 1)
            }
        })
        .collect();
    let dimacs = format!("s SATISFIABLE\nv {} 0\n", lits.join(" "));
    let values: Vec<String> = enc
        .map
        .cells()
        .iter()
        .map(|&c| format!("(c_{c} {})", grid.get(c)))
        .collect();
    let smt = format!("sat\n({})\n", values.join("\n "));
    Some((dimacs, smt))
}

#[test]
fn mutated_inputs_never_panic_nor_hang_in_process() {
    let seeds = corpus();
    assert!(seeds.len() > 300, "corpus too small: {}", seeds.len());
    let mut rng = Rng(0x00C0_FFEE);
    let mut parsed = 0;
    for i in 0..IN_PROCESS {
        let seed = rng.pick(&seeds).clone();
        let text = mutate(&mut rng, &seed.text, &seeds);
        let name = format!("{i:05}-{}", seed.name);
        if Puzzle::parse_with(&text, &ParseOptions::default().path(&seed.name)).is_ok() {
            parsed += 1;
        }
        guarded(&name, &text, || {
            exercise_puzzle(&mut Rng(i as u64), &seed.name, &text)
        });
    }
    // The mutations must leave enough inputs parseable to reach the engines.
    assert!(parsed > IN_PROCESS / 10, "only {parsed} inputs parsed");
    println!("fuzz: {IN_PROCESS} inputs in process, {parsed} parsed and solved");
}

#[test]
fn mutated_solver_answers_never_panic() {
    let mut rng = Rng(0x5EED);
    let puzzles: Vec<(Puzzle, String, String)> = [
        "tests/data/kenken/norvig/norvig-01-4x4.kenken",
        "tests/data/kakuro/panpapag_easy_5x5.kakuro",
        "tests/data/crossproduct/public/norvig_example_5x3.crossproduct",
    ]
    .iter()
    .map(|p| {
        let puzzle = Puzzle::read(Path::new(p)).unwrap();
        let (dimacs, smt) = answers(&puzzle).expect("solvable");
        (puzzle, dimacs, smt)
    })
    .collect();
    // The unmutated answers decode to verified grids.
    for (puzzle, dimacs, smt) in &puzzles {
        let enc = puzzle.encode(&EncodeOptions::default()).unwrap();
        assert!(matches!(
            decode_answer(puzzle, &enc, dimacs),
            Ok(Outcome::Solved { .. })
        ));
        assert!(matches!(
            decode_smt_answer(puzzle, &SmtOptions::default(), smt),
            Ok(Outcome::Solved { .. })
        ));
    }
    let seeds: Vec<Seed> = puzzles
        .iter()
        .flat_map(|(_, d, s)| {
            [
                Seed {
                    name: "a.dimacs".into(),
                    text: d.clone(),
                },
                Seed {
                    name: "a.smt".into(),
                    text: s.clone(),
                },
            ]
        })
        .collect();
    let mut decoded = 0;
    for i in 0..IN_PROCESS / 2 {
        let (puzzle, dimacs, smt) = rng.pick(&puzzles);
        let base = if rng.below(2) == 0 { dimacs } else { smt };
        let text = mutate(&mut rng, base, &seeds);
        let enc = puzzle.encode(&EncodeOptions::default()).unwrap();
        guarded(&format!("answer-{i:05}"), &text, || {
            for outcome in [
                decode_answer(puzzle, &enc, &text).ok(),
                decode_smt_answer(puzzle, &SmtOptions::default(), &text).ok(),
            ]
            .into_iter()
            .flatten()
            {
                if let Outcome::Solved { grid, .. } = outcome {
                    puzzle.verify(&grid).expect("decoded grids are verified");
                    decoded += 1;
                }
            }
        });
    }
    println!(
        "fuzz: {} answers, {decoded} decoded to verified grids",
        IN_PROCESS / 2
    );
}

#[test]
fn mutated_inputs_through_the_binary_exit_cleanly() {
    let seeds: Vec<Seed> = corpus()
        .into_iter()
        .filter(|s| !s.name.ends_with(".solution"))
        .collect();
    let dir = common::cli::TempDir::new();
    let mut rng = Rng(0xB1_0000);
    let limit = LIMIT.as_secs_f64().to_string();
    let commands: [&[&str]; 4] = [
        &["solve", "--unique", "--json", "--timeout", &limit],
        &["solve", "--engine", "native", "--timeout", &limit],
        &["count", "--limit", "50", "--timeout", &limit],
        &["encode", "--stats"],
    ];
    for i in 0..THROUGH_CLI {
        let seed = rng.pick(&seeds).clone();
        let text = mutate(&mut rng, &seed.text, &seeds);
        let file = dir.write(&format!("{i:04}-{}", seed.name), &text);
        let mut args: Vec<&str> = rng.pick(&commands).to_vec();
        args.push(&file);
        let t0 = Instant::now();
        let run = common::cli::run(&args);
        let took = t0.elapsed();
        let fail = |what: &str| keep_failure(&format!("cli-{i:04}-{}", seed.name), &text, what);
        assert!(
            matches!(run.code, Some(0..=3)),
            "{}",
            fail(&format!("{args:?} exited {:?}: {}", run.code, run.stderr))
        );
        assert!(!run.stderr.contains("panicked"), "{}", fail(&run.stderr));
        assert!(took < HANG, "{}", fail(&format!("{args:?} took {took:?}")));
        if run.code == Some(2) {
            // One error line (a collection: one per bad line); warnings aside.
            let errors = run
                .stderr
                .lines()
                .filter(|l| !l.contains(": warning: "))
                .count();
            let collection = cagesat::parse::collection::looks_like_collection(&text);
            assert!(
                errors == 1 || (collection && errors >= 1),
                "{}",
                fail(&run.stderr)
            );
        }
        if args.contains(&"--json") {
            let _ = run.json_lines();
        }
    }
    println!("fuzz: {THROUGH_CLI} inputs through the binary");
}

/// Inputs that once failed, kept in `tests/data/fuzz/`, still pass.
#[test]
fn regressions_still_pass() {
    let dir = Path::new("tests/data/fuzz");
    let mut paths = Vec::new();
    walk(dir, &mut paths);
    for path in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e != "md"))
    {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        guarded(&name, &text, || exercise_puzzle(&mut Rng(1), &name, &text));
    }
}
