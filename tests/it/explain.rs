//! Explained paths (`setter::explain`) on shipped puzzles of every kind, each replayed by
//! the independent checker (`Puzzle::replay`): every step forced by a minimal reason of the
//! puzzle's own constraints, the end the verified solution, the same as the file's.

use cagesat::puzzle::{Action, Step};
use cagesat::setter::explain::{explain, hint, End, ExplainOptions, ReplayError};
use cagesat::{Grid, Puzzle};

fn read(path: &str) -> Puzzle {
    Puzzle::read(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Explains `path`, replays it, and checks the end against the solution file beside it.
fn explained(path: &str) -> Vec<Step> {
    let puzzle = read(path);
    let ex = explain(&puzzle, None, &ExplainOptions::default()).expect("explains");
    let End::Solved(grid) = &ex.end else {
        panic!("{path}: ended {:?}", ex.end)
    };
    let replayed = puzzle.replay(None, &ex.steps);
    assert_eq!(replayed, Ok(Some(grid.clone())), "{path}");
    let stem = path.rsplit_once('.').expect("an extension").0;
    for ext in ["solution", "sol"] {
        if let Ok(text) = std::fs::read_to_string(format!("{stem}.{ext}")) {
            if let Ok(want) = cagesat::parse::parse_solution(&text) {
                assert_eq!(grid, &want, "{path}");
            }
        }
    }
    ex.steps
}

/// The grid the explained path of `puzzle` ends solved with.
fn solved(puzzle: &Puzzle) -> Grid<u8> {
    match explain(puzzle, None, &ExplainOptions::default())
        .expect("explains")
        .end
    {
        End::Solved(grid) => grid,
        end => panic!("ended {end:?}"),
    }
}

macro_rules! explained {
    ($($name:ident: $path:expr;)*) => {$(
        #[test]
        fn $name() {
            let steps = explained($path);
            assert!(!steps.is_empty());
        }
    )*};
}

explained! {
    kenken_norvig_4x4: "tests/data/kenken/norvig/norvig-01-4x4.kenken";
    keen_4x4_x: "tests/data/kenken/keen/4x4-x-00.kenken";
    keen_6x6_h: "tests/data/kenken/keen/6x6-h-00.kenken";
    keen_6x6_x: "tests/data/kenken/keen/6x6-x-01.kenken";
    keen_9x9_h: "tests/data/kenken/keen/9x9-h-00.kenken";
    kakuro_5x5: "tests/data/kakuro/panpapag_easy_5x5.kakuro";
    kakuro_7x7: "tests/data/kakuro/panpapag_intermediate_7x7.kakuro";
    crossproduct_5x3: "tests/data/crossproduct/public/norvig_wellformed_01_5x3.crossproduct";
    crossproduct_riddler: "tests/data/crossproduct/public/riddler_2021-02-26_express_4x4.crossproduct";
    sudoku_4x4: "tests/data/sudoku/gen-4x4-s1.sudoku";
    sudoku_9x9: "tests/data/sudoku/gen-9x9-s3.sudoku";
    killer_6x6: "tests/data/killer/gen-6x6-s12.killer";
    killer_9x9: "tests/data/killer/gen-9x9-s13.killer";
}

const KEEN_6X6: &str = "tests/data/kenken/keen/6x6-h-00.kenken";

#[test]
fn a_forged_step_is_rejected() {
    let puzzle = read(KEEN_6X6);
    let mut steps = explained(KEEN_6X6);
    // The first elimination, turned into a placement of the eliminated digit.
    let i = steps
        .iter()
        .position(|s| s.action == Action::Eliminate)
        .expect("an elimination");
    steps[i].action = Action::Place;
    let got = puzzle.replay(None, &steps);
    assert!(
        matches!(got, Err(ReplayError::NotForced { step, .. }) if step == i + 1),
        "{got:?}"
    );
}

#[test]
fn a_non_minimal_reason_is_rejected() {
    let puzzle = read(KEEN_6X6);
    let mut steps = explained(KEEN_6X6);
    let constraints = puzzle.constraints().list;
    let extra = constraints
        .iter()
        .find(|c| !steps[0].reason.contains(c))
        .expect("another constraint")
        .clone();
    steps[0].reason.push(extra.clone());
    let got = puzzle.replay(None, &steps);
    assert_eq!(
        got.as_ref().map_err(ToString::to_string),
        Err(format!(
            "step 1 ({}) follows without '{extra}': the reason is not minimal",
            steps[0]
        )),
    );
    // A constraint the puzzle does not have.
    let _ = steps[0].reason.pop();
    steps[0].reason[0].target = Some(99);
    assert!(matches!(
        puzzle.replay(None, &steps),
        Err(ReplayError::UnknownConstraint { step: 1, .. })
    ));
}

/// A reason short of one of its constraints, or an elimination of the digit the solution
/// has there, is refused at that step as not forced.
#[test]
fn a_short_reason_or_a_possible_digit_is_rejected() {
    let puzzle = read(KEEN_6X6);
    let steps = explained(KEEN_6X6);
    let solution = solved(&puzzle);
    let i = steps
        .iter()
        .position(|s| s.reason.len() >= 2)
        .expect("a step of several constraints");
    for drop in 0..steps[i].reason.len() {
        let mut short = steps[..=i].to_vec();
        let _ = short[i].reason.remove(drop);
        let got = puzzle.replay(None, &short);
        assert!(
            matches!(got, Err(ReplayError::NotForced { step, .. }) if step == i + 1),
            "{drop}: {got:?}"
        );
    }
    // The first elimination, of the digit the solution has there instead.
    let j = steps
        .iter()
        .position(|s| s.action == Action::Eliminate)
        .expect("an elimination");
    let mut wrong = steps[..=j].to_vec();
    let cell = wrong[j].cell;
    wrong[j].digit = *solution.get(cell);
    let got = puzzle.replay(None, &wrong);
    let Err(ReplayError::NotForced { step, witness, .. }) = &got else {
        panic!("{got:?}")
    };
    assert_eq!(*step, j + 1);
    assert!(
        witness.contains(&format!("{}={}", cell.label(), solution.get(cell))),
        "{witness}"
    );
}

#[test]
fn a_hint_continues_a_persons_progress() {
    let puzzle = read(KEEN_6X6);
    let steps = explained(KEEN_6X6);
    let solution = solved(&puzzle);
    // The first row filled in: the hint is about another cell, and replays from there.
    let mut state = Grid::filled(6, 6, 0u8);
    for c in 0..6 {
        let cell = cagesat::Cell::new(0, c);
        state.set(cell, *solution.get(cell));
    }
    let h = hint(&puzzle, Some(&state), &ExplainOptions::default()).expect("a hint");
    assert_eq!(h.steps.len(), 1);
    assert_eq!(h.end, End::Open);
    assert_ne!(h.steps[0].cell.row, 0);
    assert_eq!(puzzle.replay(Some(&state), &h.steps), Ok(None));
    assert_ne!(steps.len(), 0);
    // A wrong entry: no solution.
    let wrong = solution.get(cagesat::Cell::new(0, 0)) % 6 + 1;
    state.set(cagesat::Cell::new(0, 0), wrong);
    let h = hint(&puzzle, Some(&state), &ExplainOptions::default()).expect("an answer");
    assert_eq!((h.steps.len(), h.end), (0, End::NoSolution));
}

/// A hint whose one step decides the last open cell ends the path solved, with the grid.
#[test]
fn a_hint_that_decides_the_last_cell_ends_solved() {
    let puzzle = read(KEEN_6X6);
    let solution = solved(&puzzle);
    let mut state = solution.clone();
    state.set(cagesat::Cell::new(5, 5), 0);
    let h = hint(&puzzle, Some(&state), &ExplainOptions::default()).expect("a hint");
    assert_eq!(h.steps.len(), 1);
    assert_eq!(h.end, End::Solved(solution.clone()));
    assert_eq!(puzzle.replay(Some(&state), &h.steps), Ok(Some(solution)));
}

#[test]
fn a_puzzle_with_several_solutions_ends_where_nothing_is_forced() {
    let path = "tests/data/crossproduct/public/norvig_example_5x3.crossproduct";
    let puzzle = read(path);
    let ex = explain(&puzzle, None, &ExplainOptions::default()).expect("explains");
    assert!(
        matches!(ex.end, End::NotUnique { undecided } if undecided > 0),
        "{:?}",
        ex.end
    );
    assert_eq!(puzzle.replay(None, &ex.steps), Ok(None));
}

#[test]
fn the_plain_mus_loop_reaches_the_same_end() {
    let puzzle = read("tests/data/kenken/keen/4x4-x-00.kenken");
    let layered = explain(&puzzle, None, &ExplainOptions::default()).expect("explains");
    let opts = ExplainOptions {
        method: cagesat::setter::explain::Method::PlainMus,
        ..ExplainOptions::default()
    };
    let plain = explain(&puzzle, None, &opts).expect("explains");
    assert_eq!(plain.end, layered.end);
    assert_eq!(
        puzzle.replay(None, &plain.steps),
        Ok(plain.end.grid().cloned())
    );
    assert!(plain.largest_reason() >= 1);
}

#[test]
fn no_solution_is_said() {
    let puzzle = read("tests/data/kenken/unsat/2x2-no-solution.kenken");
    let ex = explain(&puzzle, None, &ExplainOptions::default()).expect("explains");
    assert_eq!((ex.steps.len(), ex.end), (0, End::NoSolution));
}

/// Every puzzle with a `.kenken`/… extension under `dir` (not recursing).
fn corpus(dir: &str, ext: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .expect("corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    out.sort();
    out
}

/// The long run: every shipped Keen puzzle, Kakuro, Sudoku, Killer and unique CrossProduct
/// (`cargo test --release --test it explain::every_shipped -- --ignored`).
#[test]
#[ignore = "explains a few hundred puzzles (about a minute)"]
fn every_shipped_puzzle_replays() {
    let mut files = corpus("tests/data/kenken/keen", "kenken");
    files.extend(corpus("tests/data/kakuro", "kakuro"));
    files.extend(corpus("tests/data/kakuro/generated", "kakuro"));
    files.extend(corpus("tests/data/sudoku", "sudoku"));
    files.extend(corpus("tests/data/killer", "killer"));
    files.extend(corpus("tests/data/crossproduct/public", "crossproduct"));
    files.extend(corpus("tests/data/crossproduct/generated", "crossproduct"));
    for path in files {
        let puzzle = read(&path);
        // Left out, as the benchmarks' business: explaining a CrossProduct above 64 squares,
        // or a Sudoku or Killer above 9x9, takes from seconds to minutes (the solver's cores
        // on steps no pair of constraints gives).
        let (rows, cols) = puzzle.shape();
        let big = match puzzle.kind() {
            "crossproduct" => rows * cols > 64,
            "sudoku" | "killer" => rows > 9,
            _ => false,
        };
        if big {
            continue;
        }
        let ex = explain(&puzzle, None, &ExplainOptions::default()).expect("explains");
        let replayed = puzzle.replay(None, &ex.steps).expect("replays");
        match &ex.end {
            End::Solved(grid) => assert_eq!(replayed.as_ref(), Some(grid), "{path}"),
            End::NotUnique { .. } => assert_eq!(replayed, None, "{path}"),
            end => panic!("{path}: {end:?}"),
        }
    }
}

/// Tarek's hard Killers (`tests/data/collections/tarek-42.killers`), lines `TAREK` (a
/// comma-separated list, 1-based; default all 42): each explained to
/// the end, its path proved by the replay, and at most 5% of all steps an unnamed
/// combination (issue 54). Prints the seconds of each.
#[test]
#[ignore = "explains and replays hard Killers (about five minutes in release)"]
fn tarek_killers_explained_to_the_end() {
    use cagesat::puzzle::Technique;
    use std::time::Instant;
    let text = std::fs::read_to_string("tests/data/collections/tarek-42.killers").expect("reads");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert_eq!(lines.len(), 42);
    let chosen: Vec<usize> = std::env::var("TAREK")
        .unwrap_or_else(|_| TAREK_HELD.to_string())
        .split(',')
        .map(|n| n.trim().parse().expect("a line number"))
        .collect();
    let (mut steps, mut combinations) = (0, 0);
    for n in chosen {
        let opts = cagesat::ParseOptions::default().kind("killer-short");
        let puzzle = Puzzle::parse_with(lines[n - 1], &opts).expect("parses");
        let t = Instant::now();
        let ex = explain(&puzzle, None, &ExplainOptions::default()).expect("explains");
        let explained = t.elapsed();
        let End::Solved(grid) = &ex.end else {
            panic!(
                "tarek {n}: ended {:?} after {} steps",
                ex.end,
                ex.steps.len()
            )
        };
        eprintln!(
            "tarek {n}: explained in {:.2} s, replaying",
            explained.as_secs_f64()
        );
        let t = Instant::now();
        assert_eq!(
            puzzle.replay_witnessed(None, &ex.steps, &ex.witnesses),
            Ok(Some(grid.clone())),
            "{n}"
        );
        let comb = ex
            .steps
            .iter()
            .filter(|s| matches!(s.technique, Technique::Combination { .. }))
            .count();
        eprintln!(
            "tarek {n}: {} steps ({comb} combinations) explained in {:.2} s, replayed in {:.2} s",
            ex.steps.len(),
            explained.as_secs_f64(),
            t.elapsed().as_secs_f64()
        );
        steps += ex.steps.len();
        combinations += comb;
    }
    assert!(combinations * 20 <= steps, "{combinations} of {steps}");
}

/// Line `n` (from 1) of Tarek's 42 Killers.
fn tarek_line(n: usize) -> Puzzle {
    let text = std::fs::read_to_string("tests/data/collections/tarek-42.killers").expect("reads");
    let line = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .nth(n - 1)
        .expect("a line of the file");
    let opts = cagesat::ParseOptions::default().kind("killer-short");
    Puzzle::parse_with(line.trim(), &opts).expect("parses")
}

/// An explanation keeps, for every reason it shrank, a filling per constraint that shows
/// it needed: on Tarek's line 30 every step of three constraints or more has one for each
/// (its innies and outies and trials), and the replay that checks them in place of its
/// searches reaches the same solved grid.
#[test]
fn every_shrunk_reason_carries_its_witnesses() {
    let puzzle = tarek_line(30);
    let ex = explain(&puzzle, None, &ExplainOptions::default()).expect("explains");
    let End::Solved(grid) = &ex.end else {
        panic!("ended {:?}", ex.end)
    };
    assert_eq!(ex.witnesses.len(), ex.steps.len());
    let mut shown = 0;
    for (step, w) in ex.steps.iter().zip(&ex.witnesses) {
        assert!(w.is_empty() || w.len() == step.reason.len(), "{step}");
        if step.reason.len() >= 3 {
            assert!(
                w.len() == step.reason.len() && w.iter().all(Option::is_some),
                "{step}"
            );
            shown += w.len();
        }
    }
    assert!(shown >= 500, "{shown}");
    assert_eq!(
        puzzle.replay_witnessed(None, &ex.steps, &ex.witnesses),
        Ok(Some(grid.clone()))
    );
}

/// The lines of Tarek's Killers the release run explains and replays: all 42, since the
/// placements from large cores became search steps (session 39: 159 s explaining and 107 s
/// replaying, 266 s in all on one core beside other work; the slowest, 8, 19.4 s and
/// 12.5 s, then 41, 11.6 s and 18.4 s). Before, the run held the 29 that took at most about
/// 30 s each, explained then replayed (182.5 s in session 38); 38 and 39 took about a
/// minute to explain, their placements' reasons shrunk to 36 constraints.
const TAREK_HELD: &str = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,\
     22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42";

/// The steps of a path saved by `cagesat explain --json` (`path`, JSON Lines) for `puzzle`:
/// each reason's constraint is found among the puzzle's by its kind, cells and target.
fn saved_path(puzzle: &Puzzle, path: &str) -> Vec<Step> {
    use cagesat::puzzle::Technique;
    let model = puzzle.constraints();
    let mut steps = Vec::new();
    for line in std::fs::read_to_string(path)
        .expect("reads the path")
        .lines()
    {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let Some(reason) = v["reason"].as_array() else {
            continue;
        };
        let label = |s: &serde_json::Value| s.as_str().unwrap_or_default().to_string();
        let reason = reason
            .iter()
            .map(|r| {
                let cells: Vec<String> = r["cells"]
                    .as_array()
                    .expect("cells")
                    .iter()
                    .map(label)
                    .collect();
                model
                    .list
                    .iter()
                    .find(|c| {
                        c.kind.name() == r["kind"].as_str().unwrap_or_default()
                            && c.target == r["target"].as_u64()
                            && c.cells.iter().map(|x| x.label()).eq(cells.iter().cloned())
                    })
                    .expect("a constraint of the puzzle")
                    .clone()
            })
            .collect();
        let cell = model
            .cells
            .iter()
            .copied()
            .find(|c| c.label() == label(&v["cell"]))
            .expect("a cell");
        steps.push(Step {
            cell,
            digit: u8::try_from(v["digit"].as_u64().expect("a digit")).expect("small"),
            action: if v["action"] == "place" {
                Action::Place
            } else {
                Action::Eliminate
            },
            reason,
            technique: Technique::parse(&label(&v["technique"])).expect("a technique"),
        });
    }
    steps
}

/// A path saved from `cagesat explain --json` on Tarek's line 30 (`tests/data/explain/`, 621
/// steps, trials among them) replays to the end: every step known, forced and minimal,
/// and the grid it ends with passes the verifier. A saved path is a file a setter can
/// keep; the replay does not need the explainer that wrote it.
#[test]
fn a_saved_tarek_path_replays_to_its_solution() {
    let puzzle = tarek_line(30);
    let steps = saved_path(&puzzle, "tests/data/explain/tarek-30.jsonl");
    assert_eq!(steps.len(), 621);
    assert!(steps.iter().any(|s| s.reason.len() > 10), "long reasons");
    let grid = puzzle
        .replay(None, &steps)
        .expect("every step replays")
        .expect("the path decides every cell");
    puzzle.verify(&grid).expect("the end is a solution");
    // One step's reason a constraint short is refused.
    let mut short = steps.clone();
    let at = short
        .iter()
        .position(|s| s.reason.len() > 10)
        .expect("a long reason");
    let _ = short[at].reason.pop();
    assert!(puzzle.replay(None, &short).is_err());
}

/// A path saved by `cagesat explain --json` (`REPLAY_JSON`) for the puzzle `REPLAY_PUZZLE`
/// (read as `REPLAY_KIND`, default `killer-short`), replayed: prints its seconds.
#[test]
#[ignore = "replays a saved path named by REPLAY_JSON and REPLAY_PUZZLE"]
fn a_saved_path_replays() {
    use std::time::Instant;
    let (Ok(json), Ok(file)) = (std::env::var("REPLAY_JSON"), std::env::var("REPLAY_PUZZLE"))
    else {
        return;
    };
    let kind = std::env::var("REPLAY_KIND").unwrap_or_else(|_| "killer-short".to_string());
    let text = std::fs::read_to_string(&file).expect("reads the puzzle");
    let opts = cagesat::ParseOptions::default().kind(&kind);
    let puzzle = Puzzle::parse_with(text.trim(), &opts).expect("parses");
    let mut steps = saved_path(&puzzle, &json);
    // REPLAY_UPTO: only the first steps, the grid then left open.
    let upto = std::env::var("REPLAY_UPTO").map_or(steps.len(), |n| n.parse().expect("a count"));
    steps.truncate(upto);
    let t = Instant::now();
    let end = puzzle.replay(None, &steps);
    eprintln!(
        "{json}: {} steps replayed in {:.2} s",
        steps.len(),
        t.elapsed().as_secs_f64()
    );
    assert!(end.is_ok(), "{end:?}");
}
