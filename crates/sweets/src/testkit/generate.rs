//! Random boxes: the number of chocolates grows with the scale, and the shape varies
//! (scattered cells, a connected cluster, straight runs), so that boxes with gaps, with
//! runs in every direction and with isolated chocolates all come early.

use crate::geometry::{CELLS, Mask, SEGMENTS};

/// A random non-empty box. At scale 0 it holds one or two chocolates; at scale 1 any
/// number up to the full box.
pub fn generate(rng: &mut fastrand::Rng, scale: f64) -> Mask {
    let most = 2 + (scale.clamp(0.0, 1.0) * (CELLS - 2) as f64).round() as u32;
    let count = rng.u32(1..=most);
    match rng.u8(0..3) {
        0 => scattered(rng, count),
        1 => cluster(rng, count),
        _ => runs(rng, count),
    }
}

/// A box where each cell holds a chocolate with probability `percent` / 100; a single
/// random chocolate when that leaves the box empty.
pub fn with_density(rng: &mut fastrand::Rng, percent: u32) -> Mask {
    let mask = (0..CELLS)
        .filter(|_| rng.u32(0..100) < percent)
        .fold(0, |mask, cell| mask | 1 << cell);
    if mask == 0 {
        1 << rng.u32(0..CELLS as u32)
    } else {
        mask
    }
}

/// `count` chocolates on distinct cells chosen uniformly.
fn scattered(rng: &mut fastrand::Rng, count: u32) -> Mask {
    let mut cells: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut cells);
    cells
        .into_iter()
        .take(count as usize)
        .fold(0, |mask, cell| mask | 1 << cell)
}

/// `count` chocolates grown from one cell, each new one a neighbour of the others.
fn cluster(rng: &mut fastrand::Rng, count: u32) -> Mask {
    let mut mask: Mask = 1 << rng.usize(0..CELLS);
    while mask.count_ones() < count {
        // The segments of two cells are exactly the pairs of neighbours.
        let frontier: Vec<Mask> = SEGMENTS
            .iter()
            .filter(|segment| segment.count_ones() == 2)
            .filter(|&&pair| pair & mask != 0 && pair & !mask != 0)
            .map(|&pair| pair & !mask)
            .collect();
        // The box is connected, so an unfinished cluster always has a neighbour outside.
        let Some(next) = pick(rng, &frontier) else {
            break;
        };
        mask |= next;
    }
    mask
}

/// Straight runs of random length and direction, laid until the box holds `count`
/// chocolates; runs may cross, touch or leave gaps on a common line.
fn runs(rng: &mut fastrand::Rng, count: u32) -> Mask {
    let mut mask: Mask = 0;
    while mask.count_ones() < count {
        let fitting: Vec<Mask> = SEGMENTS
            .iter()
            .copied()
            .filter(|&segment| segment & !mask != 0 && (mask | segment).count_ones() <= count)
            .collect();
        // A single empty cell always fits, so the list is empty only when the box is full.
        let Some(segment) = pick(rng, &fitting) else {
            break;
        };
        mask |= segment;
    }
    mask
}

/// A uniformly chosen element of `choices`, if there is one.
fn pick(rng: &mut fastrand::Rng, choices: &[Mask]) -> Option<Mask> {
    (!choices.is_empty()).then(|| choices[rng.usize(..choices.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::FULL;

    #[test]
    fn boxes_have_the_scale_s_size_and_are_never_empty() {
        let mut rng = fastrand::Rng::with_seed(1);
        for _ in 0..1_000 {
            let small = generate(&mut rng, 0.0);
            assert!((1..=2).contains(&small.count_ones()), "{small:b}");
            let any = generate(&mut rng, 1.0);
            assert!(any != 0 && any & !FULL == 0, "{any:b}");
        }
        let full_boxes = (0..5_000)
            .filter(|_| generate(&mut rng, 1.0) == FULL)
            .count();
        assert!(full_boxes > 0, "the full box is generated too");
    }

    #[test]
    fn every_shape_has_exactly_the_count_asked_for() {
        let mut rng = fastrand::Rng::with_seed(2);
        for count in 1..=CELLS as u32 {
            assert_eq!(scattered(&mut rng, count).count_ones(), count);
            assert_eq!(cluster(&mut rng, count).count_ones(), count);
            assert_eq!(runs(&mut rng, count).count_ones(), count);
        }
    }
}
