//! The library's public enums can grow without breaking their users: every `pub enum` in
//! `src/` is `#[non_exhaustive]`, so a new variant, engine, error or outcome is an addition,
//! not a breaking change (the front ends in `cli/`, `python/` and `web/` carry the wildcard
//! arms this asks of them).

/// `(file, line, enum)` for every `pub enum` under `src/` whose attributes lack
/// `#[non_exhaustive]`, and how many public enums there are.
fn open_enums() -> (Vec<String>, usize) {
    let (mut open, mut total) = (Vec::new(), 0);
    for path in crate::layers::files_under("src") {
        if path.extension() != Some("rs".as_ref()) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.trim_start().strip_prefix("pub enum ") else {
                continue;
            };
            total += 1;
            // The attributes and doc comments directly above the item.
            let attributes = lines[..i]
                .iter()
                .rev()
                .take_while(|l| {
                    let l = l.trim_start();
                    l.starts_with("#[") || l.starts_with("///") || l.starts_with(')')
                })
                .any(|l| l.trim() == "#[non_exhaustive]");
            if !attributes {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                open.push(format!("{}:{}: {name}", path.display(), i + 1));
            }
        }
    }
    (open, total)
}

#[test]
fn every_public_enum_is_non_exhaustive() {
    let (open, total) = open_enums();
    assert!(total >= 70, "found only {total} public enums under src/");
    assert!(
        open.is_empty(),
        "public enums without #[non_exhaustive]: {open:#?}"
    );
}
