//! Finding and reading the layers of a ruleset: a built-in name (`pro`) is
//! read from the files embedded in the binary, anything else from disk. The
//! `extends` chain is followed to its root, with missing parents and cycles
//! reported at the `extends:` line that caused them.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use crate::builtin;
use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::yaml;

use super::raw::{RawLayer, read_layer};

/// Where a layer's files live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A ruleset shipped in the binary, by name (`rulesets/<name>/`).
    Builtin(String),
    /// A folder on disk, and the ruleset file in it.
    Disk {
        /// The folder the layer's scripts are read from.
        dir: PathBuf,
        /// The ruleset file itself.
        file: PathBuf,
    },
}

impl Origin {
    /// Where a user's argument points: a built-in name, or a path to a
    /// ruleset file or to a folder holding `ruleset.yaml`.
    pub fn from_arg(arg: &str) -> Result<Origin, Diagnostic> {
        if !builtin::looks_like_path(arg) {
            if builtin::ruleset_names().contains(&arg) {
                return Ok(Origin::Builtin(arg.to_string()));
            }
            if !Path::new(arg).exists() {
                return Err(
                    Diagnostic::error(format!("no built-in ruleset is named `{arg}`"))
                        .suggest(arg, builtin::ruleset_names())
                        .hint(format!(
                            "the built-in rulesets are {}; a house-rule file is given by its path",
                            builtin::ruleset_names().join(", ")
                        )),
                );
            }
        }
        Ok(Origin::disk(Path::new(arg)))
    }

    fn disk(path: &Path) -> Origin {
        if path.is_dir() {
            Origin::Disk {
                dir: path.to_path_buf(),
                file: path.join("ruleset.yaml"),
            }
        } else {
            Origin::Disk {
                dir: path.parent().map(Path::to_path_buf).unwrap_or_default(),
                file: path.to_path_buf(),
            }
        }
    }

    /// A key identifying the layer, to detect cycles.
    fn identity(&self) -> String {
        match self {
            Origin::Builtin(name) => format!("builtin:{name}"),
            Origin::Disk { file, .. } => {
                let canonical = std::fs::canonicalize(file).unwrap_or_else(|_| file.clone());
                format!("file:{}", canonical.display())
            }
        }
    }

    /// Reads a file of this layer, by its path relative to the layer's
    /// folder. Paths that leave the folder are refused.
    pub fn read(&self, relative: &str) -> Result<Arc<SourceFile>, String> {
        let rel = Path::new(relative);
        if rel.is_absolute()
            || rel
                .components()
                .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
        {
            return Err(format!(
                "`{relative}` leaves the ruleset's folder: only files beside the ruleset file can be used"
            ));
        }
        match self {
            Origin::Builtin(name) => {
                let path = format!("rulesets/{name}/{}", display(rel));
                builtin::file(&path)
                    .map(|text| SourceFile::new(path.clone(), text))
                    .ok_or_else(|| format!("`{path}` is not a shipped file"))
            }
            Origin::Disk { dir, .. } => {
                let path = dir.join(rel);
                std::fs::read_to_string(&path)
                    .map(|text| SourceFile::new(display(&path), text))
                    .map_err(|e| format!("cannot read `{}`: {e}", display(&path)))
            }
        }
    }

    fn read_ruleset_file(&self) -> Result<Arc<SourceFile>, String> {
        match self {
            Origin::Builtin(_) => self.read("ruleset.yaml"),
            Origin::Disk { file, .. } => std::fs::read_to_string(file)
                .map(|text| SourceFile::new(display(file), text))
                .map_err(|e| format!("cannot read ruleset file `{}`: {e}", display(file))),
        }
    }

    /// The origin of a parent named in this layer's `extends:`.
    fn parent(&self, extends: &str) -> Result<Origin, String> {
        if !builtin::looks_like_path(extends) {
            return if builtin::ruleset_names().contains(&extends) {
                Ok(Origin::Builtin(extends.to_string()))
            } else {
                Err(format!("no built-in ruleset is named `{extends}`"))
            };
        }
        match self {
            Origin::Builtin(_) => Err(format!(
                "a built-in ruleset can only extend another built-in ruleset, not `{extends}`"
            )),
            Origin::Disk { dir, .. } => {
                let path = dir.join(extends);
                if path.exists() {
                    Ok(Origin::disk(&path))
                } else {
                    Err(format!("`{}` does not exist", display(&path)))
                }
            }
        }
    }
}

/// A path as shown in reports: as given, without `.` components, with `/`
/// separators.
fn display(path: &Path) -> String {
    let clean: PathBuf = path
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect();
    clean.display().to_string().replace('\\', "/")
}

/// One layer as read from its file.
#[derive(Debug, Clone)]
pub struct LoadedLayer {
    /// Where it came from.
    pub origin: Origin,
    /// What it says.
    pub raw: RawLayer,
}

/// The most layers a chain may have; deeper is surely a mistake.
const MAX_DEPTH: usize = 16;

/// Reads a layer and all its ancestors, root first, with the problems found
/// in them. The chain stops early only where a file cannot be read or
/// parsed, or a parent cannot be found; other problems are collected and
/// the chain goes on, so that every problem is reported at once.
pub fn load_chain(origin: Origin) -> Result<(Vec<LoadedLayer>, Diagnostics), Diagnostics> {
    let mut chain: Vec<LoadedLayer> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut problems = Diagnostics::default();
    let mut next = Some(origin);
    while let Some(origin) = next.take() {
        let stop = |mut problems: Diagnostics, d: Diagnostic| {
            problems.push(d);
            Err(problems)
        };
        let file = match origin.read_ruleset_file() {
            Ok(file) => file,
            Err(message) => return stop(problems, Diagnostic::error(message)),
        };
        let node = match yaml::parse(&file) {
            Ok(node) => node,
            Err(d) => return stop(problems, d),
        };
        let (raw, layer_problems) = read_layer(&file, &node);
        problems.extend(layer_problems);
        seen.push(origin.identity());
        if let Some(extends) = &raw.extends {
            let parent = match origin.parent(&extends.value) {
                Ok(parent) => parent,
                Err(message) => {
                    return stop(
                        problems,
                        extends_error(&file, extends.span, message, &extends.value),
                    );
                }
            };
            if seen.contains(&parent.identity()) {
                let mut names: Vec<String> = chain
                    .iter()
                    .chain(std::iter::once(&LoadedLayer {
                        origin: origin.clone(),
                        raw: raw.clone(),
                    }))
                    .map(|l| l.raw.file.name.clone())
                    .collect();
                names.push(extends.value.clone());
                return stop(
                    problems,
                    Diagnostic::error("`extends` makes a cycle")
                        .at(&file, extends.span)
                        .label("this parent is already in the chain")
                        .hint(format!("the chain: {}", names.join(" -> "))),
                );
            }
            if seen.len() >= MAX_DEPTH {
                return stop(
                    problems,
                    Diagnostic::error(format!("more than {MAX_DEPTH} layers of `extends`"))
                        .at(&file, extends.span),
                );
            }
            next = Some(parent);
        }
        chain.push(LoadedLayer { origin, raw });
    }
    chain.reverse();
    Ok((chain, problems))
}

fn extends_error(file: &Arc<SourceFile>, span: Span, message: String, name: &str) -> Diagnostic {
    Diagnostic::error(format!("the parent ruleset cannot be found: {message}"))
        .at(file, span)
        .suggest(name, builtin::ruleset_names())
        .hint(format!(
            "`extends:` takes a built-in name ({}) or a path relative to this file",
            builtin::ruleset_names().join(", ")
        ))
}
