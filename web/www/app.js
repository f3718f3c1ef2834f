// The page: sends the text box and a button's action to the solver's Web Worker, shows the
// answer (status line, picture), and keeps the puzzle in the address (#p=…). Nothing is sent
// anywhere else. Stop terminates the worker and starts a fresh one.
"use strict";

const $ = (id) => document.getElementById(id);
const puzzle = $("puzzle");
const status = $("status");
const picture = $("picture");
const stop = $("stop");
const actions = Array.from(document.querySelectorAll("button[data-action]"));

let worker = null;
let ready = false;
let running = null; // {id, action, since, text}
let pending = null; // an action pressed while the picture was being drawn
let shownText = null; // the text of the last answer shown: a late redraw must not hide it
let nextId = 1;
let showTimer = null;

function setStatus(text, kind) {
  status.textContent = text;
  status.className = kind || "";
}

function setBusy(busy) {
  for (const b of actions) b.disabled = busy || !ready;
  stop.disabled = !busy;
}

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
  startWorker();
}

function onAnswer(data) {
  if (data.ready) {
    ready = true;
    $("version").textContent = data.version;
    if (!document.body.dataset.readyMs) {
      document.body.dataset.readyMs = performance.now().toFixed(1);
    }
    setBusy(false);
    if (!running) show();
    return;
  }
  if (!running || data.id !== running.id) return;
  const asked = running;
  running = null;
  shownText = asked.text;
  setBusy(false);
  let answer;
  try {
    answer = JSON.parse(data.answer);
  } catch (e) {
    answer = { ok: false, status: "internal error: unreadable answer" };
  }
  render(answer, data.action, data.ms);
  // A panic leaves the WebAssembly instance unusable: start a fresh one.
  if (data.fatal) {
    restart();
  } else if (pending) {
    const action = pending;
    pending = null;
    send(action);
  } else if (asked.text !== puzzle.value) {
    show();
  }
}

function render(answer, action, ms) {
  status.dataset.action = action;
  status.dataset.ok = String(answer.ok);
  status.dataset.ms = ms.toFixed(2);
  if (!answer.ok) {
    setStatus(answer.status, "error");
    return;
  }
  const time = action === "show" ? "" : " · " + formatMs(ms);
  setStatus(answer.status + time, "");
  if (answer.svg) {
    const img = document.createElement("img");
    img.alt = answer.size + " " + answer.kind;
    img.src = URL.createObjectURL(new Blob([answer.svg], { type: "image/svg+xml" }));
    img.onload = () => URL.revokeObjectURL(img.src);
    picture.replaceChildren(img);
  }
  picture.dataset.action = action;
  picture.dataset.grid = answer.grid ? JSON.stringify(answer.grid) : "";
  picture.dataset.candidates = answer.candidates ? JSON.stringify(answer.candidates) : "";
  picture.dataset.count = answer.count === undefined ? "" : String(answer.count);
}

function formatMs(ms) {
  return ms < 1000 ? ms.toFixed(1) + " ms" : (ms / 1000).toFixed(2) + " s";
}

function send(action) {
  if (running && running.action === "show" && action !== "show") {
    pending = action;
    return true;
  }
  if (!ready || running) return false;
  const id = nextId++;
  running = { id, action, since: performance.now(), text: puzzle.value };
  if (action !== "show") {
    setStatus(action + "… (Stop ends it)", "busy");
    setBusy(true);
  }
  worker.postMessage({ id, action, text: puzzle.value });
  return true;
}

function show() {
  if (puzzle.value === shownText) return;
  if (puzzle.value.trim() === "") {
    shownText = puzzle.value;
    picture.replaceChildren();
    setStatus("paste a puzzle, a Keen game ID or a puzz.link URL", "");
    return;
  }
  send("show");
}

for (const button of actions) {
  button.addEventListener("click", () => send(button.dataset.action));
}

stop.addEventListener("click", () => {
  if (!running) return;
  const seconds = (performance.now() - running.since) / 1000;
  running = null;
  pending = null;
  restart();
  setStatus("stopped after " + seconds.toFixed(2) + " s", "");
  status.dataset.action = "stop";
});

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

puzzle.addEventListener("input", () => {
  toAddress();
  clearTimeout(showTimer);
  showTimer = setTimeout(() => { if (!running) show(); }, 150);
});

window.addEventListener("hashchange", () => {
  const text = fromAddress();
  if (text !== null && text !== puzzle.value) {
    puzzle.value = text;
    if (!running) show();
  }
});

const initial = fromAddress();
if (initial !== null) puzzle.value = initial;
startWorker();
