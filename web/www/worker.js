// The solver's thread: loads cagesat on WebAssembly, then answers one message at a time.
// A message is {id, action, text}; the answer is {id, action, answer, ms}, where `answer` is
// the JSON string of cagesat_web::run and `ms` the time the call took in this worker.
// The page stops a run by terminating this worker and starting a fresh one.
importScripts("cagesat_web.js");

const ready = wasm_bindgen({ module_or_path: "cagesat_web_bg.wasm" }).then(() => {
  postMessage({ ready: true, version: wasm_bindgen.version() });
});

onmessage = async (event) => {
  await ready;
  const { id, action, text } = event.data;
  const t0 = performance.now();
  let answer;
  let fatal = false;
  try {
    answer = wasm_bindgen.run(action, text);
  } catch (e) {
    answer = JSON.stringify({ ok: false, status: "internal error: " + e });
    fatal = true;
  }
  postMessage({ id, action, answer, fatal, ms: performance.now() - t0 });
};
