//! Everything one solve shows, built from one checked certificate: what the binary's four
//! modes print (the answer, `--explain`, `--explain=svg`, `--certificate`) and the proof
//! told step by step, one picture a step, for a viewer that shows one at a time (the
//! browser playground). Each solver crate's `solved` fills it; computing the four from
//! one certificate spares solving and checking the input four times.

/// What one solve yields, each text exactly as the binary prints it in that mode.
pub struct Solved {
    /// The problem's output (no option).
    pub answer: String,
    /// The answer, then why it is right (`--explain`).
    pub explanation: String,
    /// The same proof as one SVG picture (`--explain=svg`).
    pub picture: String,
    /// The certificate as JSON (`--certificate`).
    pub certificate: String,
    /// The proof step by step, drawn when asked.
    pub steps: Box<dyn Steps>,
}

impl std::fmt::Debug for Solved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solved")
            .field("answer", &self.answer)
            .field("steps", &self.steps.count())
            .finish_non_exhaustive()
    }
}

/// One step of a proof: what it is, in a line, and the position it leaves, drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// One line saying what the step is (`round 3: Maria steps to row 5, column 2`).
    pub caption: String,
    /// The position after the step, as one self-contained SVG document.
    pub picture: String,
}

/// A proof's steps in order, each drawn only when asked for: a large input's proof has
/// thousands of steps, and a viewer shows a few of them.
pub trait Steps {
    /// How many steps there are: at least one (the position the proof starts from).
    fn count(&self) -> usize;

    /// Step `index`, from 0; an index past the last gives the last.
    fn step(&self, index: usize) -> Step;
}
