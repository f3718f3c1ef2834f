//! Counting streams: memory does not grow with the number of solutions. A random 10×10
//! CrossProduct has far more than a million tables; `count` with the default backend (the
//! DPLL walk: ten million on two threads, three million on one) and `--limit 1000000` on
//! the native engine must stay under 100 MB peak resident memory, and counting with CaDiCaL
//! (cubes of blocking clauses) must level off.
//! The largest CNFs, random 20×20 CrossProducts (7 M clauses), solve with the uniqueness
//! check under 250 MB (issue 12). Long runs: ignored by default, run by CI in release mode.

use crate::common;

use std::process::{Command, Stdio};
use std::time::Duration;

const PUZZLE: &str =
    "tests/data/crossproduct/generated/gen_crossproduct_10x10_s1101000.crossproduct";

/// Peak resident memory (kB, `VmHWM`) of the binary run with `args`, read from
/// `/proc/PID/status` just before it exits, and its standard output.
fn peak_kb(args: &[&str]) -> (u64, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cagesat"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    let reader = {
        let mut out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = std::io::Read::read_to_string(&mut out, &mut s);
            s
        })
    };
    while child.try_wait().unwrap().is_none() {
        if let Ok(text) = std::fs::read_to_string(&status) {
            if let Some(kb) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            {
                peak = peak.max(kb);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    (peak, reader.join().unwrap())
}

#[test]
#[ignore = "counts a million tables (about 5 s native); run with --release --ignored"]
fn a_million_solutions_counted_natively_in_under_100_mb() {
    let (kb, out) = peak_kb(&["count", "--engine", "native", "--limit", "1000000", PUZZLE]);
    assert_eq!(
        out.trim_end(),
        "at least 1000000 solutions (stopped at --limit)"
    );
    assert!(kb > 0, "no memory reading");
    assert!(kb < 100 * 1024, "peak {kb} kB");
}

/// Ten million grids counted by the default engine (the DPLL walk) on two threads, and
/// three million on one: the duplicate check keeps no fingerprint per grid (each grid's
/// place in the walk's tree proves it new), so memory stays that of the formula (issue 27;
/// the fingerprint check of before held 117 MB after three million). One thread counts
/// three million rather than ten to keep CI's long run shorter (its path is the same).
#[test]
#[ignore = "counts thirteen million tables (about 90 s on 2 cores); run with --release --ignored"]
fn ten_million_solutions_counted_by_default_in_under_100_mb_on_one_or_two_threads() {
    for (threads, limit) in [("2", "10000000"), ("1", "3000000")] {
        let args = ["count", "--threads", threads, "--limit", limit, PUZZLE];
        let (kb, out) = peak_kb(&args);
        assert_eq!(
            out.trim_end(),
            format!("at least {limit} solutions (stopped at --limit)"),
            "{threads} threads"
        );
        assert!(kb > 0, "no memory reading");
        assert!(kb < 100 * 1024, "{threads} threads: peak {kb} kB");
    }
}

#[cfg(feature = "cadical")]
#[test]
#[ignore = "counts 18,000 tables with blocking clauses (about 2 min); run with --release --ignored"]
fn cube_counting_memory_stays_flat() {
    let count = |limit: &str| {
        let (kb, out) = peak_kb(&["count", "--backend", "cadical", "--limit", limit, PUZZLE]);
        assert_eq!(
            out.trim_end(),
            format!("at least {limit} solutions (stopped at --limit)")
        );
        kb
    };
    let (small, large) = (count("6000"), count("12000"));
    // Twice the solutions, not twice the memory: cubes retire their clauses, and CaDiCaL's
    // learnt clauses level off (measured: 145 MB at 10,000 grids, 149 MB at 20,000; 50 MB
    // at 1,000 and 67 MB at 2,500, while the clause database fills; 149 MB at 5,000).
    // 6,000 and 12,000 rather than 10,000 and 20,000: 2 minutes instead of 4–6 in CI.
    assert!(large < 200 * 1024, "peak {large} kB");
    assert!(
        large * 4 < small * 5,
        "10,000: {small} kB, 20,000: {large} kB"
    );
}

/// The random 20×20 CrossProducts that were hardest for the default engine (seeds 3 and
/// 12: the walk met conflicts, and seed 12 used to hand over to varisat, 755 MB) and the
/// largest (seed 8): `solve --unique` under 250 MB peak, every table found verified.
#[test]
#[ignore = "three 7-million-clause CNFs (about 3 s); run with --release --ignored"]
fn random_20x20_crossproducts_solve_under_250_mb() {
    let dir = common::cli::TempDir::new();
    for seed in ["3", "8", "12"] {
        let gen = Command::new(env!("CARGO_BIN_EXE_cagesat"))
            .args(["generate", "crossproduct", "--rows", "20", "--cols", "20"])
            .args(["--seed", seed])
            .output()
            .unwrap();
        assert!(gen.status.success(), "generate seed {seed}");
        let text = String::from_utf8(gen.stdout).unwrap();
        let path = dir.write(&format!("s{seed}.crossproduct"), &text);
        let (kb, out) = peak_kb(&["solve", "--unique", &path]);
        // The status line; the second solution is drawn after it.
        assert!(
            out.lines().any(|l| l == "solved (multiple solutions)"),
            "seed {seed}: {out}"
        );
        assert!(kb > 0, "no memory reading");
        assert!(kb < 250 * 1024, "seed {seed}: peak {kb} kB");
    }
}
