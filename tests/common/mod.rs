//! The one door the integration tests go through: insta settings that write
//! under the top-level `snapshots/<area>/`, and helpers that load inputs
//! the way the CLI does.

#![allow(dead_code)]

use std::path::Path;

/// Runs `f` with insta writing snapshots to `snapshots/<area>/`.
pub fn in_area<R>(area: &str, f: impl FnOnce() -> R) -> R {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(format!("../snapshots/{area}"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(f)
}

/// A path relative to the repository root, with `/` separators, for
/// snapshots that must not depend on where the checkout lives.
pub fn relative(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
        .replace('\\', "/")
}
