//! `Script`: one compiled script whose top level has run once, with the
//! list of its functions, from which hooks are resolved by name and arity.

use std::collections::HashMap;
use std::sync::Arc;

use rhai::{AST, EvalAltResult, FnPtr};

use super::HostInner;
use super::error::{HookName, RunContext, Running, ScriptError, runtime_error};
use super::hook::{Direct, Hook, HookDecl, HookInner};
use crate::diagnostic::{Location, SourceFile, Span};

/// A function a script defines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionSig {
    /// Its name.
    pub name: String,
    /// How many parameters it takes.
    pub arity: usize,
    /// Whether it is `private` (callable only from the script itself).
    pub private: bool,
    /// Where its name is written in the script, when found.
    pub span: Option<Span>,
}

/// A compiled script, ready to hand out hooks. Cheap to clone and shareable
/// across threads.
#[derive(Clone)]
pub struct Script {
    pub(crate) inner: Arc<ScriptInner>,
}

pub(crate) struct ScriptInner {
    pub host: Arc<HostInner>,
    /// The script's own file.
    pub file: Arc<SourceFile>,
    /// The script's file and the files of the modules it imports, by name.
    pub sources: HashMap<String, Arc<SourceFile>>,
    /// The functions, as a module evaluated once: each function keeps the
    /// script's imports and constants, and there are no statements left to
    /// re-run. Called through a function pointer.
    pub ast: AST,
    /// The functions alone, when the script cannot need what the module
    /// keeps (it mentions neither `import` nor `global`): then its hooks
    /// are called directly (`Direct`), without the module's environment.
    pub direct: Option<AST>,
    /// Every function, sorted by name and arity.
    pub functions: Vec<FunctionSig>,
    /// The names of the public functions, for "did you mean".
    pub public_names: Vec<String>,
}

impl std::fmt::Debug for Script {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Script")
            .field("file", &self.inner.file.name)
            .field("functions", &self.inner.functions)
            .finish()
    }
}

impl Script {
    /// The script's file.
    pub fn file(&self) -> &Arc<SourceFile> {
        &self.inner.file
    }

    /// The script's name in reports (its file name).
    pub fn name(&self) -> &str {
        &self.inner.file.name
    }

    /// The functions the script defines (public and private), sorted by
    /// name, then arity.
    pub fn functions(&self) -> &[FunctionSig] {
        &self.inner.functions
    }

    /// Resolves the function a rule names into a hook. Errors point at the
    /// declaration (`decl.file`, `decl.span`): an unknown name (with "did you
    /// mean" over the public functions), a private function, or a function
    /// with another number of parameters than the hook passes.
    pub fn hook(&self, decl: &HookDecl<'_>) -> Result<Hook, ScriptError> {
        let name = Arc::new(HookName {
            rule: decl.rule.to_owned(),
            function: decl.function.to_owned(),
            script: self.name().to_owned(),
        });
        let declared = |label: &str| Location {
            file: Arc::clone(decl.file),
            span: decl.span,
            label: Some(label.to_owned()),
        };
        let named: Vec<&FunctionSig> = self
            .inner
            .functions
            .iter()
            .filter(|f| f.name == decl.function)
            .collect();
        let public: Vec<&FunctionSig> = named.iter().copied().filter(|f| !f.private).collect();
        if named.is_empty() {
            return Err(ScriptError::UnknownFunction {
                hook: name,
                declared: declared("no such function"),
                candidates: self.inner.public_names.clone(),
            });
        }
        if public.is_empty() {
            return Err(ScriptError::PrivateFunction {
                hook: name,
                declared: declared("a private function"),
            });
        }
        let Some(sig) = public.iter().find(|f| f.arity == decl.arity) else {
            return Err(ScriptError::WrongArity {
                hook: name,
                expected: decl.arity,
                found: public.iter().map(|f| f.arity).collect(),
                declared: declared("parameters do not match"),
            });
        };
        let Ok(pointer) = FnPtr::new(decl.function) else {
            return Err(ScriptError::UnknownFunction {
                hook: name,
                declared: declared("not a function name"),
                candidates: self.inner.public_names.clone(),
            });
        };
        Ok(Hook {
            inner: Arc::new(HookInner {
                script: Arc::clone(&self.inner),
                name,
                arity: decl.arity,
                definition: sig.span.map(|span| Location {
                    file: Arc::clone(&self.inner.file),
                    span,
                    label: None,
                }),
                pointer,
                direct: self.inner.direct.as_ref().and_then(|functions| {
                    let limits = &self.inner.host.limits;
                    Direct::new(functions, decl.function, decl.arity, limits)
                }),
            }),
        })
    }
}

impl ScriptInner {
    /// Translates a Rhai error from running this script.
    pub(crate) fn runtime_error(
        &self,
        error: EvalAltResult,
        running: Running,
        fallback: Option<Location>,
    ) -> ScriptError {
        runtime_error(
            error,
            RunContext {
                sources: &self.sources,
                entry: &self.file,
                running,
                limits: &self.host.limits,
                fallback,
                functions: &self.public_names,
            },
        )
    }
}
