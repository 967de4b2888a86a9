// The playground's worker: loads the solvers' WebAssembly module once and answers one
// request at a time, so that a long solve never freezes the page (the page ends a
// request it no longer wants by terminating this worker). It keeps the last input it
// solved, whose proof's frames the page asks for one by one. It also judges a learner's
// runs, which the judge's own workers made (judge.js), with the terminal's verdict code.
import init, { solve, check, judge } from './pkg/playground.js';

const ready = init();
// The last input solved, kept for its frames ("step through the proof") until the next.
let solvedLast = null;

self.onmessage = async (event) => {
  const { id, action, problem, input, certificate } = event.data;
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
