//! Unit tests of the chess rules.

use super::*;
use crate::turns::legal_turns;

fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.iter().map(|&m| perft(&pos.make(m), depth - 1)).sum()
}

#[test]
fn start_position_perft() {
    let pos = Chess::start();
    assert_eq!(perft(&pos, 3), 8_902);
}
