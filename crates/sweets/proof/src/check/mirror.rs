//! The mirror proof: a box that is the same turned half a turn about the centre, with the
//! centre empty, is lost for the player to move.
//!
//! Lemma, checked here on the checker's own runs: the half turn of every run that misses
//! the centre is a run too, and shares no cell with it. Then in such a box every move
//! misses the (empty) centre, its mirror image holds chocolates (the box is symmetric)
//! that the move did not eat (they share no cell), so the mirror image is a legal reply,
//! and the box it leaves is again symmetric with an empty centre. The player to move
//! therefore always leaves the other a reply and runs out of moves first.

use super::hexagon::Hexagon;
use crate::input::Mask;

/// The lemma above, for every run of the box.
///
/// # Errors
/// The first run whose mirror image is not a run or overlaps it (the checker's geometry
/// would be wrong).
pub fn check_lemma(hexagon: &Hexagon) -> Result<(), String> {
    let centre = hexagon.centre();
    for &run in hexagon.runs().iter().filter(|&&run| run & centre == 0) {
        let image = hexagon.half_turn(run);
        if !hexagon.runs().contains(&image) || image & run != 0 {
            return Err(format!(
                "the mirror image of {} is {}, not a separate run",
                hexagon.name(run),
                hexagon.name(image)
            ));
        }
    }
    Ok(())
}

/// That `lost` is symmetric through the centre with the centre empty.
///
/// # Errors
/// The centre holds a chocolate, or the first chocolate whose mirror image is empty.
pub fn check_symmetric(hexagon: &Hexagon, lost: Mask) -> Result<(), String> {
    let centre = hexagon.centre();
    if lost & centre != 0 {
        return Err(format!(
            "the centre {} holds a chocolate, so there is no mirror strategy",
            hexagon.name(centre)
        ));
    }
    let turned = hexagon.half_turn(lost);
    match hexagon.cells_of(lost & !turned).next() {
        None => Ok(()),
        Some(cell) => Err(format!(
            "the box is not symmetric through the centre: {} holds a chocolate, its mirror \
             image {} is empty",
            hexagon.name(1 << cell),
            hexagon.name(hexagon.half_turn(1 << cell))
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lemma_holds_on_the_hexagon() {
        assert_eq!(check_lemma(&Hexagon::new()), Ok(()));
    }

    #[test]
    fn the_mirror_argument_plays_out_on_every_symmetric_box() {
        // Every box symmetric with an empty centre: each move's mirror image is legal and
        // leaves such a box, as the lemma promises.
        let hexagon = Hexagon::new();
        let halves = (0..9).map(|cell| 1 << cell | hexagon.half_turn(1 << cell));
        for choice in 0..1 << 9 {
            let mask = halves
                .clone()
                .enumerate()
                .filter(|&(i, _)| choice >> i & 1 == 1)
                .fold(0, |mask, (_, pair)| mask | pair);
            assert_eq!(check_symmetric(&hexagon, mask), Ok(()));
            for eaten in hexagon.moves(mask) {
                let image = hexagon.half_turn(eaten);
                assert_eq!(hexagon.why_illegal(mask & !eaten, image), None);
                assert_eq!(check_symmetric(&hexagon, mask & !eaten & !image), Ok(()));
            }
        }
    }

    #[test]
    fn a_chocolate_in_the_centre_or_without_its_image_is_refused() {
        let hexagon = Hexagon::new();
        let centre = check_symmetric(&hexagon, hexagon.centre()).unwrap_err();
        assert!(centre.contains("(3,3) holds a chocolate"), "{centre}");
        let lonely = check_symmetric(&hexagon, 1 << 1).unwrap_err();
        assert!(
            lonely.contains("(1,2) holds a chocolate, its mirror image (5,2)"),
            "{lonely}"
        );
    }
}
