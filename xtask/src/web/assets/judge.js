// The Judge section of a problem page: a learner's C, C++, Python or JavaScript source
// (or a ready wasm32-wasip1 module) is compiled in the page (judge/toolchain.js), run on
// every test of the archive in workers of its own, and each run is judged by the
// playground's module, which calls the terminal judge's verdict code (crates/verdict):
// the same comparison, the same order of limits, the same words. Nothing leaves the page.
//
// The tests (tests/<problem>/index.json, written by `cargo xtask web` with the rules
// `verify` judges each by) are fetched only when a learner judges. The source and its
// language are kept in the browser's storage, so a reload finds them again.
import { compile, runOnce, languageOf } from './judge/toolchain.js';

// Output past this stops counting as an answer: OLE, as the terminal's cap.
const OUTPUT_CAP_BYTES = 16 << 20;
// The page's time allowance: TLE past this many times the limit (the module's
// PAGE_TIME_FACTOR says the same), and a run is stopped a little after it.
const PAGE_TIME_FACTOR = 3;
// Stress stops at this many cases (the size ramps to the statement's limits at 1000, as
// in `cargo xtask stress`) or after this long, whichever comes first.
const STRESS_CASES = 1000;
const STRESS_MILLIS = 60000;
// What a failing test's report shows of its input and outputs.
const SHOWN_BYTES = 4096;

const byId = (id) => document.getElementById(id);
// The languages' names, from the page's menu (`cargo xtask web` writes it).
const LANGUAGES = Object.fromEntries(
  [...document.querySelectorAll('#judge-language option')].map((option) => [option.value, option.textContent]),
);

// Sets up the Judge section of `problem`'s page; `request` sends a message to the
// playground's worker (the module's `judge` and `solve`).
export function setUpJudge(problem, request) {
  const section = byId('judge-section');
  if (!section) return;
  const source = byId('judge-source');
  const language = byId('judge-language');
  const fileInput = byId('judge-file');
  const judgeButton = byId('judge');
  const stressButton = byId('judge-stress');
  const cancelButton = byId('judge-cancel');
  const progress = byId('judge-progress');
  const status = byId('judge-status');
  const diagnostics = byId('judge-diagnostics');
  const table = byId('judge-results');
  const failure = byId('judge-failure');
  const stored = `judge:${problem}`;
  // A .wasm file is kept as bytes; the text area then says which file is loaded.
  let wasmBytes = null;
  let running = null;

  // What the first judging in each language downloads, written by `cargo xtask web`.
  fetch('npm/sizes.json').then((reply) => reply.json()).then((sizes) => {
    byId('judge-download-note').textContent = `The first judging downloads the compiler: ` +
      `${megabytes(sizes.cpp)} for C and C++, ${megabytes(sizes.python)} for Python ` +
      '(nothing for JavaScript). Your browser keeps them for the next visit.';
  }).catch(() => {});
  const saved = JSON.parse(localStorage.getItem(stored) || 'null');
  if (saved) {
    source.value = saved.source;
    language.value = saved.language;
  }
  const save = () => {
    if (language.value === 'wasm') return;
    localStorage.setItem(stored, JSON.stringify({ source: source.value, language: language.value }));
  };
  source.addEventListener('input', () => { wasmBytes = null; save(); });
  language.addEventListener('change', save);

  fileInput.addEventListener('change', async () => {
    const [file] = fileInput.files;
    if (!file) return;
    const detected = languageOf(file.name);
    if (!detected) {
      say(`${file.name}: the page judges ${Object.values(LANGUAGES).join(', ')} files; ` +
        'rename the file with its language\'s ending.', 'error');
      return;
    }
    language.value = detected;
    if (detected === 'wasm') {
      wasmBytes = await file.arrayBuffer();
      source.value = '';
      source.placeholder = `${file.name}: a WebAssembly module of ${wasmBytes.byteLength} bytes, ready to judge.`;
    } else {
      wasmBytes = null;
      source.placeholder = '';
      source.value = await file.text();
      save();
    }
    say(`Opened ${file.name}.`);
  });

  function say(text, kind = '') {
    status.textContent = text;
    status.className = kind;
  }

  function setRunning(value) {
    running = value;
    judgeButton.disabled = Boolean(value);
    stressButton.disabled = Boolean(value);
    cancelButton.disabled = !value;
    progress.hidden = !value;
  }

  cancelButton.addEventListener('click', () => {
    if (!running) return;
    running.abort();
    setRunning(null);
    say('Cancelled.');
    judgeButton.focus();
  });

  // Judge and Stress share the run's life: one at a time, Cancel stops either.
  async function exclusively(work) {
    const controller = new AbortController();
    setRunning(controller);
    diagnostics.hidden = true;
    failure.hidden = true;
    table.hidden = true;
    try {
      await work(controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) say(`The page could not judge: ${error}`, 'error');
    } finally {
      if (running === controller) setRunning(null);
      // How many judgings have ended, on the section for the browser tests.
      section.dataset.judgings = String(Number(section.dataset.judgings || 0) + 1);
    }
  }
  judgeButton.addEventListener('click', () => exclusively(judgeAll));
  stressButton.addEventListener('click', () => exclusively(stressAll));

  // The program of the source as it is now: compiled, or the compiler's refusal shown
  // (then null). The last program is kept, so Stress after Judge compiles nothing.
  let lastCompiled = null;
  async function program(index, signal) {
    const chosen = language.value;
    const text = chosen === 'wasm' ? wasmBytes : source.value;
    if (chosen === 'wasm' && !text) {
      say('Open a .wasm file built for wasm32-wasip1 first.', 'error');
      return null;
    }
    if (chosen !== 'wasm' && !text.trim()) {
      say('Paste a solution or open a file first.', 'error');
      return null;
    }
    const memoryBytes = index.tests[0].rules.memory_budget_bytes;
    if (lastCompiled && lastCompiled.language === chosen && lastCompiled.text === text) {
      return lastCompiled;
    }
    say('Compiling…');
    progress.removeAttribute('value');
    const compiled = await compile(chosen, text, memoryBytes, (update) => {
      if (signal.aborted) return;
      if (update.phase === 'download' && update.total) {
        progress.max = update.total;
        progress.value = update.loaded;
        say(`Downloading the ${LANGUAGES[chosen]} toolchain: ${megabytes(update.loaded)} of ` +
          `${megabytes(update.total)} (once; the browser keeps it).`);
      } else {
        progress.removeAttribute('value');
        say('Compiling…');
      }
    });
    if (signal.aborted) return null;
    if (!compiled.ok) {
      showCompileError(compiled);
      return null;
    }
    lastCompiled = { language: chosen, text, program: compiled.program, memoryBytes };
    return lastCompiled;
  }

  async function testIndex(signal) {
    return (await fetch(`tests/${problem}/index.json`, { signal })).json();
  }

  async function judgeAll(signal) {
    const index = await testIndex(signal);
    // All the archive's tests, or the official samples alone for a quick first look.
    if (byId('judge-tests').value === 'samples') {
      index.tests = index.tests.filter((test) => test.name.startsWith('sample'));
    }
    const built = await program(index, signal);
    if (!built) return;
    await runTests(index, built.program, built.language, built.memoryBytes, signal);
  }

  // Stress: the cases `cargo xtask stress` generates (the crate's own generator, compiled
  // into the module), each judged against the archive's answer by the same verdict code,
  // the lowest-numbered failure shrunk by the same shrinker, one candidate at a time.
  async function stressAll(signal) {
    const index = await testIndex(signal);
    const built = await program(index, signal);
    if (!built) return;
    const rules = index.stress_rules;
    const cap = rules.time_limit_ms * PAGE_TIME_FACTOR + 500;
    // The seed typed in (the terminal's `--seed`, to see its cases here), or a new one.
    const typed = byId('judge-seed').value.trim();
    const seed = /^\d+$/.test(typed) && Number(typed) < 2 ** 32 ? Number(typed) : Math.floor(Math.random() * 2 ** 32);
    await request({ action: 'stress-start', seed });
    const tryCase = async (made) => {
      const input = new TextEncoder().encode(made.input);
      const ran = await runOnce(built.program, built.language, input, rules.memory_budget_bytes, cap, signal);
      const judged = await judgeRun({ rules }, ran, new TextEncoder().encode(made.expected));
      return { input, expected: new TextEncoder().encode(made.expected), ran, judged };
    };
    const started = performance.now();
    const lanes = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));
    progress.max = STRESS_CASES;
    let found = null;
    let next = 0;
    while (!found && next < STRESS_CASES && performance.now() - started < STRESS_MILLIS) {
      // A batch of cases at once; the lowest-numbered failure is the one reported, so the
      // result does not depend on which run ended first.
      const batch = Array.from({ length: lanes }, (_, lane) => next + lane);
      next += lanes;
      const made = [];
      for (const number of batch) made.push((await request({ action: 'stress-case', case: number })).result);
      const results = await Promise.all(made.map(tryCase));
      if (signal.aborted) return;
      const failing = results.findIndex((result) => result.judged.code !== 'AC');
      if (failing >= 0) found = { number: batch[failing], made: made[failing], ...results[failing] };
      progress.value = next;
      say(`Stress (seed ${seed}): ${next} cases, no failure yet…`);
    }
    if (!found) {
      say(`Stress (seed ${seed}): ${next} cases, no failure (${(performance.now() - started) / 1000 | 0} s). ` +
        `The terminal runs more: cargo xtask stress ${problem} --solution FILE.`, 'accepted');
      return;
    }
    // Shrinking: a candidate counts when it still fails (any verdict but AC).
    await request({ action: 'shrink-start', input: found.made.input });
    let smallest = found;
    progress.removeAttribute('value');
    for (;;) {
      const candidate = (await request({ action: 'shrink-candidate' })).result;
      if (!candidate || signal.aborted) break;
      const result = await tryCase(candidate);
      if (signal.aborted) return;
      const failed = result.judged.code !== 'AC';
      if (failed) smallest = { ...smallest, ...result };
      const told = (await request({ action: 'shrink-tell', failed })).result;
      say(`Stress: case ${found.number} fails (${found.judged.code}); shrinking, ${told.steps} steps…`);
    }
    const shrunk = (await request({ action: 'shrink-result' })).result;
    say(`Stress (seed ${seed}): case ${found.number} fails (${found.judged.code}), shrunk in ` +
      `${shrunk.steps} steps to the case below; cargo xtask gen ${problem} --seed ${seed} ` +
      `--case ${found.number} prints the case as found.`, 'error');
    section.dataset.stressSteps = String(shrunk.steps);
    await showFailure({
      test: { name: `stress case ${found.number}, shrunk` },
      ran: smallest.ran, judged: smallest.judged, input: smallest.input, expected: smallest.expected,
    });
  }

  function showCompileError(compiled) {
    say('CE: the source did not compile.', 'error');
    diagnostics.hidden = false;
    diagnostics.replaceChildren();
    if (compiled.advice) {
      const advice = document.createElement('p');
      advice.className = 'advice';
      advice.textContent = compiled.advice;
      diagnostics.append(advice);
    }
    const list = document.createElement('ul');
    for (const diagnostic of compiled.diagnostics || []) {
      const item = document.createElement('li');
      const where = diagnostic.line ? `line ${diagnostic.line}, column ${diagnostic.column ?? 1}: ` : '';
      item.textContent = `${where}${diagnostic.severity || 'error'}: ${diagnostic.message}`;
      list.append(item);
    }
    if (list.children.length) diagnostics.append(list);
    const full = document.createElement('pre');
    full.textContent = compiled.text || '';
    if (compiled.text) diagnostics.append(full);
  }

  async function runTests(index, program, chosen, memoryBytes, signal) {
    const tests = index.tests;
    const body = table.tBodies[0];
    body.replaceChildren();
    const rows = tests.map((test) => {
      const row = body.insertRow();
      row.insertCell().textContent = test.name;
      for (let cell = 0; cell < 3; cell += 1) row.insertCell();
      return row;
    });
    table.hidden = false;
    progress.max = tests.length;
    progress.value = 0;
    let done = 0;
    let passed = 0;
    let firstFailure = null;
    const results = new Array(tests.length);
    const workers = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));
    let next = 0;
    say(`Judging ${tests.length} tests…`);
    const lane = async () => {
      while (next < tests.length && !signal.aborted) {
        const at = next++;
        const test = tests[at];
        const [input, expected] = await Promise.all([
          fetchBytes(`tests/${problem}/${test.input}`, signal),
          fetchBytes(`tests/${problem}/${test.expected}`, signal),
        ]);
        const cap = test.rules.time_limit_ms * PAGE_TIME_FACTOR + 500;
        const ran = await runOnce(program, chosen, input, memoryBytes, cap, signal);
        if (signal.aborted) return;
        const judged = await judgeRun(test, ran, expected);
        results[at] = { test, ran, judged, input, expected };
        showRow(rows[at], ran, judged);
        done += 1;
        if (judged.code === 'AC') passed += 1;
        progress.value = done;
        say(`Judging: ${done} of ${tests.length} tests run, ${passed} passed…`);
      }
    };
    await Promise.all(Array.from({ length: workers }, lane));
    if (signal.aborted) return;
    firstFailure = results.find((result) => result.judged.code !== 'AC');
    const near = results.filter((result) => result.judged.nearLimit).length;
    const nearNote = near ? ` ${near} ran near a limit (marked ≈): the terminal's judge may differ there.` : '';
    say(firstFailure
      ? `${passed} of ${tests.length} tests passed; the first failure is ${firstFailure.test.name} (${firstFailure.judged.code}).${nearNote}`
      : `All ${tests.length} tests passed (AC).${nearNote}`, firstFailure ? 'error' : 'accepted');
    if (firstFailure) await showFailure(firstFailure);
  }

  async function judgeRun(test, ran, expected) {
    const stdout = ran.stdout.length > OUTPUT_CAP_BYTES ? ran.stdout.subarray(0, OUTPUT_CAP_BYTES + 1) : ran.stdout;
    const run = {
      exit_code: ran.exit && 'code' in ran.exit ? ran.exit.code : null,
      trapped: Boolean(ran.exit && 'trap' in ran.exit),
      wall_ms: ran.wallMs,
      peak_memory_bytes: Math.round(ran.peakMemoryBytes || 0),
      memory_refused: Boolean(ran.memoryRefused),
      killed_at_wall_cap: Boolean(ran.killedAtWallCap),
      output_limit_hit: ran.stdout.length > OUTPUT_CAP_BYTES,
    };
    let stderr = ran.stderr;
    if (ran.exit && 'trap' in ran.exit) {
      // The engine's message is the last line a trap quotes, as a signal's name is.
      const trap = new TextEncoder().encode(`\n${ran.exit.trap}\n`);
      stderr = concat(stderr, trap);
    }
    const reply = await request({ action: 'judge', rules: test.rules, run, expected, stdout, stderr });
    return reply.result;
  }

  function showRow(row, ran, judged) {
    row.cells[1].textContent = judged.nearLimit ? `${judged.code} ≈` : judged.code;
    row.cells[1].className = judged.code === 'AC' ? 'accepted' : 'refused';
    row.cells[1].title = judged.detail || 'accepted';
    row.cells[2].textContent = `${Math.round(ran.wallMs)} ms`;
    row.dataset.wallMs = String(ran.wallMs);
    row.cells[3].textContent = `${(ran.peakMemoryBytes / (1 << 20)).toFixed(1)} MiB`;
  }

  async function showFailure({ test, ran, judged, input, expected }) {
    failure.hidden = false;
    byId('judge-failure-title').textContent = `${test.name}: ${judged.code}`;
    const hint = pageLimitHint(judged, ran);
    byId('judge-failure-detail').textContent = hint ? `${judged.detail}\n${hint}` : judged.detail;
    byId('judge-failure-input').textContent = shown(input);
    byId('judge-failure-expected').textContent = shown(expected);
    byId('judge-failure-received').textContent = shown(ran.stdout);
    byId('judge-failure-stderr').textContent = shown(ran.stderr);
    const why = byId('judge-failure-explanation');
    const picture = byId('judge-failure-picture');
    why.textContent = 'The archive\'s solver is explaining the expected answer…';
    picture.hidden = true;
    try {
      const reply = await request({ action: 'solve', input: new TextDecoder().decode(input) });
      why.textContent = reply.result.explanation;
      picture.src = URL.createObjectURL(new Blob([reply.result.picture], { type: 'image/svg+xml' }));
      picture.hidden = false;
    } catch (error) {
      why.textContent = `The explanation could not be made: ${error}`;
    }
  }

  // Judge an output alone: the learner's output for one chosen test, judged by the same
  // code as a run's (with no time or memory to judge).
  const outputTest = byId('judge-output-test');
  const outputText = byId('judge-output');
  const outputVerdict = byId('judge-output-verdict');
  let outputIndex = null;
  outputTest.addEventListener('focus', fillTests, { once: true });
  byId('judge-output-check').addEventListener('click', async () => {
    outputVerdict.className = '';
    try {
      await fillTests();
      const test = outputIndex.tests[Number(outputTest.value || 0)];
      const expected = await fetchBytes(`tests/${problem}/${test.expected}`);
      const ran = {
        exit: { code: 0 }, stdout: new TextEncoder().encode(outputText.value),
        stderr: new Uint8Array(0), wallMs: 0, peakMemoryBytes: 0,
      };
      const judged = await judgeRun(test, ran, expected);
      outputVerdict.className = judged.code === 'AC' ? 'accepted' : 'refused';
      outputVerdict.textContent = judged.code === 'AC'
        ? `${test.name}: AC, the output is right.`
        : `${test.name}: ${judged.code}: ${judged.detail}`;
    } catch (error) {
      outputVerdict.className = 'refused';
      outputVerdict.textContent = `The page could not judge: ${error}`;
    }
  });

  async function fillTests() {
    if (outputIndex) return;
    outputIndex = await (await fetch(`tests/${problem}/index.json`)).json();
    outputTest.replaceChildren(...outputIndex.tests.map((test, at) => new Option(test.name, String(at))));
  }
}

// What the page's runtime cannot do that a judge's machine can, said where a run failed
// for it: the terminal judge is the one to trust then.
function pageLimitHint(judged, ran) {
  if (judged.code !== 'RE') return '';
  // The program's stderr, and the trap's message the verdict quotes.
  const stderr = `${new TextDecoder().decode(ran.stderr)}\n${judged.detail}`;
  if (stderr.includes('thread constructor failed')) {
    return 'The page runs programs without threads: use one thread, or judge in the ' +
      'terminal with cargo xtask verify --solution.';
  }
  if (stderr.includes('Maximum call stack size exceeded') || stderr.includes('stack overflow')) {
    return 'The browser\'s own stack ends a recursion about 10,000 to 15,000 calls deep, ' +
      'far sooner than a judge\'s: make the recursion a loop, or judge in the terminal with ' +
      'cargo xtask verify --solution.';
  }
  return '';
}

async function fetchBytes(url, signal) {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

function concat(a, b) {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

// The start of a file or an output, as text, saying how much was cut.
function shown(bytes) {
  const text = new TextDecoder().decode(bytes.subarray(0, SHOWN_BYTES));
  return bytes.length > SHOWN_BYTES ? `${text}\n[... ${bytes.length - SHOWN_BYTES} more bytes cut]` : text;
}
