//! The box's sizes: plain constants with no dependency, which the solver's build script
//! compiles in as they are (`crates/sweets/build.rs`) to lay out the box it solves ahead.

/// A set of cells: bit `i` is the `i`-th cell in reading order (the `i`-th word of the
/// input), set when it holds a chocolate.
pub type Mask = u32;

/// Cells per row of the box, top to bottom.
pub const ROW_LENGTHS: [usize; 5] = [3, 4, 5, 4, 3];
/// Cells in the box.
pub const CELLS: usize = 19;
/// Every cell.
pub const FULL: Mask = (1 << CELLS) - 1;
/// The most cells one move eats: the longest straight line of the box.
pub const MAX_LINE: usize = 5;
/// The distinct moves of the full box (as sets of cells): 47 runs along each of the three
/// directions, with the 19 single cells counted once instead of three times. The checker's
/// own runs are counted against it in its tests.
pub const SEGMENT_COUNT: usize = 103;
