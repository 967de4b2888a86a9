// The playground's worker: instantiates the solvers' WebAssembly module, compiled once by
// the page and sent as the first message (so the page and its workers download it once),
// and answers one
// request at a time, so that a long solve never freezes the page (the page ends a
// request it no longer wants by terminating this worker). It keeps the last input it
// solved, whose proof's frames the page asks for one by one. It also judges a learner's
// runs, which the judge's own workers made (judge.js), with the terminal's verdict code,
// and keeps its stress session: the generated cases and the shrinking of a failure.
import init, { solve, check, judge, Stress } from './pkg/playground.js';

// Set by the page's first message, the compiled module.
let ready = Promise.reject(new Error('the page sent no module'));
ready.catch(() => {});
// The last input solved, kept for its frames ("step through the proof") until the next.
let solvedLast = null;
// The stress session of the Judge section: its cases and the shrinking of a failure.
let stress = null;
const stressCase = (made) => {
  if (!made) return null;
  const shown = { input: made.input, expected: made.expected };
  made.free();
  return shown;
};

self.onmessage = async (event) => {
  const { id, action, problem, input, certificate } = event.data;
  if (action === 'module') {
    ready = init({ module_or_path: event.data.module });
    return;
  }
  try {
    await ready;
    const started = performance.now();
    let result;
    if (action === 'solve') {
      if (solvedLast) solvedLast.free();
      solvedLast = null;
      const solved = solve(problem, input);
      result = {
        answer: solved.answer,
        explanation: solved.explanation,
        picture: solved.picture,
        certificate: solved.certificate,
        frameCount: solved.frame_count(),
      };
      solvedLast = solved;
    } else if (action === 'frame') {
      if (!solvedLast) throw 'no input is solved here any more: Solve again';
      const frame = solvedLast.frame(event.data.index);
      result = { caption: frame.caption, picture: frame.picture };
      frame.free();
    } else if (action === 'stress-start') {
      if (stress) stress.free();
      stress = new Stress(problem, BigInt(event.data.seed));
      result = true;
    } else if (action === 'stress-case') {
      result = stressCase(stress.case(BigInt(event.data.case)));
    } else if (action === 'shrink-start') {
      stress.start_shrinking(event.data.input);
      result = true;
    } else if (action === 'shrink-candidate') {
      result = stressCase(stress.candidate());
    } else if (action === 'shrink-tell') {
      stress.tell(event.data.failed);
      result = { steps: stress.steps() };
    } else if (action === 'shrink-result') {
      result = { ...stressCase(stress.shrunk()), steps: stress.steps() };
    } else if (action === 'judge') {
      // A learner's run, measured by the page, judged by the terminal's verdict code.
      const { rules, run, expected, stdout, stderr } = event.data;
      const judged = judge(JSON.stringify(rules), JSON.stringify(run), expected, stdout, stderr);
      result = { code: judged.code, detail: judged.detail, nearLimit: judged.near_limit };
      judged.free();
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
