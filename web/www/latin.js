// The editor's Towers, Unequal and jigsaw Sudoku: the keys that set a Towers clue, an Unequal
// sign or bar, the mode toggles, a jigsaw's regions, and the drawing of the clue ring and the
// signs. Methods of Editor (editor.js), added here to keep each file small.
"use strict";

Object.assign(Editor.prototype, {
  // Towers: a digit on a clue outside the grid is that clue, on a cell a given. Unequal: a
  // digit is a given; with two neighbouring cells selected `<` `>` (`^` `v` for the one above
  // smaller, greater) put a sign between them, `|` toggles a bar (adjacent mode). Answers
  // whether the key was one of these.
  latinKey(key) {
    const kind = this.model.kind;
    if (kind !== "towers" && kind !== "unequal") return false;
    if (/^[0-9]$/.test(key)) {
      const digit = Number(key);
      if (kind === "towers" && this.cursor && !parseLabel(this.cursor)) {
        const clues = this.selection.filter((s) => !parseLabel(s));
        this.edit((model) => {
          for (const name of clues) {
            const error = setTowersClue(model, name, digit);
            if (error) return error;
          }
          return null;
        });
      } else if (this.cursor && parseLabel(this.cursor)) {
        this.edit((model) => setGiven(model, this.cursor, digit));
      }
      return true;
    }
    const signs = { "<": "<", ">": ">", "^": "<", "v": ">", "|": "|" };
    if (kind !== "unequal" || !signs[key]) return false;
    const cells = this.cells();
    if (cells.length !== 2) {
      this.onError("select two neighbouring cells (shift+arrow), then < > ^ v or |");
      return true;
    }
    const [a, b] = cells.slice().sort(byPosition);
    let sign = signs[key];
    if (sign === "|" && this.model.marks[a + " " + b] === "|") sign = "";
    this.edit((model) => setMark(model, a, b, sign));
    return true;
  },

  // The Unequal mode: bars between neighbours that differ by 1 (`on`), or signs. The marks
  // of the other mode go.
  setAdjacent(on) {
    this.edit((model) => {
      if (model.kind !== "unequal") return "only an Unequal has the adjacent mode";
      model.adjacent = !!on;
      model.marks = {};
      return null;
    });
  },

  // A jigsaw Sudoku (`on`: its regions start as the boxes) or one with boxes.
  setJigsaw(on) {
    this.edit((model) => {
      if (model.kind !== "sudoku") return "only a Sudoku is drawn as a jigsaw here";
      if (on) {
        model.regions = model.regions || boxRegions(model.rows);
      } else {
        if (!SUDOKU_BOXES[model.rows]) return "a sudoku with boxes has side 4, 6, 9, 12 or 16";
        delete model.regions;
        model.box = SUDOKU_BOXES[model.rows];
      }
      return null;
    });
  },

  // Jigsaw: the selected cells become one region (`r`); the others keep theirs.
  region() {
    const cells = this.cells();
    if (!cells.length) return;
    this.edit((model) => {
      const next = Math.max(...model.regions.flat()) + 1;
      for (const cell of cells) {
        const [r, c] = parseLabel(cell);
        model.regions[r][c] = next;
      }
      // Numbered from 0 in reading order of their first cells, as the library reads them.
      const order = new Map();
      model.regions = model.regions.map((row) => row.map((id) => {
        if (!order.has(id)) order.set(id, order.size);
        return order.get(id);
      }));
      return null;
    });
  },

  // Towers: the clues around the grid, each a square that can be selected.
  drawTowers(out) {
    const m = this.model;
    const n = m.rows;
    for (const side of SIDES) {
      for (let i = 0; i < n; i++) {
        const name = side + ":" + i;
        const [r, c] = this.pos(name);
        const sel = this.selection.includes(name) ? " selected" : "";
        out.push(`<rect class="cpclue tclue${sel}" data-clue="${name}" x="${at(c) + 3}" y="${at(r) + 3}" width="${CELL - 6}" height="${CELL - 6}"/>`);
        const v = m.clues[side][i];
        if (v) out.push(`<text class="tnum" x="${at(c) + CELL / 2}" y="${at(r) + CELL / 2 + 7}" text-anchor="middle">${v}</text>`);
      }
    }
  },

  // Unequal: the signs (the point toward the smaller cell) and the adjacent mode's bars on
  // the edge between two cells.
  drawSigns(out) {
    for (const [pair, sign] of Object.entries(this.model.marks)) {
      const [a, b] = pair.split(" ").map(parseLabel);
      const across = a[0] === b[0];
      const x = across ? at(b[1]) : at(a[1]) + CELL / 2;
      const y = across ? at(a[0]) + CELL / 2 : at(b[0]);
      if (sign === "|") {
        const [dx, dy] = across ? [0, CELL * 0.3] : [CELL * 0.3, 0];
        out.push(`<line class="bar" x1="${x - dx}" y1="${y - dy}" x2="${x + dx}" y2="${y + dy}"/>`);
      } else {
        const glyph = across ? sign : (sign === "<" ? "∧" : "∨");
        out.push(`<text class="sign" x="${x}" y="${y + 6}" text-anchor="middle">${glyph}</text>`);
      }
    }
  },

  // Killer: a dashed outline inside each cage.
  drawDashed(out, cageOf, x, y) {
    const m = this.model;
    const inset = 4;
    for (let r = 0; r < m.rows; r++) {
      for (let c = 0; c < m.cols; c++) {
        const cell = label(r, c);
        const cage = cageOf.get(cell);
        if (cage === undefined) continue;
        const same = (rr, cc) => rr >= 0 && cc >= 0 && rr < m.rows && cc < m.cols && cageOf.get(label(rr, cc)) === cage;
        const x0 = x(c) + (same(r, c - 1) ? 0 : inset);
        const x1 = x(c + 1) - (same(r, c + 1) ? 0 : inset);
        const y0 = y(r) + (same(r - 1, c) ? 0 : inset);
        const y1 = y(r + 1) - (same(r + 1, c) ? 0 : inset);
        if (!same(r - 1, c)) out.push(`<line class="dash" x1="${x0}" y1="${y0}" x2="${x1}" y2="${y0}"/>`);
        if (!same(r + 1, c)) out.push(`<line class="dash" x1="${x0}" y1="${y1}" x2="${x1}" y2="${y1}"/>`);
        if (!same(r, c - 1)) out.push(`<line class="dash" x1="${x0}" y1="${y0}" x2="${x0}" y2="${y1}"/>`);
        if (!same(r, c + 1)) out.push(`<line class="dash" x1="${x1}" y1="${y0}" x2="${x1}" y2="${y1}"/>`);
      }
    }
  },
});
