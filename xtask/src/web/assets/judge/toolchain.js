// The judge's main-thread side: compiles a learner's source in compile-worker.js and runs
// the program on inputs in run-worker.js, one fresh worker per run, ending any run that
// passes its wall-time cap. The page never blocks: compiling and running are all in
// workers, and a run that never ends is terminated.
//
//   compile(language, source, memoryBytes, onProgress) -> Promise<compile reply>
//   runOnce(program, language, input, memoryBytes, wallLimitMs) -> Promise<run result>
//   runAll(program, language, inputs, memoryBytes, wallLimitMs, onEach, signal)
//     -> Promise<run result[]> (in the inputs' order)
//   languageOf(fileName) -> 'c'|'cpp'|'python'|'javascript'|'wasm'|null
//
// A run result is run-worker.js's reply plus `killedAtWallCap`; a run killed at the cap
// has `exit: null`, empty output and `wallMs` as measured here.

const COMPILE_WORKER = new URL('./compile-worker.js', import.meta.url);
const RUN_WORKER = new URL('./run-worker.js', import.meta.url);

// How long a run worker may take to get ready (load Pyodide, instantiate the module)
// before the program starts; the wall-time cap counts only from the program's start.
const STARTUP_LIMIT_MS = 120000;

const EXTENSIONS = { c: 'c', cpp: 'cpp', cc: 'cpp', cxx: 'cpp', 'c++': 'cpp', py: 'python', js: 'javascript', mjs: 'javascript', wasm: 'wasm' };

export function languageOf(fileName) {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? null : EXTENSIONS[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

// ---- compiling ------------------------------------------------------------------------------

let compileWorker = null;
let nextId = 1;
const pending = new Map();

function compiler() {
  if (!compileWorker) {
    compileWorker = new Worker(COMPILE_WORKER, { type: 'module' });
    compileWorker.onmessage = (event) => {
      const reply = event.data;
      const job = pending.get(reply.id);
      if (!job) return;
      if (reply.progress) { if (job.onProgress) job.onProgress(reply.progress); return; }
      pending.delete(reply.id);
      delete reply.id;
      job.resolve(reply);
    };
    // The worker failing to load (a missing file on the site) fails every request in it;
    // the next compile starts a new worker.
    compileWorker.onerror = (event) => {
      const error = new Error(`the compile worker failed: ${event.message || 'it could not be loaded'}`);
      for (const job of pending.values()) job.reject(error);
      pending.clear();
      compileWorker.terminate();
      compileWorker = null;
    };
  }
  return compileWorker;
}

// Compiles (or, for Python and JavaScript, checks) a source. The first call for C/C++
// downloads the compiler, the first for Python Pyodide (`npm/sizes.json` says how much);
// `onProgress({ phase, loaded, total })` reports it in bytes. Later calls and later visits
// reuse it (the worker stays up; the files are in Cache Storage).
export function compile(language, source, memoryBytes, onProgress) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress });
    // A wasm source given as an ArrayBuffer is copied, not moved: the caller keeps it.
    compiler().postMessage({ id, language, source, memoryBytes });
  });
}

// ---- running --------------------------------------------------------------------------------

// A run worker, started ahead of its run: for Python it starts loading Pyodide at once, so
// that runAll overlaps one run's interpreter start-up with the previous run.
function startRunWorker(language) {
  const worker = new Worker(RUN_WORKER, { type: 'module' });
  if (language === 'python') worker.postMessage({ preload: 'python' });
  return worker;
}

// Runs the program on one input in `worker` (ending the worker when done). `signal`, if
// given and aborted, ends the run at once and rejects with an AbortError.
function runIn(worker, program, language, input, memoryBytes, wallLimitMs, signal) {
  return new Promise((resolve, reject) => {
    let started = null;
    let timer = setTimeout(() => finish(null, new Error('the run worker did not start the program in time')), STARTUP_LIMIT_MS);
    const onAbort = () => finish(null, new DOMException('The run was cancelled.', 'AbortError'));
    function finish(result, error) {
      clearTimeout(timer);
      if (signal) signal.removeEventListener('abort', onAbort);
      worker.terminate();
      if (error) reject(error);
      else resolve(result);
    }
    if (signal) {
      if (signal.aborted) { onAbort(); return; }
      signal.addEventListener('abort', onAbort);
    }
    worker.onmessage = (event) => {
      const reply = event.data;
      if (reply.running) {
        started = performance.now();
        clearTimeout(timer);
        timer = setTimeout(() => finish({
          exit: null, stdout: new Uint8Array(), stderr: new Uint8Array(),
          wallMs: performance.now() - started, peakMemoryBytes: null, memoryRefused: false, killedAtWallCap: true,
        }), wallLimitMs);
        return;
      }
      finish({ ...reply, killedAtWallCap: false });
    };
    worker.onerror = (event) => finish(null, new Error(`the run worker failed: ${event.message || 'it could not be loaded'}`));
    worker.postMessage({ program, language, input, memoryBytes });
  });
}

// Runs the program on one input in a fresh worker, terminating it after `wallLimitMs` of
// the program's own running (then `killedAtWallCap` is true).
export function runOnce(program, language, input, memoryBytes, wallLimitMs, signal) {
  return runIn(startRunWorker(language), program, language, input, memoryBytes, wallLimitMs, signal);
}

// Runs the program on every input, as many at once as the machine has cores (at most 4),
// calling `onEach(index, result)` as each finishes. Aborting `signal` terminates every
// worker and rejects with an AbortError. Note that runs side by side share the machine:
// their wall times are a little longer than one run alone.
export async function runAll(program, language, inputs, memoryBytes, wallLimitMs, onEach, signal) {
  const width = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1, inputs.length));
  const results = new Array(inputs.length);
  const spares = [];
  let next = 0;
  const lane = async () => {
    // Each lane keeps one worker ready for its next input while the current one runs.
    let ready = next < inputs.length ? startRunWorker(language) : null;
    while (next < inputs.length) {
      if (signal && signal.aborted) break;
      const index = next++;
      const worker = ready;
      ready = next < inputs.length ? startRunWorker(language) : null;
      if (ready) spares.push(ready);
      results[index] = await runIn(worker, program, language, inputs[index], memoryBytes, wallLimitMs, signal);
      if (onEach) onEach(index, results[index]);
    }
    if (ready) ready.terminate();
  };
  try {
    await Promise.all(Array.from({ length: width }, lane));
  } finally {
    for (const worker of spares) worker.terminate(); // idempotent for used ones
  }
  if (signal && signal.aborted) throw new DOMException('The runs were cancelled.', 'AbortError');
  return results;
}
