//! `Hook`: a script function a rule names, resolved once at load time and
//! then called by the engine, with typed results (`FromScript`) and errors
//! that say which hook failed.

use std::cell::RefCell;
use std::sync::Arc;

use rhai::{Array, CallFnOptions, Dynamic, FnPtr, FuncArgs, ImmutableString, Map, Scope};

use super::compiled::ScriptInner;
use super::error::{HookName, Running, ScriptError};
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
        let result = match &script.direct {
            Some(ast) => {
                let function = self.inner.name.function.as_str();
                let options = || CallFnOptions::new().eval_ast(false);
                SCOPE.with(|scope| match scope.try_borrow_mut() {
                    Ok(mut scope) => {
                        // Calls rewind the scope themselves; this only guards
                        // against a call that was cut short by a panic.
                        if !scope.is_empty() {
                            scope.clear();
                        }
                        engine.call_fn_with_options::<Dynamic>(
                            options(),
                            &mut scope,
                            ast,
                            function,
                            values,
                        )
                    }
                    Err(_) => engine.call_fn_with_options::<Dynamic>(
                        options(),
                        &mut Scope::new(),
                        ast,
                        function,
                        values,
                    ),
                })
            }
            None => self
                .inner
                .pointer
                .call::<Dynamic>(engine, &script.ast, values),
        };
        result.map(Dynamic::flatten).map_err(|error| {
            script.runtime_error(
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

thread_local! {
    /// One scope per thread, reused by every direct call: arguments are
    /// pushed into it and rewound after the call, so its buffers stay.
    static SCOPE: RefCell<Scope<'static>> = RefCell::new(Scope::new());
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

impl FuncArgs for Args {
    fn parse<A: Extend<Dynamic>>(self, args: &mut A) {
        let inline = self.len.min(INLINE_ARGS);
        args.extend(self.inline.into_iter().take(inline).chain(self.spill));
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
