//! The Rhai scripts of one ruleset layer, compiled once when the ruleset is
//! loaded, and the `HookRef`s that rules hold to name a function in them.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile};

use super::load::Origin;
use super::raw::Located;

/// The compiled scripts of one layer.
#[derive(Debug, Default)]
pub struct LayerScripts {
    /// The script files, in `scripts:` order, with their ASTs.
    pub files: Vec<(Arc<SourceFile>, rhai::AST)>,
}

/// A rule's procedure: a function in one of its layer's scripts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookRef {
    /// The script file that defines the function.
    pub script: String,
    /// The function's name.
    pub function: String,
    /// How many parameters it takes.
    pub arity: usize,
}

impl LayerScripts {
    /// A layer without scripts.
    pub fn empty() -> Self {
        Self::default()
    }

    /// Reads and compiles the scripts a layer names.
    pub fn compile(
        origin: &Origin,
        layer_file: &Arc<SourceFile>,
        names: &[Located<String>],
    ) -> Result<Self, Diagnostics> {
        let engine = rhai::Engine::new_raw();
        let mut files = Vec::new();
        let mut problems = Diagnostics::default();
        for name in names {
            match origin.read(&name.value) {
                Ok(file) => match engine.compile(&file.text) {
                    Ok(ast) => files.push((file, ast)),
                    Err(e) => {
                        let pos = e.1;
                        let offset =
                            file.offset_of(pos.line().unwrap_or(1), pos.position().unwrap_or(1));
                        problems.push(
                            Diagnostic::error(format!("the script does not compile: {}", e.0))
                                .at(&file, crate::diagnostic::Span::new(offset, offset + 1)),
                        );
                    }
                },
                Err(message) => problems.push(
                    Diagnostic::error(format!("script `{}` cannot be read", name.value))
                        .at(layer_file, name.span)
                        .label(message),
                ),
            }
        }
        if problems.is_empty() {
            Ok(Self { files })
        } else {
            Err(problems)
        }
    }

    /// Finds the function a hook names.
    pub fn find(
        &self,
        layer_file: &Arc<SourceFile>,
        function: &Located<String>,
        params: Option<usize>,
    ) -> Result<HookRef, Diagnostic> {
        let mut names = Vec::new();
        for (file, ast) in &self.files {
            for f in ast.iter_functions() {
                if f.name == function.value {
                    let arity = f.params.len();
                    if let Some(want) = params
                        && want != arity
                    {
                        return Err(Diagnostic::error(format!(
                            "hook function `{}` takes {arity} parameters; this rule passes {want}",
                            function.value
                        ))
                        .at(layer_file, function.span)
                        .hint(format!(
                            "see docs/hooks.md for the parameters (defined in {})",
                            file.name
                        )));
                    }
                    return Ok(HookRef {
                        script: file.name.clone(),
                        function: function.value.clone(),
                        arity,
                    });
                }
                names.push(f.name.to_string());
            }
        }
        let d = Diagnostic::error(format!(
            "no script of this layer defines a function `{}`",
            function.value
        ))
        .at(layer_file, function.span)
        .suggest(&function.value, names.iter().map(String::as_str));
        Err(if self.files.is_empty() {
            d.hint("this layer names no scripts: list them under `scripts:`")
        } else {
            d
        })
    }
}
