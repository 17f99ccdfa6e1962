//! The only door from a script to other files: `ScriptFiles`, a read-only
//! view of one ruleset folder, and the rules for the paths a ruleset or an
//! `import` may name (relative, `/`-separated, never leaving the folder).
//!
//! The host never touches the filesystem itself. The loader backs
//! `ScriptFiles` with the files embedded in the binary (`BuiltinFiles`), with
//! files it read from a folder on disk, or with texts in memory
//! (`MemoryFiles`, also used by the tests).

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::diagnostic::SourceFile;

/// The scripts of one ruleset folder, by path relative to that folder.
///
/// Paths given to `read` are already checked and normalised: relative,
/// separated by `/`, with no `.` or `..` components and no empty ones.
pub trait ScriptFiles: Send + Sync {
    /// The file at `relative_path` (for example `hit.rhai` or
    /// `lib/throws.rhai`), or `None` when the folder has no such file. The
    /// returned file's `name` is what reports show (for example
    /// `rulesets/pro/hit.rhai`), so it should be relative, not absolute.
    fn read(&self, relative_path: &str) -> Option<Arc<SourceFile>>;

    /// The relative paths of the scripts in the folder, used only to suggest
    /// a name when an import misses. The default lists nothing.
    fn list(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Script files held in memory, by relative path.
#[derive(Debug, Clone, Default)]
pub struct MemoryFiles {
    files: BTreeMap<String, Arc<SourceFile>>,
}

impl MemoryFiles {
    /// An empty folder.
    pub fn new() -> Self {
        Self::default()
    }

    /// A folder reported as `folder` (for example `rulesets/pro`), holding
    /// the given `(relative path, text)` pairs. Each file is named
    /// `folder/relative path` in reports.
    pub fn from_texts<'a>(
        folder: &str,
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Self {
        let mut out = Self::new();
        for (path, text) in files {
            out.insert(path, SourceFile::new(join(folder, path), text));
        }
        out
    }

    /// Adds (or replaces) the file at `relative_path`.
    pub fn insert(&mut self, relative_path: &str, file: Arc<SourceFile>) {
        self.files.insert(relative_path.to_owned(), file);
    }
}

impl ScriptFiles for MemoryFiles {
    fn read(&self, relative_path: &str) -> Option<Arc<SourceFile>> {
        self.files.get(relative_path).cloned()
    }

    fn list(&self) -> Vec<String> {
        self.files.keys().cloned().collect()
    }
}

/// The scripts of a ruleset shipped inside the binary (see `crate::builtin`),
/// for example the folder `rulesets/pro`.
#[derive(Debug, Clone, Copy)]
pub struct BuiltinFiles {
    folder: &'static str,
}

impl BuiltinFiles {
    /// The shipped folder `folder` (relative to the repository root).
    pub fn new(folder: &'static str) -> Self {
        Self {
            folder: folder.trim_end_matches('/'),
        }
    }
}

impl ScriptFiles for BuiltinFiles {
    fn read(&self, relative_path: &str) -> Option<Arc<SourceFile>> {
        let name = join(self.folder, relative_path);
        crate::builtin::file(&name).map(|text| SourceFile::new(name, text))
    }

    fn list(&self) -> Vec<String> {
        let prefix = format!("{}/", self.folder);
        crate::builtin::files_under(self.folder)
            .filter_map(|(path, _)| path.strip_prefix(&prefix))
            .filter(|path| path.ends_with(".rhai"))
            .map(str::to_owned)
            .collect()
    }
}

fn join(folder: &str, path: &str) -> String {
    let folder = folder.trim_end_matches('/');
    if folder.is_empty() {
        path.to_owned()
    } else {
        format!("{folder}/{path}")
    }
}

/// Why a path may not be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathProblem {
    /// The path is empty.
    Empty,
    /// The path starts at the filesystem root, a drive or a URL scheme.
    Absolute,
    /// The path has a `..` component, which could leave the ruleset folder.
    ParentDir,
    /// The path uses `\` where it should use `/`.
    Backslash,
}

impl fmt::Display for PathProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Empty => "the path is empty",
            Self::Absolute => {
                "absolute paths are not allowed: scripts can only use files from their own ruleset folder"
            }
            Self::ParentDir => {
                "`..` is not allowed: scripts can only use files from their own ruleset folder"
            }
            Self::Backslash => "`\\` is not allowed: separate folders with `/`",
        })
    }
}

/// The normalised relative path of a script named by a ruleset or an
/// `import`: `./` and empty components dropped, and (for imports) `.rhai`
/// appended when the path has no extension.
pub(crate) fn normalize(path: &str, add_extension: bool) -> Result<String, PathProblem> {
    if path.trim().is_empty() {
        return Err(PathProblem::Empty);
    }
    let has_scheme = path
        .split_once(':')
        .is_some_and(|(head, _)| !head.contains('/'));
    if path.starts_with('/') || path.starts_with('\\') || has_scheme {
        return Err(PathProblem::Absolute);
    }
    if path.contains('\\') {
        return Err(PathProblem::Backslash);
    }
    let mut parts = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => return Err(PathProblem::ParentDir),
            part => parts.push(part),
        }
    }
    if parts.is_empty() {
        return Err(PathProblem::Empty);
    }
    let mut out = parts.join("/");
    let last = parts.last().copied().unwrap_or_default();
    if add_extension && !last.contains('.') {
        out.push_str(".rhai");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_are_normalised() {
        assert_eq!(normalize("util", true).as_deref(), Ok("util.rhai"));
        assert_eq!(
            normalize("./lib//util.rhai", true).as_deref(),
            Ok("lib/util.rhai")
        );
        assert_eq!(normalize("hit.rhai", false).as_deref(), Ok("hit.rhai"));
        assert_eq!(normalize("lib/x", false).as_deref(), Ok("lib/x"));
    }

    #[test]
    fn paths_leaving_the_folder_are_refused() {
        assert_eq!(normalize("../x", true), Err(PathProblem::ParentDir));
        assert_eq!(normalize("lib/../../x", true), Err(PathProblem::ParentDir));
        assert_eq!(normalize("/etc/passwd", true), Err(PathProblem::Absolute));
        assert_eq!(normalize("C:/x", true), Err(PathProblem::Absolute));
        assert_eq!(normalize("file:x", true), Err(PathProblem::Absolute));
        assert_eq!(normalize("\\\\server\\x", true), Err(PathProblem::Absolute));
        assert_eq!(normalize("lib\\x", true), Err(PathProblem::Backslash));
        assert_eq!(normalize("", true), Err(PathProblem::Empty));
        assert_eq!(normalize("./", true), Err(PathProblem::Empty));
    }

    #[test]
    fn builtin_files_read_below_their_folder() {
        let files = BuiltinFiles::new("rulesets/");
        let file = files
            .read("catalogue.yaml")
            .expect("the catalogue is embedded");
        assert_eq!(file.name, "rulesets/catalogue.yaml");
        assert!(files.read("missing.rhai").is_none());
        assert!(files.list().iter().all(|p| p.ends_with(".rhai")));
    }

    #[test]
    fn memory_files_name_files_under_their_folder() {
        let files = MemoryFiles::from_texts("rulesets/x", [("a.rhai", "1")]);
        let file = files.read("a.rhai").expect("present");
        assert_eq!(file.name, "rulesets/x/a.rhai");
        assert!(files.read("b.rhai").is_none());
        assert_eq!(files.list(), vec!["a.rhai".to_owned()]);
    }
}
