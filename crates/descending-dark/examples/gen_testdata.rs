//! Writes the generated cases of `testdata/descending-dark/` and the expected output of
//! EVERY case there (hand-made ones too): from the exhaustive reference when all of a
//! file's grids fit it, from the plain implementation otherwise. Never from the solver.
//!
//! `cargo run --release -p descending-dark --example descending_dark_gen_testdata`

use descending_dark::parse::Case;
use descending_dark::testkit::{Shape, mountain, render};
use descending_dark::{plain, reference};
use fastrand::Rng;

/// One generated file: its number, seed and grid sizes.
struct Spec {
    number: usize,
    cases: usize,
    sizes: fn(&mut Rng) -> (usize, usize),
}

fn small(rng: &mut Rng) -> (usize, usize) {
    (rng.usize(3..=10), rng.usize(3..=10))
}

fn medium(rng: &mut Rng) -> (usize, usize) {
    (rng.usize(11..=40), rng.usize(11..=40))
}

fn large(_: &mut Rng) -> (usize, usize) {
    (60, 60)
}

fn mixed(rng: &mut Rng) -> (usize, usize) {
    (rng.usize(3..=60), rng.usize(3..=60))
}

const SPECS: [Spec; 14] = [
    Spec {
        number: 1,
        cases: 20,
        sizes: small,
    },
    Spec {
        number: 2,
        cases: 20,
        sizes: small,
    },
    Spec {
        number: 3,
        cases: 20,
        sizes: small,
    },
    Spec {
        number: 4,
        cases: 20,
        sizes: small,
    },
    Spec {
        number: 5,
        cases: 20,
        sizes: small,
    },
    Spec {
        number: 6,
        cases: 10,
        sizes: medium,
    },
    Spec {
        number: 7,
        cases: 10,
        sizes: medium,
    },
    Spec {
        number: 8,
        cases: 20,
        sizes: mixed,
    },
    Spec {
        number: 9,
        cases: 20,
        sizes: mixed,
    },
    Spec {
        number: 10,
        cases: 20,
        sizes: large,
    },
    Spec {
        number: 11,
        cases: 20,
        sizes: large,
    },
    Spec {
        number: 12,
        cases: 20,
        sizes: large,
    },
    Spec {
        number: 13,
        cases: 20,
        sizes: large,
    },
    Spec {
        number: 14,
        cases: 20,
        sizes: large,
    },
];

fn main() -> anyhow::Result<()> {
    let folder = gridkit::testdata::folder("descending-dark");
    for spec in &SPECS {
        let mut rng = Rng::with_seed(0xD_2012 + spec.number as u64);
        let cases: Vec<Case> = (0..spec.cases)
            .map(|index| {
                let shape = Shape::ALL[(index + spec.number) % Shape::ALL.len()];
                let (rows, cols) = (spec.sizes)(&mut rng);
                mountain(&mut rng, shape, rows, cols, 10)
            })
            .collect();
        let name = format!("gen-{:03}.in", spec.number);
        std::fs::write(folder.join(name), render(&cases))?;
    }

    for input_path in gridkit::testdata::inputs("descending-dark")? {
        let input = std::fs::read_to_string(&input_path)?;
        let (output, source) = match reference::answer(&input)? {
            Some(output) => (output, "exhaustive reference"),
            None => (plain::answer(&input)?, "plain"),
        };
        std::fs::write(input_path.with_extension("out"), output)?;
        println!("{}: {source}", input_path.display());
    }
    Ok(())
}
