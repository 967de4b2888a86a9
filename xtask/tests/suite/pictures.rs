//! The README's pictures in `docs/pictures/` are the ones the solvers draw now: each is
//! drawn again in memory and compared with its file (run `cargo xtask pictures` after a
//! change to a picture, then look at the new files).

use xtask::pictures::draw_all;
use xtask::project_root;

#[test]
fn the_readme_pictures_are_up_to_date() {
    let root = project_root();
    for (path, svg) in draw_all(&root).unwrap() {
        let saved = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; run `cargo xtask pictures`", path.display()));
        assert!(
            saved == svg,
            "{} is out of date: run `cargo xtask pictures` and look at it",
            path.display()
        );
    }
}
