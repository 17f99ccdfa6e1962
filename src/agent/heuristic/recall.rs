//! `recall`: what each pitch is expected to give in a situation at the
//! plate, kept per thread. `Plate::against` is a pure function of the
//! rules and a small situation (the count, the steal, the batter's hand
//! size, the pitcher's own Offense hand), and the same situations come
//! back in game after game: a table shared by every game a thread plays
//! answers most of them, where one game alone sees each situation only a
//! few times.
//!
//! The six pitch types' values of a situation are worked out and kept
//! together, so a pitch choice costs one look into the table. They are
//! kept under the card book they were worked out with (each book has its
//! own id, never reused) and a key that must say everything else the work
//! reads, so recalled values are always the values the work would give,
//! bit for bit: recalling changes how fast a manager decides, never what
//! he decides. The table lives in a thread-local, so simulation threads
//! never wait on each other for it, and its size is fixed (1 MB).
//!
//! A second, smaller table keeps the defense's memorandum choices
//! (`recall_choice`, `keep_choice`) the same way: a keep or a draw that
//! beat every discard is a function of the book, the count and the hand
//! counted by type.

use std::cell::Cell;
use std::sync::atomic::{AtomicU32, Ordering};

/// A value for each pitch type, in `Pitch::ALL` order.
pub(super) type ByPitch = [f32; 6];

/// How many situations a thread keeps (a power of two); a slot keeps the
/// latest of the situations that share it.
const SLOTS: usize = 1 << 15;

/// How many memorandum choices a thread keeps (a power of two).
const CHOICE_SLOTS: usize = 1 << 13;

/// One kept situation: the book's id in the high half of `key`, the
/// book's own key in the low half (book 0: an empty slot).
#[derive(Debug, Clone, Copy, Default)]
struct Slot<V> {
    key: u64,
    values: V,
}

thread_local! {
    /// The values this thread worked out, by book and key.
    static KEPT: Box<[Cell<Slot<ByPitch>>]> =
        vec![Cell::new(Slot::default()); SLOTS].into_boxed_slice();
    /// The memorandum choices this thread weighed, by book and key.
    static CHOICES: Box<[Cell<Slot<u8>>]> =
        vec![Cell::new(Slot::default()); CHOICE_SLOTS].into_boxed_slice();
}

/// A book and its key as one, and its slot in a table of `slots`.
fn slot_of(book: u32, key: u32, slots: usize) -> (u64, usize) {
    debug_assert_ne!(book, 0, "book 0 marks an empty slot");
    let key = u64::from(book) << 32 | u64::from(key);
    let index = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - slots.trailing_zeros())) as usize;
    (key, index)
}

/// A fresh id for a card book: ids start at 1 and are never reused.
///
/// # Panics
///
/// When a process has made 2^32 - 1 books.
pub(super) fn new_book_id() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    assert_ne!(id, 0, "card book ids ran out");
    id
}

/// The values kept for `key` under book `book`, or `work_out`'s, kept
/// for next time. `key` must say everything `work_out` reads besides the
/// book; `book` must not be 0.
pub(super) fn recall(book: u32, key: u32, work_out: impl FnOnce() -> ByPitch) -> ByPitch {
    let (key, index) = slot_of(book, key, SLOTS);
    KEPT.with(|slots| {
        let slot = &slots[index];
        let kept = slot.get();
        if kept.key == key {
            return kept.values;
        }
        let values = work_out();
        slot.set(Slot { key, values });
        values
    })
}

/// The memorandum choice kept for `key` under book `book`, if any. `key`
/// must say everything the choice depends on besides the book; `book`
/// must not be 0.
pub(super) fn recall_choice(book: u32, key: u32) -> Option<u8> {
    let (key, index) = slot_of(book, key, CHOICE_SLOTS);
    CHOICES.with(|slots| {
        let kept = slots[index].get();
        (kept.key == key).then_some(kept.values)
    })
}

/// Keeps a memorandum choice for `key` under book `book` (see
/// `recall_choice`).
pub(super) fn keep_choice(book: u32, key: u32, choice: u8) {
    let (key, index) = slot_of(book, key, CHOICE_SLOTS);
    CHOICES.with(|slots| {
        slots[index].set(Slot {
            key,
            values: choice,
        })
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_worked_out_once_and_books_do_not_share() {
        let (a, b) = (new_book_id(), new_book_id());
        assert_ne!(a, b);
        let values = |v: f32| [v; 6];
        assert_eq!(recall(a, 7, || values(1.5)), values(1.5));
        assert_eq!(recall(a, 7, || panic!("recalled")), values(1.5));
        assert_eq!(recall(b, 7, || values(2.5)), values(2.5));
        assert_eq!(recall(a, 8, || values(3.5)), values(3.5));
        assert_eq!(recall(a, 0, || values(4.5)), values(4.5));
    }

    #[test]
    fn choices_are_kept_by_book_and_key() {
        let (a, b) = (new_book_id(), new_book_id());
        assert_eq!(recall_choice(a, 7), None);
        keep_choice(a, 7, 2);
        assert_eq!(recall_choice(a, 7), Some(2));
        assert_eq!(recall_choice(b, 7), None);
        assert_eq!(recall_choice(a, 8), None);
    }
}
