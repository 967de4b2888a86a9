// The judge's run worker (a module Worker): runs ONE compiled program on ONE input and
// replies once, with its exit, its captured stdout/stderr, its wall time and its memory.
// A fresh worker per run keeps runs from seeing each other's state. A program that never
// ends is not stopped here: the caller ends it with worker.terminate() (toolchain.js does,
// at the wall-time cap).
//
// In:  { preload: 'python' }            optional, first: start loading Pyodide right away
//      { program, language, input: string, memoryBytes }
// Out: { running: true }                the program starts now (the caller's wall clock)
//      { exit: { code } | { trap: message }, stdout: Uint8Array, stderr: Uint8Array,
//        wallMs, peakMemoryBytes, memoryRefused }                                (once)
// `program` is what compile-worker.js made: a WebAssembly.Module (c, cpp, wasm) or the
// source text (python, javascript).

import { PYODIDE_INDEX, PYODIDE_MODULE, cachedFetch } from './fetch-cache.js';

// Captured output beyond this ends the run: a program printing without end would otherwise
// fill the tab's memory before the wall-time cap stops it.
const OUTPUT_CAP = 64 << 20;

class Output {
  constructor(name) { this.name = name; this.chunks = []; this.size = 0; }
  push(bytes) {
    this.size += bytes.byteLength;
    if (this.size > OUTPUT_CAP) throw new Trap(`output limit exceeded: more than ${OUTPUT_CAP >> 20} MiB on ${this.name}`);
    this.chunks.push(bytes.slice()); // copied: the view may be into memory that changes
  }
  bytes() {
    const all = new Uint8Array(this.size);
    let at = 0;
    for (const c of this.chunks) { all.set(c, at); at += c.byteLength; }
    return all;
  }
}

class Exit { constructor(code) { this.code = code; } }
class Trap extends Error {}

let python = null;

self.onmessage = async (event) => {
  const message = event.data;
  if (message.preload === 'python') { loadPython(); return; }
  const { program, language, input, memoryBytes } = message;
  // The input as bytes, as a test file holds it; text is taken as UTF-8.
  const stdin = typeof input === 'string' ? new TextEncoder().encode(input) : new Uint8Array(input);
  const stdout = new Output('stdout');
  const stderr = new Output('stderr');
  let result;
  try {
    if (language === 'python') result = await runPython(program, stdin, stdout, stderr);
    else if (language === 'javascript') result = await runJavaScript(program, new TextDecoder().decode(stdin), stdout, stderr);
    else result = await runWasi(program, stdin, stdout, stderr, memoryBytes);
  } catch (error) {
    // The harness itself failed (e.g. Pyodide did not load): a trap that says so.
    result = { exit: { trap: `the in-page runner failed: ${error && error.message || error}` }, wallMs: 0, peakMemoryBytes: 0, memoryRefused: false };
  }
  const out = stdout.bytes();
  const err = stderr.bytes();
  self.postMessage({ ...result, stdout: out, stderr: err }, [out.buffer, err.buffer]);
};

// ---- WASI preview1 (C, C++, and .wasm files) ------------------------------------------

const ERRNO = { SUCCESS: 0, BADF: 8, INVAL: 28, NOSYS: 52, SPIPE: 70 };

async function runWasi(module, stdin, stdout, stderr, memoryBytes) {
  let memory = null;
  let memoryRefused = false;
  let stdinAt = 0;
  const view = () => new DataView(memory.buffer); // anew each call: memory.grow detaches the old buffer
  const bytes = (ptr, len) => new Uint8Array(memory.buffer, ptr, len);

  const wasi = {
    args_sizes_get(argcPtr, sizePtr) { view().setUint32(argcPtr, 0, true); view().setUint32(sizePtr, 0, true); return 0; },
    args_get() { return 0; },
    environ_sizes_get(countPtr, sizePtr) { view().setUint32(countPtr, 0, true); view().setUint32(sizePtr, 0, true); return 0; },
    environ_get() { return 0; },
    fd_read(fd, iovs, iovsLen, nreadPtr) {
      if (fd !== 0) return ERRNO.BADF;
      let total = 0;
      for (let i = 0; i < iovsLen; i++) {
        const ptr = view().getUint32(iovs + 8 * i, true);
        const len = view().getUint32(iovs + 8 * i + 4, true);
        const n = Math.min(len, stdin.length - stdinAt);
        bytes(ptr, n).set(stdin.subarray(stdinAt, stdinAt + n));
        stdinAt += n;
        total += n;
        if (n < len) break;
      }
      view().setUint32(nreadPtr, total, true);
      return 0;
    },
    fd_write(fd, iovs, iovsLen, nwrittenPtr) {
      const sink = fd === 1 ? stdout : fd === 2 ? stderr : null;
      if (!sink) return ERRNO.BADF;
      let total = 0;
      for (let i = 0; i < iovsLen; i++) {
        const ptr = view().getUint32(iovs + 8 * i, true);
        const len = view().getUint32(iovs + 8 * i + 4, true);
        sink.push(bytes(ptr, len));
        total += len;
      }
      view().setUint32(nwrittenPtr, total, true);
      return 0;
    },
    // Standard streams are reported as neither terminals nor seekable files, so the C
    // library buffers stdout fully, as it does under a judge's pipes.
    fd_fdstat_get(fd, ptr) {
      if (fd > 2) return ERRNO.BADF;
      const v = view();
      v.setUint8(ptr, 0); // filetype: unknown
      v.setUint16(ptr + 2, 0, true);
      v.setBigUint64(ptr + 8, 0xffffffffffffffffn, true);
      v.setBigUint64(ptr + 16, 0xffffffffffffffffn, true);
      return 0;
    },
    fd_fdstat_set_flags(fd) { return fd > 2 ? ERRNO.BADF : 0; },
    fd_filestat_get(fd, ptr) {
      if (fd > 2) return ERRNO.BADF;
      bytes(ptr, 64).fill(0);
      return 0;
    },
    fd_seek(fd) { return fd > 2 ? ERRNO.BADF : ERRNO.SPIPE; },
    fd_tell(fd) { return fd > 2 ? ERRNO.BADF : ERRNO.SPIPE; },
    fd_close(fd) { return fd > 2 ? ERRNO.BADF : 0; },
    fd_sync() { return 0; },
    fd_datasync() { return 0; },
    // No preopened directories: the program sees no file system, as on a judge.
    fd_prestat_get() { return ERRNO.BADF; },
    fd_prestat_dir_name() { return ERRNO.BADF; },
    proc_exit(code) { throw new Exit(code); },
    sched_yield() { return 0; },
    clock_res_get(id, ptr) { view().setBigUint64(ptr, 1000n, true); return 0; },
    clock_time_get(id, precision, ptr) {
      // 0 is the realtime clock; the others (monotonic, process and thread CPU time) all
      // count from the page's start, which is what a contest program uses them for.
      const ms = id === 0 ? performance.timeOrigin + performance.now() : performance.now();
      view().setBigUint64(ptr, BigInt(Math.round(ms * 1e6)), true);
      return 0;
    },
    random_get(ptr, len) {
      for (let at = 0; at < len; at += 65536) crypto.getRandomValues(bytes(ptr + at, Math.min(65536, len - at)));
      return 0;
    },
  };

  // Whatever else the module imports from WASI (files, sockets, polling) answers ENOSYS,
  // so that any module instantiates and only the calls it really makes fail.
  const imports = { wasi_snapshot_preview1: {}, judge: { memory_refused() { memoryRefused = true; } } };
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.module === 'wasi_snapshot_preview1' && imp.kind === 'function') {
      imports.wasi_snapshot_preview1[imp.name] = wasi[imp.name] || (() => ERRNO.NOSYS);
    }
  }
  const instance = await WebAssembly.instantiate(module, imports);
  memory = instance.exports.memory;
  const maximum = declaredMaximum(module, memoryBytes);

  self.postMessage({ running: true });
  const started = performance.now();
  let exit;
  try {
    // Deep recursion is bounded by the engine's native stack (about 1 MB in a worker; each
    // WebAssembly call frame takes ~100+ bytes of it) before the program's own 1 MiB stack
    // in linear memory fills. Entering through JSPI (WebAssembly.promising) runs the
    // program on a separate stack that V8 makes about twice as deep; where JSPI is
    // missing, the program is called directly.
    const start = instance.exports._start;
    if (typeof start === 'function') {
      if (typeof WebAssembly.promising === 'function') await WebAssembly.promising(start)();
      else start();
    }
    exit = { code: 0 };
  } catch (error) {
    if (error instanceof Exit) exit = { code: error.code };
    else if (error instanceof Trap) exit = { trap: error.message };
    else if (error instanceof WebAssembly.RuntimeError) exit = { trap: error.message };
    // V8 reports exhausting its own stack (deep recursion in wasm) as a RangeError.
    else if (error instanceof RangeError) exit = { trap: `stack overflow (${error.message})` };
    else exit = { trap: String(error && error.message || error) };
  }
  const wallMs = performance.now() - started;
  // Linear memory never shrinks, so its final size is the run's peak.
  const peakMemoryBytes = memory ? memory.buffer.byteLength : 0;
  const failed = 'trap' in exit || exit.code !== 0;
  const atMaximum = maximum !== null && peakMemoryBytes + 65536 > maximum;
  return { exit, wallMs, peakMemoryBytes, memoryRefused: failed && (memoryRefused || atMaximum) };
}

// The memory maximum the program was linked with. The compile worker set it to the limit
// rounded down to 64 KiB pages; a .wasm file brought by the learner may declare another,
// which the binary's memory section tells. Null when the memory has no maximum.
function declaredMaximum(module, memoryBytes) {
  const exported = WebAssembly.Module.exports(module).some((e) => e.name === 'memory' && e.kind === 'memory');
  if (!exported) return null;
  // The JS API does not expose a module's limits; the compile worker's rounding is used,
  // which is exact for the programs it built.
  return Math.floor(memoryBytes / 65536) * 65536;
}

// ---- Python (Pyodide) ---------------------------------------------------------------------

function loadPython() {
  if (!python) {
    python = (async () => {
      globalThis.fetch = cachedFetch; // Pyodide's .wasm, stdlib and lock file from Cache Storage
      const { loadPyodide } = await import(PYODIDE_MODULE.href);
      const py = await loadPyodide({ indexURL: PYODIDE_INDEX.href });
      // Runs the source as the module __main__, as `python3 solution.py` would, and turns
      // SystemExit and uncaught exceptions into an exit code; the traceback goes to stderr
      // without this driver's own frame.
      const run = py.runPython(`
import sys, types, traceback, linecache
def _judge_run(source):
    # Tracebacks quote the source's lines, as they would from a file on disk.
    linecache.cache['solution.py'] = (len(source), None, source.splitlines(True), 'solution.py')
    main = types.ModuleType('__main__')
    main.__file__ = 'solution.py'
    sys.modules['__main__'] = main
    code = 0
    try:
        exec(compile(source, 'solution.py', 'exec'), main.__dict__)
    except SystemExit as e:
        if e.code is None:
            code = 0
        elif isinstance(e.code, int):
            code = int(e.code)
        else:
            print(e.code, file=sys.stderr)
            code = 1
    except BaseException as e:
        traceback.print_exception(type(e), e, e.__traceback__.tb_next)
        code = 1
        if isinstance(e, MemoryError):
            code = -1
    finally:
        try:
            sys.stdout.flush()
        except BaseException:
            pass
        sys.stderr.flush()
    return code
_judge_run
`);
      return { py, run };
    })();
  }
  return python;
}

async function runPython(source, stdin, stdout, stderr) {
  const { py, run } = await loadPython();
  let stdinAt = 0;
  py.setStdin({
    read(buffer) {
      const n = Math.min(buffer.length, stdin.length - stdinAt);
      buffer.set(stdin.subarray(stdinAt, stdinAt + n));
      stdinAt += n;
      return n;
    },
    isatty: false,
  });
  py.setStdout({ write(buffer) { stdout.push(buffer); return buffer.length; }, isatty: false });
  py.setStderr({ write(buffer) { stderr.push(buffer); return buffer.length; }, isatty: false });
  self.postMessage({ running: true });
  const started = performance.now();
  let exit;
  let memoryError = false;
  try {
    const code = run(source);
    memoryError = code === -1;
    exit = { code: memoryError ? 1 : code };
  } catch (error) {
    // Errors that escape the driver: the output cap, or the interpreter itself failing
    // (a stack overflow of the WebAssembly engine under very deep recursion).
    exit = { trap: error instanceof Trap ? error.message : String(error && error.message || error) };
  }
  const wallMs = performance.now() - started;
  // Pyodide's whole WebAssembly heap: the interpreter and its standard library (tens of
  // MiB before the program starts) plus what the program allocated. It never shrinks, so
  // this is the run's peak, but it is not comparable with a native process's resident
  // size: the verdict should compare it with the limit plus that base, or not at all.
  const peakMemoryBytes = py._module.HEAP8.length;
  // The heap has no maximum below the browser's own, so the only sign of a refused
  // allocation is Python's MemoryError.
  return { exit, wallMs, peakMemoryBytes, memoryRefused: memoryError };
}

// ---- JavaScript ----------------------------------------------------------------------------

// The names the source is wrapped with, as Node's CommonJS wraps a file; compile-worker.js
// parses the source with the same list (JS_WRAPPER_PARAMS there), keep them in step.
const JS_WRAPPER_PARAMS = ['require', 'module', 'exports', 'process', 'console', 'Buffer', '__filename', '__dirname'];

async function runJavaScript(source, input, stdout, stderr) {
  const encoder = new TextEncoder();
  const write = (sink, value) => sink.push(ArrayBuffer.isView(value)
    ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
    : encoder.encode(String(value)));
  let exitCode = null;
  const exit = (code) => { if (exitCode === null) exitCode = code ?? 0; throw new Exit(exitCode); };

  // Node's Buffer, as far as contest programs use it: bytes whose toString is text.
  class Buffer extends Uint8Array {
    toString(encoding) { return encoding === 'hex' ? Array.from(this, (b) => b.toString(16).padStart(2, '0')).join('') : new TextDecoder().decode(this); }
    static from(value) { return value instanceof Uint8Array || Array.isArray(value) ? new Buffer(value) : new Buffer(encoder.encode(String(value))); }
    static alloc(n) { return new Buffer(n); }
  }
  const inputBytes = () => Buffer.from(input);
  const isStdin = (path) => path === 0 || path === '/dev/stdin' || path === '0';

  // One emitter shape for process.stdin and readline interfaces: handlers are collected
  // while the program's top level runs, and the input is delivered after it, as in Node.
  const emitter = () => {
    const handlers = {};
    const self = {
      on(name, f) { (handlers[name] ||= []).push(f); return self; },
      once(name, f) { return self.on(name, f); },
      addListener(name, f) { return self.on(name, f); },
      emit(name, ...args) { for (const f of handlers[name] || []) f(...args); return Boolean(handlers[name]); },
      has(name) { return Boolean(handlers[name] && handlers[name].length); },
    };
    return self;
  };
  const stdinStream = Object.assign(emitter(), {
    setEncoding() { return stdinStream; },
    resume() { return stdinStream; },
    pause() { return stdinStream; },
    fd: 0,
  });
  const interfaces = [];

  const fs = {
    readFileSync(path, options) {
      if (!isStdin(path)) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
      const encoding = typeof options === 'string' ? options : options && options.encoding;
      return encoding ? input : inputBytes();
    },
    writeSync(fd, data) { write(fd === 2 ? stderr : stdout, typeof data === 'string' ? data : data); },
    writeFileSync(path, data) { if (path === 1 || path === '/dev/stdout') write(stdout, data); else if (path === 2 || path === '/dev/stderr') write(stderr, data); },
  };
  const readline = {
    createInterface() {
      const rl = Object.assign(emitter(), {
        close() { rl.closed = true; },
        // for await (const line of rl): lines are all known, so this just hands them out.
        [Symbol.asyncIterator]() { rl.iterated = true; return lines()[Symbol.iterator](); },
      });
      interfaces.push(rl);
      return rl;
    },
  };
  const lines = () => {
    const all = input.split(/\r?\n/);
    if (all.length && all[all.length - 1] === '') all.pop(); // a final newline ends a line, it does not start one
    return all;
  };
  const modules = { fs, readline, 'node:fs': fs, 'node:readline': readline, os: { EOL: '\n' }, 'node:os': { EOL: '\n' } };
  const require = (name) => {
    if (name in modules) return modules[name];
    throw new Error(`Cannot find module '${name}' (the in-page runner offers fs, readline and os)`);
  };
  const process = {
    stdin: stdinStream,
    stdout: { write(data) { write(stdout, data); return true; } },
    stderr: { write(data) { write(stderr, data); return true; } },
    exit,
    argv: ['node', 'solution.js'],
    env: {},
    hrtime: Object.assign((prev) => { const ns = BigInt(Math.round(performance.now() * 1e6)); const t = [Number(ns / 1000000000n), Number(ns % 1000000000n)]; return prev ? [t[0] - prev[0], t[1] - prev[1]] : t; }, { bigint: () => BigInt(Math.round(performance.now() * 1e6)) }),
    memoryUsage: () => ({ heapUsed: 0, rss: 0 }),
    nextTick: (f, ...args) => queueMicrotask(() => f(...args)),
    on() { return process; },
    exitCode: undefined,
  };
  const console = {
    log: (...args) => write(stdout, format(args) + '\n'),
    info: (...args) => write(stdout, format(args) + '\n'),
    error: (...args) => write(stderr, format(args) + '\n'),
    warn: (...args) => write(stderr, format(args) + '\n'),
    debug: (...args) => write(stderr, format(args) + '\n'),
  };
  const module = { exports: {} };

  // A throw from a callback the program scheduled itself (a timer, a promise) is caught
  // here; it ends the run like an uncaught error does in Node.
  let uncaught = null;
  const onError = (e) => { e.preventDefault(); uncaught ||= e.error ?? e.reason ?? e.message; };
  self.addEventListener('error', onError);
  self.addEventListener('unhandledrejection', onError);

  self.postMessage({ running: true });
  const started = performance.now();
  let trapped = null;
  try {
    const main = new Function(...JS_WRAPPER_PARAMS, source);
    main(require, module, module.exports, process, console, Buffer, '/solution.js', '/');
    // The input arrives after the top level has run, in Node's order: data then end for
    // process.stdin, and line by line then close for each readline interface.
    if (stdinStream.has('data') || stdinStream.has('end') || stdinStream.has('readable')) {
      stdinStream.emit('data', input);
      stdinStream.emit('end');
    }
    for (const rl of interfaces) {
      if (rl.iterated) continue;
      for (const line of lines()) { if (rl.closed) break; rl.emit('line', line); }
      rl.emit('close');
    }
    // Let the program's promises and zero-delay timers settle (async main functions).
    for (let i = 0; i < 3 && uncaught === null && exitCode === null; i++) await new Promise((r) => setTimeout(r, 0));
  } catch (error) {
    if (!(error instanceof Exit)) trapped = error;
  }
  if (!trapped && uncaught !== null && !(uncaught instanceof Exit)) trapped = uncaught;
  const wallMs = performance.now() - started;
  self.removeEventListener('error', onError);
  self.removeEventListener('unhandledrejection', onError);

  let code = exitCode ?? process.exitCode ?? 0;
  if (trapped) {
    if (trapped instanceof Trap) return { exit: { trap: trapped.message }, wallMs, peakMemoryBytes: jsHeap(), memoryRefused: false };
    write(stderr, `${nodeLikeStack(trapped)}\n`);
    code = 1;
  }
  return { exit: { code }, wallMs, peakMemoryBytes: jsHeap(), memoryRefused: false };
}

// An uncaught error's stack as Node would print it for solution.js: positions in the
// learner's source (new Function puts two lines of its own before it), and none of this
// worker's frames.
function nodeLikeStack(error) {
  if (!(error instanceof Error) || !error.stack) return String(error);
  return error.stack.split('\n')
    .filter((line) => !/^\s+at /.test(line) || line.includes('<anonymous>:'))
    .map((line) => line.replace(/\(?eval at [^)]*\)?, <anonymous>:(\d+):(\d+)\)?/, (m, l, c) => `${line.includes('(eval') ? '(' : ''}solution.js:${Number(l) - 2}:${c}${line.includes('(eval') ? ')' : ''}`))
    .join('\n');
}

// The JS heap's size where the browser tells it (performance.memory, Chromium only, and
// coarse); 0 where it does not. A JavaScript program's memory is not capped in the page.
function jsHeap() {
  return (performance.memory && performance.memory.usedJSHeapSize) || 0;
}

// console.log's formatting, as far as contest output needs: printf-style %s %d %i %f %j
// %o %O in a first string argument, and Node-like renderings of arrays and objects.
function format(args) {
  let rest = args;
  let head = '';
  if (typeof args[0] === 'string' && args[0].includes('%') && args.length > 1) {
    let i = 1;
    head = args[0].replace(/%[sdifjoO%]/g, (m) => {
      if (m === '%%') return '%';
      if (i >= args.length) return m;
      const v = args[i++];
      if (m === '%s') return typeof v === 'string' ? v : inspect(v);
      if (m === '%d' || m === '%i') return typeof v === 'bigint' ? `${v}n` : String(m === '%i' ? Math.trunc(Number(v)) : Number(v));
      if (m === '%f') return String(Number(v));
      if (m === '%j') return JSON.stringify(v);
      return inspect(v);
    });
    rest = args.slice(i);
    return [head, ...rest.map((v) => (typeof v === 'string' ? v : inspect(v)))].join(' ');
  }
  return rest.map((v) => (typeof v === 'string' ? v : inspect(v))).join(' ');
}

function inspect(v, depth = 0) {
  if (typeof v === 'string') return depth ? `'${v}'` : v;
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (v === null || typeof v !== 'object') return typeof v === 'function' ? `[Function: ${v.name || '(anonymous)'}]` : String(v);
  if (v instanceof Error) return v.stack || String(v);
  if (depth > 2) return Array.isArray(v) ? '[Array]' : '[Object]';
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    const items = Array.from(v, (x) => inspect(x, depth + 1));
    return items.length ? `[ ${items.join(', ')} ]` : '[]';
  }
  if (v instanceof Map) return `Map(${v.size}) { ${[...v].map(([k, x]) => `${inspect(k, depth + 1)} => ${inspect(x, depth + 1)}`).join(', ')} }`;
  if (v instanceof Set) return `Set(${v.size}) { ${[...v].map((x) => inspect(x, depth + 1)).join(', ')} }`;
  const entries = Object.entries(v).map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`}: ${inspect(x, depth + 1)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}
