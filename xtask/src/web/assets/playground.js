// A problem page of the playground: the samples fill the input, Solve and Check run in a
// worker (worker.js) and show what the archive's solver and checker say. Cancel
// terminates the worker; the next request starts a fresh one. Stepping through the proof
// is steps.js's; the Play section of the games' pages is play.js's; the Judge section,
// which judges a learner's own program, is judge.js's.
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
const steps = stepper(request);

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

async function solveInput() {
  const mine = ++action;
  setBusy('Solving');
  byId('results').hidden = true;
  steps.hide();
  verdict.textContent = '';
  try {
    const reply = await request({ action: 'solve', input: input.value });
    if (mine !== action) return;
    const solved = reply.result;
    forgetObjectUrls();
    byId('answer').textContent = solved.answer;
    byId('explanation').textContent = solved.explanation;
    byId('picture').src = objectUrl(solved.picture, 'image/svg+xml');
    const download = byId('download');
    download.href = objectUrl(solved.certificate, 'application/json');
    download.download = `${problem}-certificate.json`;
    setCertificate(solved.certificate, 'The solver\'s certificate');
    byId('results').hidden = false;
    steps.show(solved.frameCount);
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

const randomNote = byId('random-note');
for (const button of document.querySelectorAll('button.sample')) {
  button.addEventListener('click', () => {
    input.value = samples.inputs[Number(button.dataset.sample)];
    randomNote.hidden = true;
    input.focus();
  });
}
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
});
byId('solve').addEventListener('click', solveInput);
byId('check').addEventListener('click', checkCertificate);
byId('cancel').addEventListener('click', () => {
  action += 1;
  cancels += 1;
  pending.clear();
  stopWorker();
  steps.hide();
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

if (!input.value && samples.inputs.length > 0) input.value = samples.inputs[0];
setUpPlay(problem, () => input.value, compiledModule);
setUpJudge(problem, request);
