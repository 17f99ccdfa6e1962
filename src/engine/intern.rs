//! Names and lists kept once for the whole program, so that the events
//! holding them are plain `Copy` data: a buffer of events is emptied
//! without a drop to run for each. What is kept: the names and ids of the
//! rulesets' special cards and the names of the teams' players, taken once
//! as the rules and the players are read (a few hundred in any run), and
//! the rare list of numbers longer than a `ShortList` holds inline.

use std::collections::BTreeSet;
use std::sync::{Mutex, PoisonError};

static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
static NUMBERS: Mutex<BTreeSet<&'static [u8]>> = Mutex::new(BTreeSet::new());

/// The program's one copy of `name`.
pub(crate) fn name(name: &str) -> &'static str {
    let mut names = NAMES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&kept) = names.get(name) {
        return kept;
    }
    let kept: &'static str = Box::leak(name.into());
    names.insert(kept);
    kept
}

/// The program's one copy of the list `numbers`.
pub(crate) fn numbers(numbers: &[u8]) -> &'static [u8] {
    let mut lists = NUMBERS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&kept) = lists.get(numbers) {
        return kept;
    }
    let kept: &'static [u8] = Box::leak(numbers.into());
    lists.insert(kept);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_share_one_copy() {
        let a = name(&String::from("Lino Bracco"));
        let b = name(&String::from("Lino Bracco"));
        assert_eq!(a, "Lino Bracco");
        assert!(std::ptr::eq(a, b));
        let long: Vec<u8> = (1..=30).collect();
        assert!(std::ptr::eq(numbers(&long), numbers(&long.clone())));
        assert_eq!(numbers(&long), &long[..]);
    }
}
