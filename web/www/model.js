// The puzzle as plain data (the model) and cagesat's text format written from it. The model
// is the worker's `model` JSON (web/src/editor.rs): {kind, rows, cols, box, cages: [{clue,
// cells}], givens: {A1: 5}, squares, rowClues, colClues}. Cells are named as in the text
// format: row letter, column number (A1).
"use strict";

const SUDOKU_BOXES = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 12: [3, 4], 16: [4, 4] };
const KINDS = ["kenken", "killer", "sudoku", "kakuro", "crossproduct"];

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
function emptyModel(kind, size) {
  const n = Math.floor(Number(size));
  if (!KINDS.includes(kind)) return [null, "unknown kind '" + kind + "'"];
  if (!(n >= 1 && n <= 26)) return [null, "bad size '" + size + "' (expected 1..26)"];
  const model = { kind, rows: n, cols: n, cages: [], givens: {} };
  if (kind === "sudoku" || kind === "killer") {
    if (!SUDOKU_BOXES[n]) return [null, "a " + kind + " has side 4, 6, 9, 12 or 16"];
    model.box = SUDOKU_BOXES[n];
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
      lines.push("size " + model.rows, "boxes " + model.box[0] + "x" + model.box[1]);
      for (const c of model.cages) lines.push(c.clue + " " + cells(c.cells));
      for (const cell of Object.keys(model.givens).sort(byPosition)) {
        lines.push(model.givens[cell] + " = " + cell);
      }
      break;
    case "sudoku": {
      const wide = model.rows > 9;
      for (let r = 0; r < model.rows; r++) {
        const row = [];
        for (let c = 0; c < model.cols; c++) {
          const d = model.givens[label(r, c)];
          row.push(String(d || ".").padStart(wide ? 2 : 1));
        }
        lines.push(row.join(" "));
      }
      break;
    }
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

// The selected cells become one cage with `clue`; they leave the cages they were in.
function setCage(model, cells, clue) {
  for (const cage of model.cages) cage.cells = cage.cells.filter((c) => !cells.includes(c));
  model.cages = model.cages.filter((c) => c.cells.length > 0);
  model.cages.push({ clue, cells: cells.slice().sort(byPosition) });
  model.cages.sort((a, b) => byPosition(a.cells[0], b.cells[0]));
  return null;
}

function setGiven(model, cell, digit) {
  if (!(digit >= 0 && digit <= model.rows)) return "a given is a digit 1.." + model.rows;
  if (digit === 0) delete model.givens[cell];
  else model.givens[cell] = digit;
  return null;
}
