//! # Generate, and the lists the page's choices come from
//!
//! [`lists`] answers the kinds ([`cagesat::puzzle::KINDS`]), for each the sides the library
//! generates where it names them (`TOWERS_GEN_SIDES`, `UNEQUAL_GEN_SIDES`,
//! `JIGSAW_GEN_SIDES`, the Kakuro dimensions), the largest side the editor draws
//! (`MAX_TOWERS_SIDE`, `MAX_UNEQUAL_SIDE`), the difficulties its generator takes (Keen's
//! names for a KenKen, the grade levels of the others) and its options (`diagonals`,
//! `jigsaw`, `adjacent`), so that the page's selects are never a list of their own.
//!
//! [`generate`] makes a puzzle of `kind`, `size`, `seed`, `difficulty` and those options
//! (`extra` keys of the same names). A KenKen and a Kakuro take the difficulty into their
//! generator; a Sudoku, Killer, jigsaw Sudoku, Towers or Unequal is graded as the command
//! line does (`generate sudoku --difficulty`) and seeds are tried until one has the level
//! asked, at most [`MAX_ATTEMPTS`].

use std::ops::RangeInclusive;

use cagesat::generate::{
    generate_crossproduct, generate_kakuro, generate_kenken, CrossProductParams, KakuroParams,
    KenKenParams, SplitMix64, SudokuVariant, JIGSAW_GEN_SIDES, MAX_KAKURO_GEN_DIM, MIN_KAKURO_DIM,
    TOWERS_GEN_SIDES, UNEQUAL_GEN_SIDES,
};
use cagesat::grade::{KeenDifficulty, Level, Scale};
use cagesat::puzzle::{Killer, Sudoku, Towers, Unequal, KINDS, MAX_TOWERS_SIDE, MAX_UNEQUAL_SIDE};
use cagesat::{EngineOptions, Puzzle, Stop};
use serde_json::{json, Value};

use crate::actions::failure;

/// Seeds tried for a graded kind before giving up on the difficulty (as the command line's
/// `--max-attempts`).
pub const MAX_ATTEMPTS: u64 = 200;

/// The largest Killer cage the page's generator makes (as the command line's default).
const MAX_CAGE: usize = 5;

/// `[first, last]` of a range of sides.
fn sides(r: &RangeInclusive<usize>) -> Value {
    json!([r.start(), r.end()])
}

/// The grade levels a Latin-square kind without boxes is generated at (box-line needs boxes).
fn latin_levels() -> Vec<&'static str> {
    names(Scale::Houses)
        .into_iter()
        .filter(|&l| Scale::Houses.level(l) != Some(Level::Interactions))
        .collect()
}

/// The names of a scale's levels, weakest first.
fn names(scale: Scale) -> Vec<&'static str> {
    scale.levels().iter().map(|&l| scale.name(l)).collect()
}

/// What the page offers per kind (see the module notes), in the order of
/// [`cagesat::puzzle::KINDS`].
#[must_use]
pub fn lists() -> Value {
    let sudoku_levels = names(Scale::Houses);
    let kinds: Vec<Value> = KINDS
        .iter()
        .map(|k| {
            let mut v = json!({"name": k.name, "title": k.title, "variants": k.variants,
                "difficulties": [], "options": [], "sides": null, "max": null});
            match k.name {
                "kenken" => {
                    v["difficulties"] = json!(KeenDifficulty::ALL.map(KeenDifficulty::name));
                }
                "kakuro" => {
                    v["difficulties"] = json!(names(Scale::Runs));
                    v["sides"] = json!([MIN_KAKURO_DIM, MAX_KAKURO_GEN_DIM]);
                }
                "sudoku" => {
                    v["difficulties"] = json!(sudoku_levels);
                    v["options"] = json!(["diagonals", "jigsaw"]);
                    v["jigsawSides"] = sides(&JIGSAW_GEN_SIDES);
                }
                "killer" => {
                    v["difficulties"] = json!(sudoku_levels);
                    v["options"] = json!(["diagonals"]);
                }
                "towers" => {
                    v["difficulties"] = json!(latin_levels());
                    v["sides"] = sides(&TOWERS_GEN_SIDES);
                    v["max"] = json!(MAX_TOWERS_SIDE);
                }
                "unequal" => {
                    v["difficulties"] = json!(latin_levels());
                    v["options"] = json!(["adjacent"]);
                    v["sides"] = sides(&UNEQUAL_GEN_SIDES);
                    v["max"] = json!(MAX_UNEQUAL_SIDE);
                }
                _ => {}
            }
            v
        })
        .collect();
    json!({ "kinds": kinds })
}

/// The generator's choices, read from the page's `extra`.
struct Choice<'a> {
    kind: &'a str,
    size: usize,
    seed: u64,
    difficulty: &'a str,
    diagonals: bool,
    jigsaw: bool,
    adjacent: bool,
}

impl<'a> Choice<'a> {
    fn read(extra: &'a Value) -> Choice<'a> {
        let flag = |key: &str| extra[key].as_bool().unwrap_or(false);
        Choice {
            kind: extra["kind"].as_str().unwrap_or("kenken"),
            size: extra["size"]
                .as_u64()
                .and_then(|s| usize::try_from(s).ok())
                .unwrap_or(6),
            seed: extra["seed"].as_u64().unwrap_or(1),
            difficulty: extra["difficulty"].as_str().unwrap_or(""),
            diagonals: flag("diagonals"),
            jigsaw: flag("jigsaw"),
            adjacent: flag("adjacent"),
        }
    }

    /// The Sudoku variant asked (X when `diagonals`).
    fn variant(&self) -> SudokuVariant {
        if self.diagonals {
            SudokuVariant::diagonals()
        } else {
            SudokuVariant::default()
        }
    }
}

/// A new puzzle: `kind`, `size`, `seed`, `difficulty` (empty: any), and `diagonals`,
/// `jigsaw` (Sudoku), `adjacent` (Unequal) in `extra`. Answers the text (`text`), the seed
/// that made it (`seed`) and its level (`level`, graded kinds).
#[must_use]
pub fn generate(extra: &Value) -> Value {
    let c = Choice::read(extra);
    let made = match c.kind {
        "kenken" => kenken(&c).map(|p| (p, c.seed, None)),
        "kakuro" => kakuro(&c).map(|p| (p, c.seed, None)),
        "crossproduct" if c.difficulty.is_empty() => crossproduct(&c).map(|p| (p, c.seed, None)),
        "crossproduct" => Err(format!(
            "unknown difficulty '{}' (a crossproduct has none)",
            c.difficulty
        )),
        "sudoku" | "killer" | "towers" | "unequal" => graded(&c),
        other => Err(format!("unknown kind '{other}'")),
    };
    match made {
        Ok((p, seed, level)) => {
            let grade = level.map(|l| format!(", {l}")).unwrap_or_default();
            json!({
                "ok": true,
                "status": format!("generated a {} {} (seed {seed}{grade})", p.size_label(), p.kind()),
                "text": text_of(&p),
                "seed": seed,
                "level": level,
            })
        }
        Err(e) if e.starts_with("unknown ") => failure(&e),
        Err(e) => failure(&format!("generate: {e}")),
    }
}

/// The puzzle's text, with a first line `kind NAME` when the text alone does not read back
/// as its kind (a `.towers` file is told by its extension, which the text box lacks).
#[must_use]
pub fn text_of(p: &Puzzle) -> String {
    let text = p.to_string();
    let reads = Puzzle::parse(&text).is_ok_and(|q| q.kind() == p.kind());
    if reads {
        text
    } else {
        format!("kind {}\n{text}", p.kind())
    }
}

/// A KenKen of side `size` at `difficulty` (a grade or a Keen difficulty; empty: any).
fn kenken(c: &Choice<'_>) -> Result<Puzzle, String> {
    let mut params = KenKenParams::new(c.size);
    if !c.difficulty.is_empty() {
        match Level::from_name(c.difficulty) {
            Some(level) => params.difficulty = Some(level),
            None => return Err(format!("unknown difficulty '{}'", c.difficulty)),
        }
    }
    generate_kenken(&params, &mut SplitMix64::new(c.seed))
        .map(|g| Puzzle::KenKen(g.puzzle))
        .map_err(|e| e.to_string())
}

/// A Kakuro of `size` rows and columns (the frame included) at `difficulty`.
fn kakuro(c: &Choice<'_>) -> Result<Puzzle, String> {
    let mut params = KakuroParams::new(c.size, c.size);
    params.seed = c.seed;
    if !c.difficulty.is_empty() {
        let level = Scale::Runs
            .level(c.difficulty)
            .ok_or_else(|| format!("unknown difficulty '{}'", c.difficulty))?;
        params.difficulty = Some(level);
    }
    generate_kakuro(&params)
        .map(|g| Puzzle::Kakuro(g.puzzle))
        .map_err(|e| e.to_string())
}

/// A unique CrossProduct of `size` rows and columns.
fn crossproduct(c: &Choice<'_>) -> Result<Puzzle, String> {
    let params = CrossProductParams {
        rows: c.size,
        cols: c.size,
        seed: c.seed,
        unique: true,
        ..CrossProductParams::default()
    };
    generate_crossproduct(&params, &EngineOptions::default().encode)
        .map_err(|e| e.to_string())
        .and_then(|mut v| v.pop().ok_or_else(|| "no puzzle made".to_string()))
        .map(|g| Puzzle::CrossProduct(g.puzzle))
}

/// One puzzle of a graded kind from `seed`.
fn one(c: &Choice<'_>, seed: u64) -> Result<Puzzle, String> {
    let stop = Stop::new();
    let made = match c.kind {
        "sudoku" if c.jigsaw => Sudoku::generate_jigsaw(c.size, seed, c.variant(), &stop)
            .map(|(s, _)| Puzzle::Sudoku(s)),
        "sudoku" => Sudoku::generate_variant(c.size, seed, c.variant(), &stop)
            .map(|(s, _)| Puzzle::Sudoku(s)),
        "killer" => Killer::generate_variant(c.size, seed, MAX_CAGE, c.variant(), &stop)
            .map(|(k, _)| Puzzle::Killer(k)),
        "towers" => Towers::generate(c.size, seed).map(|(t, _)| Puzzle::Towers(t)),
        _ => Unequal::generate(c.size, c.adjacent, seed).map(|(u, _)| Puzzle::Unequal(u)),
    };
    made.map_err(|e| e.to_string())
}

/// A Sudoku, Killer, jigsaw Sudoku, Towers or Unequal of the level asked (any when none):
/// the puzzle, the seed that made it and its level.
fn graded(c: &Choice<'_>) -> Result<(Puzzle, u64, Option<&'static str>), String> {
    let want = if c.difficulty.is_empty() {
        None
    } else {
        let known = match c.kind {
            "towers" | "unequal" => latin_levels(),
            _ => names(Scale::Houses),
        };
        let level = known
            .into_iter()
            .find(|&l| l == c.difficulty)
            .ok_or_else(|| format!("unknown difficulty '{}'", c.difficulty))?;
        Some(level)
    };
    for seed in (0..MAX_ATTEMPTS).map(|i| c.seed.wrapping_add(i)) {
        let puzzle = one(c, seed)?;
        let Some(want) = want else {
            return Ok((puzzle, seed, None));
        };
        let grade = puzzle.grade().map_err(|e| e.to_string())?;
        let level = grade
            .level_name()
            .unwrap_or(Scale::Houses.name(Level::Search));
        if level == want {
            return Ok((puzzle, seed, Some(level)));
        }
    }
    Err(format!(
        "no {} of level {} among seeds {}..{} (try again)",
        c.kind,
        c.difficulty,
        c.seed,
        c.seed.wrapping_add(MAX_ATTEMPTS - 1)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cagesat::Engine;

    /// The puzzle in a generate answer, checked: the library reads it, it has one solution
    /// and the independent verifier accepts that solution.
    fn unique(answer: &Value) -> Puzzle {
        assert_eq!(answer["ok"], true, "{answer}");
        let text = answer["text"].as_str().expect("a text");
        let p = Puzzle::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let (n, _) = Engine::Auto
            .count(&p, &EngineOptions::default(), Some(2))
            .expect("counted");
        assert_eq!(n.count, 1, "{text}");
        let (outcome, _) = Engine::Varisat
            .solve(&p, &EngineOptions::default())
            .expect("solved");
        let grid = outcome.grid().expect("a solution");
        p.verify(grid).unwrap_or_else(|e| panic!("{e}\n{text}"));
        p
    }

    #[test]
    fn every_kind_generates_a_unique_puzzle() {
        let list = lists();
        let kinds = list["kinds"].as_array().expect("kinds");
        assert_eq!(kinds.len(), KINDS.len());
        for k in kinds {
            let name = k["name"].as_str().expect("a name");
            let size = match name {
                "kakuro" => 5,
                "sudoku" | "killer" => 4,
                _ => 4,
            };
            let g = generate(&json!({"kind": name, "size": size, "seed": 7}));
            assert_eq!(unique(&g).kind(), name, "{g}");
        }
        let jigsaw = generate(&json!({"kind": "sudoku", "size": 5, "seed": 3, "jigsaw": true}));
        let Puzzle::Sudoku(s) = unique(&jigsaw) else {
            panic!("a sudoku: {jigsaw}");
        };
        assert!(s.regions().is_some(), "{jigsaw}");
        let adjacent =
            generate(&json!({"kind": "unequal", "size": 4, "seed": 2, "adjacent": true}));
        let Puzzle::Unequal(u) = unique(&adjacent) else {
            panic!("an unequal: {adjacent}");
        };
        assert!(u.adjacent(), "{adjacent}");
    }

    #[test]
    fn every_difficulty_offered_is_understood() {
        for k in lists()["kinds"].as_array().expect("kinds") {
            let name = k["name"].as_str().expect("a name");
            let levels = k["difficulties"].as_array().expect("difficulties");
            assert_eq!(levels.is_empty(), name == "crossproduct", "{k}");
            if let Some(level) = levels.first().and_then(Value::as_str) {
                let size = if name == "kakuro" { 5 } else { 4 };
                let g =
                    generate(&json!({"kind": name, "size": size, "seed": 1, "difficulty": level}));
                let _ = unique(&g);
                if !matches!(name, "kenken" | "kakuro") {
                    assert_eq!(g["level"], level, "{g}");
                }
            }
        }
        let towers = generate(&json!({"kind": "towers", "size": 4, "difficulty": "box-line"}));
        assert_eq!(towers["status"], "unknown difficulty 'box-line'");
        let bad = generate(&json!({"kind": "kenken", "size": 4, "difficulty": "impossible"}));
        assert_eq!(bad["status"], "unknown difficulty 'impossible'");
        let big = generate(&json!({"kind": "towers", "size": 12}));
        assert!(
            big["status"]
                .as_str()
                .unwrap_or_default()
                .starts_with("generate: "),
            "{big}"
        );
    }
}
