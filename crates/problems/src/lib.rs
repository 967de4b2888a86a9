//! The archive's problems, one list: [`PROBLEMS`], each solver crate's
//! [`Problem`](problem::Problem) as an [`AnyProblem`]. Every command of the xtask (verify,
//! stress, gen, bench, package, pictures, web) and the browser playground read it; none
//! keeps a table of its own.
//!
//! Adding a problem is its crate and one line here (with its dependency in this crate's
//! manifest); the book's "Adding a problem" lists the steps.
//!
//! The list cannot live beside the trait (the crate `problem`), since the solver crates it
//! names depend on that crate: it is a crate of its own, which the xtask and the
//! playground (built for wasm32) both depend on.

#![forbid(unsafe_code)]

pub use problem::AnyProblem;

/// Every problem of the archive, in the archive's order.
pub static PROBLEMS: &[&dyn AnyProblem] = &[
    &statues::Statues,
    &descending_dark::DescendingDark,
    &gam::Gam,
    &sweets::Sweets,
    &ladders::Ladders,
];

/// The problem named `name` (its crate's name).
pub fn find(name: &str) -> Option<&'static dyn AnyProblem> {
    PROBLEMS
        .iter()
        .copied()
        .find(|problem| problem.name() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_is_listed_once_with_its_own_kit() {
        let mut names: Vec<&str> = PROBLEMS.iter().map(|problem| problem.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), PROBLEMS.len(), "a problem is listed twice");
        for problem in PROBLEMS {
            let kit = problem
                .kit()
                .expect("every problem of the list has its kit");
            assert_eq!(kit.name(), problem.name());
            assert_eq!(
                find(problem.name()).map(|found| found.name()),
                Some(problem.name())
            );
        }
        assert!(find("chess").is_none());
    }
}
