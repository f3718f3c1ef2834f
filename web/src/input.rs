//! # What the text box holds
//!
//! The page reads whatever the command line reads, named the way the command line names it:
//! a one-line Keen game ID is `<keen id>` and a puzz.link URL is `<url>` (as when given in
//! place of a file name), any other text is a file called `puzzle`. So every error the page
//! shows is the command line's one-line `name:line:col: message` ([`ParseError`]'s
//! `Display`).

use cagesat::parse::{looks_like_puzzlink_url, parse_keen_id};
use cagesat::{ParseError, ParseOptions, Puzzle};

/// The name errors in pasted text are reported under (a file of that name).
pub const TEXT_NAME: &str = "puzzle";
/// The name errors in a Keen game ID are reported under (as on the command line).
pub const ID_NAME: &str = "<keen id>";
/// The name errors in a puzz.link URL are reported under (as on the command line).
pub const URL_NAME: &str = "<url>";

/// The puzzle in `text`.
///
/// # Errors
/// The first problem in the text, as the command line reports it.
pub fn read(text: &str) -> Result<Puzzle, ParseError> {
    let line = text.trim();
    if !line.contains('\n') {
        if is_keen_id(line) {
            return parse_keen_id(line)
                .map(Puzzle::KenKen)
                .map_err(|e| e.with_path(Some(ID_NAME.as_ref())));
        }
        if looks_like_puzzlink_url(line) {
            return Puzzle::parse_with(line, &ParseOptions::default().path(URL_NAME));
        }
    }
    let opts = ParseOptions::default().path(TEXT_NAME);
    match Puzzle::parse_with(text, &opts) {
        Err(e) => match written_kind(text) {
            Some(kind) => Puzzle::parse_with(text, &opts.kind(kind)),
            None => Err(e),
        },
        read => read,
    }
}

/// The kind of a `.towers` or `.unequal` file as the library writes it (a first line
/// `# towers:ID` or `# unequal:ID`), which is told by its extension on the command line and
/// by that line here, when the text does not read otherwise.
fn written_kind(text: &str) -> Option<&'static str> {
    let first = text.trim_start().lines().next()?;
    ["towers", "unequal"].into_iter().find(|kind| {
        first
            .strip_prefix("# ")
            .is_some_and(|rest| rest.starts_with(&format!("{kind}:")))
    })
}

/// True when `line` reads as a Keen game ID (`[keen:]N[dD][m]:…`, or `N…#seed`, which
/// [`parse_keen_id`] then rejects with its own message): the command line's rule for an
/// argument that names no file.
fn is_keen_id(line: &str) -> bool {
    // Towers and Unequal IDs share Keen's `N:` start; the library's parser reads them.
    let tatham =
        cagesat::parse::looks_like_towers_id(line) || cagesat::parse::looks_like_unequal_id(line);
    !tatham && cagesat::parse::looks_like_keen_id(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_urls_and_text_are_named_as_on_the_command_line() {
        let id = read("keen:4:a_7a__a_aaba,s2m12x").unwrap_err().to_string();
        assert!(id.starts_with("<keen id>:1:"), "{id}");
        let url = read("https://puzz.link/p?kakuro/3/3/zzz\n")
            .unwrap_err()
            .to_string();
        assert!(url.starts_with("<url>:1:"), "{url}");
        let text = read("size 2\n3 % A1 A2").unwrap_err().to_string();
        assert!(text.starts_with("puzzle:2:"), "{text}");
    }

    #[test]
    fn shipped_towers_and_unequal_files_read_without_their_extension() {
        for file in ["towers/tatham-5de.towers", "unequal/tatham-5ade.unequal"] {
            let path = format!("{}/../tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            assert_eq!(read(&text).unwrap(), Puzzle::read(&path).unwrap(), "{file}");
        }
        // Other text keeps its own error.
        let text = read("# towers are tall\nsize 2\n3 % A1 A2").unwrap_err();
        assert!(text.to_string().starts_with("puzzle:3:"), "{text}");
    }

    #[test]
    fn ids_are_told_from_other_lines() {
        for id in ["4:a_7a__a_aaba,s2m12", "keen:4:x", "6dh#seed", "9dxm:_,a1"] {
            assert!(is_keen_id(id), "{id}");
        }
        for line in ["size 4", "rows 3 4", "12", "c:/x", ":4"] {
            assert!(!is_keen_id(line), "{line}");
        }
    }
}
