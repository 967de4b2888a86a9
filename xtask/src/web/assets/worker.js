// The playground's worker: loads the solvers' WebAssembly module once and answers one
// request at a time, so that a long solve never freezes the page (the page ends a
// request it no longer wants by terminating this worker).
import init, { solve, check } from './pkg/playground.js';

const ready = init();

self.onmessage = async (event) => {
  const { id, action, problem, input, certificate } = event.data;
  try {
    await ready;
    const started = performance.now();
    let result;
    if (action === 'solve') {
      const solved = solve(problem, input);
      result = {
        answer: solved.answer,
        explanation: solved.explanation,
        picture: solved.picture,
        certificate: solved.certificate,
      };
      solved.free();
    } else {
      const checked = check(problem, input, certificate);
      result = { accepted: checked.accepted, message: checked.message };
      checked.free();
    }
    self.postMessage({ id, ok: true, result, millis: performance.now() - started });
  } catch (error) {
    // A refused input arrives as the message string; anything else (a trap) as an Error,
    // after which the module is not to be trusted: the page starts a fresh worker.
    const refused = typeof error === 'string';
    self.postMessage({ id, ok: false, error: refused ? error : String(error), fatal: !refused });
  }
};
