//! `--threads N` and `--split`: one puzzle on several threads gives the answers of one
//! thread (verified grids, exact counts), stops at `--limit` and `--timeout` as one thread
//! does, and refuses zero threads.

use crate::common::cli::run;

/// A 10×10 KenKen: `auto` sends it to CDCL (varisat), so it runs on every thread given.
const KENKEN: &str = "tests/data/kenken/generated/gen_kenken_10x10_s10000.kenken";
/// A 6×6 CrossProduct with 1,942 solutions.
const SOME: &str = "tests/data/crossproduct/generated/gen_crossproduct_6x6_s1060606.crossproduct";
/// A random 10×10 CrossProduct: millions of solutions.
const MANY: &str = "tests/data/crossproduct/generated/gen_crossproduct_10x10_s1101000.crossproduct";

#[test]
fn solve_and_unique_agree_on_every_thread_count() {
    let one = run(["solve", "--unique", "--json", "--threads", "1", KENKEN]);
    assert_eq!(one.code, Some(0), "{}", one.stderr);
    let want = one.json();
    assert_eq!(want["unique"], true);
    for threads in ["2", "3", "4"] {
        for split in ["auto", "cubes", "portfolio"] {
            for unique in [true, false] {
                let mut args = vec!["solve", "--json", "--threads", threads, "--split", split];
                if unique {
                    args.push("--unique");
                }
                args.push(KENKEN);
                let o = run(&args);
                assert_eq!(o.code, Some(0), "{args:?}: {}", o.stderr);
                let got = o.json();
                assert_eq!(got["solution"], want["solution"], "{args:?}");
                let unique_field = if unique {
                    want["unique"].clone()
                } else {
                    serde_json::Value::Null
                };
                assert_eq!(got["unique"], unique_field, "{args:?}");
            }
        }
    }
}

#[test]
fn counts_are_exact_on_threads() {
    for backend in ["varisat", "cadical"] {
        for threads in ["1", "2", "3", "4"] {
            let args = [
                "count",
                "--json",
                "--backend",
                backend,
                "--threads",
                threads,
                SOME,
            ];
            let o = run(args);
            assert_eq!(o.code, Some(0), "{args:?}: {}", o.stderr);
            let v = o.json();
            assert_eq!(
                (v["count"].as_u64(), v["complete"].as_bool()),
                (Some(1942), Some(true)),
                "{args:?}"
            );
        }
    }
}

#[test]
fn a_limit_on_threads_stops_at_exactly_k() {
    for threads in ["2", "3"] {
        for limit in ["1", "2", "77"] {
            let args = [
                "count",
                "--json",
                "--backend",
                "cadical",
                "--threads",
                threads,
                "--limit",
                limit,
                MANY,
            ];
            let o = run(args);
            assert_eq!(o.code, Some(0), "{args:?}: {}", o.stderr);
            let v = o.json();
            assert_eq!(
                v["count"].as_u64(),
                Some(limit.parse().unwrap()),
                "{args:?}"
            );
            assert_eq!(v["complete"], false, "{args:?}");
            assert_eq!(v["stopped"], serde_json::Value::Null, "{args:?}");
        }
    }
}

#[test]
fn a_timeout_on_threads_ends_every_worker_and_says_so() {
    for (backend, split) in [
        ("cadical", "cubes"),
        ("varisat", "cubes"),
        ("cadical", "portfolio"),
    ] {
        let args = [
            "count",
            "--json",
            "--backend",
            backend,
            "--threads",
            "2",
            "--split",
            split,
            "--timeout",
            "0.3",
            MANY,
        ];
        let o = run(args);
        assert_eq!(o.code, Some(3), "{args:?}: {}", o.stderr);
        let v = o.json();
        assert_eq!(v["stopped"], "timeout", "{args:?}");
        assert_eq!(v["complete"], false, "{args:?}");
    }
}

#[test]
fn zero_threads_are_refused_and_other_engines_ignore_threads() {
    let o = run(["solve", "--threads", "0", KENKEN]);
    assert_eq!(o.code, Some(2));
    assert!(
        o.stderr
            .starts_with("cagesat: invalid value '0' for '--threads <N>'"),
        "{}",
        o.stderr
    );
    let native = run(["solve", "--unique", "--json", "--engine", "native", KENKEN]);
    let threaded = run([
        "solve",
        "--unique",
        "--json",
        "--engine",
        "native",
        "--threads",
        "4",
        KENKEN,
    ]);
    assert_eq!(threaded.code, Some(0), "{}", threaded.stderr);
    assert_eq!(threaded.json()["solution"], native.json()["solution"]);
    assert_eq!(threaded.json()["unique"], true);
}
