// The setter's grid: the model (model.js) drawn as SVG with row and column labels, edited
// with the pointer and the keyboard, and written in cagesat's text format as it is drawn.
"use strict";

const CELL = 40; // SVG units per cell
const MARGIN = 22; // room for the labels
let OFFSET = MARGIN; // where the grid starts (Towers: a ring of clues inside the labels)
const at = (i) => OFFSET + i * CELL; // where row or column i starts
const TINTS = ["#b9e3c6", "#c9d4f6", "#f6d2b9", "#e6c9f0", "#d8e8a8", "#f3c4cf"];

class Editor {
  // `root`: the element to draw in; `onEdit(text)`: called after every change of the puzzle;
  // `onPlay(progress)`: after every change of the person's digits; `onEntry(text)`: the
  // clue being typed.
  constructor(root, { onEdit, onPlay, onEntry, onError }) {
    this.root = root;
    this.onEdit = onEdit;
    this.onPlay = onPlay;
    this.onEntry = onEntry;
    this.onError = onError;
    this.model = emptyModel("kenken", 4)[0];
    this.selection = [];
    this.cursor = null;
    this.entry = "";
    this.undoStack = [];
    this.redoStack = [];
    this.mode = "edit";
    this.progress = {};
    this.overlay = {}; // {ambiguous: [labels], wrong, groups: [[labels]], marked, solution}
    this.dragging = false;
    this.tool = ""; // variant.js: the family drawn (empty: select)
    this.line = null; // the line being dragged
    root.tabIndex = 0;
    root.addEventListener("pointerdown", (e) => this.pointerDown(e));
    root.addEventListener("pointermove", (e) => this.pointerMove(e));
    window.addEventListener("pointerup", () => { this.dragging = false; this.toolUp(); });
    root.addEventListener("keydown", (e) => this.keyDown(e));
    this.draw();
  }

  // ---- state ----

  load(model, { record = false } = {}) {
    const next = normalise(model);
    if (record && JSON.stringify(next) !== JSON.stringify(this.model)) this.remember();
    this.model = next;
    this.selection = this.selection.filter((s) => this.holds(s));
    if (this.cursor && !this.holds(this.cursor)) this.cursor = null;
    this.progress = {};
    this.overlay = {};
    this.draw();
  }

  holds(name) {
    const rc = parseLabel(name);
    if (rc) return rc[0] < this.model.rows && rc[1] < this.model.cols;
    const m = /^(row|col):(\d+)$/.exec(name);
    if (m) {
      return this.model.kind === "crossproduct"
        && Number(m[2]) < (m[1] === "row" ? this.model.rows : this.model.cols);
    }
    const o = /^out:(-?\d+):(-?\d+)$/.exec(name);
    if (o) return this.ringed() && [o[1], o[2]].every((v) => v >= -1 && v <= this.model.rows);
    const t = /^(top|bottom|left|right):(\d+)$/.exec(name);
    return !!t && this.model.kind === "towers" && Number(t[2]) < this.model.rows;
  }

  // Where a cell or a Towers clue is: [row, col], -1 or N outside the grid.
  pos(name) {
    const rc = name && parseLabel(name);
    if (rc) return rc;
    const o = name && /^out:(-?\d+):(-?\d+)$/.exec(name);
    if (o) return [Number(o[1]), Number(o[2])];
    const t = name && /^(top|bottom|left|right):(\d+)$/.exec(name);
    if (!t) return null;
    const i = Number(t[2]);
    const n = this.model.rows;
    return { top: [-1, i], bottom: [n, i], left: [i, -1], right: [i, n] }[t[1]];
  }

  // The cell or Towers clue at [r, c] (null at a corner or off the grid).
  nameAt(r, c) {
    const n = this.model.rows;
    const outR = r < 0 || r >= n;
    const outC = c < 0 || c >= this.model.cols;
    if (!outR && !outC) return label(r, c);
    if (this.ringed()) return "out:" + r + ":" + c;
    if (this.model.kind !== "towers" || (outR && outC)) return null;
    if (r === -1) return "top:" + c;
    if (r === n) return "bottom:" + c;
    return (c === -1 ? "left:" : "right:") + r;
  }

  remember() {
    this.undoStack.push(JSON.stringify(this.model));
    if (this.undoStack.length > 500) this.undoStack.shift();
    this.redoStack = [];
  }

  // Applies `change` to the model (a function that edits it and answers an error or null),
  // records it for undo, redraws and tells the page.
  edit(change) {
    const before = JSON.stringify(this.model);
    const error = change(this.model);
    if (error) {
      this.model = JSON.parse(before);
      this.onError(error);
      return;
    }
    if (JSON.stringify(this.model) === before) return;
    this.undoStack.push(before);
    this.redoStack = [];
    this.changed();
  }

  changed() {
    this.overlay = {};
    this.draw();
    this.onEdit(toText(this.model));
  }

  undo() {
    if (!this.undoStack.length) return;
    this.redoStack.push(JSON.stringify(this.model));
    this.model = JSON.parse(this.undoStack.pop());
    this.changed();
  }

  redo() {
    if (!this.redoStack.length) return;
    this.undoStack.push(JSON.stringify(this.model));
    this.model = JSON.parse(this.redoStack.pop());
    this.changed();
  }

  text() {
    return toText(this.model);
  }

  setMode(mode) {
    this.mode = mode;
    this.setEntry("");
    this.draw();
  }

  setOverlay(overlay) {
    this.overlay = overlay || {};
    this.draw();
  }

  // The person's digits as rows (0 = empty).
  progressRows() {
    const rows = [];
    for (let r = 0; r < this.model.rows; r++) {
      rows.push(Array.from({ length: this.model.cols }, (_, c) => this.progress[label(r, c)] || 0));
    }
    return rows;
  }

  place(cell, digit) {
    if (digit) this.progress[cell] = digit;
    else delete this.progress[cell];
    this.draw();
    this.onPlay(this.progressRows());
  }

  // ---- selection ----

  select(names, add) {
    if (!add) this.selection = [];
    for (const n of names) {
      if (!this.selection.includes(n)) this.selection.push(n);
    }
    if (names.length) this.cursor = names[names.length - 1];
    this.draw();
  }

  clearSelection() {
    this.selection = [];
    this.setEntry("");
    this.draw();
  }

  target(e) {
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    const el = hit && hit.closest("[data-cell],[data-clue]");
    return el && this.root.contains(el) ? el.dataset.cell || el.dataset.clue : null;
  }

  pointerDown(e) {
    this.root.focus();
    if (this.toolDown(e)) return;
    const name = this.target(e);
    if (!name) return;
    e.preventDefault();
    if (e.shiftKey || e.ctrlKey || e.metaKey) {
      if (this.selection.includes(name)) {
        this.selection = this.selection.filter((s) => s !== name);
        this.draw();
      } else {
        this.select([name], true);
      }
      return;
    }
    this.setEntry("");
    this.select([name], false);
    this.dragging = true;
  }

  pointerMove(e) {
    if (this.toolMove(e) || !this.dragging) return;
    const name = this.target(e);
    if (name && parseLabel(name) && !this.selection.includes(name)) this.select([name], true);
  }

  // The arrow keys: the cursor moves (a Towers cursor also onto the clues around the grid).
  move(dr, dc, extend) {
    const at = this.pos(this.cursor) || [0, 0];
    const lo = this.model.kind === "towers" || this.ringed() ? -1 : 0;
    const clamp = (v, n) => Math.min(n - 1 - lo, Math.max(lo, v));
    const r = clamp(at[0] + (this.cursor ? dr : 0), this.model.rows);
    const c = clamp(at[1] + (this.cursor ? dc : 0), this.model.cols);
    const name = this.nameAt(r, c);
    if (!name) return;
    this.setEntry("");
    const extending = extend && !!parseLabel(name);
    // Shift+arrow from a cursor left unselected (after Escape) takes the cursor's cell too.
    if (extending && parseLabel(this.cursor || "") && !this.selection.includes(this.cursor)) {
      this.selection.push(this.cursor);
    }
    this.select([name], extending);
  }

  setEntry(text) {
    this.entry = text;
    this.onEntry(text);
  }

  // ---- keys ----

  keyDown(e) {
    const key = e.key;
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if ((e.ctrlKey || e.metaKey) && (key === "z" || key === "Z")) {
      if (e.shiftKey) this.redo(); else this.undo();
    } else if ((e.ctrlKey || e.metaKey) && (key === "y" || key === "Y")) {
      this.redo();
    } else if (arrows[key]) {
      this.move(arrows[key][0], arrows[key][1], e.shiftKey);
    } else if (key === "Escape") {
      this.clearSelection();
    } else if (key === "Enter") {
      if (!this.toolEnter()) this.enter();
    } else if (key === "Backspace" && this.entry) {
      this.setEntry(this.entry.slice(0, -1));
    } else if (key === "Delete" || key === "Backspace") {
      this.remove();
    } else if (this.mode === "play") {
      if (!/^[0-9]$/.test(key)) return;
      this.play(Number(key));
    } else if (this.latinKey(key)) {
      // Towers and Unequal: handled.
    } else if (this.model.regions && (key === "r" || key === "R")) {
      this.region();
    } else if (this.model.kind === "kakuro" && (key === "#" || key === "b" || key === "B")) {
      this.toggleBlack();
    } else if (this.drawing() && /^[0-9]$/.test(key)
      && ["outside", "area", "corner"].includes(toolShape(this.tool))) {
      this.setEntry(this.entry + key);
    } else if (this.model.kind === "sudoku" && /^[0-9]$/.test(key) && this.model.rows <= 9
      && !this.entry) {
      this.given(Number(key));
    } else if (key.length === 1 && /[0-9+\-*xX×/÷=?−\\]/.test(key)) {
      this.setEntry(this.entry + key);
    } else {
      return;
    }
    e.preventDefault();
  }

  play(digit) {
    const cell = this.cursor;
    if (!cell || !parseLabel(cell) || digit > Math.max(this.model.rows, 9)) return;
    if (this.model.givens[cell] || this.isGivenCage(cell)) return;
    if (this.model.kind === "kakuro" && this.model.squares[parseLabel(cell)[0]][parseLabel(cell)[1]] !== ".") return;
    this.place(cell, digit);
  }

  isGivenCage(cell) {
    return this.model.kind === "kenken"
      && this.model.cages.some((c) => c.cells.length === 1 && c.cells[0] === cell && c.clue.endsWith("="));
  }

  cells() {
    return this.selection.filter((s) => parseLabel(s));
  }

  // Enter: the typed clue goes on the selection.
  enter() {
    const typed = this.entry.trim();
    const cells = this.cells();
    if (!typed) return;
    const kind = this.model.kind;
    if (kind === "kenken") {
      const clue = kenkenClue(typed);
      if (!clue) return this.onError("bad clue '" + typed + "' (expected a number and + - * / = ?, e.g. 12+)");
      if (!cells.length) return this.onError("select the cage's cells first");
      this.edit((m) => setCage(m, cells, clue));
    } else if (kind === "killer") {
      const m = /^(\d+)(=?)$/.exec(typed);
      if (!m) return this.onError("bad clue '" + typed + "' (expected a sum, e.g. 15, or a given, e.g. 5=)");
      if (!cells.length) return this.onError("select the cage's cells first");
      if (m[2]) {
        if (cells.length !== 1) return this.onError("a given goes on one cell");
        this.edit((model) => setGiven(model, cells[0], Number(m[1])));
      } else {
        this.edit((model) => setCage(model, cells, m[1]));
      }
    } else if (kind === "sudoku") {
      const d = /^(\d+)=?$/.exec(typed);
      if (!d || cells.length !== 1) return this.onError("a given is one digit on one cell");
      this.edit((model) => setGiven(model, cells[0], Number(d[1])));
    } else if (kind === "kakuro") {
      const m = /^(\d*)\\(\d*)$/.exec(typed);
      if (!m) return this.onError("bad clue '" + typed + "' (expected DOWN\\RIGHT, e.g. 16\\ or \\7 or 7\\8)");
      this.edit((model) => {
        for (const cell of cells) {
          const [r, c] = parseLabel(cell);
          model.squares[r][c] = m[1] || m[2] ? m[1] + "\\" + m[2] : "#";
        }
      });
    } else if (kind === "crossproduct") {
      const n = /^\d+$/.test(typed) ? Number(typed) : null;
      if (n === null) return this.onError("a product is a whole number");
      this.edit((model) => {
        for (const s of this.selection) {
          const m = /^(row|col):(\d+)$/.exec(s);
          if (m) (m[1] === "row" ? model.rowClues : model.colClues)[Number(m[2])] = n;
        }
      });
    }
    this.setEntry("");
  }

  // The diagonals toggle (Sudoku X, Killer X).
  setDiagonals(on) {
    this.edit((model) => setDiagonals(model, on));
  }

  given(digit) {
    const cells = this.cells();
    if (cells.length !== 1) return;
    this.edit((model) => setGiven(model, cells[0], digit));
  }

  toggleBlack() {
    const cells = this.cells();
    this.edit((model) => {
      const toWhite = cells.every((cell) => {
        const [r, c] = parseLabel(cell);
        return model.squares[r][c] !== ".";
      });
      for (const cell of cells) {
        const [r, c] = parseLabel(cell);
        model.squares[r][c] = toWhite ? "." : "#";
      }
    });
  }

  // Delete: the cages and givens on the selection go (in play mode: the digits).
  remove() {
    const cells = this.cells();
    if (this.mode === "play") {
      if (this.cursor && this.progress[this.cursor]) this.place(this.cursor, 0);
      return;
    }
    this.edit((model) => {
      model.cages = model.cages.filter((c) => !c.cells.some((x) => cells.includes(x)));
      for (const cell of cells) delete model.givens[cell];
      this.removeVariants(model);
      if (model.kind === "kakuro") {
        for (const cell of cells) {
          const [r, c] = parseLabel(cell);
          if (model.squares[r][c].includes("\\")) model.squares[r][c] = "#";
        }
      }
      if (model.kind === "crossproduct") {
        for (const s of this.selection) {
          const m = /^(row|col):(\d+)$/.exec(s);
          if (m) (m[1] === "row" ? model.rowClues : model.colClues)[Number(m[2])] = null;
        }
      }
      if (model.kind === "towers") {
        for (const s of this.selection) if (!parseLabel(s)) setTowersClue(model, s, 0);
      }
      if (model.kind === "unequal") {
        for (const pair of Object.keys(model.marks)) {
          const [a, b] = pair.split(" ");
          if (cells.includes(a) && cells.includes(b)) delete model.marks[pair];
        }
      }
    });
  }

  // ---- drawing ----

  draw() {
    const m = this.model;
    const cp = m.kind === "crossproduct";
    const ring = m.kind === "towers" || this.ringed() ? CELL : 0;
    OFFSET = MARGIN + ring;
    const width = OFFSET + m.cols * CELL + ring + (cp ? 70 : 4);
    const height = OFFSET + m.rows * CELL + ring + (cp ? 30 : 4);
    const out = [];
    this.drawSquares(out);
    this.drawVariantsUnder(out);
    if (ring && m.kind !== "towers") this.drawRing(out);
    this.drawLines(out);
    this.drawClues(out);
    this.drawVariants(out);
    if (m.kind === "towers") this.drawTowers(out);
    if (m.kind === "unequal") this.drawSigns(out);
    this.drawDigits(out);
    this.drawMarks(out);
    if (cp) this.drawProducts(out);
    this.root.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" `
      + `style="max-width:${width * 1.25}px" role="img" aria-label="${m.rows}x${m.cols} ${m.kind}">${out.join("")}</svg>`;
    this.root.dataset.kind = m.kind;
    this.root.dataset.tool = this.drawing() ? this.tool : "";
    this.root.dataset.diagonals = String(!!m.diagonals);
    this.root.dataset.cursor = this.cursor || "";
    this.root.dataset.text = toText(m);
    this.root.dataset.selection = this.selection.join(" ");
    this.root.dataset.ambiguous = (this.overlay.ambiguous || []).join(" ");
    this.root.dataset.wrong = (this.overlay.wrong || []).join(" ");
    this.root.dataset.progress = Object.keys(this.progress).sort(byPosition).map((k) => k + "=" + this.progress[k]).join(" ");
  }

  // The squares (shaded, black), with the row and column labels and Kakuro's clues.
  drawSquares(out) {
    const m = this.model;
    const x = at;
    const y = at;
    const fill = new Map();
    (this.overlay.groups || []).forEach((g, i) => g.forEach((cell) => fill.set(cell, TINTS[i % TINTS.length])));
    for (const cell of this.overlay.ambiguous || []) fill.set(cell, "url(#amb)");
    out.push('<defs><pattern id="amb" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
      + '<rect width="8" height="8" fill="#ffe7a0"/><rect width="3" height="8" fill="#f5c04a"/></pattern></defs>');
    for (let c = 0; c < m.cols; c++) {
      out.push(`<text class="lbl" x="${x(c) + CELL / 2}" y="${MARGIN - 7}" text-anchor="middle">${c + 1}</text>`);
    }
    for (let r = 0; r < m.rows; r++) {
      out.push(`<text class="lbl" x="${MARGIN / 2}" y="${y(r) + CELL / 2 + 5}" text-anchor="middle">${rowLabel(r)}</text>`);
      for (let c = 0; c < m.cols; c++) {
        const cell = label(r, c);
        const sq = m.kind === "kakuro" ? m.squares[r][c] : ".";
        const black = sq !== ".";
        const colour = fill.get(cell) || (black ? "#333" : "#fff");
        const cls = ["cell"];
        if (this.selection.includes(cell)) cls.push("selected");
        if ((this.overlay.ambiguous || []).includes(cell)) cls.push("ambiguous");
        if ((this.overlay.wrong || []).includes(cell)) cls.push("wrong");
        if (black) cls.push("black");
        out.push(`<rect class="${cls.join(" ")}" data-cell="${cell}" x="${x(c)}" y="${y(r)}" width="${CELL}" height="${CELL}" fill="${colour}"/>`);
        if (black && sq.includes("\\")) {
          const [down, right] = sq.split("\\");
          out.push(`<line class="thin" x1="${x(c)}" y1="${y(r)}" x2="${x(c) + CELL}" y2="${y(r) + CELL}" stroke="#ccc"/>`);
          if (right) out.push(`<text class="kclue" x="${x(c) + CELL - 3}" y="${y(r) + 15}" text-anchor="end">${right}</text>`);
          if (down) out.push(`<text class="kclue" x="${x(c) + 3}" y="${y(r) + CELL - 4}">${down}</text>`);
        }
      }
    }
  }

  // Thin grid lines, then box lines and cage walls.
  drawLines(out) {
    const m = this.model;
    const x = at;
    const y = at;
    const cageOf = new Map();
    m.cages.forEach((cage, i) => cage.cells.forEach((cell) => cageOf.set(cell, i)));
    for (let r = 0; r <= m.rows; r++) out.push(`<line class="thin" x1="${x(0)}" y1="${y(r)}" x2="${x(m.cols)}" y2="${y(r)}"/>`);
    for (let c = 0; c <= m.cols; c++) out.push(`<line class="thin" x1="${x(c)}" y1="${y(0)}" x2="${x(c)}" y2="${y(m.rows)}"/>`);
    if (m.diagonals) {
      // Sudoku X, Killer X: both long diagonals.
      out.push(`<line class="diagonal" x1="${x(0)}" y1="${y(0)}" x2="${x(m.cols)}" y2="${y(m.rows)}"/>`);
      out.push(`<line class="diagonal" x1="${x(m.cols)}" y1="${y(0)}" x2="${x(0)}" y2="${y(m.rows)}"/>`);
    }
    if (m.regions) {
      this.drawWalls(out, (r, c) => m.regions[r][c], "thick");
    } else if (m.box) {
      for (let r = 0; r <= m.rows; r += m.box[0]) out.push(`<line class="thick" x1="${x(0)}" y1="${y(r)}" x2="${x(m.cols)}" y2="${y(r)}"/>`);
      for (let c = 0; c <= m.cols; c += m.box[1]) out.push(`<line class="thick" x1="${x(c)}" y1="${y(0)}" x2="${x(c)}" y2="${y(m.rows)}"/>`);
    }
    if (m.kind === "kenken") this.drawWalls(out, (r, c) => cageOf.get(label(r, c)), "wall");
    if (m.kind === "killer") this.drawDashed(out, cageOf, x, y);
    out.push(`<rect class="frame" x="${x(0)}" y="${y(0)}" width="${m.cols * CELL}" height="${m.rows * CELL}"/>`);
  }

  // Each cage's clue at its first cell.
  drawClues(out) {
    const m = this.model;
    const x = at;
    const y = at;
    for (const cage of m.cages) {
      const [r, c] = parseLabel(cage.cells[0]);
      const clue = m.kind === "kenken" ? cage.clue.replace("*", "×").replace("/", "÷").replace("-", "−") : cage.clue;
      out.push(`<text class="clue" x="${x(c) + 4}" y="${y(r) + 12}">${clue}</text>`);
    }
  }

  // Digits: givens, the person's, a solution shown.
  drawDigits(out) {
    const m = this.model;
    const x = at;
    const y = at;
    const solution = this.overlay.solution;
    for (let r = 0; r < m.rows; r++) {
      for (let c = 0; c < m.cols; c++) {
        const cell = label(r, c);
        let d = m.givens[cell];
        let cls = "given";
        if (!d && this.progress[cell]) {
          d = this.progress[cell];
          cls = (this.overlay.wrong || []).includes(cell) ? "wrong" : (this.overlay.hinted === cell ? "hinted" : "mine");
        }
        if (!d && solution && solution[r] && solution[r][c]) {
          d = solution[r][c];
          cls = "solved";
        }
        if (d) out.push(`<text class="digit ${cls}" x="${x(c) + CELL / 2}" y="${y(r) + CELL / 2 + 9}" text-anchor="middle">${d}</text>`);
        else if (this.overlay.pencil && this.overlay.pencil[cell]) this.drawPencil(out, r, c, this.overlay.pencil[cell]);
      }
    }
  }

  // Explain's candidates of an open cell: a placed digit large, else the candidates small,
  // each at its place of a layout of k columns (k×k ≥ the largest digit) below the clue's
  // corner.
  drawPencil(out, r, c, digits) {
    const [x0, y0] = [at(c), at(r)];
    if (digits.length === 1) {
      out.push(`<text class="digit solved" x="${x0 + CELL / 2}" y="${y0 + CELL / 2 + 9}" text-anchor="middle">${digits[0]}</text>`);
      return;
    }
    const kind = this.model.kind;
    const n = kind === "kakuro" || kind === "crossproduct" ? 9 : this.model.rows;
    const k = Math.ceil(Math.sqrt(n));
    const lines = Math.ceil(n / k);
    const top = CELL * 0.3; // the clue's corner
    const w = CELL / k;
    const h = (CELL - top) / lines;
    const size = Math.min(w, h) * 0.85;
    for (const d of digits) {
      const i = d - 1;
      const px = x0 + w * ((i % k) + 0.5);
      const py = y0 + top + h * Math.floor(i / k) + h * 0.5 + size * 0.35;
      out.push(`<text class="pencil" x="${px.toFixed(1)}" y="${py.toFixed(1)}" text-anchor="middle" font-size="${size.toFixed(1)}">${d}</text>`);
    }
  }

  // The selection (over the shading, so that ambiguity stays visible under it), the
  // marked cell and the cursor.
  drawMarks(out) {
    const x = at;
    const y = at;
    for (const cell of this.cells()) {
      const [r, c] = parseLabel(cell);
      out.push(`<rect class="sel" x="${x(c)}" y="${y(r)}" width="${CELL}" height="${CELL}"/>`);
    }
    if (this.overlay.marked) {
      const [r, c] = parseLabel(this.overlay.marked);
      out.push(`<rect class="marked" x="${x(c) + 2}" y="${y(r) + 2}" width="${CELL - 4}" height="${CELL - 4}"/>`);
    }
    if (this.cursor && this.pos(this.cursor)) {
      const [r, c] = this.pos(this.cursor);
      out.push(`<rect class="cursor" x="${x(c) + 1}" y="${y(r) + 1}" width="${CELL - 2}" height="${CELL - 2}"/>`);
    }
  }

  // CrossProduct: the row and column products, selectable.
  drawProducts(out) {
    const m = this.model;
    const x = at;
    const y = at;
    for (let r = 0; r < m.rows; r++) {
      const name = "row:" + r;
      const sel = this.selection.includes(name) ? " selected" : "";
      out.push(`<rect class="cpclue${sel}" data-clue="${name}" x="${x(m.cols) + 4}" y="${y(r) + 4}" width="62" height="${CELL - 8}"/>`);
      out.push(`<text class="kclue cp" x="${x(m.cols) + 35}" y="${y(r) + CELL / 2 + 5}" text-anchor="middle">${m.rowClues[r] ?? "?"}</text>`);
    }
    for (let c = 0; c < m.cols; c++) {
      const name = "col:" + c;
      const sel = this.selection.includes(name) ? " selected" : "";
      out.push(`<rect class="cpclue${sel}" data-clue="${name}" x="${x(c) + 2}" y="${y(m.rows) + 4}" width="${CELL - 4}" height="24"/>`);
      out.push(`<text class="kclue cp" x="${x(c) + CELL / 2}" y="${y(m.rows) + 21}" text-anchor="middle">${m.colClues[c] ?? "?"}</text>`);
    }
  }

  // Walls (`cls`) between cells of different groups (`groupOf(r, c)`: KenKen cages, jigsaw
  // regions); a cell in no group (undefined) is walled in.
  drawWalls(out, groupOf, cls) {
    const m = this.model;
    const x = at;
    const y = at;
    const differ = (r, c, rr, cc) => groupOf(r, c) === undefined || groupOf(r, c) !== groupOf(rr, cc);
    for (let r = 0; r < m.rows; r++) {
      for (let c = 0; c < m.cols; c++) {
        if (c + 1 < m.cols && differ(r, c, r, c + 1)) {
          out.push(`<line class="${cls}" x1="${x(c + 1)}" y1="${y(r)}" x2="${x(c + 1)}" y2="${y(r + 1)}"/>`);
        }
        if (r + 1 < m.rows && differ(r, c, r + 1, c)) {
          out.push(`<line class="${cls}" x1="${x(c)}" y1="${y(r + 1)}" x2="${x(c + 1)}" y2="${y(r + 1)}"/>`);
        }
      }
    }
  }
}

