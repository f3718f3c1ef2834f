// The page: the editor (editor.js) and the text box kept in sync, a live check after every
// edit, the buttons, play mode, Explain's steps and the exports. Every question goes to the
// solver's Web Worker; a new edit cancels a running check (the worker is terminated and a
// fresh one started), and so does Stop for any run. The puzzle is kept in the address
// (#p=…). Nothing is sent anywhere else.
"use strict";

const $ = (id) => document.getElementById(id);
const puzzle = $("puzzle");
const status = $("status");
const picture = $("picture");
const gridBox = $("grid");
const stop = $("stop");
const actions = Array.from(document.querySelectorAll("button[data-action]"));

const CHECK_DELAY_MS = 120; // debounce of the live check

let worker = null;
let ready = false;
let running = null; // {id, action, since, text, fromEditor, sofar}
let queued = null; // the next request: {action, extra}
let checkedText = null; // the text the last check answered
let editorText = null; // the text the editor wrote last (null: the text box was typed in)
let note = ""; // said after the next check (what Repair or Generate did)
let nextId = 1;
let checkTimer = null;
let progressTimer = null;
let steps = null; // Explain's path: {steps, at, end}
let exportWanted = null; // what the export or svg answer is for: {key, what}

function setStatus(text, kind) {
  status.textContent = text;
  status.className = kind || "";
}

function setBusy(busy) {
  for (const b of actions) b.disabled = busy || !ready;
  stop.disabled = !busy;
}

// ---- the worker ----

function startWorker() {
  ready = false;
  setBusy(false);
  worker = new Worker("worker.js");
  worker.onmessage = (event) => onAnswer(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    running = null;
    setStatus("internal error: " + (event.message || "the solver stopped"), "error");
    restart();
  };
}

function restart() {
  if (worker) worker.terminate();
  running = null;
  startWorker();
}

function onAnswer(data) {
  if (data.ready) {
    ready = true;
    $("version").textContent = data.version;
    if (data.lists && !LISTS.kinds.length) applyLists(data.lists);
    if (!document.body.dataset.readyMs) {
      document.body.dataset.readyMs = performance.now().toFixed(1);
    }
    setBusy(false);
    dispatch();
    return;
  }
  if (!running || data.id !== running.id) return;
  if (data.progress !== undefined) {
    running.sofar = data.progress;
    status.dataset.sofar = String(data.progress);
    setStatus("counting… " + data.progress.toLocaleString("en") + " so far (Stop keeps the total)", "busy");
    return;
  }
  const asked = running;
  running = null;
  setBusy(false);
  let answer;
  try {
    answer = JSON.parse(data.answer);
  } catch (e) {
    answer = { ok: false, status: "internal error: unreadable answer" };
  }
  render(answer, asked, data.ms);
  if (data.fatal) restart();
  else dispatch();
}

// Sends the queued request, or a check when the text changed since the last one.
function dispatch() {
  if (!ready || running) return;
  if (queued) {
    const q = queued;
    queued = null;
    send(q.action, q.extra, q.name);
  } else if (puzzle.value !== checkedText && !checkTimer) {
    check();
  }
}

function send(action, extra, name) {
  const id = nextId++;
  const text = puzzle.value;
  if (action === "check") checkedText = text;
  running = { id, action, name: name || action, since: performance.now(), text,
    fromEditor: text === editorText };
  if (action !== "check" && action !== "progress") {
    setStatus(running.name + "… (Stop ends it)", "busy");
    setBusy(true);
  }
  if (action === "check") {
    // A long check says so, and Stop (or the next edit) ends it.
    setTimeout(() => {
      if (running && running.id === id) {
        setStatus("checking… (edit on, or Stop)", "busy");
        stop.disabled = false;
      }
    }, 400);
  }
  worker.postMessage({ id, action, text, extra: JSON.stringify(extra || {}) });
}

// Asks for `action`: at once, after the run in progress, or in place of a running check.
function ask(action, extra, name) {
  queued = { action, extra, name };
  if (running && (running.action === "check" || running.action === "progress")) restart();
  else dispatch();
}

// ---- the live check ----

function check() {
  checkTimer = null;
  if (puzzle.value.trim() === "") {
    checkedText = puzzle.value;
    picture.replaceChildren();
    clearPictureData();
    setStatus("draw a puzzle, or paste one, a Keen game ID or a puzz.link URL", "");
    status.dataset.action = "check";
    status.dataset.ok = "true";
    status.dataset.checked = puzzle.value;
    return;
  }
  if (running && running.action === "check") {
    if (running.text === puzzle.value) return;
    restart(); // a new edit cancels the running check
  }
  if (!ready || running) {
    if (!queued) queued = { action: "check" };
    return;
  }
  checkedText = puzzle.value;
  send("check");
}

function scheduleCheck(delay) {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, delay === undefined ? CHECK_DELAY_MS : delay);
}

// ---- answers ----

function clearPictureData() {
  picture.dataset.grid = "";
  picture.dataset.candidates = "";
  picture.dataset.count = "";
}

function showSvg(answer) {
  if (!answer.svg) return;
  const img = document.createElement("img");
  img.alt = answer.size + " " + answer.kind;
  img.src = URL.createObjectURL(new Blob([answer.svg], { type: "image/svg+xml" }));
  img.onload = () => URL.revokeObjectURL(img.src);
  picture.replaceChildren(img);
}

function render(answer, asked, ms) {
  const action = asked.action;
  status.dataset.ok = String(answer.ok);
  status.dataset.ms = ms.toFixed(2);
  if ((action === "export" || action === "svg") && answer.ok && exportWanted) {
    return renderExport(answer);
  }
  status.dataset.action = asked.name;
  if (action === "check") status.dataset.checked = asked.text;
  if (!answer.ok) {
    setStatus(answer.status, "error");
    // An input error leaves no stale picture behind.
    picture.replaceChildren();
    clearPictureData();
    editor.setOverlay({});
    gridBox.classList.toggle("stale", !asked.fromEditor && action === "check");
    return;
  }
  gridBox.classList.remove("stale");
  const time = action === "check" || action === "progress" ? "" : " · " + formatMs(ms);
  setStatus(answer.status + time, "");
  if (action === "check") return renderCheck(answer, asked);
  if (action === "progress") return editor.setOverlay({ wrong: answer.wrong });
  if (answer.svg) showSvg(answer);
  picture.dataset.action = action;
  picture.dataset.grid = answer.grid ? JSON.stringify(answer.grid) : "";
  picture.dataset.candidates = answer.candidates ? JSON.stringify(answer.candidates) : "";
  picture.dataset.count = answer.count === undefined ? "" : String(answer.count);
  if (answer.grid) editor.setOverlay({ solution: answer.grid, wrong: answer.wrong });
  if (action === "solve" && printAfterSolve) {
    printAfterSolve = false;
    setTimeout(() => window.print(), 50);
  }
  if (action === "next") renderHint(answer);
  if (action === "explain") startSteps(answer);
  if (["repair", "harder", "easier", "generate"].includes(action) && answer.text) {
    note = answer.status;
    setText(answer.text);
  }
}

function renderExport(answer) {
  const { key, what, target, download } = exportWanted;
  exportWanted = null;
  if (target) return renderTarget(answer, target, download);
  if (key === "svg") {
    save("puzzle.svg", answer.svg, "image/svg+xml");
    return exported("saved puzzle.svg", answer.svg);
  }
  const value = answer[key];
  return exported(value ? what : "no " + what + " for this puzzle", value);
}

function renderCheck(answer, asked) {
  if (!asked.fromEditor && asked.text === puzzle.value) {
    editor.load(answer.model, { record: true });
    $("size").value = answer.model.rows;
    syncDiagonals();
  }
  editor.setOverlay({ ambiguous: answer.ambiguous });
  // A KenKen while it is drawn has no picture of its own (cells in no cage).
  if (answer.svg) showSvg(answer);
  else picture.replaceChildren();
  picture.dataset.action = "check";
  clearPictureData();
  picture.dataset.count = String(answer.count);
  if (note) {
    setStatus(answer.status + " (" + note + ")", "");
    note = "";
  }
}

function renderHint(answer) {
  const step = answer.step;
  if (!step) return;
  setMode("play");
  editor.progress[step.cell] = step.digit;
  editor.setOverlay({ groups: step.reason, marked: step.cell, hinted: step.cell });
  gridBox.dataset.hint = step.cell + "=" + step.digit;
}

function startSteps(answer) {
  steps = { steps: answer.steps, at: 0, end: answer.end };
  $("steps").hidden = answer.steps.length === 0;
  showStep();
}

function showStep() {
  if (!steps || !steps.steps.length) return;
  const step = steps.steps[steps.at];
  const n = steps.at + 1;
  $("step-no").textContent = n + " / " + steps.steps.length;
  gridBox.dataset.step = String(n);
  setStatus("step " + n + "/" + steps.steps.length + ": " + step.text, "");
  status.dataset.action = "step";
  const pencil = candidatesAt(steps.at);
  gridBox.dataset.pencil = JSON.stringify(pencil);
  editor.setOverlay({ groups: step.reason, marked: step.cell, pencil });
}

// The candidates after the steps up to `at`, drawn as pencil marks: every digit in each
// cell the path works on (the open cells), less each elimination so far; a placement
// leaves its digit alone.
function candidatesAt(at) {
  const kind = $("kind").value;
  const n = kind === "kakuro" || kind === "crossproduct" ? 9 : editor.model.rows;
  const marks = {};
  for (const s of steps.steps) {
    if (!marks[s.cell]) marks[s.cell] = Array.from({ length: n }, (_, i) => i + 1);
  }
  for (let i = 0; i <= at; i++) {
    const s = steps.steps[i];
    marks[s.cell] = s.place ? [s.digit] : marks[s.cell].filter((d) => d !== s.digit);
  }
  return marks;
}

$("explain-prev").addEventListener("click", () => {
  if (steps && steps.at > 0) { steps.at--; showStep(); }
});
$("explain-next").addEventListener("click", () => {
  if (steps && steps.at + 1 < steps.steps.length) { steps.at++; showStep(); }
});

function formatMs(ms) {
  return ms < 1000 ? ms.toFixed(1) + " ms" : (ms / 1000).toFixed(2) + " s";
}

// ---- the editor and the text box ----

const editor = new Editor(gridBox, {
  onEdit(text) {
    syncDiagonals();
    editorText = text;
    puzzle.value = text;
    $("export-out").value = ""; // an export of the puzzle before the edit is stale
    steps = null;
    delete gridBox.dataset.pencil;
    $("steps").hidden = true;
    toAddress();
    scheduleCheck();
  },
  onPlay(progress) {
    clearTimeout(progressTimer);
    progressTimer = setTimeout(() => ask("progress", { progress }), CHECK_DELAY_MS);
  },
  onEntry(text) {
    $("entry").textContent = text;
  },
  onError(message) {
    setStatus(message, "error");
    status.dataset.action = "edit";
  },
});

// The library's lists (the worker's first message): the kinds in the Kind select, and per
// kind its difficulties, options and largest side.
function applyLists(lists) {
  LISTS = lists;
  const kind = $("kind");
  const was = editor.model.kind;
  kind.replaceChildren(...lists.kinds.map((k) => new Option(k.title, k.name)));
  kind.value = was;
  syncDiagonals();
}

// The kind's choices: its options (Diagonals for a Sudoku or a Killer, Jigsaw for a Sudoku,
// Adjacent for an Unequal), its difficulties and its largest side.
function showChoices(kind) {
  const info = kindInfo(kind) || { options: [], difficulties: [] };
  for (const option of ["diagonals", "jigsaw", "adjacent"]) {
    $(option + "-box").hidden = !info.options.includes(option);
  }
  // Variant constraints are drawn on a Sudoku or a Killer (variant.js).
  const variants = kind === "sudoku" || kind === "killer";
  $("tool-box").hidden = !variants;
  if (!variants && $("tool").value) {
    $("tool").value = "";
    editor.setTool("");
  }
  const difficulty = $("difficulty");
  const chosen = difficulty.value;
  if (difficulty.dataset.kind !== kind) {
    difficulty.replaceChildren(new Option("any", ""), ...info.difficulties.map((d) => new Option(d, d)));
    difficulty.dataset.kind = kind;
    difficulty.value = info.difficulties.includes(chosen) ? chosen : "";
  }
  $("size").max = info.max || 26;
}

// The toggles follow the editor's puzzle: the kind chosen, Diagonals ticked for an X variant,
// Jigsaw for regions, Adjacent for the adjacent mode.
function syncDiagonals() {
  const kind = editor.model.kind;
  syncExport(kind);
  if (LISTS.kinds.length) $("kind").value = kind;
  showChoices(kind);
  $("diagonals").checked = !!editor.model.diagonals;
  $("jigsaw").checked = !!editor.model.regions;
  $("adjacent").checked = !!editor.model.adjacent;
}

function setText(text) {
  puzzle.value = text;
  editorText = null;
  toAddress();
  scheduleCheck(0);
}

puzzle.addEventListener("input", () => {
  editorText = null;
  $("export-out").value = "";
  toAddress();
  scheduleCheck(150);
});

function newGrid() {
  const options = { jigsaw: $("jigsaw").checked, adjacent: $("adjacent").checked };
  const [model, error] = emptyModel($("kind").value, $("size").value, options);
  if (!model) {
    setStatus(error, "error");
    status.dataset.action = "edit";
    return;
  }
  editor.load(model, { record: true });
  editor.selection = [];
  editor.cursor = null;
  editor.changed();
  gridBox.focus();
}

// The keypad (touch screens): each button is the key on it, sent to the grid.
for (const b of document.querySelectorAll("#keypad button")) {
  b.addEventListener("click", () => {
    editor.keyDown({ key: b.dataset.key, shiftKey: false, ctrlKey: false, metaKey: false,
      preventDefault() {} });
  });
}

$("kind").addEventListener("change", () => {
  const size = Number($("size").value);
  const kind = $("kind").value;
  showChoices(kind);
  const jigsaw = kind === "sudoku" && $("jigsaw").checked;
  if ((kind === "sudoku" || kind === "killer") && !SUDOKU_BOXES[size] && !jigsaw) $("size").value = 9;
  const max = (kindInfo(kind) || {}).max;
  if (max && size > max) $("size").value = max;
  newGrid();
});
$("diagonals").addEventListener("change", () => editor.setDiagonals($("diagonals").checked));
$("tool").replaceChildren(...TOOLS.map(([value, name]) => new Option(name, value)));
$("tool").addEventListener("change", () => {
  editor.setTool($("tool").value);
  gridBox.focus();
});
$("jigsaw").addEventListener("change", () => {
  if (editor.model.kind === "sudoku") editor.setJigsaw($("jigsaw").checked);
});
$("adjacent").addEventListener("change", () => {
  if (editor.model.kind === "unequal") editor.setAdjacent($("adjacent").checked);
});
$("size").addEventListener("keydown", (e) => {
  if (e.key === "Enter") { e.preventDefault(); newGrid(); }
});
$("new").addEventListener("click", newGrid);
$("undo").addEventListener("click", () => editor.undo());
$("redo").addEventListener("click", () => editor.redo());

function setMode(mode) {
  editor.setMode(mode);
  $("mode").setAttribute("aria-pressed", String(mode === "play"));
  $("mode").textContent = mode === "play" ? "Edit" : "Play";
  gridBox.dataset.mode = mode;
}
$("mode").addEventListener("click", () => setMode(editor.mode === "play" ? "edit" : "play"));
setMode("edit");

// ---- buttons ----

for (const button of actions) {
  button.addEventListener("click", () => {
    const action = button.dataset.action;
    let extra = {};
    if (action === "next" || action === "explain" || action === "candidates") {
      extra = { progress: editor.progressRows() };
    }
    if (action === "generate") {
      extra = {
        kind: $("kind").value,
        size: Number($("size").value),
        difficulty: $("difficulty").value,
        diagonals: $("diagonals").checked,
        jigsaw: $("jigsaw").checked,
        adjacent: $("adjacent").checked,
        seed: Math.floor(Math.random() * 1e9),
      };
    }
    ask(action, extra, button.dataset.testid);
  });
}

stop.addEventListener("click", () => {
  if (!running) return;
  const seconds = (performance.now() - running.since) / 1000;
  const sofar = running.sofar;
  queued = null;
  restart();
  let line = "stopped after " + seconds.toFixed(2) + " s";
  if (sofar !== undefined) line += ": " + sofar.toLocaleString("en") + " solutions so far";
  setStatus(line, "");
  status.dataset.action = "stop";
  picture.dataset.count = sofar === undefined ? "" : String(sofar);
});

// ---- exports ----

function save(name, text, type) {
  const a = $("save");
  if (a.href) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.dataset.text = text;
  a.click();
}

function exported(line, value) {
  $("export-out").value = value || "";
  $("export-out").dataset.value = value || "";
  setStatus(line, value ? "" : "error");
  status.dataset.action = "export";
}

// Export: the target chosen (f-puzzles link, Tatham game ID, puzz.link URL, short Killer
// string, text), copied or downloaded; a target that cannot hold the puzzle says what.
const EXPORT_FILES = { fpuzzles: "puzzle-fpuzzles.txt", sudokupad: "puzzle-sudokupad.txt",
  iss: "puzzle.iss", id: "puzzle-id.txt", puzzlink: "puzzle-puzzlink.txt", short: "puzzle.killer-short" };
const EXPORT_NAMES = { fpuzzles: "f-puzzles link", sudokupad: "SudokuPad link", iss: "ISS constraint string",
  id: "Tatham game ID", puzzlink: "puzz.link URL", short: "short Killer string", text: "text" };

function renderTarget(answer, target, download) {
  const got = (answer.targets || {})[target] || { refused: "no export " + target };
  if (got.refused) return exported(got.refused, "");
  const name = EXPORT_NAMES[target];
  if (download) {
    const file = target === "text" ? "puzzle." + got.ext : EXPORT_FILES[target];
    save(file, got.value + (got.value.endsWith("\n") ? "" : "\n"), "text/plain");
    exported("saved the " + name + " as " + file, got.value.split("\n")[0]);
  } else {
    if (navigator.clipboard) navigator.clipboard.writeText(got.value).catch(() => {});
    exported(name + " (copied when the browser allows)", got.value.split("\n")[0]);
  }
  $("export-out").dataset.value = got.value;
}

for (const [id, download] of [["export", false], ["export-download", true]]) {
  $(id).addEventListener("click", () => {
    exportWanted = { target: $("export-target").value, download };
    ask("export");
  });
}

// The export target that suits a kind, chosen when the kind changes.
const EXPORT_OF_KIND = { sudoku: "fpuzzles", killer: "fpuzzles", kenken: "id", towers: "id",
  unequal: "id", kakuro: "puzzlink", crossproduct: "text" };
let exportKind = null;
function syncExport(kind) {
  if (kind === exportKind) return;
  exportKind = kind;
  if (EXPORT_OF_KIND[kind]) $("export-target").value = EXPORT_OF_KIND[kind];
}

$("download").addEventListener("click", () => {
  save("puzzle." + editor.model.kind, puzzle.value, "text/plain");
  exported("saved puzzle." + editor.model.kind, puzzle.value.split("\n")[0]);
});
$("share").addEventListener("click", () => {
  toAddress();
  const link = location.href;
  exported("share link (copied when the browser allows)", link);
  if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
});
for (const [id, key, what] of [["keen", "keen", "Keen ID"], ["puzzlink", "puzzlink", "puzz.link URL"]]) {
  $(id).addEventListener("click", () => {
    exportWanted = { key, what };
    ask("export");
  });
}
$("svg").addEventListener("click", () => {
  exportWanted = { key: "svg", what: "SVG" };
  ask("svg");
});
// Print: the grid; with the solution, Solve first, then the grid and the solved picture.
let printAfterSolve = false;
$("print").addEventListener("click", () => {
  const withSolution = $("print-solution").checked;
  document.body.classList.toggle("print-solution", withSolution);
  if (withSolution) {
    printAfterSolve = true;
    ask("solve", {}, "solve");
  } else {
    window.print();
  }
});

// ---- the address ----

function fromAddress() {
  const hash = location.hash;
  if (!hash.startsWith("#p=")) return null;
  try {
    return decodeURIComponent(hash.slice(3));
  } catch (e) {
    return "";
  }
}

function toAddress() {
  const text = puzzle.value;
  const hash = text === "" ? "" : "#p=" + encodeURIComponent(text);
  if (hash !== location.hash) {
    history.replaceState(null, "", hash === "" ? location.pathname + location.search : hash);
  }
}

window.addEventListener("hashchange", () => {
  const text = fromAddress();
  if (text !== null && text !== puzzle.value) setText(text);
});

// The page opens on an example (a shipped puzzle: tests/data/kenken/norvig/), unless the
// address holds a puzzle; a broken address leaves the box empty.
const EXAMPLE = "size 6\n11 + A1 B1\n2 / A2 A3\n20 * A4 B4\n6 * A5 A6 B6 C6\n3 - B2 B3\n3 / B5 C5\n"
  + "240 * C1 C2 D1 D2\n6 * C3 C4\n6 * D3 E3\n7 + D4 E4 E5\n30 * D5 D6\n6 * E1 E2\n9 + E6 F6\n"
  + "8 + F1 F2 F3\n2 / F4 F5\n";
const initial = fromAddress();
if (initial !== null) puzzle.value = initial;
else puzzle.value = EXAMPLE;
startWorker();
