//! Tabulation: a hook whose inputs are a few small integers is called once
//! per input at load time, and the engine looks results up in a `Table`
//! instead of entering Rhai on the hot path. Rhai functions cannot keep
//! state between calls (they see no mutable globals), so such a hook is a
//! pure function of its inputs and the table is exact.

use std::ops::RangeInclusive;
use std::sync::Arc;

use rhai::Dynamic;

use super::error::ScriptError;
use super::hook::{FromScript, Hook};

/// The results of a hook over every combination of its integer inputs,
/// the last input varying fastest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table<T = i64> {
    ranges: Vec<RangeInclusive<i64>>,
    values: Vec<T>,
}

impl<T> Table<T> {
    /// The result for `inputs` (one per range), or `None` when an input is
    /// outside its range or the number of inputs is wrong.
    #[inline]
    pub fn get(&self, inputs: &[i64]) -> Option<&T> {
        if inputs.len() != self.ranges.len() {
            return None;
        }
        let mut index = 0usize;
        for (&input, range) in inputs.iter().zip(&self.ranges) {
            if !range.contains(&input) {
                return None;
            }
            let size = (range.end() - range.start()) as usize + 1;
            index = index * size + (input - range.start()) as usize;
        }
        self.values.get(index)
    }

    /// The input ranges.
    pub fn ranges(&self) -> &[RangeInclusive<i64>] {
        &self.ranges
    }

    /// How many entries.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the table has no entries (never, for a table `tabulate` made).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Every entry with its inputs, in table order.
    pub fn iter(&self) -> impl Iterator<Item = (Vec<i64>, &T)> {
        let mut inputs: Vec<i64> = self.ranges.iter().map(|r| *r.start()).collect();
        let ranges = &self.ranges;
        self.values.iter().map(move |value| {
            let current = inputs.clone();
            advance(&mut inputs, ranges);
            (current, value)
        })
    }
}

/// Steps an odometer over the ranges; false once it wrapped around.
fn advance(inputs: &mut [i64], ranges: &[RangeInclusive<i64>]) -> bool {
    for (input, range) in inputs.iter_mut().zip(ranges).rev() {
        if *input < *range.end() {
            *input += 1;
            return true;
        }
        *input = *range.start();
    }
    false
}

impl Hook {
    /// Calls the hook once for every combination of inputs in `ranges` (one
    /// range per parameter) and keeps the results. Fails when the ranges do
    /// not fit the hook, when the table would exceed
    /// `Limits::max_table_entries`, or when a call fails (the error says for
    /// which inputs).
    pub fn tabulate<T: FromScript>(
        &self,
        ranges: &[RangeInclusive<i64>],
    ) -> Result<Table<T>, ScriptError> {
        let bad = |problem: String| ScriptError::BadTable {
            hook: Arc::clone(&self.inner.name),
            problem,
        };
        if ranges.len() != self.arity() {
            return Err(bad(format!(
                "{} input ranges given for a function of {} parameters",
                ranges.len(),
                self.arity()
            )));
        }
        let max = self.inner.script.host.limits.max_table_entries;
        let mut entries = 1usize;
        for range in ranges {
            if range.is_empty() {
                return Err(bad(format!("the range {range:?} is empty")));
            }
            let size = usize::try_from(i128::from(*range.end()) - i128::from(*range.start()) + 1)
                .unwrap_or(usize::MAX);
            entries = entries.saturating_mul(size);
        }
        if entries > max {
            return Err(bad(format!(
                "the table would have {entries} entries, more than the limit of {max}"
            )));
        }
        let mut values = Vec::with_capacity(entries);
        let mut inputs: Vec<i64> = ranges.iter().map(|r| *r.start()).collect();
        loop {
            let args: Vec<Dynamic> = inputs.iter().map(|&i| Dynamic::from(i)).collect();
            let value = self
                .call_as::<T>(args)
                .map_err(|error| ScriptError::Tabulating {
                    inputs: inputs.clone(),
                    error: Box::new(error),
                })?;
            values.push(value);
            if !advance(&mut inputs, ranges) {
                break;
            }
        }
        Ok(Table {
            ranges: ranges.to_vec(),
            values,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_is_row_major_and_bounded() {
        let table = Table {
            ranges: vec![1..=2, 10..=12],
            values: vec![0, 1, 2, 3, 4, 5],
        };
        assert_eq!(table.get(&[1, 10]), Some(&0));
        assert_eq!(table.get(&[1, 12]), Some(&2));
        assert_eq!(table.get(&[2, 10]), Some(&3));
        assert_eq!(table.get(&[2, 12]), Some(&5));
        assert_eq!(table.get(&[3, 10]), None);
        assert_eq!(table.get(&[2, 9]), None);
        assert_eq!(table.get(&[2]), None);
        let inputs: Vec<Vec<i64>> = table.iter().map(|(k, _)| k).collect();
        assert_eq!(inputs[4], vec![2, 11]);
    }
}
