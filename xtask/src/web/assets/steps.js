// "Step through the proof": after Solve, Previous, Next and a slider walk the frames of the
// proof (the worker draws each when asked, from the input it solved last), with the
// frame's picture and a one-line caption. One frame is asked for at a time; moving on
// while one is drawn asks for the newest position once it arrives, never for each
// position passed over.

// Sets up the controls; `request` sends a message to the worker and resolves with its
// reply, and `onStep(index)` hears of every move (the page keeps the step in its
// address). Returns `show(frameCount, first)` for a fresh solve, `go(index)` and `hide()`.
export function stepper(request, onStep = () => {}) {
  const byId = (id) => document.getElementById(id);
  const section = byId('steps');
  const previous = byId('step-previous');
  const next = byId('step-next');
  const slider = byId('step-slider');
  const position = byId('step-position');
  const caption = byId('step-caption');
  const picture = byId('step-picture');
  let count = 0;
  let wanted = 0;
  let shown = -1;
  let drawing = false;
  // A new solve makes the frames of the previous one stale.
  let generation = 0;
  let pictureUrl = null;

  function setPicture(svg) {
    if (pictureUrl) URL.revokeObjectURL(pictureUrl);
    pictureUrl = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    picture.src = pictureUrl;
  }

  async function draw() {
    drawing = true;
    const mine = generation;
    const index = wanted;
    try {
      const reply = await request({ action: 'frame', index });
      if (mine !== generation) return;
      caption.textContent = reply.result.caption;
      caption.className = '';
      setPicture(reply.result.picture);
      shown = index;
    } catch (error) {
      if (mine !== generation) return;
      caption.textContent = `error: ${error}`;
      caption.className = 'error';
      shown = index;
    } finally {
      if (mine === generation) {
        drawing = false;
        if (wanted !== shown) draw();
      }
    }
  }

  function go(index) {
    wanted = Math.max(0, Math.min(count - 1, index));
    slider.value = String(wanted);
    previous.disabled = wanted === 0;
    next.disabled = wanted >= count - 1;
    position.textContent = `${wanted + 1} / ${count}`;
    if (!drawing && wanted !== shown) draw();
    onStep(wanted);
  }

  previous.addEventListener('click', () => go(wanted - 1));
  next.addEventListener('click', () => go(wanted + 1));
  // The arrow keys, Home and End move a focused slider natively; each move lands here.
  slider.addEventListener('input', () => go(slider.valueAsNumber));

  return {
    // `first` is the step to show first (a link's), 0 unless given.
    show(frameCount, first = 0) {
      generation += 1;
      drawing = false;
      count = Math.max(1, frameCount);
      shown = -1;
      slider.max = String(count - 1);
      caption.textContent = '';
      section.hidden = false;
      go(first);
    },
    go(index) {
      if (!section.hidden) go(index);
    },
    // Whether a solve's steps are shown.
    get shown() {
      return !section.hidden;
    },
    hide() {
      generation += 1;
      drawing = false;
      section.hidden = true;
    },
  };
}
