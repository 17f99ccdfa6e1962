//! The Rhai script host: one sandboxed `rhai::Engine` (`ScriptHost`) that
//! loads a ruleset's scripts once, hands out `Hook`s resolved at load time,
//! calls them without re-running the scripts' top level, and tabulates pure
//! integer hooks so the engine can skip Rhai on its hot path.
//!
//! The sandbox: every Rhai limit is set (`Limits`); there is no clock
//! (feature `no_time`) and no `eval`; `print` and `debug` are captured per
//! thread (`ScriptHost::take_output`) instead of reaching stdout; `import`
//! reads only the ruleset's own folder, through `ScriptFiles`, and only at
//! load time. Every failure is a `ScriptError`, which converts into a
//! `Diagnostic` pointing at the file, line and column.
//!
//! ```
//! use std::sync::Arc;
//! use bod::diagnostic::{SourceFile, Span};
//! use bod::script::{HookDecl, MemoryFiles, ScriptHost};
//!
//! let files = MemoryFiles::from_texts("rulesets/pro", [("hit.rhai", "fn distance(dice, bonus) { dice + bonus }")]);
//! let host = ScriptHost::new();
//! let script = host.load(Arc::new(files), "hit.rhai").unwrap();
//! let yaml = SourceFile::new("rulesets/pro/ruleset.yaml", "hit.distance: distance\n");
//! let decl = HookDecl { rule: "hit.distance", function: "distance", arity: 2, file: &yaml, span: Span::new(14, 22) };
//! let hook = script.hook(&decl).unwrap();
//! assert_eq!(hook.call_as::<i64>((7_i64, 1_i64)).unwrap(), 8);
//! let table = hook.tabulate::<i64>(&[2..=12, 0..=2]).unwrap();
//! assert_eq!(table.get(&[7, 1]), Some(&8));
//! ```

mod compiled;
mod error;
mod files;
mod hook;
mod limits;
mod native;
mod output;
mod resolver;
mod scan;
mod table;

use std::sync::Arc;

use rhai::{AST, Engine, FnAccess, Module, Scope};

pub use compiled::{FunctionSig, Script};
pub use error::{HookName, Limit, Running, ScriptError};
pub use files::{BuiltinFiles, MemoryFiles, PathProblem, ScriptFiles};
pub use hook::{FromScript, Hook, HookDecl, type_phrase};
pub use limits::Limits;
pub use table::Table;

pub use rhai::{Array, Dynamic, FuncArgs, Map};

use crate::diagnostic::{Location, Span, did_you_mean};
use compiled::ScriptInner;
use error::RunContext;
use resolver::{LoadState, RulesetResolver, compile, with_load_state};

/// The configured Rhai engine, built once with its sandbox and shared by
/// every script it loads. Cheap to clone; usable from many threads at once.
#[derive(Clone)]
pub struct ScriptHost {
    inner: Arc<HostInner>,
}

pub(crate) struct HostInner {
    pub engine: Engine,
    pub limits: Limits,
}

impl Default for ScriptHost {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for ScriptHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptHost")
            .field("limits", &self.inner.limits)
            .finish()
    }
}

impl ScriptHost {
    /// The native stack a thread should have to run hooks at the default
    /// limits. Rhai recurses on the native stack (script calls, nested
    /// expressions); the worst scripts found at 32 call levels need about
    /// 1 MiB in a release build and up to 8 MiB in a debug build, so this
    /// doubles that. Give worker threads at least this much (for rayon,
    /// `ThreadPoolBuilder::stack_size`); the main thread has 8 MiB on Linux.
    pub const MIN_STACK_BYTES: usize = if cfg!(debug_assertions) {
        16 << 20
    } else {
        4 << 20
    };

    /// A host with the default `Limits`.
    pub fn new() -> Self {
        Self::with_limits(Limits::default())
    }

    /// A host with the given limits.
    pub fn with_limits(limits: Limits) -> Self {
        let mut engine = Engine::new();
        limits.apply(&mut engine);
        engine
            // A misspelt property of a hook's input is an error, not `()`.
            .set_fail_on_invalid_map_property(true)
            .disable_symbol("eval")
            .set_module_resolver(RulesetResolver)
            .on_print(|text| output::push(text.to_owned()))
            .on_debug(|text, source, pos| {
                let at = match (source, pos.line()) {
                    (Some(source), Some(line)) => {
                        format!("{source}:{line}:{}: ", pos.position().unwrap_or(1))
                    }
                    _ => String::new(),
                };
                output::push(format!("{at}{text}"));
            });
        Self {
            inner: Arc::new(HostInner { engine, limits }),
        }
    }

    /// The limits the host enforces.
    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// Loads the script at `path` (relative to the ruleset folder `files`):
    /// compiles it, evaluates its top level once (which also resolves its
    /// imports from the same folder), and lists its functions.
    pub fn load(&self, files: Arc<dyn ScriptFiles>, path: &str) -> Result<Script, ScriptError> {
        let mut scripts = self
            .load_all(files, &[path])
            .map_err(|mut errors| errors.remove(0))?;
        Ok(scripts.remove(0))
    }

    /// Loads several scripts of one ruleset folder, sharing the modules they
    /// import (each module's top level runs once), and reports every script
    /// that fails, not only the first.
    pub fn load_all(
        &self,
        files: Arc<dyn ScriptFiles>,
        paths: &[&str],
    ) -> Result<Vec<Script>, Vec<ScriptError>> {
        let state = LoadState::new(files, self.inner.limits.max_script_bytes);
        let (results, _) = with_load_state(state, || {
            paths
                .iter()
                .map(|path| self.load_one(path))
                .collect::<Vec<_>>()
        });
        let mut scripts = Vec::new();
        let mut errors = Vec::new();
        for result in results {
            match result {
                Ok(script) => scripts.push(script),
                Err(error) => errors.push(error),
            }
        }
        if errors.is_empty() {
            Ok(scripts)
        } else {
            Err(errors)
        }
    }

    /// What scripts printed (`print`, `debug`) on this thread since the last
    /// call, oldest first. At most 1000 lines are kept between calls.
    pub fn take_output() -> Vec<String> {
        output::take()
    }

    fn load_one(&self, path: &str) -> Result<Script, ScriptError> {
        let engine = &self.inner.engine;
        let resolved =
            files::normalize(path, false).map_err(|problem| ScriptError::BadScriptPath {
                path: path.to_owned(),
                problem,
            })?;
        let (file, ast) = resolver::with_state(|state| {
            let Some(file) = state.files.read(&resolved) else {
                let listed = state.files.list();
                return Err(ScriptError::MissingScript {
                    path: path.to_owned(),
                    suggestion: did_you_mean(&resolved, listed.iter().map(String::as_str))
                        .map(str::to_owned),
                });
            };
            let ast = compile(engine, &file, state.max_script_bytes)?;
            state.sources.insert(file.name.clone(), Arc::clone(&file));
            state.stack.push(resolved.clone());
            Ok((file, ast))
        })
        .expect("a load is in progress")?;

        let (functions, public_names) = list_functions(&ast, &file.text);
        let evaluated = Module::eval_ast_as_new(Scope::new(), &ast, engine);

        let (failure, sources) = resolver::with_state(|state| {
            state.stack.pop();
            (state.failure.take(), state.sources.clone())
        })
        .expect("a load is in progress");
        if let Some(failure) = failure {
            return Err(failure);
        }
        let module = match evaluated {
            Ok(module) => module,
            Err(error) => {
                return Err(error::runtime_error(
                    *error,
                    RunContext {
                        sources: &sources,
                        entry: &file,
                        running: Running::Load {
                            script: file.name.clone(),
                        },
                        limits: &self.inner.limits,
                        fallback: Some(Location {
                            file: Arc::clone(&file),
                            span: Span::new(0, 0),
                            label: None,
                        }),
                        functions: &public_names,
                    },
                ));
            }
        };

        let direct = (!scan::mentions_any(&file.text, &["import", "global"]))
            .then(|| ast.clone_functions_only());
        Ok(Script {
            inner: Arc::new(ScriptInner {
                host: Arc::clone(&self.inner),
                file,
                sources,
                ast: AST::new_from_module(module),
                direct,
                functions,
                public_names,
            }),
        })
    }
}

/// A script's functions sorted by name and arity, and the names of the
/// public ones.
fn list_functions(ast: &AST, text: &str) -> (Vec<FunctionSig>, Vec<String>) {
    let definitions = scan::function_definitions(text);
    let mut functions: Vec<FunctionSig> = ast
        .iter_functions()
        .map(|f| FunctionSig {
            name: f.name.to_owned(),
            arity: f.params.len(),
            private: f.access == FnAccess::Private,
            span: definitions
                .iter()
                .find(|d| d.name == f.name && d.arity == f.params.len())
                .map(|d| d.span),
        })
        .collect();
    functions.sort_by(|a, b| (&a.name, a.arity).cmp(&(&b.name, b.arity)));
    let mut public_names: Vec<String> = functions
        .iter()
        .filter(|f| !f.private)
        .map(|f| f.name.clone())
        .collect();
    public_names.dedup();
    (functions, public_names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::SourceFile;

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn host_script_hook_and_table_are_shareable() {
        assert_send_sync::<ScriptHost>();
        assert_send_sync::<Script>();
        assert_send_sync::<Hook>();
        assert_send_sync::<Table<i64>>();
        assert_send_sync::<ScriptError>();
    }

    fn load(text: &str) -> Result<Script, ScriptError> {
        let files = MemoryFiles::from_texts("t", [("s.rhai", text)]);
        ScriptHost::new().load(Arc::new(files), "s.rhai")
    }

    fn hook(script: &Script, function: &str, arity: usize) -> Result<Hook, ScriptError> {
        let decl_file = SourceFile::new("t/ruleset.yaml", format!("x: {function}\n"));
        script.hook(&HookDecl {
            rule: "x",
            function,
            arity,
            file: &decl_file,
            span: Span::new(3, 3 + function.len()),
        })
    }

    #[test]
    fn functions_are_listed_with_arity_and_privacy() {
        let script =
            load("fn b(x, y) { x }\nprivate fn a() { 1 }\nfn b(x) { x }\n").expect("loads");
        let listed: Vec<(&str, usize, bool)> = script
            .functions()
            .iter()
            .map(|f| (f.name.as_str(), f.arity, f.private))
            .collect();
        assert_eq!(
            listed,
            vec![("a", 0, true), ("b", 1, false), ("b", 2, false)]
        );
        assert!(script.functions().iter().all(|f| f.span.is_some()));
    }

    #[test]
    fn eval_is_not_available() {
        let error = load("fn f() { eval(\"1\") }").expect_err("eval is disabled");
        assert!(matches!(error, ScriptError::Syntax { .. }), "{error:?}");
    }

    #[test]
    fn print_is_captured_not_written() {
        let _ = ScriptHost::take_output();
        let script = load("print(\"top\");\nfn f() { debug(1); 2 }").expect("loads");
        let h = hook(&script, "f", 0).expect("resolves");
        assert_eq!(h.call_as::<i64>(()).expect("runs"), 2);
        assert_eq!(
            ScriptHost::take_output(),
            vec!["top".to_owned(), "t/s.rhai:2:10: 1".to_owned()]
        );
    }

    #[test]
    fn hooks_resolve_by_name_and_arity() {
        let script = load("fn f(a, b) { a + b }\nprivate fn p() { 0 }").expect("loads");
        assert_eq!(
            hook(&script, "f", 2)
                .expect("resolves")
                .call_as::<i64>((1_i64, 2_i64))
                .ok(),
            Some(3)
        );
        assert!(matches!(
            hook(&script, "f", 1),
            Err(ScriptError::WrongArity { .. })
        ));
        assert!(matches!(
            hook(&script, "p", 0),
            Err(ScriptError::PrivateFunction { .. })
        ));
        assert!(matches!(
            hook(&script, "g", 0),
            Err(ScriptError::UnknownFunction { .. })
        ));
    }

    #[test]
    fn wrong_argument_count_blames_the_caller() {
        let script = load("fn f(a) { a }").expect("loads");
        let h = hook(&script, "f", 1).expect("resolves");
        let error = h.call((1_i64, 2_i64)).expect_err("two arguments");
        assert!(
            matches!(
                error,
                ScriptError::WrongArgumentCount {
                    expected: 1,
                    given: 2,
                    ..
                }
            ),
            "{error:?}"
        );
    }

    #[test]
    fn misspelt_map_property_is_an_error() {
        let script = load("fn f(m) { m.outz }").expect("loads");
        let h = hook(&script, "f", 1).expect("resolves");
        let mut input = Map::new();
        input.insert("outs".into(), Dynamic::from(2_i64));
        assert!(h.call((input,)).is_err());
    }
}
