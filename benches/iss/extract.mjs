// extract.mjs: the ISS corpus of tests/data/variant/iss, from a checkout of the
// Interactive Sudoku Solver (https://github.com/sigh/Interactive-Sudoku-Solver, MIT).
//
//   node benches/iss/extract.mjs ISS_CHECKOUT [OUT_DIR]
//
// Loads ISS's data/example_puzzles.js and data/collections.js (ES modules) with ISS's own
// parser, and writes every puzzle that has a solution and whose constraints are all
// cagesat variant families (square grid, digits 1..N) as OUT_DIR/NAME.iss (the ISS
// constraint string, one line) and OUT_DIR/NAME.solution (rows of digits, space
// separated). It also writes OUT_DIR/puzzles.tsv (NAME, ISS name; the list bench.sh
// hands to ISS's benchmark) and OUT_DIR/skipped.tsv (ISS name, reason). OUT_DIR defaults
// to tests/data/variant/iss. No ISS code is copied: the checkout is only imported.

import { mkdirSync, readFileSync, writeFileSync, readdirSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
let budget = 200000;
const at = args.indexOf('--budget');
if (at >= 0) budget = Number(args.splice(at, 2)[1]);
const [issArg, outArg] = args;
if (!issArg || !Number.isInteger(budget) || budget < 0) {
  console.error('usage: node benches/iss/extract.mjs [--budget BACKTRACKS] ISS_CHECKOUT [OUT_DIR]');
  process.exit(2);
}
const ISS = resolve(issArg);
const OUT = resolve(outArg ?? 'tests/data/variant/iss');

globalThis.self ??= globalThis;
globalThis.VERSION_PARAM ??= '';
const load = (rel) => import(pathToFileURL(join(ISS, rel)).href);
const { ensureGlobalEnvironment } = await load('tests/helpers/test_env.js');
ensureGlobalEnvironment();
const examples = await load('data/example_puzzles.js');
const collections = await load('data/collections.js');
const { SudokuParser } = await load('js/sudoku_parser.js');
const { CellGeometry } = await load('js/cell_geometry.js');
const { runSandboxToConstraint } = await load('tools/lib/sandbox_runner.js');
const { runSolve } = await load('tools/lib/solver_analysis.js');

// The ISS constraint types cagesat has a family for, each with a check of its
// arguments against the grid (null: fine; else the reason it is not one of ours).
const inRange = (n, v) => Number.isInteger(v) && v >= 1 && v <= n;
const FAMILIES = {
  Shape: () => null, // the grid itself, checked below
  Given: (c, n) => (c.values.every((v) => inRange(n, +v)) ? null : 'Given outside 1..N'),
  Cage: () => null,
  AllDifferent: () => null, // an extra region
  Jigsaw: () => null,
  Diagonal: () => null,
  AntiKnight: () => null,
  AntiKing: () => null,
  AntiConsecutive: () => null,
  Windoku: (c, n) => (n === 9 ? null : `Windoku on ${n}x${n}`),
  WhiteDot: () => null,
  BlackDot: () => null,
  StrictKropki: () => null,
  X: () => null,
  V: () => null,
  StrictXV: () => null,
  GreaterThan: () => null,
  Quad: (c, n) => (c.values.length >= 1 && c.values.length <= 4
    && c.values.every((v) => inRange(n, +v)) ? null : 'Quad values'),
  Thermo: () => null,
  Arrow: () => null,
  PillArrow: (c) => ([2, 3].includes(c.pillSize) ? null : `PillArrow of ${c.pillSize}`),
  DoubleArrow: () => null,
  Whisper: (c, n) => (inRange(n - 1, c.difference) ? null : `Whisper~${c.difference}`),
  Renban: () => null,
  Palindrome: () => null,
  Between: () => null,
  Lockout: (c, n) => (inRange(n - 1, +c.minDiff) ? null : `Lockout~${c.minDiff}`),
  RegionSumLine: () => null,
  Zipper: () => null,
  Entropic: (c, n) => (n === 9 ? null : `Entropic on ${n}x${n}`),
  Modular: (c, n) => (inRange(n, c.mod) ? null : `Modular~${c.mod}`),
  LittleKiller: () => null,
  Sandwich: () => null,
  XSum: () => null,
  Skyscraper: () => null,
};

// Every puzzle of both files: the example index (collections.js adds its EXAMPLES to
// it) and every exported collection, resolved as ISS resolves them, once per input.
const seen = new Map();
const add = (config, where) => {
  if (!config || typeof config.input !== 'string') return;
  const key = config.input;
  if (seen.has(key)) {
    const old = seen.get(key);
    if (!old.solution && config.solution) old.solution = config.solution;
    return;
  }
  seen.set(key, { ...config, where });
};
const displayed = new Set(examples.DISPLAYED_EXAMPLES);
for (const p of examples.PUZZLE_INDEX.values()) {
  const where = displayed.has(p) ? 'example_puzzles.js' : 'collections.js EXAMPLES';
  add(examples.resolvePuzzleConfig(p), where);
}
for (const [name, set] of Object.entries(collections)) {
  if (!Array.isArray(set)) continue;
  set.forEach((entry, i) => {
    const config = typeof set.configFor === 'function'
      ? set.configFor(entry)
      : examples.resolvePuzzleConfig(entry);
    if (!config.name || config.name === config.input) config.name = `${name}#${i}`;
    add(config, `collections.js ${name}`);
  });
}

const slug = (name) => name.normalize('NFKD').replace(/[^\x00-\x7f]/g, '')
  .toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'puzzle';

// The reason a resolved puzzle is not in the corpus, or null.
const reasonFor = (parsed, geometry) => {
  const n = geometry.numRows;
  if (geometry.numRows !== geometry.numCols) return `shape ${geometry.gridDimsStr}`;
  if (geometry.numValues !== n || geometry.minValue() !== 1) {
    return `digits ${geometry.minValue()}..${geometry.maxValue()} on ${geometry.gridDimsStr}`;
  }
  if (geometry.gridType && geometry.gridType !== 'Sudoku') return `grid type ${geometry.gridType}`;
  if (geometry.numVarCells && geometry.numVarCells() > 0) return 'extra variable cells';
  const reasons = new Set();
  let jigsaw = false;
  parsed.forEachTopLevel((c) => { jigsaw ||= c.type === 'Jigsaw'; });
  if (!jigsaw && !CellGeometry.boxDimsForSize(n, n, n)[0]) reasons.add(`no boxes (${n}x${n})`);
  parsed.forEachTopLevel((c) => {
    const check = Object.hasOwn(FAMILIES, c.type) ? FAMILIES[c.type] : null;
    const why = check ? check(c, n) : c.type;
    if (why) reasons.add(why);
  });
  return reasons.size ? [...reasons].sort().join(', ') : null;
};

const kept = [];
const unproven = [];
const skipped = [];
const names = new Set();
for (const p of seen.values()) {
  const name = p.name ?? p.input;
  let input = p.input;
  if (input.startsWith('/')) {
    const text = readFileSync(join(ISS, input), 'utf8');
    try {
      input = input.endsWith('.js') ? await runSandboxToConstraint(text) : text;
    } catch (e) {
      skipped.push([name, `ISS's script ${input} fails: ${e.message}`]);
      continue;
    }
  }
  let parsed;
  try {
    parsed = SudokuParser.parseText(input);
  } catch (e) {
    skipped.push([name, `ISS cannot parse it: ${e.message}`]);
    continue;
  }
  const geometry = parsed.getGeometry();
  const why = reasonFor(parsed, geometry);
  if (why) { skipped.push([name, why]); continue; }
  if (!p.solution) { skipped.push([name, 'no solution in the data (families all ours)']); continue; }
  const n = geometry.numRows;
  const sol = p.solution.replace(/\s+/g, '');
  if (sol.length !== n * n) { skipped.push([name, `solution of ${sol.length} characters`]); continue; }
  // ISS writes digits up to 9 as themselves and, past 9, every digit as a letter (A = 1).
  const digits = [...sol].map((ch) => (n < 10 ? parseInt(ch, 10) : ch.charCodeAt(0) - 64));
  if (digits.some((d) => !inRange(n, d))) { skipped.push([name, 'solution not in 1..N']); continue; }
  // ISS's own solver, to two solutions within the budget: a puzzle with a second
  // solution, or whose solution differs from the data's, is not in the corpus.
  // (runSolve writes its solution as the digits' numbers run together.)
  const run = runSolve({ name, input, solution: digits.join('') },
    { maxBacktracks: budget, maxSolutions: 2 });
  if (run.status !== 'unique' && run.status !== 'capped') {
    skipped.push([name, `ISS's solver: ${run.status}`]);
    continue;
  }
  if (run.status === 'capped') unproven.push(name);
  // The ISS constraint string: the input as written when it is one, else ISS's own
  // serialization of what it parsed (the short killer and plain grid formats).
  const iss = input.trim().startsWith('.') && !input.includes('\n')
    ? input.trim()
    : parsed.toString().replace(/\s+/g, '');
  let file = slug(name);
  for (let k = 2; names.has(file); k++) file = `${slug(name)}-${k}`;
  names.add(file);
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(digits.slice(r * n, r * n + n).join(' '));
  const types = new Set();
  parsed.forEachTopLevel((c) => types.add(c.type));
  kept.push({ file, name, iss, solution: rows.join('\n') + '\n', size: n, where: p.where, types });
}

mkdirSync(OUT, { recursive: true });
for (const f of readdirSync(OUT)) {
  if (f.endsWith('.iss') || f.endsWith('.solution')) unlinkSync(join(OUT, f));
}
for (const k of kept) {
  writeFileSync(join(OUT, `${k.file}.iss`), k.iss + '\n');
  writeFileSync(join(OUT, `${k.file}.solution`), k.solution);
}
const tsv = (rows) => rows.map((r) => r.join('\t')).join('\n') + '\n';
writeFileSync(join(OUT, 'puzzles.tsv'), tsv(kept.map((k) => [k.file, k.name, `${k.size}x${k.size}`, k.where])));
writeFileSync(join(OUT, 'skipped.tsv'), tsv(skipped));

const byReason = new Map();
for (const [, why] of skipped) byReason.set(why, (byReason.get(why) ?? 0) + 1);
const byType = new Map();
for (const k of kept) for (const t of k.types) byType.set(t, (byType.get(t) ?? 0) + 1);
const bySize = new Map();
for (const k of kept) bySize.set(k.size, (bySize.get(k.size) ?? 0) + 1);
const count = (m) => [...m].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
const cell = (s) => String(s).replace(/\|/g, '\\|');

const [commit] = process.env.ISS_COMMIT ? [process.env.ISS_COMMIT] : ['(not given: set ISS_COMMIT)'];
const readme = `# ISS corpus: variant Sudoku from the Interactive Sudoku Solver

Every puzzle of the Interactive Sudoku Solver's \`data/example_puzzles.js\` and
\`data/collections.js\` that has a solution in that data and whose constraints are all
cagesat variant families (square grid, digits 1..N, boxes or jigsaw regions), as
\`NAME.iss\` (ISS's constraint string, one line, as ISS writes it in its URLs) and
\`NAME.solution\` (ISS's solution, one row a line, digits separated by spaces).
\`puzzles.tsv\` maps each NAME to its ISS name, size and where it is listed; \`skipped.tsv\`
lists every other puzzle with the reason (the ISS constraint types cagesat has no family
for, or what else rules it out).

Source: https://github.com/sigh/Interactive-Sudoku-Solver, commit ${commit}; MIT licence,
Copyright (c) 2023 sigh. The puzzles themselves are by their setters, credited by the
\`src\` links in ISS's data files. Made by \`node benches/iss/extract.mjs ISS_CHECKOUT\`
(no ISS code is copied here); rerun it to refresh this folder and this file.

ISS's solver checked each kept puzzle (to two solutions, ${budget} backtracks at most):
${unproven.length ? `unique and equal to the data's solution but for ${unproven.join(', ')}, not finished within the budget (the data's solution is a solution).` : 'every one unique and equal to the data\'s solution.'}

Grids of side 6 and 12 have ISS's boxes (2 rows × 3 columns, 3 × 4), which are cagesat's.

## Counts

${kept.length} kept, ${skipped.length} skipped, of ${seen.size} distinct puzzles (by input).

| side | kept |
|---|---|
${count(bySize).map(([s, c]) => `| ${s}×${s} | ${c} |`).join('\n')}

| ISS constraint type | kept puzzles using it |
|---|---|
${count(byType).map(([t, c]) => `| ${t === 'Given' ? 'Given (\`.~R1C1_5\`, pencilmarks \`_1_3\`)' : t} | ${c} |`).join('\n')}

| skipped because | puzzles |
|---|---|
${count(byReason).map(([w, c]) => `| ${cell(w)} | ${c} |`).join('\n')}

## Skipped

| ISS name | reason |
|---|---|
${skipped.map(([n, w]) => `| ${cell(n.length > 60 ? n.slice(0, 57) + '...' : n)} | ${cell(w)} |`).join('\n')}
`;
writeFileSync(join(OUT, 'README.md'), readme);

console.log(`kept ${kept.length}, skipped ${skipped.length} of ${seen.size}`);
for (const [why, c] of count(byReason)) console.log(`  ${c}\t${why}`);
