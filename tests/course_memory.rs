//! What a match holds per action played. A match keeps its course (the position after every
//! action), and every live table on the server keeps its match: the server's memory under load
//! grows by this much per action until the tables close. An Ash & Walnut position is two
//! boards of 8 KB each (the game's start and the table now); the start never changes after
//! the game begins and is shared between a position's clones, so an action costs one board.

use carved_tables::play::{ClockSetting, Match, Seat};
use carved_tables::rules::hive::State;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

/// Counts the bytes allocated and not yet freed (this file holds one test, so nothing else
/// allocates while it measures).
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

#[test]
fn an_ash_and_walnut_action_keeps_one_board_in_the_course_not_two() {
    const ACTIONS: usize = 40;
    let mut m = Match::new(
        State::new(),
        [Seat::Remote, Seat::Remote],
        ClockSetting::default(),
        7,
    );
    let before = LIVE.load(Ordering::Relaxed);
    for i in 0..ACTIONS {
        let side = m.awaited().expect("the game goes on");
        let moves = m.state().legal_moves();
        let mv = moves[(i * 7) % moves.len()];
        drop(moves);
        m.submit(side, mv).expect("a legal move");
    }
    assert_eq!(m.course().len(), ACTIONS);
    let per_action = (LIVE.load(Ordering::Relaxed) - before) / ACTIONS as isize;
    // One board is 8 KB (its three boxed grids of 32 × 32 cells); two were kept per action
    // (16.4 KB) while each position copied the game's start too.
    assert!(
        per_action < 12 * 1024,
        "{per_action} bytes kept per action played"
    );
    drop(m);
}
