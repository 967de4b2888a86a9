//! The schedule and the shrinking of stress testing, shared by `cargo xtask stress` and
//! the crates' own tests so both find and reduce the same inputs.

/// Stress case `k` is generated at scale `k / RAMP` (capped at 1): the first cases are
/// the smallest inputs, and from case `RAMP` on they reach the statement's limits.
pub const RAMP: u64 = 1000;

/// The scale of stress case `case`, from 0 up to 1.
pub fn scale_of(case: u64) -> f64 {
    (case as f64 / RAMP as f64).min(1.0)
}

/// The random generator of stress case `case` for `seed`: one per case, so cases can be
/// run in any order, on any number of threads, and still be the same for a seed.
pub fn case_rng(seed: u64, case: u64) -> fastrand::Rng {
    fastrand::Rng::with_seed(seed ^ case.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Greedy shrinking: takes the first of `simpler(input)` that still `fails`, again and
/// again, until none does. The result still fails and is 1-minimal: no single step of
/// `simpler` from it fails. Returns it with the number of steps taken.
///
/// `fails` must hold for `input` itself. `simpler` must make progress (each candidate
/// strictly simpler by some well-founded measure), or this may not end.
pub fn shrink<I>(
    input: I,
    simpler: impl Fn(&I) -> Vec<I>,
    mut fails: impl FnMut(&I) -> bool,
) -> (I, usize) {
    let mut shrinker = Shrinker::new(input, simpler);
    while let Some(candidate) = shrinker.candidate() {
        let failed = fails(candidate);
        shrinker.tell(failed);
    }
    shrinker.into_result()
}

/// [`shrink`] one question at a time, for a caller that cannot answer "does this fail?"
/// at once: the playground's page runs each candidate in a worker and tells the answer
/// when the run ends. Asking for [`Shrinker::candidate`] and telling whether it failed,
/// until there is none, takes exactly the steps `shrink` takes.
#[derive(Debug)]
pub struct Shrinker<I, S> {
    simpler: S,
    current: I,
    /// The candidates of `current` not tried yet, in `simpler`'s order.
    candidates: std::collections::VecDeque<I>,
    steps: usize,
}

impl<I, S: Fn(&I) -> Vec<I>> Shrinker<I, S> {
    /// Starts from `input`, which fails.
    pub fn new(input: I, simpler: S) -> Self {
        let candidates = simpler(&input).into();
        Shrinker {
            simpler,
            current: input,
            candidates,
            steps: 0,
        }
    }

    /// The next simpler input to try, or none when the current one is 1-minimal.
    pub fn candidate(&self) -> Option<&I> {
        self.candidates.front()
    }

    /// Whether the candidate last given fails: if it does, it becomes the current input
    /// and its own candidates come next; if not, the next candidate of the current one.
    pub fn tell(&mut self, failed: bool) {
        let Some(candidate) = self.candidates.pop_front() else {
            return;
        };
        if failed {
            self.candidates = (self.simpler)(&candidate).into();
            self.current = candidate;
            self.steps += 1;
        }
    }

    /// The smallest failing input so far.
    pub fn current(&self) -> &I {
        &self.current
    }

    /// The steps taken so far.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The smallest failing input and the steps taken.
    pub fn into_result(self) -> (I, usize) {
        (self.current, self.steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_grows_from_zero_to_one() {
        assert_eq!(scale_of(0), 0.0);
        assert_eq!(scale_of(RAMP / 2), 0.5);
        assert_eq!(scale_of(RAMP * 7), 1.0);
    }

    #[test]
    fn the_same_case_gets_the_same_input() {
        assert_eq!(case_rng(5, 9).u64(..), case_rng(5, 9).u64(..));
        assert_ne!(case_rng(5, 9).u64(..), case_rng(5, 10).u64(..));
        assert_ne!(case_rng(5, 9).u64(..), case_rng(6, 9).u64(..));
    }

    /// Shrinking a list of numbers, where "fails" means "holds a 7 and sums to at least 10":
    /// the result holds the 7 and one number that brings the sum to 10, and no single removal still fails.
    #[test]
    fn shrinking_ends_one_minimal() {
        let simpler = |list: &Vec<u32>| -> Vec<Vec<u32>> {
            (0..list.len())
                .map(|skip| {
                    let mut fewer = list.clone();
                    fewer.remove(skip);
                    fewer
                })
                .collect()
        };
        let fails = |list: &Vec<u32>| list.contains(&7) && list.iter().sum::<u32>() >= 10;
        let (small, steps) = shrink(vec![1, 7, 2, 9, 3, 4, 5], simpler, fails);
        assert!(fails(&small));
        assert!(simpler(&small).iter().all(|candidate| !fails(candidate)));
        assert_eq!(steps, 7 - small.len());
        assert_eq!(small, vec![7, 5]);
    }
}
