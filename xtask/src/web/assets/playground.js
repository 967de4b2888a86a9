// A problem page of the playground: the samples fill the input, Solve and Check run in a
// worker (worker.js) and show what the archive's solver and checker say. Cancel
// terminates the worker; the next request starts a fresh one. Stepping through the proof
// is steps.js's; the Play section of the games' pages is play.js's; the Judge section,
// which judges a learner's own program, is judge.js's.
//
// The page's state is kept in its address's fragment, so that Back, Forward, a reload
// and a shared link find the same board at the same step: `#sample=2` names an official
// sample (counted from 1, as the buttons are named), or `#input=` carries an edited input
// (its UTF-8 in base64url) of at most FRAGMENT_INPUT_BYTES; a larger one is kept in the
// browser's storage and the fragment says `#stored-input`. `&step=5` is the step of the
// proof shown (as the position reads `5 / 12`). A link with a step fills the input,
// solves it and shows that step. Edits and steps replace the history's entry; choosing a
// sample, Random case and Solve add one. The last edited input is also kept in the storage, per
// problem, and fills the editor of a page opened without a fragment.
import { stepper } from './steps.js';
import { setUpPlay } from './play.js';
import { setUpJudge } from './judge.js';

const problem = document.body.dataset.problem;
const samples = JSON.parse(document.getElementById('samples').textContent);
const byId = (id) => document.getElementById(id);
const input = byId('input');
const certificate = byId('certificate');
const status = byId('status');
const verdict = byId('verdict');
const busyButtons = [byId('solve'), byId('check')];
const steps = stepper(request, (index) => {
  stepShown = index;
  remember('replace');
});

const FRAGMENT_INPUT_BYTES = 2048;
const storedInput = `input:${problem}`;
// The official sample in the editor (its index), or null once the input is edited.
let chosenSample = null;
// The step shown (its index), or null when no proof is shown.
let stepShown = null;
// The input the proof shown belongs to: the step is kept only while the editor holds it.
let solvedInput = null;

// A certificate too large to show (gam's largest runs to 30 MB) is held here instead of in
// the text area, whose layout of that much text would freeze the page for seconds.
const SHOWN_CERTIFICATE_BYTES = 1 << 20;
let heldCertificate = null;
let worker = null;
// The action whose outcome the page is waiting for; Cancel (or a newer action) makes an
// older one's late outcome be ignored.
let action = 0;
// The requests sent and not yet answered, by id: a frame of the proof may be asked for
// while a check runs; the worker answers them in turn.
const pending = new Map();
let nextId = 0;
const objectUrls = [];

// How many workers the page has started, on the body for the browser tests: a Cancel
// must end the busy worker, so the next request starts another.
let workersStarted = 0;

// The module, downloaded and compiled once per page, on the first request that needs
// it; each worker and the Play section instantiate this one compiled module (a
// WebAssembly.Module is sent to a worker as it is).
let compiling = null;

export function compiledModule() {
  if (!compiling) {
    compiling = WebAssembly.compileStreaming(fetch(new URL('pkg/playground_bg.wasm', import.meta.url)));
    // A failed download is tried again by the next request.
    compiling.catch(() => { compiling = null; });
  }
  return compiling;
}

function freshWorker(module) {
  const made = new Worker(new URL('worker.js', import.meta.url), { type: 'module' });
  made.postMessage({ action: 'module', module });
  document.body.dataset.workersStarted = String(++workersStarted);
  made.onmessage = (event) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    const { resolve, reject } = waiting;
    if (reply.fatal) stopWorker();
    if (reply.ok) resolve(reply); else reject(reply.error);
  };
  made.onerror = (event) => {
    event.preventDefault();
    const failed = [...pending.values()];
    pending.clear();
    stopWorker();
    for (const { reject } of failed) reject(`the worker failed: ${event.message || 'it could not load'}`);
  };
  return made;
}

function stopWorker() {
  if (worker) worker.terminate();
  worker = null;
}

// How many times Cancel was pressed: a request still waiting for the module when it is
// pressed is dropped, not sent to the next worker.
let cancels = 0;

// One Solve or Check at a time: their buttons are disabled while one runs.
async function request(message) {
  if (typeof WebAssembly !== 'object') {
    throw 'this browser runs no WebAssembly, which the playground needs: turn it on, or use another browser';
  }
  const before = cancels;
  let module;
  try {
    module = await compiledModule();
  } catch (error) {
    throw `the playground's module could not be loaded (${error.message || error}); reload the page to try again`;
  }
  if (before !== cancels) throw 'Cancelled.';
  worker = worker || freshWorker(module);
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, problem, ...message });
  });
}

// Work that lasts shows its time so far, so a long solve is seen to be running.
let busyClock = null;

function setBusy(what) {
  for (const button of busyButtons) button.disabled = Boolean(what);
  byId('cancel').disabled = !what;
  status.textContent = what ? `${what}…` : '';
  status.className = '';
  clearInterval(busyClock);
  busyClock = null;
  if (what) {
    const started = performance.now();
    busyClock = setInterval(() => {
      const spent = performance.now() - started;
      if (spent >= 1000) status.textContent = `${what}… ${seconds(spent)} (Cancel stops it)`;
    }, 250);
  }
}

function objectUrl(text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  objectUrls.push(url);
  return url;
}

function forgetObjectUrls() {
  for (const url of objectUrls.splice(0)) URL.revokeObjectURL(url);
}

function seconds(millis) {
  return millis < 1000 ? `${Math.round(millis)} ms` : `${(millis / 1000).toFixed(2)} s`;
}

// Solves the editor's input. Solve adds an entry to the history (`push`); a solve that
// restores a link's or the history's state leaves the address as it is and shows the step
// `first` it names.
async function solveInput({ push = false, first = 0 } = {}) {
  const mine = ++action;
  stepShown = null;
  if (push) remember('push');
  setBusy('Solving');
  byId('results').hidden = true;
  steps.hide();
  verdict.textContent = '';
  const solving = input.value;
  try {
    const reply = await request({ action: 'solve', input: solving });
    if (mine !== action) return;
    const solved = reply.result;
    solvedInput = solving;
    forgetObjectUrls();
    byId('answer').textContent = solved.answer;
    byId('explanation').textContent = solved.explanation;
    byId('picture').src = objectUrl(solved.picture, 'image/svg+xml');
    const download = byId('download');
    download.href = objectUrl(solved.certificate, 'application/json');
    download.download = `${problem}-certificate.json`;
    setCertificate(solved.certificate, 'The solver\'s certificate');
    byId('results').hidden = false;
    steps.show(solved.frameCount, first);
    setBusy(null);
    status.focus();
    status.textContent = `Solved and proven in ${seconds(reply.millis)} (solver, checker, explanation and picture).`;
  } catch (error) {
    if (mine !== action) return;
    setBusy(null);
    showError(error);
  }
}

async function checkCertificate() {
  const mine = ++action;
  setBusy('Checking');
  verdict.textContent = '';
  verdict.className = '';
  try {
    const reply = await request({
      action: 'check', input: input.value, certificate: heldCertificate ?? certificate.value,
    });
    if (mine !== action) return;
    const checked = reply.result;
    setBusy(null);
    verdict.className = checked.accepted ? 'accepted' : 'refused';
    verdict.textContent = checked.accepted
      ? `Accepted (checked in ${seconds(reply.millis)}). The certificate proves:\n${checked.message}`
      : `Refused: ${checked.message}`;
    verdict.focus();
  } catch (error) {
    if (mine !== action) return;
    setBusy(null);
    showError(error);
  }
}

function setCertificate(text, what) {
  if (text.length <= SHOWN_CERTIFICATE_BYTES) {
    heldCertificate = null;
    certificate.value = text;
    certificate.placeholder = '';
    return;
  }
  heldCertificate = text;
  certificate.value = '';
  const megabytes = (text.length / 1e6).toFixed(1);
  certificate.placeholder = `${what} (${megabytes} MB) is too large to show here: Check `
    + 'checks it as it is. Type or load another certificate to replace it.';
}

// The focus goes where the outcome is said (status and verdict are tab stops of -1), so
// that it does not drop to the page when the pressed button is disabled.
function showError(error) {
  status.className = 'error';
  status.textContent = `error: ${error}`;
  status.focus();
}

// A picture is shown at its own width, narrowed to the column (style.css) but never
// below READABLE_SCALE of it, where its smallest text (12 px) would fall under 10 px: a
// narrower column scrolls the picture's box sideways instead.
const READABLE_SCALE = 0.85;
document.addEventListener('load', (event) => {
  const img = event.target;
  if (!(img instanceof HTMLImageElement) || !img.closest('.picture')) return;
  img.style.minWidth = img.naturalWidth ? `${Math.round(img.naturalWidth * READABLE_SCALE)}px` : '';
}, true);

// The fragment that says what the page shows now.
function fragment() {
  const parts = [];
  if (chosenSample !== null) {
    parts.push(`sample=${chosenSample + 1}`);
  } else {
    // A text has at least as many UTF-8 bytes as UTF-16 units: a longer one is not encoded.
    const bytes = input.value.length <= FRAGMENT_INPUT_BYTES ? new TextEncoder().encode(input.value) : null;
    parts.push(bytes && bytes.length <= FRAGMENT_INPUT_BYTES ? `input=${base64url(bytes)}` : 'stored-input');
  }
  if (stepShown !== null && input.value === solvedInput) parts.push(`step=${stepShown + 1}`);
  return `#${parts.join('&')}`;
}

// Writes the page's state into the address: a new entry of the history (`push`) or the
// current one (`replace`); an unchanged address is left alone.
function remember(how) {
  const hash = fragment();
  if (hash === location.hash) return;
  try {
    if (how === 'push') history.pushState(null, '', hash);
    else history.replaceState(null, '', hash);
  } catch {
    // A page whose address cannot be rewritten (a sandboxed frame) keeps none.
  }
}

function base64url(bytes) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// The text of a base64url fragment; null when it is not UTF-8 in base64url.
function fromBase64url(code) {
  try {
    const binary = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

// The browser's storage may be full or turned off: the page then keeps nothing.
function keepInput(text) {
  try {
    localStorage.setItem(storedInput, text);
  } catch {
    try { localStorage.removeItem(storedInput); } catch { /* no storage at all */ }
  }
}

function keptInput() {
  try {
    return localStorage.getItem(storedInput);
  } catch {
    return null;
  }
}

// Shows the state the address's fragment names; false when it names none (no fragment,
// or one this page does not write, left alone).
function restore() {
  const state = new URLSearchParams(location.hash.slice(1));
  let text = null;
  let sample = null;
  let unreadable = null;
  if (state.has('sample')) {
    const number = Number(state.get('sample'));
    if (Number.isInteger(number) && number >= 1 && number <= samples.inputs.length) {
      sample = number - 1;
      text = samples.inputs[sample];
    } else {
      unreadable = `this link names sample ${state.get('sample')}; the page has ${samples.inputs.length}`;
    }
  } else if (state.has('input')) {
    text = fromBase64url(state.get('input'));
    if (text === null) unreadable = 'this link\'s input is not readable (is the link whole?)';
  } else if (state.has('stored-input')) {
    text = keptInput();
    if (text === null) {
      unreadable = 'this link\'s input, over 2 KB, was kept in the browser that made the link, '
        + 'and this browser holds none';
    }
  } else {
    return false;
  }
  if (text === null) {
    showFirstSample();
    showError(unreadable);
    return true;
  }
  chosenSample = sample;
  input.value = text;
  randomNote.hidden = true;
  const step = Number(state.get('step'));
  if (state.has('step') && Number.isInteger(step) && step >= 1) {
    if (steps.shown && text === solvedInput && !busyButtons[0].disabled) {
      steps.go(step - 1);
    } else {
      solveInput({ first: step - 1 });
    }
  }
  return true;
}

const randomNote = byId('random-note');
for (const button of document.querySelectorAll('button.sample')) {
  button.addEventListener('click', () => {
    chosenSample = Number(button.dataset.sample);
    input.value = samples.inputs[chosenSample];
    randomNote.hidden = true;
    input.focus();
    remember('push');
  });
}
input.addEventListener('input', () => {
  chosenSample = null;
  keepInput(input.value);
  remember('replace');
});
// A case from the crate's generators, written into the page when the site was built;
// the note gives the command that prints the same case.
byId('random-case').addEventListener('click', () => {
  const cases = samples.generated;
  const chosen = cases[Math.floor(Math.random() * cases.length)];
  input.value = chosen.input;
  randomNote.textContent = `A generated case, as ${chosen.command} prints it ` +
    `(one of ${cases.length} written into this page).`;
  randomNote.hidden = false;
  input.focus();
  chosenSample = null;
  keepInput(input.value);
  remember('push');
});
byId('solve').addEventListener('click', () => solveInput({ push: true }));
byId('check').addEventListener('click', checkCertificate);
byId('cancel').addEventListener('click', () => {
  action += 1;
  cancels += 1;
  pending.clear();
  stopWorker();
  steps.hide();
  stepShown = null;
  remember('replace');
  setBusy(null);
  status.textContent = 'Cancelled.';
  status.focus();
});
byId('certificate-file').addEventListener('change', async (event) => {
  const [file] = event.target.files;
  if (!file) return;
  // Past the checkers' cap (64 MiB, as --check reads) a file is refused unread; the
  // worker's checker refuses text past it too.
  if (file.size > Number(document.body.dataset.certificateLimit)) {
    verdict.className = 'refused';
    verdict.textContent = `Refused: ${file.name}: ${document.body.dataset.certificateTooLong}`;
    return;
  }
  setCertificate(await file.text(), `The file ${file.name}`);
});
certificate.addEventListener('input', () => {
  heldCertificate = null;
  certificate.placeholder = '';
});

// Back and Forward: the entry's state; the page's first entry, without a fragment, is
// the first sample.
window.addEventListener('popstate', () => {
  if (!restore() && location.hash.length <= 1) showFirstSample();
});

function showFirstSample() {
  chosenSample = samples.inputs.length > 0 ? 0 : null;
  input.value = samples.inputs[0] ?? '';
  randomNote.hidden = true;
}

// A page opened without a fragment shows the last edited input, or the first sample.
if (!restore()) {
  const kept = keptInput();
  if (kept !== null) {
    input.value = kept;
    remember('replace');
  } else {
    showFirstSample();
  }
}
setUpPlay(problem, () => input.value, compiledModule);
setUpJudge(problem, request);
