// The judge's compile worker (a module Worker): turns a learner's source into a program
// that run-worker.js can run, or into diagnostics. C and C++ go through Clang/LLD built for
// WebAssembly (@yowasp/clang) to a wasm32-wasip1 module; Python is syntax-checked by
// Pyodide; JavaScript by the engine's own parser; a .wasm file is only validated.
//
// In:  { id, language: 'c'|'cpp'|'python'|'javascript'|'wasm', source, memoryBytes }
// Out: { id, progress: { phase: 'download'|'compile', loaded, total } }   (any number)
//      { id, ok: true, program, text }                                       (once)
//      { id, ok: false, diagnostics: [{ line, column, severity, message }], text, advice }
// `program` is a WebAssembly.Module for c, cpp and wasm (structured-cloneable to another
// worker of this origin) and the source text for python and javascript.
// The toolchains are loaded on the first request that needs them and kept for the next.

import { CLANG_BUNDLE, PYODIDE_INDEX, PYODIDE_MODULE, cachedFetch, countingFetch } from './fetch-cache.js';

// The C/C++ source's name inside the compiler's virtual file system; diagnostics name it.
const SOURCE_NAME = { c: 'solution.c', cpp: 'solution.cpp' };
const FLAGS = {
  c: ['clang', '-std=c17', '-O2'],
  // libc++abi in this toolchain is built without exception support (no __cxa_throw), so
  // C++ is compiled without exceptions: the library's own throws become aborts, and a
  // `throw` in the learner's code is a compile error that `advice` explains.
  cpp: ['clang++', '-std=c++17', '-O2', '-fno-exceptions', '-Iinclude'],
};

// Linked into every C/C++ program: malloc asks sbrk for more linear memory, and when the
// memory's maximum (the problem's limit) refuses it, this tells the run worker, which is
// how a failure is recognised as the memory limit even when a single large request left
// the memory far below its maximum.
const GUARD_SOURCE = `#include <stdint.h>
void *__real_sbrk(intptr_t increment);
__attribute__((import_module("judge"), import_name("memory_refused")))
void judge_memory_refused(void);
void *__wrap_sbrk(intptr_t increment) {
  void *previous = __real_sbrk(increment);
  if (previous == (void *)-1 && increment > 0) judge_memory_refused();
  return previous;
}
`;

const PAGE = 65536;
const MiB = 1 << 20;

let clang = null; // Promise of { runClang, guardObject, stdcxx }
let pyodide = null; // Promise of a Pyodide instance with a `check` function

self.onmessage = async (event) => {
  const { id, language, source, memoryBytes } = event.data;
  const progress = (phase, loaded, total) => self.postMessage({ id, progress: { phase, loaded, total } });
  try {
    let reply;
    if (language === 'c' || language === 'cpp') reply = await compileNative(language, source, memoryBytes, progress);
    else if (language === 'wasm') reply = await compileWasm(source);
    else if (language === 'python') reply = await checkPython(source, progress);
    else if (language === 'javascript') reply = await checkJavaScript(source);
    else reply = failure(`No in-page compiler for the language "${language}".`, '');
    self.postMessage({ id, ...reply });
  } catch (error) {
    // Anything here is the toolchain's failure (a download that broke, a compiler crash),
    // not the learner's: say so rather than blame the source.
    const text = String(error && error.stack || error);
    self.postMessage({ id, ...failure(`The in-page compiler failed: ${error && error.message || error}`, text,
      'The in-page toolchain could not run here; judge in the terminal with `cargo xtask verify --solution`.') });
  }
};

function failure(message, text, advice = '') {
  return { ok: false, diagnostics: [{ line: null, column: null, severity: 'error', message }], text, advice };
}

// ---- C and C++ ------------------------------------------------------------------------

function loadClang(progress) {
  if (!clang) {
    clang = (async () => {
      // The bundle keeps a reference to fetch when it is evaluated, so fetch is replaced
      // before the import: its four .wasm files and its sysroot tar then come through
      // Cache Storage.
      globalThis.fetch = cachedFetch;
      const { runClang } = await import(CLANG_BUNDLE.href);
      // Called without arguments, runClang only downloads and compiles its resources.
      await runClang(null, {}, {
        fetchProgress: ({ totalLength, doneLength }) => progress('download', doneLength, totalLength),
      });
      const stdcxx = await (await fetch(new URL('./include/bits/stdc++.h', import.meta.url))).text();
      const quiet = { stdout: () => {}, stderr: () => {} };
      const built = await runClang(['clang', '-O2', '-c', 'guard.c', '-o', 'guard.o'], { 'guard.c': GUARD_SOURCE }, { ...quiet, decodeASCII: false });
      return { runClang, guardObject: built['guard.o'], stdcxx };
    })();
    clang.catch(() => { clang = null; }); // a failed download may be tried again
  }
  return clang;
}

// The linker flags that hold the program to the problem's memory limit: the maximum
// linear memory is the limit rounded down to whole 64 KiB pages, and the stack (placed
// first, so an overflow traps instead of overwriting data) fits inside it.
export function memoryFlags(memoryBytes) {
  const maxMemory = Math.max(2, Math.floor(memoryBytes / PAGE)) * PAGE;
  const stack = Math.floor(Math.min(MiB, maxMemory / 4) / 16) * 16;
  return [`-Wl,--max-memory=${maxMemory}`, `-Wl,-z,stack-size=${stack}`, '-Wl,--stack-first', '-Wl,--wrap=sbrk'];
}

async function compileNative(language, source, memoryBytes, progress) {
  const { runClang, guardObject, stdcxx } = await loadClang(progress);
  progress('compile', 0, 1);
  const name = SOURCE_NAME[language];
  const files = { [name]: source, 'guard.o': guardObject };
  if (language === 'cpp') files.include = { bits: { 'stdc++.h': stdcxx } };
  const args = [...FLAGS[language], name, 'guard.o', '-o', 'solution.wasm', ...memoryFlags(memoryBytes)];
  let stderr = '';
  const decoder = new TextDecoder();
  const collect = (bytes) => { if (bytes) stderr += decoder.decode(bytes, { stream: true }); };
  let output = null;
  try {
    output = await runClang(args, files, { stdout: collect, stderr: collect, decodeASCII: false });
  } catch (error) {
    // runClang throws an Exit when clang or wasm-ld exits non-zero; the reason is on stderr.
    if (!(error && 'code' in error)) throw error;
  }
  progress('compile', 1, 1);
  const bytes = output && output['solution.wasm'];
  if (!bytes) {
    return { ok: false, diagnostics: parseClangDiagnostics(stderr, name), text: stderr, advice: adviceFor(stderr) };
  }
  return { ok: true, program: await WebAssembly.compile(bytes), text: stderr };
}

// `solution.cpp:3:5: error: message` (and the linker's `wasm-ld: error: message`) into
// objects. Notes and lines about other files (the standard headers) are dropped: the
// learner can act only on their own lines; the full text stays in `text`.
export function parseClangDiagnostics(stderr, name) {
  const diagnostics = [];
  const located = /^(.*?):(\d+):(\d+): (fatal error|error|warning): (.*)$/;
  const linker = /^wasm-ld: (error|warning): (?:.*?: )?(.*)$/;
  for (const line of stderr.split('\n')) {
    let m = located.exec(line);
    if (m) {
      if (m[1] !== name && m[1] !== `./${name}`) {
        // An error inside a standard header still matters; keep it, without a position.
        if (m[4] !== 'warning') diagnostics.push({ line: null, column: null, severity: 'error', message: `${m[1]}:${m[2]}: ${m[5]}` });
        continue;
      }
      diagnostics.push({ line: Number(m[2]), column: Number(m[3]), severity: m[4] === 'warning' ? 'warning' : 'error', message: m[5] });
      continue;
    }
    m = linker.exec(line);
    if (m) diagnostics.push({ line: null, column: null, severity: m[1], message: m[2] });
  }
  if (!diagnostics.some((d) => d.severity === 'error')) {
    diagnostics.push({ line: null, column: null, severity: 'error', message: stderr.trim().split('\n').pop() || 'The compiler failed without a message.' });
  }
  return diagnostics;
}

const TERMINAL = 'or judge in the terminal with `cargo xtask verify --solution`.';

// A plain sentence for the failures that come from the in-page toolchain rather than from
// the learner's code, saying what to change.
export function adviceFor(stderr) {
  if (/with exceptions disabled|__cxa_(throw|allocate_exception|begin_catch)/.test(stderr)) {
    return `The in-page compiler builds C++ without exceptions: replace throw/try with error returns, ${TERMINAL}`;
  }
  if (/undefined symbol: (pthread_|std::__2::thread|.*thread::)/.test(stderr) || /pthread\.h/.test(stderr)) {
    return `The in-page compiler builds single-threaded programs: remove std::thread and other threads, ${TERMINAL}`;
  }
  if (/setjmp/.test(stderr)) return `The in-page compiler has no setjmp/longjmp: restructure the code without them, ${TERMINAL}`;
  if (/signal support/.test(stderr)) return `The in-page compiler has no signals: remove <csignal>/<signal.h>, ${TERMINAL}`;
  if (/initial memory too large|maximum memory too small|memory too large|stack size/.test(stderr)) {
    return 'The program\'s fixed-size arrays and stack do not fit in the problem\'s memory limit: make the global arrays smaller or allocate what is needed at run time.';
  }
  if (/'ext\/pb_ds|'bits\/extc\+\+\.h'|'ext\//.test(stderr)) {
    return `The in-page compiler uses LLVM's libc++, which has no GCC extensions such as <ext/pb_ds>: use the standard containers, ${TERMINAL}`;
  }
  if (/file not found/.test(stderr)) return `That header is not in the in-page compiler's standard library: use standard headers only, ${TERMINAL}`;
  return '';
}

// ---- WebAssembly ------------------------------------------------------------------------

async function compileWasm(source) {
  try {
    return { ok: true, program: await WebAssembly.compile(source), text: '' };
  } catch (error) {
    return failure(`Not a valid WebAssembly module: ${error.message}`, String(error));
  }
}

// ---- Python ------------------------------------------------------------------------------

// Python is checked here by CPython's own compile(), so a syntax error is reported with
// its line and column before any test runs. This is a second Pyodide next to the run
// workers' (each run needs a fresh interpreter anyway), but its files come from the same
// Cache Storage, so it costs start-up time once per page (about the time of one run's
// start-up), not a second download; later checks are immediate.
function loadPython(progress) {
  if (!pyodide) {
    pyodide = (async () => {
      const counting = countingFetch(cachedFetch, (loaded, total) => progress('download', loaded, total));
      globalThis.fetch = counting; // Pyodide fetches its .wasm, stdlib and lock file with fetch
      const { loadPyodide } = await import(PYODIDE_MODULE.href);
      const py = await loadPyodide({ indexURL: PYODIDE_INDEX.href, stdout: () => {}, stderr: () => {} });
      globalThis.fetch = cachedFetch;
      const check = py.runPython(`
def _judge_check(source):
    try:
        compile(source, 'solution.py', 'exec')
    except SyntaxError as e:
        return [e.lineno, e.offset, type(e).__name__ + ': ' + str(e.msg)]
    except ValueError as e:  # e.g. a NUL byte in the source
        return [None, None, 'ValueError: ' + str(e)]
    return None
_judge_check
`);
      return { check };
    })();
    pyodide.catch(() => { pyodide = null; });
  }
  return pyodide;
}

async function checkPython(source, progress) {
  const { check } = await loadPython(progress);
  progress('compile', 0, 1);
  const found = check(source);
  progress('compile', 1, 1);
  if (!found) return { ok: true, program: source, text: '' };
  const [line, column, message] = found.toJs();
  found.destroy();
  const text = `  File "solution.py", line ${line}\n${message}\n`;
  return { ok: false, diagnostics: [{ line, column, severity: 'error', message }], text, advice: '' };
}

// ---- JavaScript --------------------------------------------------------------------------

// The run worker wraps the source in a function of these names (as Node's CommonJS does),
// so the syntax check parses it the same way.
export const JS_WRAPPER_PARAMS = ['require', 'module', 'exports', 'process', 'console', 'Buffer', '__filename', '__dirname'];

async function checkJavaScript(source) {
  try {
    new Function(...JS_WRAPPER_PARAMS, source); // parses only; nothing runs
    return { ok: true, program: source, text: '' };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // new Function's SyntaxError carries no position; a classic worker given the same
    // wrapped source reports one in its error event. The wrapper adds one line on top.
    const where = await syntaxErrorPosition(`(function (${JS_WRAPPER_PARAMS.join(', ')}) {\n${source}\n})`);
    const line = where ? where.line - 1 : null;
    const message = `SyntaxError: ${error.message}`;
    const text = line ? `solution.js:${line}:${where.column}: ${message}\n` : `${message}\n`;
    return { ok: false, diagnostics: [{ line, column: line ? where.column : null, severity: 'error', message }], text, advice: '' };
  }
}

function syntaxErrorPosition(wrapped) {
  return new Promise((resolve) => {
    let probe;
    const url = URL.createObjectURL(new Blob([wrapped], { type: 'text/javascript' }));
    const done = (value) => { clearTimeout(timer); if (probe) probe.terminate(); URL.revokeObjectURL(url); resolve(value); };
    const timer = setTimeout(() => done(null), 5000);
    try {
      probe = new Worker(url); // classic: a parse error arrives as an ErrorEvent with lineno
    } catch {
      done(null);
      return;
    }
    probe.onerror = (e) => { e.preventDefault(); done(e.lineno ? { line: e.lineno, column: e.colno } : null); };
    // The wrapped source only defines a function, so a clean parse just goes quiet.
    probe.onmessage = () => done(null);
  });
}
