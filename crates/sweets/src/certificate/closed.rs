//! A closed set of lost boxes: from the box to prove lost, every move of the player to
//! move is answered with a reply that leaves a lost box, and every box so reached joins
//! the set with its own replies, until every reply leads into the set or empties the box.
//!
//! Only boxes reached under the winner's replies enter the set, so its size depends on
//! the replies chosen. A reply leading to a box already in the set (or the empty box) is
//! preferred, then one eating the most chocolates: fewer chocolates, fewer boxes below.

use std::collections::{HashMap, VecDeque};

use super::{Position, Reply, cells, moves_in_reading_order};
use crate::certificate::box_text;
use crate::geometry::Mask;
use crate::solve::first_player_wins;

/// The closed set proving `lost` lost for the player to move, `lost` first, then the
/// boxes in the order they are reached (breadth first); each box's moves in reading order.
///
/// `lost` should be lost for the player to move (the table says so); the empty box is
/// never listed: it ends the game, so no move leaves it unanswered.
pub fn closed_set(lost: Mask) -> Vec<Position> {
    let mut listed: HashMap<Mask, usize> = HashMap::new();
    let mut order: Vec<Mask> = Vec::new();
    let mut replies: Vec<Vec<(Mask, Mask)>> = Vec::new();
    // The winner's reply to each box, once chosen, so a box met twice is answered alike.
    let mut chosen: HashMap<Mask, Mask> = HashMap::new();
    if lost == 0 {
        return Vec::new();
    }
    let mut queue = VecDeque::from([lost]);
    listed.insert(lost, 0);
    order.push(lost);
    while let Some(position) = queue.pop_front() {
        let mut answers = Vec::new();
        for eaten in moves_in_reading_order(position) {
            let after = position & !eaten;
            let reply = match chosen.get(&after) {
                Some(&reply) => reply,
                // The table says every move here leaves a won box; were it wrong, the
                // move would go unanswered and the checker would refuse the set.
                None => match best_reply(after, &listed) {
                    Some(reply) => *chosen.entry(after).or_insert(reply),
                    None => continue,
                },
            };
            answers.push((eaten, reply));
            let next = after & !reply;
            if next != 0 && !listed.contains_key(&next) {
                listed.insert(next, order.len());
                order.push(next);
                queue.push_back(next);
            }
        }
        replies.push(answers);
    }
    order
        .into_iter()
        .zip(replies)
        .map(|(position, answers)| Position {
            chocolates: box_text(position),
            replies: answers
                .into_iter()
                .map(|(eaten, reply)| Reply {
                    eaten: cells(eaten),
                    reply: cells(reply),
                })
                .collect(),
        })
        .collect()
}

/// The winner's reply in `after`, a box won for the player to move: one into a box
/// already listed or the empty box if there is one, else the one eating the most
/// chocolates; ties go to reading order. `None` if the table knows no winning reply.
fn best_reply(after: Mask, listed: &HashMap<Mask, usize>) -> Option<Mask> {
    let winning: Vec<Mask> = moves_in_reading_order(after)
        .into_iter()
        .filter(|&reply| !first_player_wins(after & !reply))
        .collect();
    let known = winning.iter().copied().find(|&reply| {
        let next = after & !reply;
        next == 0 || listed.contains_key(&next)
    });
    let most = winning
        .iter()
        .copied()
        .rev()
        .max_by_key(|reply| reply.count_ones());
    known.or(most)
}
