// Variant Sudoku in the editor: the tools (the families the library's `puzzle::Variant` has
// that are drawn by pointer), the model's `variants` (each constraint its line of the text
// format, as the library writes it: `thermo A1 A2 A3`, `dot white A1 A2`, `sandwich 15 A1 A2
// …`), how a tool edits them, and their drawing in the library's colours
// (src/render/svg/variant.rs). Methods of Editor (editor.js), added here to keep each file
// small.
"use strict";

// The tools: value (the line's keyword and words before its cells), name, and how it is
// drawn: `line` (drag through cells, or shift+arrows then Enter), `pair` (click between two
// cells, or select two neighbours then Enter), `cell` (click a cell), `corner` (click near a
// corner, type the digits and Enter), `area` (select cells, type a sum or none and Enter),
// `outside` (click outside the grid, type the value and Enter).
const TOOLS = [
  ["", "select: cages, givens", "select"],
  ["thermo", "thermometer", "line"],
  ["arrow", "arrow (circle first)", "line"],
  ["doublearrow", "double arrow", "line"],
  ["whisper", "German whisper", "line"],
  ["renban", "renban", "line"],
  ["palindrome", "palindrome", "line"],
  ["between", "between line", "line"],
  ["lockout 4", "lockout line", "line"],
  ["regionsum", "region-sum line", "line"],
  ["zipper", "zipper line", "line"],
  ["entropic", "entropic line", "line"],
  ["modular 3", "modular line", "line"],
  ["dot white", "white dot", "pair"],
  ["dot black", "black dot", "pair"],
  ["dot x", "X", "pair"],
  ["dot v", "V", "pair"],
  ["greater", "greater-than sign", "pair"],
  ["even", "even cell", "cell"],
  ["odd", "odd cell", "cell"],
  ["quad", "quadruple", "corner"],
  ["cage", "cage (Sudoku)", "area"],
  ["region", "extra region", "area"],
  ["littlekiller", "little killer", "outside"],
  ["sandwich", "sandwich", "outside"],
  ["xsum", "X-sum", "outside"],
  ["skyscraper", "skyscraper", "outside"],
];
const OUTSIDE_KEYS = ["littlekiller", "sandwich", "xsum", "skyscraper"];

function toolShape(tool) {
  const t = TOOLS.find((x) => x[0] === tool);
  return t ? t[2] : "select";
}

// A variant line as parts: its keyword, the words between it and the cells, the cells (for
// an arrow or a quad, those before the `:`), the cells or digits after the `:`.
function parseVariant(line) {
  const words = line.trim().split(/\s+/);
  const colon = words.indexOf(":");
  const before = colon < 0 ? words.slice(1) : words.slice(1, colon);
  const first = before.findIndex((w) => parseLabel(w.toUpperCase()));
  const head = first < 0 ? before : before.slice(0, first);
  const cells = first < 0 ? [] : before.slice(first).map((w) => w.toUpperCase());
  const after = colon < 0 ? [] : words.slice(colon + 1);
  return { key: words[0].toLowerCase(), head: head.map((w) => w.toLowerCase()), cells, after };
}

// Whether a model has clues outside the grid (the editor then draws a ring for them).
function hasOutside(model) {
  return (model.variants || []).some((v) => OUTSIDE_KEYS.includes(parseVariant(v).key));
}

function neighbours(a, b) {
  const [ra, ca] = parseLabel(a);
  const [rb, cb] = parseLabel(b);
  return Math.abs(ra - rb) + Math.abs(ca - cb) === 1;
}

// A line of `tool` through `cells`, in order (an arrow: its circle first).
function addLine(model, tool, cells) {
  if (cells.length < 2) return "a line goes through two cells or more: drag through them";
  for (let i = 1; i < cells.length; i++) {
    const [r, c] = parseLabel(cells[i - 1]);
    const [rr, cc] = parseLabel(cells[i]);
    if (Math.max(Math.abs(r - rr), Math.abs(c - cc)) !== 1) {
      return "a line steps between touching cells: " + cells[i - 1] + " to " + cells[i] + " does not";
    }
  }
  if (new Set(cells).size !== cells.length) return "a line passes each cell once";
  const line = tool === "arrow" ? "arrow " + cells[0] + " : " + cells.slice(1).join(" ")
    : tool + " " + cells.join(" ");
  model.variants.push(line);
  return null;
}

// The dot or sign of `tool` between neighbours `a` and `b`: put there, or taken away when it
// is there (a greater-than sign turns round first, then goes).
function togglePair(model, tool, a, b) {
  if (!neighbours(a, b)) return "a dot or sign goes between two neighbouring cells";
  [a, b] = [a, b].sort(byPosition);
  const on = (v, x, y) => {
    const p = parseVariant(v);
    return (p.key === "dot" || p.key === "greater") && p.cells.length === 2
      && p.cells[0] === x && p.cells[1] === y;
  };
  const same = (x, y) => model.variants.findIndex((v) => on(v, x, y) && v.startsWith(tool + " "));
  if (tool === "greater") {
    const ab = same(a, b);
    const ba = same(b, a);
    model.variants = model.variants.filter((v) => !on(v, a, b) && !on(v, b, a));
    if (ab >= 0) model.variants.push("greater " + b + " " + a);
    else if (ba < 0) model.variants.push("greater " + a + " " + b);
    return null;
  }
  const had = same(a, b) >= 0;
  model.variants = model.variants.filter((v) => !on(v, a, b) && !on(v, b, a));
  if (!had) model.variants.push(tool + " " + a + " " + b);
  return null;
}

// Even or odd on `cell`: put there, or taken away when it is there (the other goes).
function toggleCell(model, tool, cell) {
  const here = (v) => {
    const p = parseVariant(v);
    return (p.key === "even" || p.key === "odd") && p.cells[0] === cell;
  };
  const had = model.variants.includes(tool + " " + cell);
  model.variants = model.variants.filter((v) => !here(v));
  if (!had) model.variants.push(tool + " " + cell);
  return null;
}

// The cells an outside clue at [r, c] (one step outside the grid, or at a corner) reads,
// from the clue: a little killer along the diagonal `dir` ([dr, dc]), the others along the
// row or column.
function outsideCells(model, tool, r, c, dir) {
  const n = model.rows;
  const inside = (rr, cc) => rr >= 0 && cc >= 0 && rr < n && cc < n;
  let step;
  if (tool === "littlekiller") {
    step = dir;
  } else if ((r === -1 || r === n) && c >= 0 && c < n) {
    step = [r === -1 ? 1 : -1, 0];
  } else if ((c === -1 || c === n) && r >= 0 && r < n) {
    step = [0, c === -1 ? 1 : -1];
  } else {
    return [];
  }
  const out = [];
  for (let rr = r + step[0], cc = c + step[1]; inside(rr, cc); rr += step[0], cc += step[1]) {
    out.push(label(rr, cc));
  }
  return out;
}

// The outside clue `tool` with `value` at `spot` (`out:R:C`), along `dir` for a little killer.
function setOutside(model, tool, spot, value, dir) {
  const m = /^out:(-?\d+):(-?\d+)$/.exec(spot);
  if (!m) return "click outside the grid for a " + tool + " clue";
  const cells = outsideCells(model, tool, Number(m[1]), Number(m[2]), dir);
  if (!cells.length) return "a " + tool + " clue stands beside a row or column (a little killer: where its diagonal enters)";
  const words = tool + " ";
  model.variants = model.variants.filter((v) => {
    const p = parseVariant(v);
    return !(OUTSIDE_KEYS.includes(p.key) && p.cells.join(" ") === cells.join(" "));
  });
  if (value !== null) model.variants.push(words + value + " " + cells.join(" "));
  return null;
}

// The spot outside the grid an outside clue stands at and the step along its cells.
function outsideSpot(model, p) {
  const n = model.rows;
  const [r0, c0] = parseLabel(p.cells[0]);
  let step;
  if (p.cells.length > 1) {
    const [r1, c1] = parseLabel(p.cells[1]);
    step = [r1 - r0, c1 - c0];
  } else {
    // One cell: a corner's little killer.
    step = [r0 === 0 ? 1 : -1, c0 === 0 ? 1 : -1];
    if (p.key !== "littlekiller") step = n === 1 ? [1, 0] : step;
  }
  return { r: r0 - step[0], c: c0 - step[1], step };
}

Object.assign(Editor.prototype, {
  // The tool chosen in the select (`data-testid=tool`).
  setTool(tool) {
    this.tool = tool;
    this.line = null;
    this.setEntry("");
    if (toolShape(tool) === "outside" || toolShape(this.lastTool || "") === "outside") {
      this.selection = this.selection.filter((s) => parseLabel(s));
    }
    this.lastTool = tool;
    this.draw();
  },

  // Whether the editor draws variants (a Sudoku or a Killer with a tool chosen).
  drawing() {
    const k = this.model.kind;
    return !!this.tool && this.mode === "edit" && (k === "sudoku" || k === "killer");
  },

  // Whether the grid has a ring of outside clues.
  ringed() {
    const k = this.model.kind;
    if (k !== "sudoku" && k !== "killer") return false;
    return hasOutside(this.model) || (this.drawing() && toolShape(this.tool) === "outside");
  },

  // The point of a pointer event in the grid's units, and the cell there ([r, c], outside
  // the grid too) with the place inside it ([fx, fy] in 0..1).
  gridPoint(e) {
    const svg = this.root.querySelector("svg");
    if (!svg) return null;
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    const fx = (p.x - OFFSET) / CELL;
    const fy = (p.y - OFFSET) / CELL;
    return { r: Math.floor(fy), c: Math.floor(fx), fx: fx - Math.floor(fx), fy: fy - Math.floor(fy) };
  },

  // A pointer press with a tool: answers whether the tool took it.
  toolDown(e) {
    if (!this.drawing()) return false;
    const at = this.gridPoint(e);
    if (!at) return false;
    const n = this.model.rows;
    const inGrid = at.r >= 0 && at.c >= 0 && at.r < n && at.c < n;
    const shape = toolShape(this.tool);
    if (shape === "outside") {
      if (inGrid || at.r < -1 || at.c < -1 || at.r > n || at.c > n) return false;
      e.preventDefault();
      const spot = "out:" + at.r + ":" + at.c;
      // A little killer points along the diagonal from the half of its square clicked.
      const dr = at.r === -1 ? 1 : at.r === n ? -1 : (at.fy < 0.5 ? -1 : 1);
      const dc = at.c === -1 ? 1 : at.c === n ? -1 : (at.fx < 0.5 ? -1 : 1);
      this.outsideDir = [dr, dc];
      this.setEntry("");
      this.select([spot], false);
      return true;
    }
    // Shift-click adds to the selection as ever (a line can be chosen cell by cell, then Enter).
    if (!inGrid || e.shiftKey || e.ctrlKey || e.metaKey) return false;
    e.preventDefault();
    const cell = label(at.r, at.c);
    if (shape === "line") {
      this.setEntry("");
      this.line = [cell];
      this.select([cell], false);
      return true;
    }
    if (shape === "pair") {
      const sides = [[at.fy, -1, 0], [1 - at.fy, 1, 0], [at.fx, 0, -1], [1 - at.fx, 0, 1]];
      sides.sort((a, b) => a[0] - b[0]);
      const [, dr, dc] = sides[0];
      const other = [at.r + dr, at.c + dc];
      if (other[0] < 0 || other[1] < 0 || other[0] >= n || other[1] >= n) return true;
      this.edit((model) => togglePair(model, this.tool, cell, label(other[0], other[1])));
      return true;
    }
    if (shape === "cell") {
      this.select([cell], false);
      this.edit((model) => toggleCell(model, this.tool, cell));
      return true;
    }
    if (shape === "corner") {
      // The 2×2 square around the corner nearest the press.
      const r0 = Math.min(n - 2, Math.max(0, at.r + (at.fy < 0.5 ? -1 : 0)));
      const c0 = Math.min(n - 2, Math.max(0, at.c + (at.fx < 0.5 ? -1 : 0)));
      this.setEntry("");
      this.select([label(r0, c0), label(r0, c0 + 1), label(r0 + 1, c0), label(r0 + 1, c0 + 1)], false);
      return true;
    }
    return false; // `area`: the selection as usual
  },

  // A pointer move while a line is drawn: the cell whose centre the pointer is near joins
  // it (the one before: the last step is taken back), so a diagonal step does not pick up
  // the cells at the corner it passes.
  toolMove(e) {
    if (!this.line) return false;
    const at = this.gridPoint(e);
    if (!at) return true;
    const n = this.model.rows;
    if (at.r < 0 || at.c < 0 || at.r >= n || at.c >= n) return true;
    if (Math.hypot(at.fx - 0.5, at.fy - 0.5) > 0.4) return true;
    const cell = label(at.r, at.c);
    const line = this.line;
    if (cell === line[line.length - 1]) return true;
    if (line.length > 1 && cell === line[line.length - 2]) {
      line.pop();
    } else if (!line.includes(cell)) {
      const [r, c] = parseLabel(line[line.length - 1]);
      if (Math.max(Math.abs(r - at.r), Math.abs(c - at.c)) !== 1) return true;
      line.push(cell);
    }
    this.selection = line.slice();
    this.cursor = cell;
    this.draw();
    return true;
  },

  // The pointer let go: a line of two cells or more is drawn.
  toolUp() {
    const line = this.line;
    this.line = null;
    if (!line || line.length < 2) return;
    this.edit((model) => addLine(model, this.tool, line));
    this.selection = [];
    this.draw();
  },

  // Enter with a tool: the line through the selection (in the order chosen), the dot or sign
  // between two selected neighbours, even or odd on the selection, the quad's digits, the
  // cage's sum (none: a cage without one) or the extra region, the outside clue's value.
  // Answers whether the tool took the key.
  toolEnter() {
    if (!this.drawing()) return false;
    const typed = this.entry.trim();
    const cells = this.cells();
    const shape = toolShape(this.tool);
    const tool = this.tool;
    if (shape === "line") {
      this.edit((model) => addLine(model, tool, cells));
    } else if (shape === "pair") {
      if (cells.length !== 2) return this.onError("select two neighbouring cells (shift+arrow), then Enter"), true;
      this.edit((model) => togglePair(model, tool, cells[0], cells[1]));
    } else if (shape === "cell") {
      this.edit((model) => {
        for (const cell of cells) toggleCell(model, tool, cell);
        return null;
      });
    } else if (shape === "corner") {
      const digits = typed.replace(/\D/g, "").split("").map(Number);
      if (cells.length !== 4 || !digits.length || digits.length > 4) {
        return this.onError("click near a corner, type 1 to 4 digits, then Enter"), true;
      }
      const sorted = cells.slice().sort(byPosition);
      this.edit((model) => {
        model.variants = model.variants.filter((v) => {
          const p = parseVariant(v);
          return !(p.key === "quad" && p.cells.join(" ") === sorted.join(" "));
        });
        model.variants.push("quad " + sorted.join(" ") + " : " + digits.join(" "));
        return null;
      });
    } else if (shape === "area") {
      if (!cells.length) return this.onError("select the cells first"), true;
      if (typed && !/^\d+$/.test(typed)) return this.onError("a cage's sum is a whole number"), true;
      const sorted = cells.slice().sort(byPosition);
      if (!joined(sorted) && tool === "cage") return this.onError("a cage's cells are joined through their sides"), true;
      const line = tool === "region" ? "region " + sorted.join(" ")
        : "cage " + (typed ? typed + " " : "") + sorted.join(" ");
      this.edit((model) => { model.variants.push(line); return null; });
    } else if (shape === "outside") {
      const spot = this.selection.find((s) => s.startsWith("out:"));
      if (!/^\d+$/.test(typed)) return this.onError("type the clue's value, then Enter"), true;
      this.edit((model) => setOutside(model, tool, spot || "", Number(typed), this.outsideDir || [1, 1]));
    }
    this.setEntry("");
    return true;
  },

  // Delete with variants: those on the selected cells or outside spots go.
  removeVariants(model) {
    if (!model.variants) return;
    const cells = this.cells();
    const spots = this.selection.filter((s) => s.startsWith("out:"));
    model.variants = model.variants.filter((v) => {
      const p = parseVariant(v);
      const all = p.key === "arrow" ? p.cells.concat(p.after.map((w) => w.toUpperCase())) : p.cells;
      if (all.some((c) => cells.includes(c))) return false;
      if (OUTSIDE_KEYS.includes(p.key) && p.cells.length) {
        const s = outsideSpot(model, p);
        if (spots.includes("out:" + s.r + ":" + s.c)) return false;
      }
      return true;
    });
  },

  // The ring of squares outside the grid where outside clues go, selectable.
  drawRing(out) {
    const n = this.model.rows;
    for (let r = -1; r <= n; r++) {
      for (let c = -1; c <= n; c++) {
        if (r >= 0 && c >= 0 && r < n && c < n) continue;
        const name = "out:" + r + ":" + c;
        const sel = this.selection.includes(name) ? " selected" : "";
        out.push(`<rect class="cpclue tclue${sel}" data-clue="${name}" x="${at(c) + 3}" y="${at(r) + 3}" width="${CELL - 6}" height="${CELL - 6}"/>`);
      }
    }
  },

  // Under the grid lines: extra regions, cages' walls, even and odd cells.
  drawVariantsUnder(out) {
    const centre = (cell) => {
      const [r, c] = parseLabel(cell);
      return [at(c) + CELL / 2, at(r) + CELL / 2];
    };
    for (const v of this.model.variants || []) {
      const p = parseVariant(v);
      if (p.key === "region") {
        out.push('<g class="extra-region">');
        for (const cell of p.cells) {
          const [x, y] = centre(cell);
          out.push(`<rect x="${x - CELL / 2}" y="${y - CELL / 2}" width="${CELL}" height="${CELL}" fill="#e6e0f2"/>`);
        }
        out.push("</g>");
      } else if (p.key === "even") {
        const [x, y] = centre(p.cells[0]);
        out.push(`<rect class="even" x="${x - 12}" y="${y - 12}" width="24" height="24" fill="#cfcfcf"/>`);
      } else if (p.key === "odd") {
        const [x, y] = centre(p.cells[0]);
        out.push(`<circle class="odd" cx="${x}" cy="${y}" r="13" fill="#cfcfcf"/>`);
      }
    }
  },

  // Over the grid lines: lines, cages, dots and signs, quads and outside clues.
  drawVariants(out) {
    const m = this.model;
    const centre = (cell) => {
      const [r, c] = parseLabel(cell);
      return [at(c) + CELL / 2, at(r) + CELL / 2];
    };
    const pts = (cells) => cells.map((c) => centre(c).join(",")).join(" ");
    const poly = (cls, colour, width, cells) =>
      `<polyline class="${cls}" points="${pts(cells)}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
    const colours = { whisper: "#3cb44b", renban: "#c060e0", palindrome: "#a0a0a0", between: "#8fa8c8",
      lockout: "#7f9fdf", regionsum: "#3f7fff", zipper: "#b8a0e8", entropic: "#f08030", modular: "#20a0a0" };
    const edge = (a, b) => {
      const [ax, ay] = centre(a);
      const [bx, by] = centre(b);
      return [(ax + bx) / 2, (ay + by) / 2];
    };
    for (const v of m.variants || []) {
      const p = parseVariant(v);
      const cells = p.cells;
      if (p.key === "thermo" && cells.length) {
        const [x, y] = centre(cells[0]);
        out.push(`<g class="thermo"><circle cx="${x}" cy="${y}" r="${CELL * 0.36}" fill="#c8c8c8"/>${poly("thermo-line", "#c8c8c8", CELL * 0.3, cells)}</g>`);
      } else if ((p.key === "arrow" || p.key === "doublearrow") && cells.length) {
        const circles = p.key === "arrow" ? cells : [cells[0], cells[cells.length - 1]];
        const line = p.key === "arrow" ? [cells[cells.length - 1], ...p.after.map((w) => w.toUpperCase())] : cells;
        const parts = [poly("arrow-line", "#8c8c8c", 2, line)];
        if (line.length > 1) {
          const [tx, ty] = centre(line[line.length - 1]);
          const [fx, fy] = centre(line[line.length - 2]);
          const d = Math.hypot(tx - fx, ty - fy) || 1;
          const [ux, uy] = [(tx - fx) / d, (ty - fy) / d];
          const s = 9;
          parts.push(`<polyline points="${tx - ux * s - uy * s * 0.7},${ty - uy * s + ux * s * 0.7} ${tx},${ty} ${tx - ux * s + uy * s * 0.7},${ty - uy * s - ux * s * 0.7}" fill="none" stroke="#8c8c8c" stroke-width="2"/>`);
        }
        for (const c of circles) {
          const [x, y] = centre(c);
          parts.push(`<circle cx="${x}" cy="${y}" r="${CELL * 0.38}" fill="#fff" stroke="#8c8c8c" stroke-width="2"/>`);
        }
        out.push(`<g class="${p.key === "arrow" ? "arrow" : "double-arrow"}">${parts.join("")}</g>`);
      } else if (colours[p.key]) {
        const parts = [poly(p.key + "-line", colours[p.key], p.key === "whisper" || p.key === "renban" ? 8 : 6, cells)];
        if ((p.key === "between" || p.key === "lockout") && cells.length) {
          for (const c of [cells[0], cells[cells.length - 1]]) {
            const [x, y] = centre(c);
            parts.push(p.key === "between"
              ? `<circle cx="${x}" cy="${y}" r="${CELL * 0.36}" fill="#fff" stroke="${colours[p.key]}" stroke-width="2"/>`
              : `<rect x="${x - 11}" y="${y - 11}" width="22" height="22" transform="rotate(45 ${x} ${y})" fill="#fff" stroke="${colours[p.key]}" stroke-width="2"/>`);
          }
        }
        out.push(`<g class="${p.key}" opacity="0.8">${parts.join("")}</g>`);
      } else if (p.key === "cage") {
        const inside = new Set(cells);
        const parts = [];
        for (const cell of cells) {
          const [r, c] = parseLabel(cell);
          const x0 = at(c) + 3;
          const y0 = at(r) + 3;
          const x1 = at(c + 1) - 3;
          const y1 = at(r + 1) - 3;
          if (!inside.has(label(r - 1, c))) parts.push(`<line x1="${x0}" y1="${y0}" x2="${x1}" y2="${y0}"/>`);
          if (!inside.has(label(r + 1, c))) parts.push(`<line x1="${x0}" y1="${y1}" x2="${x1}" y2="${y1}"/>`);
          if (!inside.has(label(r, c - 1))) parts.push(`<line x1="${x0}" y1="${y0}" x2="${x0}" y2="${y1}"/>`);
          if (!inside.has(label(r, c + 1))) parts.push(`<line x1="${x1}" y1="${y0}" x2="${x1}" y2="${y1}"/>`);
        }
        const sum = p.head[0] || "";
        const [r, c] = parseLabel(cells.slice().sort(byPosition)[0]);
        if (sum) parts.push(`<text class="clue" x="${at(c) + 4}" y="${at(r) + 12}" stroke="none">${sum}</text>`);
        out.push(`<g class="cage" stroke="#b03030" stroke-width="1.2" stroke-dasharray="3 3">${parts.join("")}</g>`);
      } else if (p.key === "dot" && cells.length === 2) {
        const [x, y] = edge(cells[0], cells[1]);
        const kind = p.head[0];
        if (kind === "white" || kind === "black") {
          out.push(`<circle class="kropki ${kind}" cx="${x}" cy="${y}" r="6" fill="${kind === "black" ? "#111" : "#fff"}" stroke="#111" stroke-width="1.5"/>`);
        } else {
          const text = kind === "x" ? "X" : kind === "v" ? "V" : p.head[1] || "";
          out.push(`<g class="xv"><circle cx="${x}" cy="${y}" r="8" fill="#fff"/><text x="${x}" y="${y + 5}" text-anchor="middle" font-size="14" font-weight="700">${text}</text></g>`);
        }
      } else if (p.key === "greater" && cells.length === 2) {
        // The chevron's point toward the smaller digit (the second cell).
        const [x, y] = edge(cells[0], cells[1]);
        const [ax, ay] = centre(cells[0]);
        const [bx, by] = centre(cells[1]);
        const [ux, uy] = [(bx - ax) / CELL, (by - ay) / CELL];
        const s = 6;
        out.push(`<polyline class="greater" points="${x - ux * s - uy * s},${y - uy * s + ux * s} ${x + ux * s},${y + uy * s} ${x - ux * s + uy * s},${y - uy * s - ux * s}" fill="none" stroke="#111" stroke-width="2"/>`);
      } else if (p.key === "quad" && cells.length === 4) {
        const [x, y] = edge(cells[0], cells[3]);
        out.push(`<g class="quad"><circle cx="${x}" cy="${y}" r="11" fill="#fff" stroke="#111"/><text x="${x}" y="${y + 3}" text-anchor="middle" font-size="8">${p.after.join("")}</text></g>`);
      } else if (OUTSIDE_KEYS.includes(p.key) && cells.length) {
        const s = outsideSpot(m, p);
        const x = at(s.c) + CELL / 2;
        const y = at(s.r) + CELL / 2;
        const value = p.head[0] || "";
        const parts = [`<text x="${x}" y="${y + 6}" text-anchor="middle" font-size="17">${value}</text>`];
        if (p.key === "littlekiller") {
          const [dx, dy] = [s.step[1] * CELL * 0.42, s.step[0] * CELL * 0.42];
          parts.push(`<line x1="${x + dx * 0.55}" y1="${y + dy * 0.55}" x2="${x + dx}" y2="${y + dy}" stroke="#111" stroke-width="1.5"/>`);
        }
        out.push(`<g class="${p.key === "littlekiller" ? "little-killer" : p.key}">${parts.join("")}</g>`);
      }
    }
    // A line being drawn.
    if (this.line && this.line.length > 1) {
      out.push(poly("drawing", "#1a5fb4", 4, this.line));
    }
  },
});
