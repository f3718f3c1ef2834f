// The solver's thread: loads cagesat on WebAssembly, then answers one message at a time.
// Once loaded it posts {ready, version, lists} (the library's lists of kinds, sides,
// difficulties and options). A message is {id, action, text, extra}; the answer is {id, action, answer, ms}, where
// `answer` is the JSON string of cagesat_web::run_with and `ms` the time the call took in
// this worker. A count posts {id, progress} as it goes (cagesatProgress, called from the
// library). The page stops a run by terminating this worker and starting a fresh one.
importScripts("cagesat_web.js");

let current = null;

// Called by the WebAssembly side with a running count.
self.cagesatProgress = (n) => {
  if (current !== null) postMessage({ id: current, progress: n });
};

const ready = wasm_bindgen({ module_or_path: "cagesat_web_bg.wasm" }).then(() => {
  postMessage({ ready: true, version: wasm_bindgen.version(), lists: JSON.parse(wasm_bindgen.lists()) });
});

onmessage = async (event) => {
  await ready;
  const { id, action, text, extra } = event.data;
  const t0 = performance.now();
  let answer;
  let fatal = false;
  current = id;
  try {
    answer = wasm_bindgen.run_with(action, text, extra || "{}");
  } catch (e) {
    answer = JSON.stringify({ ok: false, status: "internal error: " + e });
    fatal = true;
  }
  current = null;
  postMessage({ id, action, answer, fatal, ms: performance.now() - t0 });
};
