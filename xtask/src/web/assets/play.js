// The Play section of the pages of sweets, gam and statues: the reader plays the input
// against the proven strategy. The game itself (the position, the strategy's replies,
// the refusals) is a Rust object of the playground module (SweetsPlay, GamPlay,
// StatuesPlay); this script draws its view, collects the cells the reader selects, and
// sends them.
//
// The module is instantiated in the page's own thread, on the first Start, from the one
// the page compiled (playground.js's compiledModule, which the workers share): a move is
// a lookup in a strategy built once per game (gam boards are limited to 50 x 50, built in
// milliseconds), so there is nothing a worker would keep from freezing the page.

// Maria's nine moves from the keyboard: the letters in the keyboard's layout, and the
// arrow keys for the four straight ones.
const STEP_KEYS = {
  q: [-1, -1], w: [-1, 0], e: [-1, 1],
  a: [0, -1], s: [0, 0], d: [0, 1],
  z: [1, -1], x: [1, 0], c: [1, 1],
  ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
};
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

let bindings = null;

async function loadBindings(compiledModule) {
  if (!bindings) {
    const module = await import('./pkg/playground.js');
    await module.default({ module_or_path: await compiledModule() });
    bindings = module;
  }
  return bindings;
}

// Sets up the section of `problem`'s page, if it has one; `readInput` gives the text of
// the page's input, `compiledModule` the page's compiled WebAssembly module.
export function setUpPlay(problem, readInput, compiledModule) {
  const byId = (id) => document.getElementById(id);
  const board = byId('play-board');
  if (!board) return;
  const status = byId('play-status');
  const moveButton = byId('play-move');
  const clearButton = byId('play-clear');
  const steps = byId('play-steps');
  // The game object, its last view, and the cells selected for the next move, in order
  // (gam's jump is the other piece's square, then the landing).
  let game = null;
  let view = null;
  let selected = [];

  function showStatus(text, className) {
    status.textContent = text;
    status.className = className;
  }

  function newGame(pkg) {
    const side = byId('play-side').value;
    if (problem === 'sweets') return new pkg.SweetsPlay(readInput(), side);
    if (problem === 'gam') return new pkg.GamPlay(readInput(), side, Number(byId('play-test').value));
    return new pkg.StatuesPlay(readInput());
  }

  async function start() {
    let made;
    try {
      made = newGame(await loadBindings(compiledModule));
    } catch (error) {
      // A refused input arrives as its message; a module that failed to load as an Error.
      showStatus(`error: ${error instanceof Error ? error.message : error}`, 'refused');
      return;
    }
    if (game) game.free();
    game = made;
    selected = [];
    draw(JSON.parse(game.view()));
    // Focus goes to the board, on the reader's piece or the first chocolate.
    const first = board.querySelector('button[tabindex="0"]');
    if (first) first.focus();
  }

  // The cell a game's focus starts on: the reader's piece, Maria, or a chocolate.
  function pieceSelector() {
    const pieces = { sweets: '.chocolate', gam: `.piece-${byId('play-side').value === 'first' ? 'a' : 'b'}`, statues: '.maria' };
    return `button.cell${pieces[problem]}:not(:disabled)`;
  }

  // The board is one tab stop (a roving tabindex): the cell last focused, or where the
  // focus starts, has tabindex 0 and every other cell -1; the arrow keys move between
  // cells. gam's 50 x 50 board is crossed to Move with one Tab.
  let roving = null;

  function rove(to) {
    if (roving && roving !== to) roving.tabIndex = -1;
    roving = to;
    if (to) to.tabIndex = 0;
  }

  function draw(next) {
    const focused = document.activeElement && board.contains(document.activeElement)
      ? document.activeElement.dataset.cell : null;
    view = next;
    const playing = view.progress === 'playing';
    const changed = new Set(view.changed);
    board.replaceChildren();
    board.style.setProperty('--play-cell', view.columns / view.span > 16 ? '1.4em' : '2.4em');
    board.style.gridTemplateColumns = `repeat(${view.columns}, calc(var(--play-cell) / ${view.span}))`;
    board.style.gridTemplateRows = `repeat(${view.rows}, var(--play-cell))`;
    for (const cell of view.cells) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `cell ${cell.kind}`;
      if (changed.has(cell.id)) button.classList.add('changed');
      button.dataset.cell = String(cell.id);
      button.dataset.row = String(cell.row);
      button.dataset.column = String(cell.column);
      button.style.gridRow = String(cell.row + 1);
      button.style.gridColumn = `${cell.column + 1} / span ${view.span}`;
      button.textContent = cell.text;
      button.setAttribute('aria-label', cell.label);
      if (problem !== 'statues') button.setAttribute('aria-pressed', String(selected.includes(cell.id)));
      button.disabled = !playing;
      button.tabIndex = -1;
      board.append(button);
    }
    // The stop stays on the cell it was on while that cell still holds what drew the
    // focus there; otherwise it goes to the reader's piece.
    const kept = roving && board.querySelector(`[data-cell="${focused ?? roving.dataset.cell}"]:not(:disabled)`);
    roving = null;
    rove((kept && (focused || kept.matches(pieceSelector())) ? kept : null)
      || board.querySelector(pieceSelector()) || board.querySelector('button.cell:not(:disabled)'));
    if (moveButton) moveButton.disabled = !playing;
    if (clearButton) clearButton.disabled = !playing;
    if (steps) for (const button of steps.querySelectorAll('button')) button.disabled = !playing;
    showStatus(view.status, view.refused ? 'refused' : view.progress);
    const again = focused && board.querySelector(`[data-cell="${focused}"]:not(:disabled)`);
    if (again) again.focus();
    else if (!playing) byId('play-start').focus();
  }

  function answer(json) {
    const next = JSON.parse(json);
    if (!next.refused) selected = [];
    draw(next);
  }

  function toggle(button) {
    const id = Number(button.dataset.cell);
    const at = selected.indexOf(id);
    if (at >= 0) selected.splice(at, 1); else selected.push(id);
    button.setAttribute('aria-pressed', String(at < 0));
  }

  // The cell nearest `from` in a direction. Up and down go to the nearest row, then the
  // cell most in line (the hexagon's rows are offset by half a cell); left and right stay
  // in the row when they can.
  function cellToward(from, [rows, columns]) {
    const row = Number(from.dataset.row);
    const column = Number(from.dataset.column);
    let best = null;
    let bestScore = Infinity;
    for (const cell of board.querySelectorAll('button[data-cell]')) {
      const down = Number(cell.dataset.row) - row;
      const right = Number(cell.dataset.column) - column;
      const along = rows ? down * rows : right * columns;
      if (along <= 0) continue;
      const across = Math.abs(rows ? right : down);
      const score = rows ? along * 1000 + across : across * 1000 + along;
      if (score < bestScore) {
        best = cell;
        bestScore = score;
      }
    }
    return best;
  }

  board.addEventListener('focusin', (event) => {
    const cell = event.target.closest('button[data-cell]');
    if (cell) rove(cell);
  });
  byId('play-start').addEventListener('click', start);
  board.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-cell]');
    if (!button || !game || view.progress !== 'playing') return;
    if (problem === 'statues') answer(game.play(Number(button.dataset.cell)));
    else toggle(button);
  });
  if (moveButton) {
    moveButton.addEventListener('click', () => {
      if (game) answer(game.play(Uint32Array.from(selected)));
    });
  }
  if (clearButton) {
    clearButton.addEventListener('click', () => {
      selected = [];
      for (const button of board.querySelectorAll('[aria-pressed="true"]')) {
        button.setAttribute('aria-pressed', 'false');
      }
    });
  }
  if (steps) {
    steps.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-step]');
      if (!button || !game) return;
      const [rows, columns] = button.dataset.step.split(',').map(Number);
      answer(game.step(rows, columns));
    });
  }
  byId('play').addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest('select, input')) return;
    if (problem === 'statues') {
      const step = STEP_KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key];
      if (!step || !game || view.progress !== 'playing') return;
      event.preventDefault();
      answer(game.step(step[0], step[1]));
      return;
    }
    const arrow = ARROWS[event.key];
    const from = event.target.closest('button[data-cell]');
    if (!arrow || !from) return;
    event.preventDefault();
    const to = cellToward(from, arrow);
    if (to) to.focus();
  });
}
