//! Stress in the page: the cases `cargo xtask stress` generates (each crate's own
//! generator, case `k` of a seed at the size `k` ramps to), each with the archive's answer,
//! and the shrinking of a failing case, one candidate at a time, by the very
//! [`Shrinker`] that `stress` shrinks with. The page runs the learner's program on each
//! case in its workers and tells the shrinker whether each candidate still fails.

use gridkit::testkit::{ProblemKit, Shrinker, case_rng, scale_of};
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
    kit: Box<dyn Session>,
}

#[wasm_bindgen]
impl Stress {
    /// A session of the problem named `problem`, whose cases come from `seed`.
    ///
    /// # Errors
    /// An unknown problem.
    #[wasm_bindgen(constructor)]
    pub fn new(problem: &str, seed: u64) -> Result<Stress, String> {
        let kit: Box<dyn Session> = match problem {
            "statues" => Box::new(Kit::<statues::testkit::Kit>::new(seed)),
            "descending-dark" => Box::new(Kit::<descending_dark::testkit::Kit>::new(seed)),
            "gam" => Box::new(Kit::<gam::testkit::Kit>::new(seed)),
            "sweets" => Box::new(Kit::<sweets::testkit::Kit>::new(seed)),
            "ladders" => Box::new(Kit::<ladders::testkit::Kit>::new(seed)),
            other => return Err(format!("no problem is named {other:?}")),
        };
        Ok(Stress { kit })
    }

    /// Case `case` of the seed, as `cargo xtask gen PROBLEM --seed SEED --case CASE`
    /// prints it, with the archive's answer.
    pub fn case(&self, case: u64) -> StressCase {
        self.kit.case(case)
    }

    /// Starts shrinking `input`, which failed.
    ///
    /// # Errors
    /// The input is not one of the problem's (the crate's parser refuses it).
    pub fn start_shrinking(&mut self, input: &str) -> Result<(), String> {
        self.kit.start_shrinking(input)
    }

    /// The next simpler case to try, or none when the failing case is 1-minimal. A
    /// candidate the crate's strict parser refuses counts as passing, as in `stress`.
    pub fn candidate(&mut self) -> Option<StressCase> {
        self.kit.candidate()
    }

    /// Whether the candidate last given failed too.
    pub fn tell(&mut self, failed: bool) {
        self.kit.tell(failed);
    }

    /// The smallest failing case so far.
    pub fn shrunk(&self) -> Option<StressCase> {
        self.kit.shrunk()
    }

    /// The steps of shrinking taken so far.
    pub fn steps(&self) -> usize {
        self.kit.steps()
    }
}

/// What the page asks of one problem's kit.
trait Session {
    fn case(&self, case: u64) -> StressCase;
    fn start_shrinking(&mut self, input: &str) -> Result<(), String>;
    fn candidate(&mut self) -> Option<StressCase>;
    fn tell(&mut self, failed: bool);
    fn shrunk(&self) -> Option<StressCase>;
    fn steps(&self) -> usize;
}

/// The shrinker of a kit: its inputs, simplified by the kit's own steps.
type KitShrinker<K> = Shrinker<
    <K as ProblemKit>::Input,
    fn(&<K as ProblemKit>::Input) -> Vec<<K as ProblemKit>::Input>,
>;

struct Kit<K: ProblemKit> {
    seed: u64,
    shrinker: Option<KitShrinker<K>>,
}

impl<K: ProblemKit> Kit<K> {
    fn new(seed: u64) -> Self {
        Kit {
            seed,
            shrinker: None,
        }
    }

    fn shown(input: &K::Input) -> StressCase {
        StressCase {
            input: K::render(input),
            expected: K::answer(input),
        }
    }
}

impl<K: ProblemKit> Session for Kit<K> {
    fn case(&self, case: u64) -> StressCase {
        // The same input as `stress` and `gen` make for this seed and case.
        Self::shown(&K::generate(&mut case_rng(self.seed, case), scale_of(case)))
    }

    fn start_shrinking(&mut self, input: &str) -> Result<(), String> {
        let input = K::parse(input).map_err(|error| format!("{error:#}"))?;
        self.shrinker = Some(Shrinker::new(input, K::simpler));
        Ok(())
    }

    fn candidate(&mut self) -> Option<StressCase> {
        let shrinker = self.shrinker.as_mut()?;
        loop {
            let text = K::render(shrinker.candidate()?);
            if K::parse(&text).is_ok() {
                return shrinker.candidate().map(Self::shown);
            }
            shrinker.tell(false);
        }
    }

    fn tell(&mut self, failed: bool) {
        if let Some(shrinker) = &mut self.shrinker {
            shrinker.tell(failed);
        }
    }

    fn shrunk(&self) -> Option<StressCase> {
        self.shrinker
            .as_ref()
            .map(|shrinker| Self::shown(shrinker.current()))
    }

    fn steps(&self) -> usize {
        self.shrinker.as_ref().map_or(0, Shrinker::steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridkit::testkit::shrink;

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
        fn same<K: ProblemKit>(name: &str) {
            // "Fails": the answer is the one a mid-sized case has (any rule of the answer
            // alone would do); shrinking keeps it.
            let mut stress = Stress::new(name, 3).unwrap();
            let failing = stress.case(150);
            let fails = |text: &str| {
                K::parse(text)
                    .map(|input| K::answer(&input) == failing.expected)
                    .unwrap_or(false)
            };
            stress.start_shrinking(&failing.input).unwrap();
            let mut asked = 0;
            while let Some(candidate) = stress.candidate() {
                asked += 1;
                stress.tell(fails(&candidate.input));
                assert!(asked < 100_000, "{name}: shrinking does not end");
            }
            let (expected, steps) =
                shrink(K::parse(&failing.input).unwrap(), K::simpler, |input| {
                    K::answer(input) == failing.expected
                });
            let shrunk = stress.shrunk().unwrap();
            assert_eq!(shrunk.input, K::render(&expected), "{name}");
            assert_eq!(stress.steps(), steps, "{name}");
        }
        same::<statues::testkit::Kit>("statues");
        same::<descending_dark::testkit::Kit>("descending-dark");
        same::<gam::testkit::Kit>("gam");
        same::<sweets::testkit::Kit>("sweets");
        same::<ladders::testkit::Kit>("ladders");
    }
}
