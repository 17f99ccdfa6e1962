//! What scripts `print` and `debug`: captured per thread instead of written
//! to stdout, so a script cannot scribble on the terminal or a play-by-play,
//! and a game (which runs on one thread) sees its own lines in order.
//! Bounded: past `MAX_LINES` lines only a count is kept.

use std::cell::RefCell;

/// Lines kept per thread until someone takes them.
pub(crate) const MAX_LINES: usize = 1_000;

#[derive(Default)]
struct Captured {
    lines: Vec<String>,
    dropped: usize,
}

thread_local! {
    static CAPTURED: RefCell<Captured> = RefCell::new(Captured::default());
}

/// Keeps one line of script output.
pub(crate) fn push(line: String) {
    CAPTURED.with(|captured| {
        let mut captured = captured.borrow_mut();
        if captured.lines.len() < MAX_LINES {
            captured.lines.push(line);
        } else {
            captured.dropped += 1;
        }
    });
}

/// The lines scripts printed on this thread since the last call, oldest
/// first; a last line says how many were dropped past the cap.
pub(crate) fn take() -> Vec<String> {
    CAPTURED.with(|captured| {
        let captured = std::mem::take(&mut *captured.borrow_mut());
        let mut lines = captured.lines;
        if captured.dropped > 0 {
            lines.push(format!("... {} more lines not kept", captured.dropped));
        }
        lines
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_is_capped_and_drained() {
        let _ = take();
        for i in 0..MAX_LINES + 5 {
            push(i.to_string());
        }
        let lines = take();
        assert_eq!(lines.len(), MAX_LINES + 1);
        assert_eq!(lines[0], "0");
        assert_eq!(lines[MAX_LINES], "... 5 more lines not kept");
        assert!(take().is_empty());
    }
}
