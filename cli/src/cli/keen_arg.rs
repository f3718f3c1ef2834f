//! Keen game IDs and puzz.link URLs given on the command line in place of a file name.

use std::path::Path;

use cagesat::parse::{looks_like_puzzlink_url, parse_keen_id};
use cagesat::{ParseError, ParseOptions, Puzzle};

/// The name errors in a command-line game ID are reported under.
pub(crate) const ID_NAME: &str = "<keen id>";

/// True when `arg` names no existing file and reads as a Keen game ID (`[keen:]N[dD][m]:…`,
/// or `N…#seed`, which is then rejected with its own message).
#[must_use]
pub(crate) fn is_keen_id_arg(arg: &Path) -> bool {
    let Some(text) = arg.to_str() else {
        return false;
    };
    if arg.exists() || text.contains('\n') {
        return false;
    }
    // Towers and Unequal IDs share Keen's `N:` start; they are read as one-line puzzles.
    if cagesat::parse::looks_like_towers_id(text) || cagesat::parse::looks_like_unequal_id(text) {
        return false;
    }
    cagesat::parse::looks_like_keen_id(text)
}

/// The puzzle of a command-line game ID, or `None` when `arg` is not one. Errors are named
/// [`ID_NAME`] and positioned in the argument (`<keen id>:1:9: …`).
pub(crate) fn keen_id_arg(arg: &Path) -> Option<Result<Puzzle, ParseError>> {
    if !is_keen_id_arg(arg) {
        return None;
    }
    let text = arg.to_str()?;
    Some(
        parse_keen_id(text)
            .map(Puzzle::KenKen)
            .map_err(|e| e.with_path(Some(Path::new(ID_NAME)))),
    )
}

/// The name errors in a command-line puzz.link URL are reported under.
pub(crate) const URL_NAME: &str = "<url>";

/// The puzzle of a command-line puzz.link URL (`https://puzz.link/p?kakuro/…`, also
/// `pzv.jp/p.html?…`, with or without the scheme), or `None` when `arg` is not one. Errors
/// are named [`URL_NAME`] and positioned at the URL's character (`<url>:1:38: …`).
pub(crate) fn url_arg(arg: &Path) -> Option<Result<Puzzle, ParseError>> {
    let text = arg.to_str()?;
    if !looks_like_puzzlink_url(text) || arg.exists() {
        return None;
    }
    Some(Puzzle::parse_with(
        text,
        &ParseOptions::default().path(URL_NAME),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_told_from_file_names() {
        for id in ["4:a_7a__a_aaba,s2m12", "keen:4:x", "6dh#seed", "9dxm:_,a1"] {
            assert!(is_keen_id_arg(Path::new(id)), "{id}");
        }
        for name in ["puzzle.kenken", "-", "4x4.keen", "12", "Cargo.toml", "c:/x"] {
            assert!(!is_keen_id_arg(Path::new(name)), "{name}");
        }
    }
}
