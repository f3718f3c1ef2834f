//! # Generate, and the lists the page's choices come from
//!
//! [`lists`] answers the kinds ([`cagesat::puzzle::KINDS`]), for each the difficulties and
//! options its generator takes ([`cagesat::generate::generator`]: Keen's names on a
//! KenKen's cage scale, the grade levels of the others; the yes/no options `diagonals`,
//! `jigsaw`, `adjacent`, …), the sides the library generates where it names them
//! (`TOWERS_GEN_SIDES`, `UNEQUAL_GEN_SIDES`, `JIGSAW_GEN_SIDES`, the Kakuro dimensions) and
//! the largest side the editor draws (`MAX_TOWERS_SIDE`, `MAX_UNEQUAL_SIDE`), so that the
//! page's selects are never a list of their own.
//!
//! [`generate`] makes a puzzle of `kind`, `size`, `seed`, `difficulty` and those options
//! (`extra` keys of the same names) through the library's [`cagesat::generate::generate`],
//! which takes the level into a KenKen's, a Kakuro's and a Killer's generator and tries
//! seeds for the other kinds until one has the level asked.

use std::ops::RangeInclusive;

use cagesat::generate::{
    generator, GenOption, GenerateSpec, JIGSAW_GEN_SIDES, MAX_KAKURO_GEN_DIM, MIN_KAKURO_DIM,
    TOWERS_GEN_SIDES, UNEQUAL_GEN_SIDES,
};
use cagesat::grade::{KeenDifficulty, Scale};
use cagesat::puzzle::{KINDS, MAX_TOWERS_SIDE, MAX_UNEQUAL_SIDE};
use cagesat::{Puzzle, Stop};
use serde_json::{json, Value};

use crate::actions::failure;

/// `[first, last]` of a range of sides.
fn sides(r: &RangeInclusive<usize>) -> Value {
    json!([r.start(), r.end()])
}

/// What the page offers per kind (see the module notes), in the order of
/// [`cagesat::puzzle::KINDS`].
#[must_use]
pub fn lists() -> Value {
    let kinds: Vec<Value> = KINDS
        .iter()
        .map(|k| {
            let mut v = json!({"name": k.name, "title": k.title, "variants": k.variants,
                "difficulties": [], "options": [], "sides": null, "max": null});
            if let Some(g) = generator(k.name) {
                v["difficulties"] = if g.scale() == Some(Scale::Cages) {
                    json!(KeenDifficulty::ALL.map(KeenDifficulty::name))
                } else {
                    json!(g.level_names())
                };
                let flags: Vec<&str> = g
                    .options()
                    .iter()
                    .filter(|o| o.is_flag())
                    .map(|o| o.name())
                    .collect();
                v["options"] = json!(flags);
            }
            match k.name {
                "kakuro" => v["sides"] = json!([MIN_KAKURO_DIM, MAX_KAKURO_GEN_DIM]),
                "sudoku" => v["jigsawSides"] = sides(&JIGSAW_GEN_SIDES),
                "towers" => {
                    v["sides"] = sides(&TOWERS_GEN_SIDES);
                    v["max"] = json!(MAX_TOWERS_SIDE);
                }
                "unequal" => {
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

/// The spec the page's `extra` asks of the kind named `kind`: `size` (default 6), `seed`
/// (default 1), `difficulty` (empty: any) and each yes/no option the kind's generator
/// reads (the page sends every checkbox, shown or not).
fn spec(kind: &str, extra: &Value) -> Result<GenerateSpec, String> {
    let g = generator(kind).ok_or_else(|| format!("unknown kind '{kind}'"))?;
    let size = extra["size"]
        .as_u64()
        .and_then(|s| usize::try_from(s).ok())
        .unwrap_or(6);
    let mut spec = GenerateSpec::new(size);
    spec.seed = extra["seed"].as_u64().unwrap_or(1);
    let difficulty = extra["difficulty"].as_str().unwrap_or("");
    if !difficulty.is_empty() {
        let level = g.level(difficulty);
        spec.level = Some(level.ok_or_else(|| format!("unknown difficulty '{difficulty}'"))?);
    }
    let flag = |option: GenOption| {
        g.options().contains(&option) && extra[option.name()].as_bool().unwrap_or(false)
    };
    spec.diagonals = flag(GenOption::Diagonals);
    spec.jigsaw = flag(GenOption::Jigsaw);
    spec.adjacent = flag(GenOption::Adjacent);
    Ok(spec)
}

/// A new puzzle: `kind`, `size`, `seed`, `difficulty` (empty: any), and `diagonals`,
/// `jigsaw` (Sudoku), `adjacent` (Unequal) in `extra`. Answers the text (`text`), the seed
/// that made it (`seed`) and its level (`level`, where the generator knows it).
#[must_use]
pub fn generate(extra: &Value) -> Value {
    let kind = extra["kind"].as_str().unwrap_or("kenken");
    let made = spec(kind, extra).and_then(|spec| {
        cagesat::generate::generate(kind, &spec, &Stop::new()).map_err(|e| format!("generate: {e}"))
    });
    match made {
        Ok(made) => {
            let scale = generator(kind).and_then(|g| g.scale());
            let level = made.level.zip(scale).map(|(l, s)| s.name(l));
            let grade = level.map(|l| format!(", {l}")).unwrap_or_default();
            let p = &made.puzzle;
            json!({
                "ok": true,
                "status": format!("generated a {} {} (seed {}{grade})", p.size_label(), p.kind(), made.seed),
                "text": text_of(p),
                "seed": made.seed,
                "level": level,
            })
        }
        Err(e) => failure(&e),
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

#[cfg(test)]
mod tests {
    use super::*;
    use cagesat::{Engine, EngineOptions};

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
        let model = crate::editor::model(&unique(&jigsaw));
        assert_eq!(model["kind"], "sudoku", "{jigsaw}");
        assert!(model["regions"].is_array(), "{jigsaw}");
        let adjacent =
            generate(&json!({"kind": "unequal", "size": 4, "seed": 2, "adjacent": true}));
        let model = crate::editor::model(&unique(&adjacent));
        assert_eq!(model["kind"], "unequal", "{adjacent}");
        assert_eq!(model["adjacent"], true, "{adjacent}");
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
