//! "Step through the proof": the frames the page shows one at a time, with Previous, Next
//! and a slider. Each solver crate tells its proof as steps (`gridkit::solved::Steps`),
//! drawn only when asked for; this module bounds how many the page offers. A proof of at
//! most [`MAX_FRAMES`] steps is shown whole; a longer one (a large input: thousands of
//! runs or rounds) is shown as [`MAX_FRAMES`] steps spaced evenly from the first to the
//! last, and every caption then says which step of how many it is and that the others
//! are skipped.

use gridkit::solved::Steps;
use wasm_bindgen::prelude::wasm_bindgen;

/// The most frames a proof is shown in: enough to follow it, few enough to slide over.
pub const MAX_FRAMES: usize = 200;

/// One frame: a line saying what the step is, and the position after it.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// One line: what the step is.
    pub caption: String,
    /// The position after the step, as one SVG document.
    pub picture: String,
}

/// A proof's steps, offered as at most [`MAX_FRAMES`] frames.
pub struct Frames {
    steps: Box<dyn Steps>,
}

impl std::fmt::Debug for Frames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Frames")
            .field("steps", &self.steps.count())
            .finish()
    }
}

impl Frames {
    pub fn new(steps: Box<dyn Steps>) -> Frames {
        Frames { steps }
    }

    /// How many frames the page offers.
    pub fn count(&self) -> usize {
        self.steps.count().clamp(1, MAX_FRAMES)
    }

    /// The step frame `index` shows: all of them in order when they fit, otherwise
    /// evenly spaced, the first and the last always among them.
    pub fn step_of(&self, index: usize) -> usize {
        let (steps, frames) = (self.steps.count(), self.count());
        let index = index.min(frames - 1);
        if steps <= frames {
            index
        } else {
            // Rounded to the nearest step: frame 0 is step 0, the last frame the last step.
            (index * (steps - 1) + (frames - 1) / 2) / (frames - 1)
        }
    }

    /// Frame `index` (past the last: the last).
    pub fn frame(&self, index: usize) -> Frame {
        let steps = self.steps.count();
        let step_index = self.step_of(index);
        let step = self.steps.step(step_index);
        let caption = if steps > self.count() {
            format!(
                "Step {} of {steps} ({} evenly spaced steps shown, the others skipped): {}",
                step_index + 1,
                self.count(),
                step.caption
            )
        } else {
            step.caption
        };
        Frame {
            caption,
            picture: step.picture,
        }
    }
}
