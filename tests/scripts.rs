//! The Rhai script host from the outside. One case per file under
//! `tests/data/scripts/` (modules the cases import live in `modules/`), each
//! loaded and, when its first line says `// hook: name(args) -> type`,
//! called; the result or the rendered diagnostic is pinned in
//! `snapshots/scripts/`. Then behaviour the corpus cannot show: the top level
//! runs once, threads share a host, typed results, tables, limits, and that
//! an import never asks for a file outside the folder.

use std::path::Path;
use std::sync::{Arc, Mutex};

use bod::diagnostic::{Diagnostic, SourceFile, Span};
use bod::script::{
    Dynamic, Hook, HookDecl, Limit, Limits, Map, MemoryFiles, Script, ScriptError, ScriptFiles,
    ScriptHost,
};

const CORPUS: &str = "tests/data/scripts";

/// Every file of the corpus folder, named relative to the crate root so
/// reports and snapshots do not depend on where the repository lives.
fn corpus() -> Arc<MemoryFiles> {
    fn walk(dir: &Path, prefix: &str, files: &mut MemoryFiles) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("corpus folder")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .expect("utf-8 name");
            let relative = if prefix.is_empty() {
                name.to_owned()
            } else {
                format!("{prefix}/{name}")
            };
            if path.is_dir() {
                walk(&path, &relative, files);
            } else {
                let text = std::fs::read_to_string(&path).expect("readable");
                files.insert(
                    &relative,
                    SourceFile::new(format!("{CORPUS}/{relative}"), text),
                );
            }
        }
    }
    let mut files = MemoryFiles::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS),
        "",
        &mut files,
    );
    Arc::new(files)
}

/// `// hook: name(1, 2) -> int` on the first line of a case.
struct Directive {
    function: String,
    span: Span,
    args: Vec<i64>,
    returns: String,
}

fn directive(file: &SourceFile) -> Option<Directive> {
    let line = file.text.lines().next()?;
    let rest = line.strip_prefix("// hook: ")?;
    let start = line.len() - rest.len();
    let (function, rest) = rest.split_once('(')?;
    let (args, returns) = rest.split_once(") -> ")?;
    let args = args
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(|a| a.parse().expect("integer argument"))
        .collect();
    Some(Directive {
        function: function.to_owned(),
        span: Span::new(start, start + function.len()),
        args,
        returns: returns.trim().to_owned(),
    })
}

fn report(error: ScriptError) -> String {
    format!("error\n{}", Diagnostic::from(error).render_plain())
}

fn rule_name(path: &str) -> String {
    format!("case.{}", path.trim_end_matches(".rhai"))
}

/// Loads a case, calls its hook if it names one, and renders what happened.
fn check(path: &str) -> String {
    let _ = ScriptHost::take_output();
    let script = match ScriptHost::new().load(corpus(), path) {
        Ok(script) => script,
        Err(error) => return report(error),
    };
    let functions: Vec<String> = script
        .functions()
        .iter()
        .map(|f| {
            format!(
                "{}{}/{}",
                if f.private { "private " } else { "" },
                f.name,
                f.arity
            )
        })
        .collect();
    let mut out = format!(
        "loaded {}\nfunctions: {}\n",
        script.name(),
        functions.join(", ")
    );
    let Some(directive) = directive(script.file()) else {
        return out;
    };
    let rule = rule_name(path);
    let hook = match script.hook(&HookDecl {
        rule: &rule,
        function: &directive.function,
        arity: directive.args.len(),
        file: script.file(),
        span: directive.span,
    }) {
        Ok(hook) => hook,
        Err(error) => return report(error),
    };
    let args: Vec<Dynamic> = directive.args.iter().map(|&a| Dynamic::from(a)).collect();
    let value = match directive.returns.as_str() {
        "int" => hook.call_as::<i64>(args).map(|v| v.to_string()),
        "bool" => hook.call_as::<bool>(args).map(|v| v.to_string()),
        "string" => hook.call_as::<String>(args),
        "map" => hook.call_as::<Map>(args).map(|v| format!("{v:?}")),
        "array" => hook
            .call_as::<bod::script::Array>(args)
            .map(|v| format!("{v:?}")),
        other => panic!("unknown result type `{other}` in {path}"),
    };
    match value {
        Ok(value) => out.push_str(&format!("{} returned {value}\n", hook.name())),
        Err(error) => return report(error),
    }
    for line in ScriptHost::take_output() {
        out.push_str(&format!("output: {line}\n"));
    }
    out
}

#[test]
fn corpus_cases() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/scripts");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("data/scripts/*.rhai", |path| {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .expect("utf-8 name");
            insta::assert_snapshot!(check(name));
        });
    });
}

fn load(text: &str) -> Script {
    let files = MemoryFiles::from_texts("t", [("s.rhai", text)]);
    ScriptHost::new()
        .load(Arc::new(files), "s.rhai")
        .expect("loads")
}

fn hook(script: &Script, function: &str, arity: usize) -> Hook {
    let yaml = SourceFile::new("t/ruleset.yaml", format!("rule: {function}\n"));
    script
        .hook(&HookDecl {
            rule: "rule",
            function,
            arity,
            file: &yaml,
            span: Span::new(6, 6 + function.len()),
        })
        .expect("resolves")
}

#[test]
fn top_level_runs_once_not_per_call() {
    let _ = ScriptHost::take_output();
    let script =
        load("let loads = 0;\nloads += 1;\nprint(`top level run ${loads}`);\nfn f(x) { x + 1 }\n");
    assert_eq!(
        ScriptHost::take_output(),
        vec!["top level run 1".to_owned()]
    );
    let f = hook(&script, "f", 1);
    for i in 0..5 {
        assert_eq!(f.call_as::<i64>((i,)).expect("runs"), i + 1);
    }
    assert!(
        ScriptHost::take_output().is_empty(),
        "calls re-ran the top level"
    );
}

#[test]
fn a_module_shared_by_two_scripts_loads_once() {
    let _ = ScriptHost::take_output();
    let files = MemoryFiles::from_texts(
        "t",
        [
            ("util.rhai", "print(\"util loaded\");\nfn one() { 1 }\n"),
            ("a.rhai", "import \"util\" as u;\nfn a() { u::one() }\n"),
            (
                "b.rhai",
                "import \"util.rhai\" as u;\nfn b() { u::one() + 1 }\n",
            ),
        ],
    );
    let scripts = ScriptHost::new()
        .load_all(Arc::new(files), &["a.rhai", "b.rhai"])
        .expect("loads");
    assert_eq!(ScriptHost::take_output(), vec!["util loaded".to_owned()]);
    assert_eq!(
        hook(&scripts[0], "a", 0).call_as::<i64>(()).expect("runs"),
        1
    );
    assert_eq!(
        hook(&scripts[1], "b", 0).call_as::<i64>(()).expect("runs"),
        2
    );
}

#[test]
fn one_host_serves_two_threads() {
    let host = ScriptHost::new();
    let shared = {
        let files = MemoryFiles::from_texts(
            "t",
            [(
                "s.rhai",
                "const K = 3;\nfn dist(a, b) { a * global::K + b }\n",
            )],
        );
        host.load(Arc::new(files), "s.rhai").expect("loads")
    };
    let dist = hook(&shared, "dist", 2);
    let sums: Vec<(i64, i64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2_i64)
            .map(|t| {
                let (host, dist) = (host.clone(), dist.clone());
                scope.spawn(move || {
                    // Each thread also loads a script of its own on the same host.
                    let text = format!("fn own(i) {{ i + {t} }}\n");
                    let files = MemoryFiles::from_texts("t", [("own.rhai", text.as_str())]);
                    let own = host.load(Arc::new(files), "own.rhai").expect("loads");
                    let own = hook(&own, "own", 1);
                    let mut sums = (0, 0);
                    for i in 0..2_000_i64 {
                        sums.0 += dist.call_as::<i64>((i, t)).expect("runs");
                        sums.1 += own.call_as::<i64>((i,)).expect("runs");
                    }
                    sums
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("no panic"))
            .collect()
    });
    let expected = |t: i64| {
        let dist = (0..2_000_i64).map(|i| i * 3 + t).sum::<i64>();
        let own = (0..2_000_i64).map(|i| i + t).sum::<i64>();
        (dist, own)
    };
    assert_eq!(sums, vec![expected(0), expected(1)]);
}

#[test]
fn typed_results_and_wrong_types() {
    let script = load(
        "fn n() { 7 }\nfn yes() { true }\nfn name() { \"Rolan Raian\" }\nfn card() { #{ speed: 4 } }\nfn nothing() { }\n",
    );
    assert_eq!(hook(&script, "n", 0).call_as::<i64>(()).expect("int"), 7);
    assert!(hook(&script, "yes", 0).call_as::<bool>(()).expect("bool"));
    assert_eq!(
        hook(&script, "name", 0)
            .call_as::<String>(())
            .expect("string"),
        "Rolan Raian"
    );
    let card = hook(&script, "card", 0).call_as::<Map>(()).expect("map");
    assert_eq!(card.get("speed").and_then(|v| v.as_int().ok()), Some(4));
    let mixed = load(
        "fn weigh(card, bases, side, fast) { card.speed + bases.len() + side.len() + if fast { 100 } else { 0 } }\n",
    );
    let mut card = Map::new();
    card.insert("speed".into(), Dynamic::from(4_i64));
    let bases: bod::script::Array = vec![Dynamic::from(1_i64), Dynamic::from(3_i64)];
    let weigh = hook(&mixed, "weigh", 4);
    assert_eq!(
        weigh
            .call_as::<i64>((card, bases, "left", true))
            .expect("runs"),
        4 + 2 + 4 + 100
    );
    let error = hook(&script, "name", 0)
        .call_as::<i64>(())
        .expect_err("not an int");
    assert_eq!(
        error.to_string(),
        "hook `rule` (function `name` in t/s.rhai) returned a string, expected an integer"
    );
    let error = hook(&script, "nothing", 0)
        .call_as::<bool>(())
        .expect_err("unit");
    assert!(
        error
            .to_string()
            .ends_with("returned nothing (`()`), expected a boolean"),
        "{error}"
    );
}

#[test]
fn runtime_errors_name_the_hook_and_the_position() {
    let script = load("fn f(x) {\n    g(x)\n}\nfn g(x) {\n    10 / x\n}\n");
    let error = hook(&script, "f", 1)
        .call((0_i64,))
        .expect_err("division by zero");
    let diagnostic = Diagnostic::from(error);
    assert!(
        diagnostic
            .message
            .starts_with("hook `rule` (function `f` in t/s.rhai) failed: division by zero"),
        "{}",
        diagnostic.message
    );
    assert_eq!(diagnostic.position().as_deref(), Some("t/s.rhai:5:8"));
    assert_eq!(
        diagnostic.hints,
        vec!["`g` was called from t/s.rhai:2:5".to_owned()]
    );
}

/// Scripts that mention neither `import` nor `global` are called directly;
/// the others through the module that keeps their imports. Both must behave
/// the same.
#[test]
fn direct_and_module_calls_agree() {
    let text = "fn f(x) {\n    if x > 5 { g(x) } else { x * 2 }\n}\nfn g(x) {\n    x / (x - 6)\n}\nfn h(x) { loop { x += 1; } }\n";
    let direct = load(text);
    let module = load(&format!("{text}// global\n"));
    for (function, input) in [("f", 3_i64), ("f", 7), ("f", 6), ("h", 0)] {
        let a = hook(&direct, function, 1)
            .call((input,))
            .map(|v| v.as_int().ok());
        let b = hook(&module, function, 1)
            .call((input,))
            .map(|v| v.as_int().ok());
        match (a, b) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{function}({input})"),
            (Err(a), Err(b)) => {
                let (a, b) = (Diagnostic::from(a), Diagnostic::from(b));
                assert_eq!(a.message, b.message, "{function}({input})");
                assert_eq!(a.position(), b.position(), "{function}({input})");
                assert_eq!(a.hints, b.hints, "{function}({input})");
            }
            (a, b) => panic!("{function}({input}): {a:?} but {b:?}"),
        }
    }
}

#[test]
fn tabulation_matches_calls() {
    let script =
        load("fn distance(dice, bonus) { if dice == 12 { 99 } else { dice + bonus * 2 } }\n");
    let distance = hook(&script, "distance", 2);
    let table = distance
        .tabulate::<i64>(&[2..=12, -1..=2])
        .expect("tabulates");
    assert_eq!(table.len(), 11 * 4);
    for (inputs, value) in table.iter() {
        let called = distance
            .call_as::<i64>((inputs[0], inputs[1]))
            .expect("runs");
        assert_eq!(*value, called, "at {inputs:?}");
    }
    assert_eq!(table.get(&[12, 0]), Some(&99));
    assert_eq!(table.get(&[7, -1]), Some(&5));
    assert_eq!(table.get(&[13, 0]), None);
}

#[test]
fn tabulation_reports_the_failing_inputs_and_bad_shapes() {
    let script = load("fn per(total, count) { total / count }\n");
    let per = hook(&script, "per", 2);
    let error = per
        .tabulate::<i64>(&[1..=3, -1..=1])
        .expect_err("divides by zero");
    let diagnostic = Diagnostic::from(error);
    assert!(
        diagnostic
            .hints
            .iter()
            .any(|h| h.ends_with("for inputs (1, 0)")),
        "{:?}",
        diagnostic.hints
    );
    let error = per
        .tabulate::<i64>(&[1..=3])
        .expect_err("one range for two parameters");
    assert!(matches!(error, ScriptError::BadTable { .. }), "{error:?}");
    let error = per
        .tabulate::<i64>(&[0..=1_000, 0..=1_000])
        .expect_err("over the table limit");
    assert!(
        error.to_string().contains("more than the limit of 100000"),
        "{error}"
    );
}

#[test]
fn limits_are_configurable_and_deterministic() {
    let text = "fn count(n) { let i = 0; while i < n { i += 1; } i }\n";
    let files = Arc::new(MemoryFiles::from_texts("t", [("s.rhai", text)]));
    let strict = ScriptHost::with_limits(Limits {
        max_operations: 500,
        ..Limits::default()
    });
    let script = strict.load(files, "s.rhai").expect("loads");
    let count = hook(&script, "count", 1);
    assert_eq!(count.call_as::<i64>((10_i64,)).expect("small loop"), 10);
    let first = count.call((1_000_i64,)).expect_err("over 500 operations");
    assert_eq!(first.limit(), Some(Limit::Operations));
    // The budget is per call: a small call after a failed one still runs.
    assert_eq!(count.call_as::<i64>((10_i64,)).expect("budget reset"), 10);
    let second = count.call((1_000_i64,)).expect_err("again");
    assert_eq!(first.to_string(), second.to_string());
    let default = hook(&load(text), "count", 1);
    assert_eq!(default.call_as::<i64>((1_000_i64,)).ok(), Some(1_000));
}

/// Recursion through the most deeply nested expressions the limits allow
/// must stop at the call-depth limit, not overflow the native stack (which
/// would abort the process), on a thread with `ScriptHost::MIN_STACK_BYTES`.
#[test]
fn deepest_recursion_stops_at_a_limit_not_a_stack_overflow() {
    let call = "f(n + 1)";
    let nest =
        |open: &str, close: &str, k: usize| format!("{}{call}{}", open.repeat(k), close.repeat(k));
    let bodies = [
        call.to_owned(),
        nest("(", ")", 12),
        nest("[", "]", 8),
        nest("#{a: ", "}", 8),
        nest("if n >= 0 { ", " }", 8),
        nest("for i in 0..1 { ", " }", 8),
        nest("switch n { _ => ", " }", 12),
        nest("abs(", ")", 12),
        nest("call(|| ", ")", 5),
        format!("{call}{}", ".to_string().len()".repeat(14)),
    ];
    let outcomes = std::thread::Builder::new()
        .stack_size(ScriptHost::MIN_STACK_BYTES)
        .spawn(move || {
            bodies
                .iter()
                .map(|body| {
                    let script = load(&format!("fn f(n) {{ {body} }}\n"));
                    (
                        body.clone(),
                        hook(&script, "f", 1)
                            .call((0_i64,))
                            .err()
                            .and_then(|e| e.limit()),
                    )
                })
                .collect::<Vec<_>>()
        })
        .expect("spawns")
        .join()
        .expect("no panic");
    for (body, limit) in outcomes {
        assert_eq!(limit, Some(Limit::CallDepth), "{body}");
    }
}

/// A folder that remembers every path it was asked for.
#[derive(Default)]
struct RecordingFiles {
    asked: Mutex<Vec<String>>,
}

impl ScriptFiles for RecordingFiles {
    fn read(&self, relative_path: &str) -> Option<Arc<SourceFile>> {
        self.asked
            .lock()
            .expect("lock")
            .push(relative_path.to_owned());
        let text = match relative_path {
            "parent.rhai" => "import \"../secret\" as s;",
            "absolute.rhai" => "import \"/etc/passwd\" as p;",
            "dots.rhai" => "import \"lib/../../secret\" as s;",
            _ => return None,
        };
        Some(SourceFile::new(format!("t/{relative_path}"), text))
    }
}

#[test]
fn forbidden_imports_never_reach_the_files() {
    let files = Arc::new(RecordingFiles::default());
    let host = ScriptHost::new();
    for path in ["parent.rhai", "absolute.rhai", "dots.rhai"] {
        let error = host.load(files.clone(), path).expect_err("forbidden");
        assert!(
            matches!(error, ScriptError::ForbiddenImport { .. }),
            "{error:?}"
        );
        let position = Diagnostic::from(error).position();
        assert_eq!(position, Some(format!("t/{path}:1:8")));
    }
    let asked = files.asked.lock().expect("lock").clone();
    assert_eq!(asked, vec!["parent.rhai", "absolute.rhai", "dots.rhai"]);
}

#[test]
fn script_paths_are_checked_like_imports() {
    let host = ScriptHost::new();
    let error = host
        .load(corpus(), "../scripts.rs")
        .expect_err("leaves the folder");
    assert!(
        matches!(error, ScriptError::BadScriptPath { .. }),
        "{error:?}"
    );
    let error = host.load(corpus(), "throws.rhai").expect_err("missing");
    assert_eq!(
        Diagnostic::from(error).hints,
        vec!["did you mean `throw.rhai`?".to_owned()]
    );
}

#[test]
fn load_all_reports_every_failing_script() {
    let errors = ScriptHost::new()
        .load_all(
            corpus(),
            &[
                "syntax_error.rhai",
                "import_sibling.rhai",
                "import_parent.rhai",
            ],
        )
        .expect_err("two fail");
    assert_eq!(errors.len(), 2);
    assert!(
        matches!(errors[0], ScriptError::Syntax { .. }),
        "{:?}",
        errors[0]
    );
    assert!(
        matches!(errors[1], ScriptError::ForbiddenImport { .. }),
        "{:?}",
        errors[1]
    );
}
