//! `import` for rulesets: a module comes only from the importing script's
//! own ruleset folder, through that folder's `ScriptFiles`, and only while
//! the script loads. The `LoadState` of the load in progress lives in a
//! thread-local, because Rhai asks the engine's one resolver and the engine
//! is shared by every ruleset and thread; a load runs on one thread.
//!
//! A module is compiled and its top level evaluated once per load; its
//! functions keep their imports, so hook calls never resolve anything.
//! Problems the resolver finds (a forbidden path, a missing file, a cycle, a
//! syntax error in the module) are recorded as typed `ScriptError`s, which
//! take precedence over the generic error Rhai then reports.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use rhai::{Dynamic, Engine, EvalAltResult, Module, ModuleResolver, Position, Scope, Shared};

use super::error::{ScriptError, span_at};
use super::files::{ScriptFiles, normalize};
use crate::diagnostic::{SourceFile, Span, did_you_mean};

/// What one load (of one or more scripts of a ruleset folder) has seen.
pub(crate) struct LoadState {
    /// The ruleset folder.
    pub files: Arc<dyn ScriptFiles>,
    /// Modules already evaluated, by normalised path.
    pub modules: HashMap<String, Shared<Module>>,
    /// Every file read, by the name Rhai knows it under.
    pub sources: HashMap<String, Arc<SourceFile>>,
    /// Normalised paths of the scripts being evaluated, outermost first.
    pub stack: Vec<String>,
    /// The first problem the resolver found, if any.
    pub failure: Option<ScriptError>,
    /// `Limits::max_script_bytes`.
    pub max_script_bytes: usize,
}

impl LoadState {
    pub fn new(files: Arc<dyn ScriptFiles>, max_script_bytes: usize) -> Self {
        Self {
            files,
            modules: HashMap::new(),
            sources: HashMap::new(),
            stack: Vec::new(),
            failure: None,
            max_script_bytes,
        }
    }
}

thread_local! {
    static LOADING: RefCell<Option<LoadState>> = const { RefCell::new(None) };
}

/// Runs `f` with `state` as the load in progress on this thread and hands
/// the state back. Whatever was in progress before (a load started from
/// inside a `ScriptFiles::read`, say) is restored afterwards, also when `f`
/// panics.
pub(crate) fn with_load_state<R>(state: LoadState, f: impl FnOnce() -> R) -> (R, LoadState) {
    struct Restore(Option<LoadState>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            LOADING.with(|cell| *cell.borrow_mut() = previous);
        }
    }
    let restore = Restore(LOADING.with(|cell| cell.borrow_mut().replace(state)));
    let result = f();
    let state = LOADING
        .with(|cell| cell.borrow_mut().take())
        .expect("the load state is still in place");
    drop(restore);
    (result, state)
}

/// Runs `f` on the load in progress, if there is one.
pub(crate) fn with_state<R>(f: impl FnOnce(&mut LoadState) -> R) -> Option<R> {
    LOADING.with(|cell| cell.borrow_mut().as_mut().map(f))
}

/// Records a problem (the first one wins) and returns the error Rhai sees.
fn fail(
    state: &mut LoadState,
    error: ScriptError,
    path: &str,
    pos: Position,
) -> Box<EvalAltResult> {
    state.failure.get_or_insert(error);
    Box::new(EvalAltResult::ErrorModuleNotFound(path.to_owned(), pos))
}

/// The error value of an `import` run after loading (inside a function).
#[derive(Debug, Clone)]
pub(crate) struct ImportRefused {
    /// The path as written.
    pub path: String,
}

/// The engine's module resolver (see the module documentation).
pub(crate) struct RulesetResolver;

enum Step {
    Done(Result<Shared<Module>, Box<EvalAltResult>>),
    Evaluate { ast: rhai::AST, name: String },
}

impl ModuleResolver for RulesetResolver {
    fn resolve(
        &self,
        engine: &Engine,
        source: Option<&str>,
        path: &str,
        pos: Position,
    ) -> Result<Shared<Module>, Box<EvalAltResult>> {
        let step = with_state(|state| prepare(state, engine, source, path, pos));
        let (ast, name) = match step {
            None => {
                let refused = ImportRefused {
                    path: path.to_owned(),
                };
                return Err(Box::new(EvalAltResult::ErrorRuntime(
                    Dynamic::from(refused),
                    pos,
                )));
            }
            Some(Step::Done(result)) => return result,
            Some(Step::Evaluate { ast, name }) => (ast, name),
        };
        let result = Module::eval_ast_as_new(Scope::new(), &ast, engine);
        with_state(|state| {
            let key = state.stack.pop().unwrap_or_default();
            match result {
                Ok(module) => {
                    let module: Shared<Module> = module.into();
                    state.modules.insert(key, Shared::clone(&module));
                    Ok(module)
                }
                Err(error) => Err(Box::new(EvalAltResult::ErrorInModule(name, error, pos))),
            }
        })
        .unwrap_or_else(|| {
            Err(Box::new(EvalAltResult::ErrorModuleNotFound(
                path.to_owned(),
                pos,
            )))
        })
    }
}

/// Everything up to evaluating the module's top level, which must run with
/// the thread-local released (it may import further modules).
fn prepare(
    state: &mut LoadState,
    engine: &Engine,
    source: Option<&str>,
    path: &str,
    pos: Position,
) -> Step {
    let importer = source
        .and_then(|s| state.sources.get(s))
        .cloned()
        .unwrap_or_else(|| SourceFile::new(source.unwrap_or("<script>"), ""));
    let span = span_at(&importer, pos).unwrap_or_default();
    let resolved = match normalize(path, true) {
        Ok(resolved) => resolved,
        Err(problem) => {
            let error = ScriptError::ForbiddenImport {
                file: importer,
                span,
                path: path.to_owned(),
                problem,
            };
            return Step::Done(Err(fail(state, error, path, pos)));
        }
    };
    if state.stack.contains(&resolved) {
        let start = state.stack.iter().position(|p| *p == resolved).unwrap_or(0);
        let mut chain = state.stack[start..].to_vec();
        chain.push(resolved);
        let error = ScriptError::ImportCycle {
            file: importer,
            span,
            chain,
        };
        return Step::Done(Err(fail(state, error, path, pos)));
    }
    if let Some(module) = state.modules.get(&resolved) {
        return Step::Done(Ok(Shared::clone(module)));
    }
    let Some(file) = state.files.read(&resolved) else {
        let listed = state.files.list();
        let suggestion =
            did_you_mean(&resolved, listed.iter().map(String::as_str)).map(str::to_owned);
        let error = ScriptError::ImportNotFound {
            file: importer,
            span,
            path: path.to_owned(),
            resolved,
            suggestion,
        };
        return Step::Done(Err(fail(state, error, path, pos)));
    };
    match compile(engine, &file, state.max_script_bytes) {
        Ok(ast) => {
            state.sources.insert(file.name.clone(), Arc::clone(&file));
            state.stack.push(resolved);
            Step::Evaluate {
                ast,
                name: file.name.clone(),
            }
        }
        Err(error) => Step::Done(Err(fail(state, error, path, pos))),
    }
}

/// Compiles a script file, named after the file for Rhai's positions.
pub(crate) fn compile(
    engine: &Engine,
    file: &Arc<SourceFile>,
    max_bytes: usize,
) -> Result<rhai::AST, ScriptError> {
    if file.text.len() > max_bytes {
        return Err(ScriptError::ScriptTooLarge {
            file: Arc::clone(file),
            bytes: file.text.len(),
            max: max_bytes,
        });
    }
    match engine.compile(&file.text) {
        Ok(mut ast) => {
            ast.set_source(file.name.as_str());
            Ok(ast)
        }
        Err(error) => {
            let span = span_at(file, error.1).unwrap_or_else(|| Span::new(0, 0));
            Err(ScriptError::Syntax {
                file: Arc::clone(file),
                span,
                message: super::error::lower_first(&error.0.to_string()),
            })
        }
    }
}
