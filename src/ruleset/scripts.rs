//! The Rhai scripts of one ruleset layer, loaded once through the shared
//! sandboxed `ScriptHost` when the ruleset is resolved, and the `HookRef`s
//! that rules hold: a callable function of those scripts, resolved and
//! arity-checked at load time.

use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile};
use crate::script::{Hook, HookDecl, Script, ScriptFiles, ScriptHost};

use super::load::Origin;
use super::raw::Located;

/// The one script host of the process: one configured engine for every
/// ruleset and thread.
pub fn host() -> &'static ScriptHost {
    static HOST: OnceLock<ScriptHost> = OnceLock::new();
    HOST.get_or_init(ScriptHost::new)
}

/// The compiled scripts of one layer, in `scripts:` order.
#[derive(Default, Clone)]
pub struct LayerScripts {
    /// The loaded scripts.
    pub scripts: Vec<Script>,
}

impl fmt::Debug for LayerScripts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.scripts.iter().map(Script::name))
            .finish()
    }
}

/// A rule's procedure: a function of one of its layer's scripts.
#[derive(Clone)]
pub struct HookRef {
    /// The script file that defines the function.
    pub script: String,
    /// The function's name.
    pub function: String,
    /// The callable hook.
    pub hook: Hook,
}

impl fmt::Debug for HookRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HookRef({} in {})", self.function, self.script)
    }
}

/// A layer's folder seen by the script host: reads go through
/// `Origin::read`, which refuses paths leaving the folder.
struct OriginFiles(Origin);

impl ScriptFiles for OriginFiles {
    fn read(&self, relative_path: &str) -> Option<Arc<SourceFile>> {
        self.0.read(relative_path).ok()
    }
}

impl LayerScripts {
    /// A layer without scripts.
    pub fn empty() -> Self {
        Self::default()
    }

    /// Reads and compiles the scripts a layer names. A script that cannot
    /// be read is reported at its name in the ruleset file; one that does
    /// not compile, at the spot in the script.
    pub fn compile(
        origin: &Origin,
        layer_file: &Arc<SourceFile>,
        names: &[Located<String>],
    ) -> Result<Self, Diagnostics> {
        let mut problems = Diagnostics::default();
        let mut readable = Vec::new();
        for name in names {
            match origin.read(&name.value) {
                Ok(_) => readable.push(name.value.as_str()),
                Err(message) => problems.push(
                    Diagnostic::error(format!("script `{}` cannot be used", name.value))
                        .at(layer_file, name.span)
                        .label(message),
                ),
            }
        }
        let files: Arc<dyn ScriptFiles> = Arc::new(OriginFiles(origin.clone()));
        let scripts = match host().load_all(files, &readable) {
            Ok(scripts) => scripts,
            Err(errors) => {
                problems.extend(errors.into_iter().map(Diagnostic::from));
                Vec::new()
            }
        };
        if problems.is_empty() {
            Ok(Self { scripts })
        } else {
            Err(problems)
        }
    }

    /// Resolves the function a rule's `hook:` names. `params` is the number
    /// of arguments the engine passes (`None` for a house rule's own hook,
    /// which may take any number).
    pub fn find(
        &self,
        layer_file: &Arc<SourceFile>,
        rule: &str,
        function: &Located<String>,
        params: Option<usize>,
    ) -> Result<HookRef, Diagnostic> {
        let defining = self.scripts.iter().find_map(|script| {
            script
                .functions()
                .iter()
                .find(|f| f.name == function.value && !f.private)
                .map(|sig| (script, sig.arity))
        });
        let Some((script, arity)) = defining else {
            let candidates: Vec<&str> = self
                .scripts
                .iter()
                .flat_map(|s| s.functions().iter())
                .filter(|f| !f.private)
                .map(|f| f.name.as_str())
                .collect();
            let d = Diagnostic::error(format!(
                "no script of this layer defines a function `{}`",
                function.value
            ))
            .at(layer_file, function.span)
            .suggest(&function.value, candidates);
            return Err(if self.scripts.is_empty() {
                d.hint("this layer names no scripts: list them under `scripts:`")
            } else {
                d
            });
        };
        let decl = HookDecl {
            rule,
            function: &function.value,
            arity: params.unwrap_or(arity),
            file: layer_file,
            span: function.span,
        };
        let hook = script.hook(&decl).map_err(Diagnostic::from)?;
        Ok(HookRef {
            script: script.name().to_string(),
            function: function.value.clone(),
            hook,
        })
    }

    /// The text of one of the layer's scripts, by its reported name.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.scripts
            .iter()
            .find(|s| s.name() == name)
            .map(|s| s.file().text.as_str())
    }
}
