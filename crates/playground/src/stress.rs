//! Stress in the page: the cases `cargo xtask stress` generates (each crate's own
//! generator, case `k` of a seed at the size `k` ramps to), each with the archive's answer,
//! and the shrinking of a failing case, one candidate at a time, by the very
//! [`Shrinker`] that `stress` shrinks with. The page runs the learner's program on each
//! case in its workers and tells the shrinker whether each candidate still fails.

use gridkit::testkit::{AnyKit, KitInput, Shrinker};
use wasm_bindgen::prelude::wasm_bindgen;

/// One generated or shrunk case: the input, and the archive's answer to it.
#[wasm_bindgen(getter_with_clone)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StressCase {
    pub input: String,
    pub expected: String,
}

/// A stress session of one problem: its cases, and the shrinking of a failure.
#[wasm_bindgen]
pub struct Stress {
    kit: &'static dyn AnyKit,
    seed: u64,
    shrinker: Option<KitShrinker>,
}

/// The shrinker of a kit: its inputs, simplified by the kit's own steps.
type KitShrinker = Shrinker<KitInput, Box<dyn Fn(&KitInput) -> Vec<KitInput>>>;

#[wasm_bindgen]
impl Stress {
    /// A session of the problem named `problem`, whose cases come from `seed`.
    ///
    /// # Errors
    /// An unknown problem.
    #[wasm_bindgen(constructor)]
    pub fn new(problem: &str, seed: u64) -> Result<Stress, String> {
        let kit = crate::find(problem)
            .and_then(|problem| problem.kit())
            .ok_or_else(|| format!("no problem is named {problem:?}"))?;
        Ok(Stress {
            kit,
            seed,
            shrinker: None,
        })
    }

    /// Case `case` of the seed, as `cargo xtask gen PROBLEM --seed SEED --case CASE`
    /// prints it, with the archive's answer.
    pub fn case(&self, case: u64) -> StressCase {
        // The same input as `stress` and `gen` make for this seed and case.
        self.shown(&self.kit.generate(self.seed, case))
    }

    /// Starts shrinking `input`, which failed.
    ///
    /// # Errors
    /// The input is not one of the problem's (the crate's parser refuses it).
    pub fn start_shrinking(&mut self, input: &str) -> Result<(), String> {
        let input = self
            .kit
            .parse(input)
            .map_err(|error| format!("{error:#}"))?;
        let kit = self.kit;
        self.shrinker = Some(Shrinker::new(
            input,
            Box::new(move |input: &KitInput| kit.simpler(input)),
        ));
        Ok(())
    }

    /// The next simpler case to try, or none when the failing case is 1-minimal. A
    /// candidate the crate's strict parser refuses counts as passing, as in `stress`.
    pub fn candidate(&mut self) -> Option<StressCase> {
        let shrinker = self.shrinker.as_mut()?;
        loop {
            let text = self.kit.render(shrinker.candidate()?);
            if self.kit.parse(&text).is_ok() {
                let candidate = shrinker.candidate()?;
                return Some(shown(self.kit, candidate));
            }
            shrinker.tell(false);
        }
    }

    /// Whether the candidate last given failed too.
    pub fn tell(&mut self, failed: bool) {
        if let Some(shrinker) = &mut self.shrinker {
            shrinker.tell(failed);
        }
    }

    /// The smallest failing case so far.
    pub fn shrunk(&self) -> Option<StressCase> {
        self.shrinker
            .as_ref()
            .map(|shrinker| self.shown(shrinker.current()))
    }

    /// The steps of shrinking taken so far.
    pub fn steps(&self) -> usize {
        self.shrinker.as_ref().map_or(0, Shrinker::steps)
    }
}

impl Stress {
    fn shown(&self, input: &KitInput) -> StressCase {
        shown(self.kit, input)
    }
}

/// `input` as the page shows it, with the archive's answer.
fn shown(kit: &dyn AnyKit, input: &KitInput) -> StressCase {
    StressCase {
        input: kit.render(input),
        expected: kit.answer(input),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridkit::testkit::{ProblemKit, case_rng, scale_of, shrink};

    /// The page's cases are `stress`'s: the same generator, seed and ramp.
    #[test]
    fn the_cases_are_the_ones_stress_and_gen_make() {
        let stress = Stress::new("statues", 7).unwrap();
        for case in [0, 5, 999, 2000] {
            let made = stress.case(case);
            let input = <statues::testkit::Kit as ProblemKit>::generate(
                &mut case_rng(7, case),
                scale_of(case),
            );
            assert_eq!(
                made.input,
                <statues::testkit::Kit as ProblemKit>::render(&input)
            );
            assert_eq!(
                made.expected,
                <statues::testkit::Kit as ProblemKit>::answer(&input)
            );
        }
        assert!(Stress::new("chess", 1).is_err());
    }

    /// Asked one candidate at a time, the page's shrinking ends where `shrink` ends, in
    /// the same number of steps, for every problem.
    #[test]
    fn shrinking_in_the_page_takes_the_steps_stress_takes() {
        for problem in crate::PROBLEMS {
            let name = problem.name();
            let kit = problem.kit().unwrap();
            // "Fails": the answer is the one a mid-sized case has (any rule of the answer
            // alone would do); shrinking keeps it.
            let mut stress = Stress::new(name, 3).unwrap();
            let failing = stress.case(150);
            let fails = |text: &str| {
                kit.parse(text)
                    .map(|input| kit.answer(&input) == failing.expected)
                    .unwrap_or(false)
            };
            stress.start_shrinking(&failing.input).unwrap();
            let mut asked = 0;
            while let Some(candidate) = stress.candidate() {
                asked += 1;
                stress.tell(fails(&candidate.input));
                assert!(asked < 100_000, "{name}: shrinking does not end");
            }
            let (expected, steps) = shrink(
                kit.parse(&failing.input).unwrap(),
                |input| kit.simpler(input),
                |input| kit.answer(input) == failing.expected,
            );
            let shrunk = stress.shrunk().unwrap();
            assert_eq!(shrunk.input, kit.render(&expected), "{name}");
            assert_eq!(stress.steps(), steps, "{name}");
        }
    }
}
