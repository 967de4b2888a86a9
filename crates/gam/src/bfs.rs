//! Breadth-first distances, iterative (boards of 90,000 squares have paths of ~45,000).

use gridkit::{Grid, Pos};

/// The distance of a node no source reaches.
pub const UNREACHED: u32 = u32::MAX;

/// Distances from `sources` over nodes `0..nodes`, where `neighbours(v)` lists the nodes one
/// step from `v`. Unreached nodes get [`UNREACHED`].
///
/// # Complexity
/// O(nodes + edges) time, one `u32` per node for the distances and one for the queue
/// (boards here have at most 90,000 squares; the 8 MB problem counts every byte).
///
/// # Panics
/// If `nodes` does not fit a `u32`, or a source or neighbour is not below `nodes`.
pub fn bfs_by<I>(
    nodes: usize,
    sources: &[usize],
    mut neighbours: impl FnMut(usize) -> I,
) -> Vec<u32>
where
    I: IntoIterator<Item = usize>,
{
    assert!(
        u32::try_from(nodes).is_ok(),
        "{nodes} nodes do not fit a u32 queue"
    );
    let mut distance = vec![UNREACHED; nodes];
    let mut queue: Vec<u32> = Vec::with_capacity(nodes);
    for &source in sources {
        if distance[source] == UNREACHED {
            distance[source] = 0;
            queue.push(source as u32);
        }
    }
    let mut head = 0;
    while let Some(&node) = queue.get(head) {
        head += 1;
        let node = node as usize;
        let next_distance = distance[node] + 1;
        for next in neighbours(node) {
            if distance[next] == UNREACHED {
                distance[next] = next_distance;
                queue.push(next as u32);
            }
        }
    }
    distance
}

/// Distances from `start` over the squares of `grid` that are `passable`, moving to the
/// four side neighbours. `start` counts as reached even when not passable itself.
pub fn grid_bfs<T>(grid: &Grid<T>, start: Pos, passable: impl Fn(&T) -> bool) -> Grid<u32> {
    let distance = bfs_by(grid.len(), &[grid.index_of(start)], |index| {
        grid.neighbours4(grid.pos_of(index))
            .filter(|&next| passable(&grid[next]))
            .map(|next| grid.index_of(next))
    });
    Grid::from_cells(grid.height(), grid.width(), distance).expect("one distance per square")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(rows: &[&str]) -> Grid<u8> {
        let cells = rows.iter().flat_map(|row| row.bytes()).collect();
        Grid::from_cells(rows.len(), rows[0].len(), cells).unwrap()
    }

    #[test]
    fn distances_go_around_walls() {
        let grid = parse(&["A.#.", "..#.", "...."]);
        let distance = grid_bfs(&grid, Pos::new(0, 0), |&c| c != b'#');
        assert_eq!(distance[Pos::new(0, 0)], 0);
        assert_eq!(distance[Pos::new(2, 3)], 5);
        assert_eq!(distance[Pos::new(0, 3)], 7);
        assert_eq!(distance[Pos::new(0, 2)], UNREACHED);
    }

    #[test]
    fn unreachable_regions_stay_unreached() {
        let grid = parse(&[".#.", "##.", "..."]);
        let distance = grid_bfs(&grid, Pos::new(0, 0), |&c| c != b'#');
        assert_eq!(
            distance.cells().iter().filter(|&&d| d == UNREACHED).count(),
            8
        );
    }

    #[test]
    fn general_graphs_and_several_sources() {
        // A directed path 0 -> 1 -> 2 -> 3 and a second source at 2.
        let distance = bfs_by(5, &[0, 2, 2], |v| (v < 3).then_some(v + 1));
        assert_eq!(distance, [0, 1, 0, 1, UNREACHED]);
    }

    #[test]
    fn long_paths_do_not_recurse() {
        let n = 200_000;
        let distance = bfs_by(n, &[0], |v| (v + 1 < n).then_some(v + 1));
        assert_eq!(distance[n - 1], (n - 1) as u32);
    }
}
