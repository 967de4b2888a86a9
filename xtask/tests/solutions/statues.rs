// Codeforces 128A "Statues", an independent solution in Rust (the same search as
// statues.py), using the standard library's collections and a thread.
use std::collections::BTreeSet;
use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let rows: Vec<Vec<u8>> = text.split_whitespace().map(|row| row.bytes().collect()).collect();
    let answer = std::thread::spawn(move || {
        let blocked = |r: i32, c: i32, t: i32| r - t >= 0 && rows[(r - t) as usize][c as usize] == b'S';
        let mut frontier: BTreeSet<(i32, i32)> = [(7, 0)].into_iter().collect();
        for t in 0..9 {
            let mut next = BTreeSet::new();
            for &(r, c) in &frontier {
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        let (nr, nc) = (r + dr, c + dc);
                        if (0..8).contains(&nr) && (0..8).contains(&nc) && !blocked(nr, nc, t) && !blocked(nr, nc, t + 1) {
                            next.insert((nr, nc));
                        }
                    }
                }
            }
            if next.is_empty() {
                return "LOSE";
            }
            frontier = next;
        }
        "WIN"
    });
    println!("{}", answer.join().unwrap());
}
