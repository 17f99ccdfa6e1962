//! Errors of the scripting phase: `ScriptError`, one variant per way loading
//! or calling a script can fail, each convertible into a `Diagnostic` that
//! points into the right file. Also the translation of Rhai's nested
//! `EvalAltResult` chains into the innermost file, line and column, with the
//! calls and imports that led there.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use rhai::{EvalAltResult, Position};

use super::files::PathProblem;
use super::limits::Limits;
use super::resolver::ImportRefused;
use super::scan::token_span;
use crate::diagnostic::{Diagnostic, Location, SourceFile, Span, did_you_mean};

/// Names a hook in messages: the rule that uses it, the function it calls
/// and the script that defines the function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookName {
    /// The rule's name, for example `hit.distance`.
    pub rule: String,
    /// The script function, for example `hit_distance`.
    pub function: String,
    /// The script's file name, for example `rulesets/pro/hit.rhai`.
    pub script: String,
}

impl fmt::Display for HookName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "hook `{}` (function `{}` in {})",
            self.rule, self.function, self.script
        )
    }
}

/// A sandbox limit a script ran into (see `Limits`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// `Limits::max_operations`.
    Operations,
    /// `Limits::max_call_levels`.
    CallDepth,
    /// `Limits::max_string_size`.
    StringSize,
    /// `Limits::max_array_size`.
    ArraySize,
    /// `Limits::max_map_size`.
    MapSize,
    /// `Limits::max_modules`.
    Modules,
    /// `Limits::max_variables`.
    Variables,
}

/// What was running when a script failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Running {
    /// The top level of a script (or of a module it imports), evaluated once
    /// when the script loads.
    Load {
        /// The script's file name.
        script: String,
    },
    /// A hook call.
    Hook(Arc<HookName>),
}

/// Everything that can go wrong while loading scripts, resolving hooks and
/// calling them. Convert into a `Diagnostic` to report it.
#[derive(Debug, Clone)]
pub enum ScriptError {
    /// A ruleset names a script by a path that is not allowed.
    BadScriptPath {
        /// The path as written.
        path: String,
        /// What is wrong with it.
        problem: PathProblem,
    },
    /// A ruleset names a script its folder does not have.
    MissingScript {
        /// The path as written.
        path: String,
        /// A close existing name, if any.
        suggestion: Option<String>,
    },
    /// A script file is larger than `Limits::max_script_bytes`.
    ScriptTooLarge {
        /// The file.
        file: Arc<SourceFile>,
        /// Its size in bytes.
        bytes: usize,
        /// The limit.
        max: usize,
    },
    /// A script does not compile.
    Syntax {
        /// The script (or imported module).
        file: Arc<SourceFile>,
        /// Where Rhai stopped.
        span: Span,
        /// Rhai's message.
        message: String,
    },
    /// An `import` names a path that could leave the ruleset folder.
    ForbiddenImport {
        /// The importing script.
        file: Arc<SourceFile>,
        /// The path expression.
        span: Span,
        /// The path as written.
        path: String,
        /// What is wrong with it.
        problem: PathProblem,
    },
    /// An `import` names a module the ruleset folder does not have.
    ImportNotFound {
        /// The importing script.
        file: Arc<SourceFile>,
        /// The path expression.
        span: Span,
        /// The path as written.
        path: String,
        /// The normalised path that was looked up.
        resolved: String,
        /// A close existing path, if any.
        suggestion: Option<String>,
    },
    /// Modules import each other in a circle.
    ImportCycle {
        /// The script whose `import` closes the circle.
        file: Arc<SourceFile>,
        /// The path expression.
        span: Span,
        /// The normalised paths around the circle, first repeated last.
        chain: Vec<String>,
    },
    /// A script failed while running: it raised an error, or it hit a limit.
    Runtime {
        /// The top level being loaded, or the hook being called.
        running: Running,
        /// What went wrong, as a sentence.
        message: String,
        /// The innermost position known.
        location: Option<Box<Location>>,
        /// The limit hit, if that is what stopped the script.
        limit: Option<Limit>,
        /// The calls and imports that led there, innermost first.
        trace: Vec<String>,
        /// Advice.
        hints: Vec<String>,
    },
    /// A rule names a function its script does not define.
    UnknownFunction {
        /// The hook as declared.
        hook: Arc<HookName>,
        /// Where the rule names the function.
        declared: Location,
        /// The script's public functions.
        candidates: Vec<String>,
    },
    /// A rule names a function its script declares `private`.
    PrivateFunction {
        /// The hook as declared.
        hook: Arc<HookName>,
        /// Where the rule names the function.
        declared: Location,
    },
    /// A rule names a function that takes another number of parameters than
    /// the hook passes.
    WrongArity {
        /// The hook as declared.
        hook: Arc<HookName>,
        /// Parameters the hook passes.
        expected: usize,
        /// Parameter counts of the functions with that name.
        found: Vec<usize>,
        /// Where the rule names the function.
        declared: Location,
    },
    /// A hook was called with another number of arguments than it takes (a
    /// bug in the caller, not in the script).
    WrongArgumentCount {
        /// The hook.
        hook: Arc<HookName>,
        /// Parameters of the function.
        expected: usize,
        /// Arguments given.
        given: usize,
    },
    /// A hook returned a value of another type than its caller needs.
    WrongReturnType {
        /// The hook.
        hook: Arc<HookName>,
        /// The type needed, with its article ("an integer").
        expected: &'static str,
        /// The type returned, with its article ("a string").
        found: &'static str,
        /// The function's definition.
        location: Option<Location>,
    },
    /// A table was asked for with input ranges that do not fit the hook.
    BadTable {
        /// The hook.
        hook: Arc<HookName>,
        /// What does not fit.
        problem: String,
    },
    /// A hook failed while being tabulated at load time.
    Tabulating {
        /// The inputs of the failing call.
        inputs: Vec<i64>,
        /// The failure.
        error: Box<ScriptError>,
    },
}

impl ScriptError {
    /// The headline: what went wrong, in one sentence.
    pub fn message(&self) -> String {
        match self {
            Self::BadScriptPath { path, problem } => {
                format!("script path `{path}` is not allowed: {problem}")
            }
            Self::MissingScript { path, .. } => {
                format!("script `{path}` does not exist in the ruleset folder")
            }
            Self::ScriptTooLarge { file, bytes, max } => format!(
                "script {} is {bytes} bytes long, more than the limit of {max}",
                file.name
            ),
            Self::Syntax { file, message, .. } => {
                format!("syntax error in {}: {message}", file.name)
            }
            Self::ForbiddenImport { path, problem, .. } => {
                format!("cannot import \"{path}\": {problem}")
            }
            Self::ImportNotFound { path, resolved, .. } => {
                format!("cannot import \"{path}\": the ruleset folder has no `{resolved}`")
            }
            Self::ImportCycle { chain, .. } => {
                format!(
                    "modules import each other in a circle: {}",
                    chain.join(" -> ")
                )
            }
            Self::Runtime {
                running, message, ..
            } => match running {
                Running::Load { script } => format!("loading {script} failed: {message}"),
                Running::Hook(hook) => format!("{hook} failed: {message}"),
            },
            Self::UnknownFunction { hook, .. } => format!(
                "hook `{}` names function `{}`, which {} does not define",
                hook.rule, hook.function, hook.script
            ),
            Self::PrivateFunction { hook, .. } => format!(
                "hook `{}` names function `{}`, which is private in {}",
                hook.rule, hook.function, hook.script
            ),
            Self::WrongArity {
                hook,
                expected,
                found,
                ..
            } => format!(
                "hook `{}` passes {}, but `{}` in {} takes {}",
                hook.rule,
                count(*expected, "argument"),
                hook.function,
                hook.script,
                found
                    .iter()
                    .map(|n| count(*n, "parameter"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            Self::WrongArgumentCount {
                hook,
                expected,
                given,
            } => format!(
                "{hook} was called with {}, but takes {}",
                count(*given, "argument"),
                count(*expected, "parameter")
            ),
            Self::WrongReturnType {
                hook,
                expected,
                found,
                ..
            } => format!("{hook} returned {found}, expected {expected}"),
            Self::BadTable { hook, problem } => format!("cannot tabulate {hook}: {problem}"),
            Self::Tabulating { error, .. } => error.message(),
        }
    }

    /// The limit that stopped the script, if that is what happened.
    pub fn limit(&self) -> Option<Limit> {
        match self {
            Self::Runtime { limit, .. } => *limit,
            Self::Tabulating { error, .. } => error.limit(),
            _ => None,
        }
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ScriptError {}

impl From<ScriptError> for Diagnostic {
    fn from(error: ScriptError) -> Self {
        let message = error.message();
        let located = |d: Diagnostic, loc: Location| {
            let d = d.at(&loc.file, loc.span);
            match loc.label {
                Some(label) => d.label(label),
                None => d,
            }
        };
        match error {
            ScriptError::BadScriptPath { .. } => Diagnostic::error(message),
            ScriptError::MissingScript { suggestion, .. } => {
                let d = Diagnostic::error(message);
                match suggestion {
                    Some(s) => d.hint(format!("did you mean `{s}`?")),
                    None => d,
                }
            }
            ScriptError::ScriptTooLarge { file, .. } => Diagnostic::error(message)
                .at(&file, Span::new(0, 0))
                .label("this file"),
            ScriptError::Syntax { file, span, .. } => Diagnostic::error(message)
                .at(&file, span)
                .label("Rhai cannot read this"),
            ScriptError::ForbiddenImport { file, span, .. } => Diagnostic::error(message)
                .at(&file, span)
                .label("this path is not allowed")
                .hint("import modules by a path relative to the ruleset folder, such as \"util\" or \"lib/util.rhai\""),
            ScriptError::ImportNotFound {
                file,
                span,
                suggestion,
                ..
            } => {
                let d = Diagnostic::error(message)
                    .at(&file, span)
                    .label("no such module")
                    .hint("import paths are relative to the ruleset folder; `.rhai` is added when the path has no extension");
                match suggestion {
                    Some(s) => d.hint(format!("did you mean \"{}\"?", s.trim_end_matches(".rhai"))),
                    None => d,
                }
            }
            ScriptError::ImportCycle { file, span, .. } => Diagnostic::error(message)
                .at(&file, span)
                .label("this import closes the circle")
                .hint("move what both modules need into a third module"),
            ScriptError::Runtime {
                location,
                trace,
                hints,
                ..
            } => {
                let mut d = Diagnostic::error(message);
                if let Some(loc) = location {
                    d = located(d, *loc);
                }
                for line in trace.into_iter().chain(hints) {
                    d = d.hint(line);
                }
                d
            }
            ScriptError::UnknownFunction {
                hook,
                declared,
                candidates,
            } => {
                let d = located(Diagnostic::error(message), declared)
                    .suggest(&hook.function, candidates.iter().map(String::as_str));
                if candidates.is_empty() {
                    d.hint("the script defines no public function")
                } else if candidates.len() <= 10 {
                    d.hint(format!("the script defines: {}", candidates.join(", ")))
                } else {
                    d.hint(format!(
                        "the script defines: {} and {} more",
                        candidates[..10].join(", "),
                        candidates.len() - 10
                    ))
                }
            }
            ScriptError::PrivateFunction { declared, .. } => {
                located(Diagnostic::error(message), declared)
                    .hint("hooks can call only public functions: remove `private`")
            }
            ScriptError::WrongArity { declared, .. } => {
                located(Diagnostic::error(message), declared)
            }
            ScriptError::WrongArgumentCount { .. } | ScriptError::BadTable { .. } => {
                Diagnostic::error(message)
            }
            ScriptError::WrongReturnType {
                found, location, ..
            } => {
                let d = Diagnostic::error(message);
                match location {
                    Some(mut loc) => {
                        loc.label = Some(format!("this function returned {found}"));
                        located(d, loc)
                    }
                    None => d,
                }
            }
            ScriptError::Tabulating { inputs, error } => {
                let inputs = inputs
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                Diagnostic::from(*error).hint(format!(
                    "this happened while tabulating the hook at load time, for inputs ({inputs})"
                ))
            }
        }
    }
}

fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The span of the token at a Rhai position in a file.
pub(crate) fn span_at(file: &SourceFile, pos: Position) -> Option<Span> {
    let line = pos.line()?;
    let col = pos.position().unwrap_or(1);
    Some(token_span(&file.text, file.offset_of(line, col)))
}

/// What the translation of a Rhai error needs to know about the run.
pub(crate) struct RunContext<'a> {
    /// The files of the script and its modules, by Rhai source name.
    pub sources: &'a HashMap<String, Arc<SourceFile>>,
    /// The file whose code ran first.
    pub entry: &'a Arc<SourceFile>,
    /// What was running.
    pub running: Running,
    /// The limits, to name them in messages.
    pub limits: &'a Limits,
    /// Where to point when Rhai reports no position (it reports none for
    /// limits reached inside a function).
    pub fallback: Option<Location>,
    /// The script's function names, for "did you mean".
    pub functions: &'a [String],
}

/// Translates a Rhai error into a `ScriptError::Runtime` pointing at the
/// innermost position, in the file of the innermost function or module.
pub(crate) fn runtime_error(mut error: EvalAltResult, cx: RunContext<'_>) -> ScriptError {
    let mut file = Arc::clone(cx.entry);
    let mut trace = Vec::new();
    loop {
        match error {
            EvalAltResult::ErrorInFunctionCall(name, source, inner, pos) => {
                if let Some(span) = span_at(&file, pos) {
                    let (line, col) = file.line_col(span.start);
                    let what = if name.starts_with("anon$") {
                        "a closure".to_owned()
                    } else {
                        format!("`{name}`")
                    };
                    trace.push(format!("{what} was called from {}:{line}:{col}", file.name));
                }
                if let Some(f) = cx.sources.get(source.as_str()) {
                    file = Arc::clone(f);
                }
                error = *inner;
            }
            EvalAltResult::ErrorInModule(name, inner, pos) => {
                if let Some(span) = span_at(&file, pos) {
                    let (line, col) = file.line_col(span.start);
                    trace.push(format!(
                        "while loading module {name}, imported at {}:{line}:{col}",
                        file.name
                    ));
                }
                if let Some(f) = cx.sources.get(name.as_str()) {
                    file = Arc::clone(f);
                }
                error = *inner;
            }
            _ => break,
        }
    }
    trace.reverse();
    let in_function = !trace.is_empty() || matches!(cx.running, Running::Hook(_));
    let pos = error.take_position();
    let (message, limit, hints) = describe(&error, cx.limits, cx.functions, in_function);
    let location = match span_at(&file, pos) {
        Some(span) => Some(Box::new(Location {
            file,
            span,
            label: Some(if limit.is_some() {
                "the limit was reached here".to_owned()
            } else {
                "the error was raised here".to_owned()
            }),
        })),
        None => cx.fallback.map(|mut loc| {
            loc.label = Some(if limit.is_some() {
                "the limit was reached in this function or in one it calls".to_owned()
            } else {
                "the error was raised in this function or in one it calls".to_owned()
            });
            Box::new(loc)
        }),
    };
    ScriptError::Runtime {
        running: cx.running,
        message,
        location,
        limit,
        trace,
        hints,
    }
}

/// A sentence for an innermost Rhai error (its position already taken out),
/// the limit it stands for, and advice.
fn describe(
    error: &EvalAltResult,
    limits: &Limits,
    functions: &[String],
    in_function: bool,
) -> (String, Option<Limit>, Vec<String>) {
    use EvalAltResult as E;
    let mut hints = Vec::new();
    let (message, limit) = match error {
        E::ErrorTooManyOperations(..) => {
            hints.push("look for a loop that never ends".to_owned());
            (
                format!(
                    "the script ran past the limit of {} operations",
                    limits.max_operations
                ),
                Some(Limit::Operations),
            )
        }
        E::ErrorStackOverflow(..) => {
            hints.push("look for a function that calls itself without a way to stop".to_owned());
            (
                format!(
                    "function calls nested deeper than the limit of {}",
                    limits.max_call_levels
                ),
                Some(Limit::CallDepth),
            )
        }
        E::ErrorDataTooLarge(what, ..) if what.contains("string") => (
            format!(
                "a string grew past the limit of {} bytes",
                limits.max_string_size
            ),
            Some(Limit::StringSize),
        ),
        E::ErrorDataTooLarge(what, ..) if what.contains("array") => (
            format!(
                "an array grew past the limit of {} elements",
                limits.max_array_size
            ),
            Some(Limit::ArraySize),
        ),
        E::ErrorDataTooLarge(what, ..) if what.contains("map") => (
            format!(
                "an object map grew past the limit of {} properties",
                limits.max_map_size
            ),
            Some(Limit::MapSize),
        ),
        E::ErrorTooManyModules(..) => (
            format!(
                "the script imported more modules than the limit of {}",
                limits.max_modules
            ),
            Some(Limit::Modules),
        ),
        E::ErrorTooManyVariables(..) => (
            format!(
                "more variables were alive at once than the limit of {}",
                limits.max_variables
            ),
            Some(Limit::Variables),
        ),
        E::ErrorRuntime(value, ..) if value.is::<ImportRefused>() => {
            let path = value.clone().cast::<ImportRefused>().path;
            hints.push(
                "move the `import` to the top level of the script: its functions can use the module from there"
                    .to_owned(),
            );
            (
                format!(
                    "`import \"{path}\"` ran inside a function, but modules are imported only once, when the ruleset loads"
                ),
                None,
            )
        }
        E::ErrorRuntime(value, ..) => (format!("the script threw an error: {value}"), None),
        E::ErrorFunctionNotFound(signature, ..) => {
            let name = signature.split(" (").next().unwrap_or(signature);
            if let Some(best) = did_you_mean(name, functions.iter().map(String::as_str)) {
                hints.push(format!("did you mean `{best}`?"));
            }
            (format!("no function `{signature}`"), None)
        }
        E::ErrorVariableNotFound(name, ..) => {
            if in_function {
                hints.push(format!(
                    "functions cannot see the top level's `let` variables: pass the value as a \
                     parameter, or declare it `const` and read it as `global::{name}`"
                ));
            }
            (format!("unknown variable `{name}`"), None)
        }
        other => (lower_first(&other.to_string()), None),
    };
    (message, limit, hints)
}

/// Rhai's messages start with a capital; ours continue a sentence.
pub(crate) fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => first
            .to_lowercase()
            .chain(text[first.len_utf8()..].chars())
            .collect(),
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context<'a>(
        sources: &'a HashMap<String, Arc<SourceFile>>,
        entry: &'a Arc<SourceFile>,
        limits: &'a Limits,
    ) -> RunContext<'a> {
        RunContext {
            sources,
            entry,
            running: Running::Load {
                script: entry.name.clone(),
            },
            limits,
            fallback: None,
            functions: &[],
        }
    }

    #[test]
    fn nested_calls_point_at_the_innermost_file_and_position() {
        let main = SourceFile::new("main.rhai", "fn f() {\n  g()\n}\n");
        let util = SourceFile::new("util.rhai", "fn g() {\n  1 / 0\n}\n");
        let sources = HashMap::from([
            ("main.rhai".to_owned(), Arc::clone(&main)),
            ("util.rhai".to_owned(), Arc::clone(&util)),
        ]);
        let inner = EvalAltResult::ErrorArithmetic("Division by zero".into(), Position::new(2, 5));
        let error = EvalAltResult::ErrorInFunctionCall(
            "g".into(),
            "util.rhai".into(),
            Box::new(inner),
            Position::new(2, 3),
        );
        let limits = Limits::default();
        let ScriptError::Runtime {
            location,
            trace,
            message,
            ..
        } = runtime_error(error, context(&sources, &main, &limits))
        else {
            panic!("not a runtime error");
        };
        let location = location.expect("located");
        assert_eq!(location.file.name, "util.rhai");
        assert_eq!(location.file.line_col(location.span.start), (2, 5));
        assert_eq!(message, "division by zero");
        assert_eq!(trace, vec!["`g` was called from main.rhai:2:3".to_owned()]);
    }

    #[test]
    fn limits_are_named_with_their_value() {
        let main = SourceFile::new("main.rhai", "loop {}\n");
        let sources = HashMap::new();
        let limits = Limits::default();
        let error = EvalAltResult::ErrorTooManyOperations(Position::new(1, 1));
        let error = runtime_error(error, context(&sources, &main, &limits));
        assert_eq!(error.limit(), Some(Limit::Operations));
        assert!(
            error.message().ends_with("the limit of 100000 operations"),
            "{}",
            error.message()
        );
    }

    #[test]
    fn wrong_return_type_reads_as_a_sentence() {
        let error = ScriptError::WrongReturnType {
            hook: Arc::new(HookName {
                rule: "x".into(),
                function: "f".into(),
                script: "s.rhai".into(),
            }),
            expected: "an integer",
            found: "a string",
            location: None,
        };
        assert_eq!(
            error.to_string(),
            "hook `x` (function `f` in s.rhai) returned a string, expected an integer"
        );
    }

    #[test]
    fn errors_stay_small_enough_to_return() {
        assert!(std::mem::size_of::<ScriptError>() <= 128);
    }

    #[test]
    fn lower_first_keeps_acronyms() {
        assert_eq!(lower_first("Division by zero"), "division by zero");
        assert_eq!(lower_first("AST broken"), "AST broken");
    }
}
