//! Certificates: `solve --proof` writes a CNF (the puzzle with its solution blocked) and an
//! LRAT refutation of it; the independent checker accepts them for every public Keen 9×9,
//! a Kakuro, unsolvable puzzles, and rejects tampered proofs and mismatched pairs.

use crate::common;

use std::path::Path;

use cagesat::proof::check_lrat;
use cagesat::{
    encode::EncodeOptions,
    proof::{write_certificate, CertificateError},
    Engine, EngineOptions, Outcome, Puzzle,
};
use common::cli::{run, TempDir};

/// The certificate of `path` (CNF text, LRAT text), from its verified unique solution or,
/// for an unsolvable puzzle, from nothing.
fn certificate(path: &str) -> (String, String) {
    let puzzle = Puzzle::read(Path::new(path)).unwrap();
    let (outcome, _) = Engine::Native
        .prove_unique(&puzzle, &EngineOptions::default())
        .unwrap();
    let grid = match &outcome {
        Outcome::Solved {
            grid,
            unique: Some(true),
            ..
        } => Some(grid),
        Outcome::Unsat => None,
        other => panic!("{path}: {other:?}"),
    };
    let (mut cnf, mut lrat) = (Vec::new(), Vec::new());
    let c = write_certificate(
        &puzzle,
        grid,
        &EncodeOptions::default(),
        &mut cnf,
        &mut lrat,
    )
    .unwrap();
    assert_eq!(c.proof_bytes as usize, lrat.len());
    (
        String::from_utf8(cnf).unwrap(),
        String::from_utf8(lrat).unwrap(),
    )
}

fn keen_9x9() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir("tests/data/kenken/keen")
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.contains("/9x9-") && p.ends_with(".kenken"))
        .collect();
    v.sort();
    v
}

#[test]
fn certificates_check_for_every_public_keen_9x9() {
    let files = keen_9x9();
    assert_eq!(files.len(), 15);
    for path in files {
        let (cnf, lrat) = certificate(&path);
        let summary = check_lrat(&cnf, &lrat).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(summary.additions > 0, "{path}");
        // The CNF is the puzzle's CNF plus one blocking clause of 81 literals.
        assert!(cnf
            .lines()
            .any(|l| l.split_whitespace().count() == 82 && l.ends_with(" 0")));
    }
}

#[test]
fn certificates_check_for_kakuro_and_unsolvable_puzzles() {
    for path in [
        "tests/data/kakuro/panpapag_hard_12x10.kakuro",
        "tests/data/kakuro/panpapag_easy_5x5.kakuro",
        "tests/data/kenken/unsat/2x2-no-solution.kenken",
        "tests/data/crossproduct/seeds/norvig-unsolvable.crossproduct",
    ] {
        let (cnf, lrat) = certificate(path);
        let summary = check_lrat(&cnf, &lrat).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(summary.clauses > 0, "{path}");
    }
}

#[test]
fn a_puzzle_with_two_solutions_gets_no_certificate() {
    let puzzle = Puzzle::parse("size 2\n3 + A1 A2\n3 + B1 B2\n").unwrap();
    let (outcome, _) = Engine::Varisat
        .solve(&puzzle, &EngineOptions::default())
        .unwrap();
    let Outcome::Solved { grid, .. } = outcome else {
        panic!("{outcome:?}")
    };
    let r = write_certificate(
        &puzzle,
        Some(&grid),
        &EncodeOptions::default(),
        &mut Vec::new(),
        &mut Vec::new(),
    );
    assert!(matches!(r, Err(CertificateError::Satisfiable(_))), "{r:?}");
}

/// Addition lines of a proof: (line index, id, literals, hints).
fn additions(lrat: &str) -> Vec<(usize, u64, Vec<i64>, Vec<i64>)> {
    lrat.lines()
        .enumerate()
        .filter(|(_, l)| l.split_whitespace().nth(1).is_none_or(|t| t != "d"))
        .map(|(i, l)| {
            let n: Vec<i64> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
            let zero = 1 + n[1..].iter().position(|&x| x == 0).unwrap();
            (
                i,
                n[0] as u64,
                n[1..zero].to_vec(),
                n[zero + 1..n.len() - 1].to_vec(),
            )
        })
        .collect()
}

fn replace_line(lrat: &str, index: usize, new: Option<String>) -> String {
    lrat.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            if i == index {
                new.clone()
            } else {
                Some(l.to_string())
            }
        })
        .map(|l| l + "\n")
        .collect()
}

#[test]
fn tampered_proofs_and_mismatched_pairs_are_rejected() {
    let files = keen_9x9();
    let (cnf, lrat) = certificate(&files[0]);
    let steps = additions(&lrat);
    let (last_line, last_id, last_lits, last_hints) = steps.last().cloned().unwrap();
    assert!(
        last_lits.is_empty(),
        "the last step derives the empty clause"
    );
    let clauses = cnf
        .lines()
        .find_map(|l| l.strip_prefix("p cnf "))
        .and_then(|h| h.split_whitespace().nth(1))
        .unwrap()
        .parse::<i64>()
        .unwrap();
    let reject = |proof: &str, what: &str| {
        let e = check_lrat(&cnf, proof).expect_err(what);
        assert!(!e.malformed, "{what}: {e}");
        e
    };
    // A deleted step: the last step uses a derived clause that is no longer there.
    let derived = *last_hints.iter().find(|&&h| h > clauses).unwrap();
    let (line, _, _, _) = steps.iter().find(|s| s.1 == derived as u64).unwrap();
    let e = reject(&replace_line(&lrat, *line, None), "deleted step");
    assert!(e.reason.contains(&format!("hint {derived}")), "{e}");
    // A changed literal.
    let (line, id, lits, hints) = steps.iter().rev().find(|s| !s.2.is_empty()).unwrap();
    let mut flipped = lits.clone();
    flipped[0] = -flipped[0];
    let text = format!(
        "{id} {} 0 {} 0",
        flipped
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        hints
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let _ = reject(&replace_line(&lrat, *line, Some(text)), "changed literal");
    // A wrong hint in the final step.
    let mut wrong = last_hints.clone();
    wrong[0] = if wrong[0] == 1 { 2 } else { 1 };
    let text = format!(
        "{last_id} 0 {} 0",
        wrong
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let e = reject(&replace_line(&lrat, last_line, Some(text)), "wrong hint");
    assert_eq!(e.step, Some(last_id));
    // The proof of another puzzle.
    let (other_cnf, _) = certificate(&files[1]);
    assert!(check_lrat(&other_cnf, &lrat).is_err());
    // A CNF without the blocking clause: the proof relied on it.
    let unblocked: String = {
        let mut lines: Vec<&str> = cnf.lines().collect();
        let _ = lines.pop();
        let header = lines.iter().position(|l| l.starts_with("p cnf")).unwrap();
        let new_header = format!(
            "p cnf {} {}",
            lines[header].split_whitespace().nth(2).unwrap(),
            clauses - 1
        );
        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        out[header] = new_header;
        out.join("\n") + "\n"
    };
    assert!(check_lrat(&unblocked, &lrat).is_err());
}

#[test]
fn solve_proof_and_check_proof_on_the_command_line() {
    let dir = TempDir::new();
    let prefix = dir.path("cert");
    let puzzle = "tests/data/kenken/keen/9x9-h-00.kenken";
    let solved = run(["solve", "--json", "--proof", &prefix, puzzle]);
    assert_eq!(solved.code, Some(0), "{}", solved.stderr);
    let record = solved.json();
    assert_eq!(record["unique"], true);
    assert_eq!(record["certificate"]["lrat"], format!("{prefix}.lrat"));
    assert!(record["certificate"]["proof_bytes"].as_u64().unwrap() > 0);
    let (cnf, lrat) = (format!("{prefix}.cnf"), format!("{prefix}.lrat"));
    let checked = run(["check-proof", &cnf, &lrat]);
    assert_eq!(checked.code, Some(0), "{}", checked.stderr);
    assert!(checked.stdout.starts_with("verified"), "{}", checked.stdout);
    // Tampered: drop the last line (the empty clause).
    let text = std::fs::read_to_string(&lrat).unwrap();
    let cut: String = text
        .lines()
        .take(text.lines().count() - 1)
        .map(|l| format!("{l}\n"))
        .collect();
    let tampered = dir.write("cut.lrat", &cut);
    let rejected = run(["check-proof", &cnf, &tampered]);
    assert_eq!(rejected.code, Some(1), "{}", rejected.stdout);
    assert!(
        rejected.stderr.contains("never derives the empty clause"),
        "{}",
        rejected.stderr
    );
    // Not LRAT at all, and a missing file: bad input.
    let junk = dir.write("junk.lrat", "hello\n");
    assert_eq!(run(["check-proof", &cnf, &junk]).code, Some(2));
    assert_eq!(
        run(["check-proof", &cnf, &dir.path("none.lrat")]).code,
        Some(2)
    );
    // Text output; several solutions: no certificate; two files: refused.
    let text = run(["solve", "--proof", &prefix, puzzle]);
    assert!(text.stdout.contains("certificate: "), "{}", text.stdout);
    let two = dir.write("two.kenken", "size 2\n3 + A1 A2\n3 + B1 B2\n");
    let multiple = run(["solve", "--proof", &dir.path("multi"), &two]);
    assert_eq!(multiple.code, Some(0));
    assert!(
        multiple.stdout.contains("certificate: none"),
        "{}",
        multiple.stdout
    );
    assert!(!Path::new(&dir.path("multi.lrat")).exists());
    let refused = run(["solve", "--proof", &prefix, puzzle, puzzle]);
    assert_eq!(refused.code, Some(2));
}

#[test]
fn an_unsolvable_puzzle_gets_a_refutation() {
    let dir = TempDir::new();
    let prefix = dir.path("none");
    let r = run([
        "solve",
        "--proof",
        &prefix,
        "tests/data/kenken/unsat/2x2-no-solution.kenken",
    ]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let checked = run([
        "check-proof",
        &format!("{prefix}.cnf"),
        &format!("{prefix}.lrat"),
    ]);
    assert_eq!(checked.code, Some(0), "{}", checked.stderr);
}

/// The certificate comes from the engine in use (issue #28, item 2): `--backend cadical`
/// writes CaDiCaL's own LRAT, which the independent checker accepts for unique and
/// unsolvable puzzles of every kind, `--backend varisat` varisat's; engines that cannot
/// prove are refused (exit 2, no files), never replaced by another solver.
#[test]
fn the_proof_is_the_answering_engines_own() {
    let tmp = TempDir::new();
    for path in [
        "tests/data/kenken/keen/9x9-h-00.kenken",
        "tests/data/kakuro/panpapag_hard_12x10.kakuro",
        "tests/data/kenken/unsat/2x2-no-solution.kenken",
        "tests/data/crossproduct/seeds/norvig-unsolvable.crossproduct",
        "tests/data/sudoku/gen-12x12-s5.sudoku",
    ] {
        let mut proofs = Vec::new();
        for backend in ["varisat", "cadical"] {
            if backend == "cadical" && !cfg!(feature = "cadical") {
                continue;
            }
            let prefix = tmp.path(backend);
            let o = run([
                "solve",
                "--json",
                "--backend",
                backend,
                "--proof",
                &prefix,
                path,
            ]);
            assert!(
                matches!(o.code, Some(0 | 1)),
                "{path} {backend}: {}",
                o.stderr
            );
            let certificate = &o.json()["certificate"];
            assert_eq!(certificate["prover"], backend, "{path}: {certificate}");
            let cnf = std::fs::read_to_string(format!("{prefix}.cnf")).unwrap();
            let lrat = std::fs::read_to_string(format!("{prefix}.lrat")).unwrap();
            let summary =
                check_lrat(&cnf, &lrat).unwrap_or_else(|e| panic!("{path} {backend}: {e}"));
            assert_eq!(
                summary.clauses,
                cnf.lines().filter(|l| !l.starts_with(['c', 'p'])).count(),
                "{path}"
            );
            let o = run([
                "check-proof",
                &format!("{prefix}.cnf"),
                &format!("{prefix}.lrat"),
            ]);
            assert_eq!(o.code, Some(0), "{path} {backend}: {}", o.stderr);
            proofs.push((cnf, lrat));
        }
        // The same CNF, two solvers' proofs: unless the CNF holds the empty clause (no
        // proof needed), they differ.
        if let [(cnf_a, a), (cnf_b, b)] = proofs.as_slice() {
            assert_eq!(cnf_a, cnf_b, "{path}");
            assert!(
                a.is_empty() && b.is_empty() || a != b,
                "{path}: the same proof twice"
            );
        }
    }
    let keen = "tests/data/kenken/keen/4x4-e-00.kenken";
    if cfg!(feature = "cadical") {
        let prefix = tmp.path("t");
        let o = run(["solve", "--backend", "cadical", "--proof", &prefix, keen]);
        assert!(
            o.stdout.ends_with(" bytes, LRAT by cadical)\n"),
            "{}",
            o.stdout
        );
    }
    let refused = |engine: &str| {
        format!(
            "cagesat: --proof: the {engine} engine writes no proofs: certificates come from \
             varisat or cadical (or auto, which proves with the one its rule picks)\n"
        )
    };
    for (args, engine) in [
        (vec!["--engine", "native"], "native"),
        (vec!["--backend", "dpll"], "dpll"),
        (vec!["--solver", "cadical"], "cadical"),
        (vec!["--solver", "z3"], "z3"),
    ] {
        let prefix = tmp.path("refused");
        let mut argv = vec!["solve", "--proof", &prefix];
        argv.extend(&args);
        argv.push(keen);
        let o = run(&argv);
        assert_eq!(o.code, Some(2), "{args:?}: {}", o.stdout);
        assert_eq!(o.stdout, "", "{args:?}");
        assert_eq!(o.stderr, refused(engine), "{args:?}");
        assert!(!Path::new(&format!("{prefix}.cnf")).exists(), "{args:?}");
        assert!(!Path::new(&format!("{prefix}.lrat")).exists(), "{args:?}");
    }
}
