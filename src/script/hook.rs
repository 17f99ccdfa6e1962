//! `Hook`: a script function a rule names, resolved once at load time and
//! then called by the engine, with typed results (`FromScript`) and errors
//! that say which hook failed.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rhai::{
    AST, Array, CallFnOptions, Dynamic, Engine, EvalAltResult, FnAccess, FnPtr, FuncArgs,
    ImmutableString, Map, Module, Scope, ScriptFuncDef,
};

use super::compiled::ScriptInner;
use super::error::{HookName, Running, ScriptError};
use super::limits::Limits;
use super::native::Program;
use crate::diagnostic::{Location, SourceFile, Span};

/// Where and how a rule names a hook function; the input of
/// `Script::hook`.
#[derive(Debug, Clone, Copy)]
pub struct HookDecl<'a> {
    /// The rule's name, for example `hit.distance`.
    pub rule: &'a str,
    /// The function the rule names, for example `hit_distance`.
    pub function: &'a str,
    /// How many arguments the engine passes to this hook.
    pub arity: usize,
    /// The file where the rule names the function (for example the
    /// ruleset's YAML).
    pub file: &'a Arc<SourceFile>,
    /// The span of the function's name there.
    pub span: Span,
}

/// A resolved hook: cheap to clone, shareable across threads. Calls never
/// re-run the script's top level.
#[derive(Clone)]
pub struct Hook {
    pub(crate) inner: Arc<HookInner>,
}

pub(crate) struct HookInner {
    pub script: Arc<ScriptInner>,
    pub name: Arc<HookName>,
    pub arity: usize,
    /// The function's definition, where errors without a position point.
    pub definition: Option<Location>,
    pub pointer: FnPtr,
    /// How to call the function without its script's module, when the
    /// script needs nothing from it; else calls go through `pointer`.
    pub direct: Option<Direct>,
}

/// A hook called without its script's module: a copy of its function
/// that takes no parameters, added to the script's functions under a name
/// no script can write, runs on a scope that holds the parameters, in
/// order, with the call's arguments. The body sees what a call with
/// arguments would give it (Rhai finds a function's variables by their
/// distance from the scope's end, and a call leaves the scope as it found
/// it), while each thread binds the parameters' names once instead of
/// Rhai binding them anew on every call (two allocations a parameter).
pub(crate) struct Direct {
    /// This hook's scope in `SCOPES` (never reused).
    id: usize,
    /// The script's functions and the copy.
    ast: AST,
    /// The copy's name.
    entry: String,
    /// The function's parameters, in order.
    params: Vec<ImmutableString>,
    /// The function evaluated without Rhai, when it is plain arithmetic
    /// (`native`); a call it cannot answer goes to Rhai.
    native: Option<Program>,
}

impl Direct {
    /// The direct call of the public function `function` of `arity`
    /// parameters among `functions`, if there is one.
    pub(crate) fn new(
        functions: &AST,
        function: &str,
        arity: usize,
        limits: &Limits,
    ) -> Option<Self> {
        let definition = functions.iter_fn_def().find(|f| {
            f.name == function && f.params.len() == arity && f.access == FnAccess::Public
        })?;
        let native = Program::of(definition, limits);
        let entry = format!("{function} (hook)");
        let mut copy = ScriptFuncDef::clone(definition);
        copy.name = entry.as_str().into();
        let params = std::mem::take(&mut copy.params).into_iter().collect();
        let mut module = Module::new();
        module.set_script_fn(copy);
        let mut ast = functions.clone();
        ast.combine(AST::new_from_module(module));
        static NEXT_ID: AtomicUsize = AtomicUsize::new(0);
        Some(Direct {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            ast,
            entry,
            params,
            native,
        })
    }

    /// Calls the copy with `args`, one for each parameter, on this
    /// thread's scope for the hook.
    fn call(&self, engine: &Engine, args: Args) -> Result<Dynamic, Box<EvalAltResult>> {
        SCOPES.with(|scopes| match scopes.try_borrow_mut() {
            Ok(mut scopes) => {
                if scopes.len() <= self.id {
                    scopes.resize_with(self.id + 1, Scope::new);
                }
                self.call_on(engine, &mut scopes[self.id], args)
            }
            // A hook called while another runs on this thread.
            Err(_) => self.call_on(engine, &mut Scope::new(), args),
        })
    }

    fn call_on(
        &self,
        engine: &Engine,
        scope: &mut Scope<'static>,
        args: Args,
    ) -> Result<Dynamic, Box<EvalAltResult>> {
        // Holds other entries only when new, or after a call cut short by
        // a panic.
        if scope.len() != self.params.len() {
            scope.clear();
            for name in &self.params {
                scope.push_dynamic(name.as_str(), Dynamic::UNIT);
            }
        }
        for (name, value) in self.params.iter().zip(args.into_values()) {
            // Bound above and writable: a script's assignments keep
            // variables writable.
            *scope.get_mut(name).expect("a bound parameter") = value;
        }
        let options = CallFnOptions::new().eval_ast(false);
        engine.call_fn_with_options(options, scope, &self.ast, &self.entry, ())
    }
}

impl std::fmt::Debug for Hook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Hook({})", self.inner.name)
    }
}

impl Hook {
    /// The hook's names: rule, function and script.
    pub fn name(&self) -> &HookName {
        &self.inner.name
    }

    /// How many arguments the hook takes.
    pub fn arity(&self) -> usize {
        self.inner.arity
    }

    /// Where the hook's function is defined, for reporting a result the
    /// caller cannot use.
    pub fn definition(&self) -> Option<&Location> {
        self.inner.definition.as_ref()
    }

    /// Calls the hook with arguments given as a tuple of integers, booleans,
    /// strings, arrays and maps, for example `(3_i64, true, "left")`, or as a
    /// `Vec<Dynamic>`.
    pub fn call(&self, args: impl FuncArgs) -> Result<Dynamic, ScriptError> {
        let mut values = Args::default();
        args.parse(&mut values);
        if values.len != self.inner.arity {
            return Err(ScriptError::WrongArgumentCount {
                hook: self.inner.name.clone(),
                expected: self.inner.arity,
                given: values.len,
            });
        }
        let script = &self.inner.script;
        let engine = &script.host.engine;
        let result = match &self.inner.direct {
            Some(direct) => {
                if let Some(value) = direct
                    .native
                    .as_ref()
                    .and_then(|p| p.run(values.as_slice()))
                {
                    return Ok(value);
                }
                direct.call(engine, values)
            }
            None => self
                .inner
                .pointer
                .call::<Dynamic>(engine, &script.ast, values),
        };
        self.reported(result)
    }

    /// A run's result as `call` gives it: the value flattened, or the
    /// failure reported with the hook, the function and the position.
    fn reported(
        &self,
        result: Result<Dynamic, Box<EvalAltResult>>,
    ) -> Result<Dynamic, ScriptError> {
        result.map(Dynamic::flatten).map_err(|error| {
            self.inner.script.runtime_error(
                *error,
                Running::Hook(self.inner.name.clone()),
                self.inner.definition.clone(),
            )
        })
    }

    /// Calls the hook and converts the result, for example to `i64`, `bool`
    /// or `rhai::Map`. A value of another type is an error that names the
    /// hook and both types.
    pub fn call_as<T: FromScript>(&self, args: impl FuncArgs) -> Result<T, ScriptError> {
        let value = self.call(args)?;
        T::from_script(value).map_err(|value| ScriptError::WrongReturnType {
            hook: self.inner.name.clone(),
            expected: T::EXPECTED,
            found: type_phrase(&value),
            location: self.inner.definition.clone(),
        })
    }
}

#[cfg(test)]
impl Hook {
    /// Whether calls may be answered without Rhai (`native`).
    pub(crate) fn is_native(&self) -> bool {
        self.inner
            .direct
            .as_ref()
            .is_some_and(|d| d.native.is_some())
    }

    /// The answer of the native evaluation alone, if it gives one.
    pub(crate) fn native_answer(&self, args: &[Dynamic]) -> Option<Dynamic> {
        self.inner.direct.as_ref()?.native.as_ref()?.run(args)
    }

    /// `call`, always run by Rhai.
    pub(crate) fn call_in_rhai(&self, args: Vec<Dynamic>) -> Result<Dynamic, ScriptError> {
        let mut values = Args::default();
        values.extend(args);
        let direct = self.inner.direct.as_ref().expect("a direct hook");
        self.reported(direct.call(&self.inner.script.host.engine, values))
    }
}

thread_local! {
    /// Each direct hook's scope on this thread, by `Direct::id`: its
    /// parameters with the last call's arguments.
    static SCOPES: RefCell<Vec<Scope<'static>>> = const { RefCell::new(Vec::new()) };
}

/// How many arguments a call carries without allocating.
const INLINE_ARGS: usize = 8;

/// The arguments of one call, collected so their number can be checked
/// before calling, without allocating for up to `INLINE_ARGS` of them.
struct Args {
    len: usize,
    inline: [Dynamic; INLINE_ARGS],
    spill: Vec<Dynamic>,
}

impl Default for Args {
    fn default() -> Self {
        Self {
            len: 0,
            inline: [const { Dynamic::UNIT }; INLINE_ARGS],
            spill: Vec::new(),
        }
    }
}

impl Extend<Dynamic> for Args {
    fn extend<I: IntoIterator<Item = Dynamic>>(&mut self, values: I) {
        for value in values {
            match self.inline.get_mut(self.len) {
                Some(slot) => *slot = value,
                None => self.spill.push(value),
            }
            self.len += 1;
        }
    }
}

impl Args {
    /// The arguments, when they fit inline (else none).
    fn as_slice(&self) -> &[Dynamic] {
        self.inline.get(..self.len).unwrap_or_default()
    }

    /// The arguments, in order.
    fn into_values(self) -> impl Iterator<Item = Dynamic> {
        let inline = self.len.min(INLINE_ARGS);
        self.inline.into_iter().take(inline).chain(self.spill)
    }
}

impl FuncArgs for Args {
    fn parse<A: Extend<Dynamic>>(self, args: &mut A) {
        args.extend(self.into_values());
    }
}

/// A Rust type a hook's result converts into.
pub trait FromScript: Sized {
    /// The type's name with its article, for errors ("an integer").
    const EXPECTED: &'static str;
    /// The value as `Self`, or the value back when it has another type.
    fn from_script(value: Dynamic) -> Result<Self, Dynamic>;
}

impl FromScript for Dynamic {
    const EXPECTED: &'static str = "any value";
    fn from_script(value: Dynamic) -> Result<Self, Dynamic> {
        Ok(value)
    }
}

impl FromScript for i64 {
    const EXPECTED: &'static str = "an integer";
    fn from_script(value: Dynamic) -> Result<Self, Dynamic> {
        value.as_int().map_err(|_| value)
    }
}

impl FromScript for bool {
    const EXPECTED: &'static str = "a boolean";
    fn from_script(value: Dynamic) -> Result<Self, Dynamic> {
        value.as_bool().map_err(|_| value)
    }
}

impl FromScript for String {
    const EXPECTED: &'static str = "a string";
    fn from_script(value: Dynamic) -> Result<Self, Dynamic> {
        if value.is_string() {
            Ok(value.cast::<ImmutableString>().into())
        } else {
            Err(value)
        }
    }
}

impl FromScript for Map {
    const EXPECTED: &'static str = "a map";
    fn from_script(value: Dynamic) -> Result<Self, Dynamic> {
        if value.is_map() {
            Ok(value.cast::<Map>())
        } else {
            Err(value)
        }
    }
}

impl FromScript for Array {
    const EXPECTED: &'static str = "an array";
    fn from_script(value: Dynamic) -> Result<Self, Dynamic> {
        if value.is_array() {
            Ok(value.cast::<Array>())
        } else {
            Err(value)
        }
    }
}

/// A value's type with its article, for errors ("a string").
pub fn type_phrase(value: &Dynamic) -> &'static str {
    match value.type_name() {
        "()" => "nothing (`()`)",
        "bool" => "a boolean",
        "string" => "a string",
        "char" => "a character",
        "array" => "an array",
        "blob" => "a blob",
        "map" => "a map",
        "Fn" => "a function pointer",
        name if name == std::any::type_name::<rhai::INT>() => "an integer",
        _ => "a value of another type",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_phrases_name_rhai_values() {
        assert_eq!(type_phrase(&Dynamic::from(1_i64)), "an integer");
        assert_eq!(type_phrase(&Dynamic::from("x")), "a string");
        assert_eq!(type_phrase(&Dynamic::UNIT), "nothing (`()`)");
        assert_eq!(type_phrase(&Dynamic::from(Map::new())), "a map");
        assert_eq!(type_phrase(&Dynamic::from(Array::new())), "an array");
    }

    #[test]
    fn typed_conversion_gives_the_value_back_on_mismatch() {
        assert_eq!(i64::from_script(Dynamic::from(7_i64)).ok(), Some(7));
        let back = i64::from_script(Dynamic::from("seven")).expect_err("a string");
        assert!(back.is_string());
        assert_eq!(
            String::from_script(Dynamic::from("ok")).ok().as_deref(),
            Some("ok")
        );
        assert!(bool::from_script(Dynamic::from(1_i64)).is_err());
    }

    /// A direct hook's parameters stay bound between calls: each call
    /// sees its own arguments, whatever the last one did to them, and the
    /// function still calls itself by its own name.
    #[test]
    fn direct_hooks_see_each_calls_arguments() {
        use crate::diagnostic::{SourceFile, Span};
        use crate::script::{MemoryFiles, ScriptHost};

        let text = "fn f(n, faces) { faces.push(n); n += 10; if n < 25 { f(n, faces) } else { n * 100 + faces.len() } }\n";
        let files = MemoryFiles::from_texts("t", [("s.rhai", text)]);
        let script = ScriptHost::new()
            .load(Arc::new(files), "s.rhai")
            .expect("loads");
        let yaml = SourceFile::new("t/ruleset.yaml", "rule: f\n");
        let hook = script
            .hook(&HookDecl {
                rule: "rule",
                function: "f",
                arity: 2,
                file: &yaml,
                span: Span::new(6, 7),
            })
            .expect("resolves");
        assert!(hook.inner.direct.is_some());
        let faces = || Dynamic::from(vec![Dynamic::from(1_i64)]);
        assert_eq!(hook.call_as::<i64>((1_i64, faces())).ok(), Some(3_104));
        assert_eq!(hook.call_as::<i64>((20_i64, faces())).ok(), Some(3_002));
        assert_eq!(hook.call_as::<i64>((1_i64, faces())).ok(), Some(3_104));
    }

    #[test]
    fn args_keep_order_past_the_inline_buffer() {
        let mut args = Args::default();
        args.extend((0..10_i64).map(Dynamic::from));
        assert_eq!(args.len, 10);
        let mut out: Vec<Dynamic> = Vec::new();
        args.parse(&mut out);
        let out: Vec<i64> = out.into_iter().map(|d| d.as_int().expect("int")).collect();
        assert_eq!(out, (0..10).collect::<Vec<_>>());
    }
}
