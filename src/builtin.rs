//! The data files shipped with the program (rulesets, fields, sample teams),
//! embedded at build time by `build.rs` so the binary needs no install step.

include!(concat!(env!("OUT_DIR"), "/builtin_files.rs"));

/// The contents of a shipped file, by its path relative to the repository
/// root (for example `rulesets/pro/ruleset.yaml`).
pub fn file(path: &str) -> Option<&'static str> {
    FILES
        .binary_search_by(|(p, _)| (*p).cmp(path))
        .ok()
        .map(|i| FILES[i].1)
}

/// The shipped files under a folder, in path order.
pub fn files_under(dir: &str) -> impl Iterator<Item = (&'static str, &'static str)> {
    let prefix = format!("{}/", dir.trim_end_matches('/'));
    FILES
        .iter()
        .filter(move |(p, _)| p.starts_with(&prefix))
        .copied()
}

/// Whether a command-line or `extends:` argument names a file rather than
/// a shipped item: it has a path separator, a YAML extension, or starts
/// with `.`. A bare word is a shipped name.
pub fn looks_like_path(arg: &str) -> bool {
    arg.contains(['/', '\\'])
        || arg.ends_with(".yaml")
        || arg.ends_with(".yml")
        || arg.starts_with('.')
}

/// Names of the shipped items of a kind: `ruleset` folders under
/// `rulesets/`, or `.field` files under `fields/` (without extension).
pub fn ruleset_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = FILES
        .iter()
        .filter_map(|(p, _)| p.strip_prefix("rulesets/")?.strip_suffix("/ruleset.yaml"))
        .collect();
    names.sort_unstable();
    names
}

/// Names of the shipped fields (file stems under `fields/`).
pub fn field_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = FILES
        .iter()
        .filter_map(|(p, _)| p.strip_prefix("fields/")?.strip_suffix(".field"))
        .collect();
    names.sort_unstable();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_sorted_for_binary_search() {
        assert!(FILES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn paths_and_names_are_told_apart() {
        assert!(!looks_like_path("pro"));
        assert!(looks_like_path("./pro"));
        assert!(looks_like_path("house.yaml"));
        assert!(looks_like_path("my/rules"));
    }

    #[test]
    fn catalogue_is_embedded() {
        assert!(file("rulesets/catalogue.yaml").is_some_and(|t| t.contains("core.board.zones")));
        assert!(file("rulesets/missing.yaml").is_none());
    }
}
