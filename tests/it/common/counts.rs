//! The worked counts of `encodings/*.md`: each document has tables of
//! `| family | vars | clauses |` rows, compared with the encoder's own family statistics.

use cagesat::encode::Encoding;

/// A row: family name, variables, clauses.
pub(crate) type Row = (String, usize, usize);

/// The rows of the first `| family | vars | clauses |` table after `marker` in `doc`.
pub(crate) fn documented(doc: &str, marker: &str) -> Vec<Row> {
    let text = std::fs::read_to_string(doc).unwrap_or_else(|e| panic!("{doc}: {e}"));
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("{doc}: no '{marker}'"));
    text[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| family | vars"))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let vars = cells.get(1)?.parse().ok()?;
            let clauses = cells.get(2)?.parse().ok()?;
            Some((cells[0].trim_matches('`').to_string(), vars, clauses))
        })
        .collect()
}

/// The encoding's rows in the documents' shape: the `x` variables (`x_vars`, no clauses),
/// every family, the total.
pub(crate) fn encoded(enc: &Encoding, x_vars: usize) -> Vec<Row> {
    let mut rows: Vec<Row> = enc
        .families()
        .iter()
        .map(|f| (f.name.to_string(), f.stats.vars, f.stats.clauses))
        .collect();
    rows.insert(0, ("x".to_string(), x_vars, 0));
    let total = enc.stats();
    rows.push(("total".to_string(), total.vars, total.clauses));
    rows
}
