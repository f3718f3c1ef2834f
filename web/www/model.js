// The puzzle as plain data (the model) and cagesat's text format written from it. The model
// is the worker's `model` JSON (web/src/editor.rs): {kind, rows, cols, box, diagonals, cages:
// [{clue, cells}], givens: {A1: 5}, squares, rowClues, colClues, regions (jigsaw), clues
// (Towers: {top, bottom, left, right}, 0 = none), variants (Sudoku and Killer: each variant
// constraint its text line, `thermo A1 A2 A3`; variant.js), adjacent and marks (Unequal: {"A1 A2": "<"},
// the first cell left of or above the second)}. Cells are named as in the text format: row
// letter, column number (A1).
"use strict";

const SUDOKU_BOXES = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 12: [3, 4], 16: [4, 4] };
// The library's lists (cagesat_web::generate::lists), set when the solver has loaded: the
// kinds, with the largest side the editor draws (`max`), difficulties and options.
let LISTS = { kinds: [] };
const SIDES = ["top", "bottom", "left", "right"];

function kindInfo(kind) {
  return LISTS.kinds.find((k) => k.name === kind) || null;
}

// The boxes of an N×N grid: rows of cells as the jigsaw map starts from (rows when N has no
// boxes).
function boxRegions(n) {
  const box = SUDOKU_BOXES[n];
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) =>
    (box ? Math.floor(r / box[0]) * (n / box[1]) + Math.floor(c / box[1]) : r)));
}

function rowLabel(r) {
  const A = 65;
  return r < 26 ? String.fromCharCode(A + r)
    : String.fromCharCode(A + Math.floor(r / 26) - 1) + String.fromCharCode(A + (r % 26));
}

function label(r, c) {
  return rowLabel(r) + (c + 1);
}

function parseLabel(text) {
  const m = /^([A-Z]{1,2})(\d+)$/.exec(text);
  if (!m) return null;
  let r = 0;
  for (const ch of m[1]) r = r * 26 + (ch.charCodeAt(0) - 64);
  return [r - 1, Number(m[2]) - 1];
}

function byPosition(a, b) {
  const [ra, ca] = parseLabel(a);
  const [rb, cb] = parseLabel(b);
  return ra - rb || ca - cb;
}

// An empty puzzle of `kind` and side `size` (null and a reason when there is none).
// `options`: {jigsaw, adjacent} for the kinds that have them.
function emptyModel(kind, size, options = {}) {
  const n = Math.floor(Number(size));
  const info = kindInfo(kind);
  if (!info && LISTS.kinds.length) return [null, "unknown kind '" + kind + "'"];
  const max = (info && info.max) || 26;
  if (!(n >= 1 && n <= max)) return [null, "bad size '" + size + "' (expected 1.." + max + ")"];
  const model = { kind, rows: n, cols: n, cages: [], givens: {} };
  if (kind === "sudoku" && options.jigsaw) {
    if (n > 16) return [null, "a jigsaw sudoku has side 1..16"];
    model.box = SUDOKU_BOXES[n] || [1, n];
    model.regions = boxRegions(n);
    model.diagonals = false;
    model.variants = [];
  } else if (kind === "sudoku" || kind === "killer") {
    if (!SUDOKU_BOXES[n]) return [null, "a " + kind + " has side 4, 6, 9, 12 or 16"];
    model.box = SUDOKU_BOXES[n];
    model.diagonals = false;
    model.variants = [];
  } else if (kind === "towers") {
    model.clues = {};
    for (const side of SIDES) model.clues[side] = Array(n).fill(0);
  } else if (kind === "unequal") {
    model.adjacent = !!options.adjacent;
    model.marks = {};
  } else if (kind === "kakuro") {
    if (n < 2) return [null, "a kakuro has side 2 or more"];
    model.squares = [];
    for (let r = 0; r < n; r++) {
      model.squares.push(Array.from({ length: n }, (_, c) => (r === 0 || c === 0 ? "#" : ".")));
    }
  } else if (kind === "crossproduct") {
    model.rowClues = Array(n).fill(null);
    model.colClues = Array(n).fill(null);
  }
  return [model, null];
}

// A model read from the worker, completed with what the editor expects.
function normalise(m) {
  const model = Object.assign({ cages: [], givens: {} }, m);
  model.cages = model.cages.map((c) => ({ clue: c.clue, cells: c.cells.slice().sort(byPosition) }));
  if (model.kind === "sudoku" || model.kind === "killer") {
    model.diagonals = !!model.diagonals;
    model.variants = (model.variants || []).slice();
    if (!model.regions) delete model.regions;
  }
  if (model.kind === "unequal") {
    model.adjacent = !!model.adjacent;
    model.marks = Object.assign({}, model.marks);
  }
  if (model.kind === "crossproduct") {
    model.rowClues = (model.rowClues || []).slice();
    model.colClues = (model.colClues || []).slice();
  }
  return model;
}

// ---- the text format ----

const OPS = { "+": "+", "-": "-", "−": "-", "*": "*", "x": "*", "X": "*", "×": "*",
  "/": "/", "÷": "/", "=": "=", "?": "?" };

function kenkenClue(text) {
  const m = /^(\d+)\s*([-+*xX×/÷=?−])$/.exec(text.trim());
  return m ? m[1] + OPS[m[2]] : null;
}

function toText(model) {
  const lines = [];
  const cells = (cs) => cs.join(" ");
  switch (model.kind) {
    case "kenken":
      lines.push("size " + model.rows);
      for (const c of model.cages) {
        lines.push(c.clue.slice(0, -1) + " " + c.clue.slice(-1) + " " + cells(c.cells));
      }
      break;
    case "killer":
      lines.push("size " + model.rows);
      if (model.regions) lines.push(...regionLines(model));
      else lines.push("boxes " + model.box[0] + "x" + model.box[1]);
      if (model.diagonals) lines.push("diagonals");
      for (const c of model.cages) lines.push(c.clue + " " + cells(c.cells));
      for (const cell of Object.keys(model.givens).sort(byPosition)) {
        lines.push(model.givens[cell] + " = " + cell);
      }
      lines.push(...(model.variants || []));
      break;
    case "sudoku": {
      const wide = model.rows > 9;
      if (model.diagonals) lines.push("diagonals");
      for (let r = 0; r < model.rows; r++) {
        const row = [];
        for (let c = 0; c < model.cols; c++) {
          const d = model.givens[label(r, c)];
          row.push(String(d || ".").padStart(wide ? 2 : 1));
        }
        lines.push(row.join(" "));
      }
      if (model.regions) lines.push(...regionLines(model));
      lines.push(...(model.variants || []));
      break;
    }
    case "towers": {
      const show = (v) => (v ? String(v) : ".");
      const cells = (r) => Array.from({ length: model.cols }, (_, c) => show(model.givens[label(r, c)]));
      lines.push("kind towers", "   " + model.clues.top.map(show).join(" "));
      for (let r = 0; r < model.rows; r++) {
        lines.push(show(model.clues.left[r]) + "  " + cells(r).join(" ") + "  " + show(model.clues.right[r]));
      }
      lines.push("   " + model.clues.bottom.map(show).join(" "));
      break;
    }
    case "unequal":
      lines.push("kind unequal", "size " + model.rows + (model.adjacent ? " adjacent" : ""));
      lines.push(...unequalDrawing(model));
      break;
    case "kakuro": {
      const width = Math.max(3, ...model.squares.flat().map((s) => s.length));
      for (const row of model.squares) {
        lines.push(row.map((s) => s.padStart(width)).join(" "));
      }
      break;
    }
    case "crossproduct": {
      const clue = (v) => (v === null || v === undefined ? "?" : String(v));
      lines.push("rows " + model.rowClues.map(clue).join(" "));
      lines.push("cols " + model.colClues.map(clue).join(" "));
      break;
    }
    default:
      break;
  }
  return lines.join("\n") + "\n";
}

// A jigsaw's `regions` block: the line, then a letter per cell (regions lettered in reading
// order of their first cells, as the library writes them).
function regionLines(model) {
  const letters = new Map();
  const out = ["regions"];
  for (const row of model.regions) {
    out.push(row.map((id) => {
      if (!letters.has(id)) letters.set(id, String.fromCharCode(65 + letters.size));
      return letters.get(id);
    }).join(" "));
  }
  return out;
}

// Unequal: Tatham's drawing (parse::unequal::drawing): digits with the marks toward the right
// (< > |), and under each row the marks toward the row below (^ v -).
function unequalDrawing(model) {
  const out = [];
  const n = model.rows;
  const mark = (a, b) => model.marks[a + " " + b] || "";
  for (let r = 0; r < n; r++) {
    let line = "";
    for (let c = 0; c < n; c++) {
      line += String(model.givens[label(r, c)] || ".");
      if (c + 1 < n) line += mark(label(r, c), label(r, c + 1)) || " ";
    }
    out.push(line.trimEnd());
    if (r + 1 < n) {
      const below = { "<": "^", ">": "v", "|": "-" };
      const marks = Array.from({ length: n }, (_, c) => below[mark(label(r, c), label(r + 1, c))] || " ");
      out.push(marks.join(" ").trimEnd());
    }
  }
  return out;
}

// The mark between two neighbouring cells (`a` left of or above `b`): `<`, `>`, `|` or ""
// (none). Signs in the comparison mode, bars in the adjacent mode.
function setMark(model, a, b, sign) {
  const [ra, ca] = parseLabel(a);
  const [rb, cb] = parseLabel(b);
  if (Math.abs(ra - rb) + Math.abs(ca - cb) !== 1) return "select two neighbouring cells";
  if (ra > rb || ca > cb) {
    [a, b] = [b, a];
    sign = { "<": ">", ">": "<" }[sign] || sign;
  }
  if (sign === "|" && !model.adjacent) return "bars are for the adjacent mode (tick Adjacent)";
  if ((sign === "<" || sign === ">") && model.adjacent) return "the adjacent mode has bars, not signs (|)";
  if (sign) model.marks[a + " " + b] = sign;
  else delete model.marks[a + " " + b];
  return null;
}

// Towers: the clue at `name` (`top:2`) is `value` (0: none).
function setTowersClue(model, name, value) {
  const m = /^(top|bottom|left|right):(\d+)$/.exec(name);
  if (!m) return "select a clue outside the grid";
  if (!(value >= 0 && value <= model.rows)) return "a clue is a number 1.." + model.rows;
  model.clues[m[1]][Number(m[2])] = value;
  return null;
}

// Whether `cells` are joined through their sides (one piece).
function joined(cells) {
  if (!cells.length) return true;
  const reached = [cells[0]];
  for (let i = 0; i < reached.length; i++) {
    const [r, c] = parseLabel(reached[i]);
    for (const other of cells) {
      const [rr, cc] = parseLabel(other);
      if (!reached.includes(other) && Math.abs(r - rr) + Math.abs(c - cc) === 1) reached.push(other);
    }
  }
  return reached.length === cells.length;
}

// The selected cells become one cage with `clue`. They must be joined through their sides;
// a cage they cover whole is replaced (its clue goes with it), and a cage they would cut is
// refused by name: a cut cage would keep a clue its cells no longer make.
function setCage(model, cells, clue) {
  if (!joined(cells)) {
    return "a cage's cells are joined through their sides: " + cells.slice().sort(byPosition).join(" ") + " are not";
  }
  for (const cage of model.cages) {
    const inside = cage.cells.filter((c) => cells.includes(c));
    if (inside.length && inside.length < cage.cells.length) {
      return "the cage " + cage.clue + " at " + cage.cells[0] + " (" + cage.cells.join(" ")
        + ") would be cut: select all of its cells to redraw it, or Delete it first";
    }
  }
  model.cages = model.cages.filter((c) => !c.cells.some((x) => cells.includes(x)));
  model.cages.push({ clue, cells: cells.slice().sort(byPosition) });
  model.cages.sort((a, b) => byPosition(a.cells[0], b.cells[0]));
  return null;
}

// Sudoku X, Killer X: both long diagonals hold distinct digits (`on`) or not.
function setDiagonals(model, on) {
  if (model.kind !== "sudoku" && model.kind !== "killer") return "only a Sudoku or a Killer has diagonals";
  model.diagonals = !!on;
  return null;
}

function setGiven(model, cell, digit) {
  if (!(digit >= 0 && digit <= model.rows)) return "a given is a digit 1.." + model.rows;
  if (digit === 0) delete model.givens[cell];
  else model.givens[cell] = digit;
  return null;
}
