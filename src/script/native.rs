//! `native`: a hook whose function is plain integer and boolean arithmetic,
//! evaluated in Rust instead of by Rhai walking its syntax tree.
//!
//! A function qualifies when its body holds only `let` and `const`,
//! assignments (`=`, `+=`, `-=`, `*=`, `/=`, `%=`), `if` and `else`,
//! `return`, blocks, integer and boolean literals, its parameters and
//! variables, the operators `+ - * / %`, `== != < <= > >=`, `&& || !`, and
//! map literals. It is translated once, from the syntax tree Rhai itself
//! runs (after Rhai's optimizer), into a `Program`; anything else in it (a
//! function or method call, an index, a loop, a string, `throw`) leaves the
//! hook to Rhai.
//!
//! A call gives what Rhai would give, or nothing: whenever Rhai would report
//! an error or apply a rule this module does not know (an overflow, a
//! division by zero, arithmetic on a value that is not an integer, a condition
//! that is not a boolean), `Program::run` answers `None` and the call runs
//! in Rhai, which reports it with the script's file and position. The host's
//! limits are kept by refusing at translation any function that could reach
//! one (too many variables or operations, too large a map, no call level).
//! So whether a call ran here or in Rhai changes how fast it answers, never
//! what it answers.

use rhai::{
    AST, ASTFlags, ASTNode, Dynamic, Expr, FnCallExpr, Identifier, Map, Module, ScriptFuncDef,
    Stmt, Token,
};

use super::limits::Limits;

/// A function translated for native evaluation.
#[derive(Debug)]
pub(crate) struct Program {
    /// How many parameters it takes (its variables are numbered from them
    /// on: each `let` or `const` its own).
    params: usize,
    body: Vec<Step>,
}

/// A statement.
#[derive(Debug)]
enum Step {
    /// `let` or `const`: gives `()`.
    Let(usize, Node),
    /// `=` (no operator) or an operator assignment: gives `()`.
    Set(usize, Option<Op>, Node),
    /// `if`: gives its branch's value, `()` when the branch is empty.
    If(Node, Vec<Step>, Vec<Step>),
    /// An expression: gives its value.
    Value(Node),
    /// `return`.
    Return(Node),
}

/// An expression.
#[derive(Debug)]
enum Node {
    Unit,
    Int(i64),
    Bool(bool),
    Slot(usize),
    Unary(Unary, Box<Node>),
    Binary(Op, Box<[Node; 2]>),
    And(Vec<Node>),
    Or(Vec<Node>),
    /// A block used as a value (`if` as an expression).
    Block(Vec<Step>),
    /// A map literal: Rhai's template of its keys, then each key's value.
    Map(Box<(Map, Vec<(Identifier, Node)>)>),
}

#[derive(Debug, Clone, Copy)]
enum Unary {
    Neg,
    Plus,
    Not,
}

#[derive(Debug, Clone, Copy)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Op {
    fn of(token: &Token) -> Option<Op> {
        Some(match token {
            Token::Plus => Op::Add,
            Token::Minus => Op::Sub,
            Token::Multiply => Op::Mul,
            Token::Divide => Op::Div,
            Token::Modulo => Op::Rem,
            Token::EqualsTo => Op::Eq,
            Token::NotEqualsTo => Op::Ne,
            Token::LessThan => Op::Lt,
            Token::LessThanEqualsTo => Op::Le,
            Token::GreaterThan => Op::Gt,
            Token::GreaterThanEqualsTo => Op::Ge,
            _ => return None,
        })
    }

    /// Rhai's built-in operator on two values, or `None` where Rhai would
    /// stop with an error or look further. Rhai compares two booleans
    /// (`false` below `true`), and two `()` as equal; values of different
    /// types (none of them a float here) are unequal and never below or
    /// above each other.
    fn apply(self, a: Val, b: Val) -> Option<Val> {
        use std::cmp::Ordering;
        let compare = |order: Option<Ordering>| {
            Some(Val::Bool(match (self, order) {
                (Op::Eq, o) => o == Some(Ordering::Equal),
                (Op::Ne, o) => o != Some(Ordering::Equal),
                (Op::Lt, o) => o == Some(Ordering::Less),
                (Op::Le, o) => matches!(o, Some(Ordering::Less | Ordering::Equal)),
                (Op::Gt, o) => o == Some(Ordering::Greater),
                (Op::Ge, o) => matches!(o, Some(Ordering::Greater | Ordering::Equal)),
                _ => return None,
            }))
        };
        match (a, b) {
            (Val::Int(x), Val::Int(y)) => Some(Val::Int(match self {
                Op::Add => x.checked_add(y)?,
                Op::Sub => x.checked_sub(y)?,
                Op::Mul => x.checked_mul(y)?,
                Op::Div => x.checked_div(y)?,
                Op::Rem => x.checked_rem(y)?,
                _ => return compare(Some(x.cmp(&y))),
            })),
            (Val::Bool(x), Val::Bool(y)) => compare(Some(x.cmp(&y))),
            // Two `()`: equal, and neither below nor above the other.
            (Val::Unit, Val::Unit) => match self {
                Op::Eq => Some(Val::Bool(true)),
                Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => Some(Val::Bool(false)),
                _ => None,
            },
            (Val::Other, _) | (_, Val::Other) => None,
            // Different types.
            _ => compare(None),
        }
    }
}

/// A value while a program runs (a map is only ever a statement's value:
/// `Outcome`).
#[derive(Debug, Clone, Copy)]
enum Val {
    Unit,
    Int(i64),
    Bool(bool),
    /// An argument of a type the program does not handle: reading it
    /// gives the call to Rhai.
    Other,
}

impl Val {
    fn of(arg: &Dynamic) -> Val {
        if let Ok(i) = arg.as_int() {
            Val::Int(i)
        } else if let Ok(b) = arg.as_bool() {
            Val::Bool(b)
        } else if arg.is_unit() {
            Val::Unit
        } else {
            Val::Other
        }
    }

    fn is_other(self) -> bool {
        matches!(self, Val::Other)
    }

    fn bool(self) -> Option<bool> {
        match self {
            Val::Bool(b) => Some(b),
            _ => None,
        }
    }

    fn into_dynamic(self) -> Option<Dynamic> {
        Some(match self {
            Val::Unit => Dynamic::UNIT,
            Val::Int(i) => Dynamic::from_int(i),
            Val::Bool(b) => Dynamic::from_bool(b),
            Val::Other => return None,
        })
    }
}

/// A statement's value: a plain value, or a map built by a map literal.
enum Outcome {
    Val(Val),
    Map(Map),
}

impl Outcome {
    fn into_dynamic(self) -> Option<Dynamic> {
        match self {
            Outcome::Val(v) => v.into_dynamic(),
            Outcome::Map(m) => Some(Dynamic::from_map(m)),
        }
    }
}

/// How a block ended: with its last statement's value, or at a `return`.
enum Flow {
    Value(Outcome),
    Return(Outcome),
}

/// The most variables (parameters included) a program may have: they live
/// in an array on the stack.
const MAX_SLOTS: usize = 32;

impl Program {
    /// The program of a script function, if it qualifies under `limits`.
    pub(crate) fn of(function: &ScriptFuncDef, limits: &Limits) -> Option<Program> {
        // Rhai lends out a function's statements only by walking its
        // syntax tree: the body's own statements are the nodes at depth 1
        // of an AST that holds the function alone.
        let mut module = Module::new();
        module.set_script_fn(function.clone());
        let ast = AST::new_from_module(module);
        let mut t = Translator::new(&function.params, limits);
        let mut body = Some(Vec::new());
        ast.walk(&mut |path: &[ASTNode]| {
            if let ([ASTNode::Stmt(stmt)], Some(steps)) = (path, &mut body) {
                match t.stmt(stmt) {
                    Some(step) => steps.push(step),
                    None => body = None,
                }
            }
            body.is_some()
        });
        t.finish(body?, function.params.len(), limits)
    }

    /// The function's value for `args` (one per parameter), or `None`
    /// when the call is Rhai's to make (see the module's comment).
    pub(crate) fn run(&self, args: &[Dynamic]) -> Option<Dynamic> {
        if args.len() != self.params {
            return None;
        }
        let mut slots = [Val::Unit; MAX_SLOTS];
        for (slot, arg) in slots.iter_mut().zip(args) {
            *slot = Val::of(arg);
        }
        match block(&self.body, &mut slots)? {
            Flow::Value(v) | Flow::Return(v) => v.into_dynamic(),
        }
    }
}

fn block(steps: &[Step], slots: &mut [Val; MAX_SLOTS]) -> Option<Flow> {
    let mut last = Outcome::Val(Val::Unit);
    for step in steps {
        last = match step {
            Step::Let(slot, node) => {
                slots[*slot] = eval(node, slots)?;
                Outcome::Val(Val::Unit)
            }
            Step::Set(slot, op, node) => {
                let value = eval(node, slots)?;
                slots[*slot] = match op {
                    None => value,
                    Some(op) => op.apply(read(slots, *slot)?, value)?,
                };
                Outcome::Val(Val::Unit)
            }
            Step::If(cond, then, otherwise) => {
                let taken = if eval(cond, slots)?.bool()? {
                    then
                } else {
                    otherwise
                };
                match block(taken, slots)? {
                    Flow::Value(v) => v,
                    flow @ Flow::Return(_) => return Some(flow),
                }
            }
            Step::Value(node) => outcome(node, slots)?,
            Step::Return(node) => return Some(Flow::Return(outcome(node, slots)?)),
        };
    }
    Some(Flow::Value(last))
}

fn read(slots: &[Val; MAX_SLOTS], slot: usize) -> Option<Val> {
    match slots[slot] {
        Val::Other => None,
        v => Some(v),
    }
}

/// A statement's expression: a map literal gives its map, a block its
/// last statement's value.
fn outcome(node: &Node, slots: &mut [Val; MAX_SLOTS]) -> Option<Outcome> {
    Some(match node {
        Node::Map(map) => {
            let (template, entries) = &**map;
            let mut out = template.clone();
            for (key, node) in entries {
                *out.get_mut(key)? = eval(node, slots)?.into_dynamic()?;
            }
            Outcome::Map(out)
        }
        Node::Block(steps) => match block(steps, slots)? {
            Flow::Value(v) => v,
            Flow::Return(_) => return None,
        },
        node => Outcome::Val(eval(node, slots)?),
    })
}

/// An expression's plain value. A map where a plain value is wanted (an
/// operand, a variable's value, a map's entry, whose size Rhai would count)
/// and a `return` inside a block used as a value give the call to Rhai.
fn eval(node: &Node, slots: &mut [Val; MAX_SLOTS]) -> Option<Val> {
    Some(match node {
        Node::Unit => Val::Unit,
        &Node::Int(i) => Val::Int(i),
        &Node::Bool(b) => Val::Bool(b),
        &Node::Slot(slot) => read(slots, slot)?,
        Node::Unary(unary, operand) => match (unary, eval(operand, slots)?) {
            (Unary::Neg, Val::Int(i)) => Val::Int(i.checked_neg()?),
            (Unary::Plus, Val::Int(i)) => Val::Int(i),
            (Unary::Not, Val::Bool(b)) => Val::Bool(!b),
            _ => return None,
        },
        Node::Binary(op, operands) => {
            let a = eval(&operands[0], slots)?;
            let b = eval(&operands[1], slots)?;
            op.apply(a, b)?
        }
        Node::And(operands) => {
            for operand in operands {
                if !eval(operand, slots)?.bool()? {
                    return Some(Val::Bool(false));
                }
            }
            Val::Bool(true)
        }
        Node::Or(operands) => {
            for operand in operands {
                if eval(operand, slots)?.bool()? {
                    return Some(Val::Bool(true));
                }
            }
            Val::Bool(false)
        }
        Node::Block(_) => match outcome(node, slots)? {
            Outcome::Val(v) => v,
            Outcome::Map(_) => return None,
        },
        Node::Map(_) => return None,
    })
}

/// A variable in scope while translating.
struct Name {
    name: Identifier,
    slot: usize,
    constant: bool,
}

struct Translator {
    /// The variables in scope, innermost last.
    names: Vec<Name>,
    slots: usize,
    /// Statements and expressions translated.
    nodes: usize,
    max_map: usize,
}

impl Translator {
    fn new(params: &[impl AsRef<str>], limits: &Limits) -> Self {
        Translator {
            names: params
                .iter()
                .enumerate()
                .map(|(slot, name)| Name {
                    name: name.as_ref().into(),
                    slot,
                    constant: false,
                })
                .collect(),
            slots: params.len(),
            nodes: 0,
            max_map: limits.max_map_size,
        }
    }

    /// The program of a translated body, if it stays within `limits`.
    fn finish(self, body: Vec<Step>, params: usize, limits: &Limits) -> Option<Program> {
        // Rhai counts an operation for each statement and each expression it
        // evaluates and one for the call; four a node is far above that.
        let operations = 4 * self.nodes as u64 + 16;
        let fits = self.slots <= MAX_SLOTS.min(limits.max_variables)
            && operations <= limits.max_operations
            && limits.max_call_levels >= 1;
        fits.then_some(Program { params, body })
    }

    /// A block's statements, its variables going out of scope at its end.
    fn block<'s>(&mut self, stmts: impl IntoIterator<Item = &'s Stmt>) -> Option<Vec<Step>> {
        let in_scope = self.names.len();
        let steps = stmts
            .into_iter()
            .map(|s| self.stmt(s))
            .collect::<Option<Vec<_>>>();
        self.names.truncate(in_scope);
        steps
    }

    fn stmt(&mut self, stmt: &Stmt) -> Option<Step> {
        self.nodes += 1;
        Some(match stmt {
            Stmt::Noop(..) => Step::Value(Node::Unit),
            Stmt::Var(x, flags, ..) => {
                let constant = match *flags {
                    ASTFlags::NONE => false,
                    ASTFlags::CONSTANT => true,
                    _ => return None,
                };
                let (ident, value, _) = &**x;
                // The value is read before the new name is in scope.
                let value = self.expr(value)?;
                let slot = self.slots;
                self.slots += 1;
                self.names.push(Name {
                    name: ident.name.as_str().into(),
                    slot,
                    constant,
                });
                Step::Let(slot, value)
            }
            Stmt::Assignment(x) => {
                let (assign, binary) = &**x;
                let Expr::Variable(var, ..) = &binary.lhs else {
                    return None;
                };
                let name = self.lookup(var)?;
                if name.constant {
                    return None;
                }
                let slot = name.slot;
                let op = match assign.get_op_assignment_info() {
                    None => None,
                    Some((.., op, _)) => match Op::of(op)? {
                        op @ (Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Rem) => Some(op),
                        _ => return None,
                    },
                };
                Step::Set(slot, op, self.expr(&binary.rhs)?)
            }
            Stmt::If(x, ..) => {
                let cond = self.expr(&x.expr)?;
                let then = self.block(x.body.statements())?;
                let otherwise = self.block(x.branch.statements())?;
                Step::If(cond, then, otherwise)
            }
            Stmt::Block(b) => Step::Value(Node::Block(self.block(b.statements())?)),
            Stmt::Expr(e) => Step::Value(self.expr(e)?),
            Stmt::FnCall(call, ..) => Step::Value(self.operator(call)?),
            Stmt::Return(value, ASTFlags::NONE, ..) => Step::Return(match value {
                Some(e) => self.expr(e)?,
                None => Node::Unit,
            }),
            _ => return None,
        })
    }

    fn expr(&mut self, expr: &Expr) -> Option<Node> {
        self.nodes += 1;
        Some(match expr {
            Expr::Unit(..) => Node::Unit,
            &Expr::IntegerConstant(i, ..) => Node::Int(i),
            &Expr::BoolConstant(b, ..) => Node::Bool(b),
            Expr::DynamicConstant(value, ..) => match Val::of(value) {
                Val::Unit => Node::Unit,
                Val::Int(i) => Node::Int(i),
                Val::Bool(b) => Node::Bool(b),
                // A map literal of constants, folded by Rhai's optimizer.
                Val::Other if value.is_map() => {
                    let map = value.read_lock::<Map>()?;
                    if map.len() > self.max_map || map.values().any(|v| Val::of(v).is_other()) {
                        return None;
                    }
                    Node::Map(Box::new((map.clone(), Vec::new())))
                }
                Val::Other => return None,
            },
            Expr::Variable(var, ..) => Node::Slot(self.lookup(var)?.slot),
            Expr::FnCall(call, ..) => self.operator(call)?,
            Expr::And(operands, ..) => Node::And(self.exprs(operands)?),
            Expr::Or(operands, ..) => Node::Or(self.exprs(operands)?),
            Expr::Stmt(b) => Node::Block(self.block(b.statements())?),
            Expr::Map(x, ..) => {
                let (entries, template) = &**x;
                if entries.len() > self.max_map || entries.len() != template.len() {
                    return None;
                }
                let entries = entries
                    .iter()
                    .map(|(key, e)| Some((key.name.as_str().into(), self.expr(e)?)))
                    .collect::<Option<Vec<_>>>()?;
                Node::Map(Box::new((template.clone(), entries)))
            }
            _ => return None,
        })
    }

    fn exprs(&mut self, exprs: &[Expr]) -> Option<Vec<Node>> {
        exprs.iter().map(|e| self.expr(e)).collect()
    }

    /// An operator's call (a call of a function by name is not one).
    fn operator(&mut self, call: &FnCallExpr) -> Option<Node> {
        if !call.namespace.is_empty() || call.capture_parent_scope {
            return None;
        }
        let token = call.op_token.as_ref()?;
        match &call.args[..] {
            [operand] => {
                let unary = match token {
                    Token::Minus => Unary::Neg,
                    Token::Plus => Unary::Plus,
                    Token::Bang => Unary::Not,
                    _ => return None,
                };
                Some(Node::Unary(unary, Box::new(self.expr(operand)?)))
            }
            [a, b] => {
                let op = Op::of(token)?;
                Some(Node::Binary(op, Box::new([self.expr(a)?, self.expr(b)?])))
            }
            _ => None,
        }
    }

    /// The innermost variable of a plain (unqualified) name.
    fn lookup(
        &self,
        var: &(
            Option<std::num::NonZeroUsize>,
            rhai::ImmutableString,
            rhai::Namespace,
            u64,
        ),
    ) -> Option<&Name> {
        let (_, name, namespace, _) = var;
        if !namespace.is_empty() {
            return None;
        }
        self.names.iter().rev().find(|n| n.name == name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rhai::Dynamic;

    use crate::diagnostic::{SourceFile, Span};
    use crate::engine::dice::{Source, Stream};
    use crate::script::{
        BuiltinFiles, Hook, HookDecl, Limits, MemoryFiles, ScriptFiles, ScriptHost,
    };

    fn hook_in(
        host: &ScriptHost,
        files: Arc<dyn ScriptFiles>,
        path: &str,
        function: &str,
        arity: usize,
    ) -> Hook {
        let script = host.load(files, path).expect("loads");
        let yaml = SourceFile::new("t/ruleset.yaml", "rule: f\n");
        script
            .hook(&HookDecl {
                rule: "rule",
                function,
                arity,
                file: &yaml,
                span: Span::new(6, 7),
            })
            .expect("resolves")
    }

    /// The hook's answer both ways: its value, or its error as reported.
    fn both(hook: &Hook, args: &[Dynamic]) -> [Result<String, String>; 2] {
        let shown = |r: Result<Dynamic, crate::script::ScriptError>| {
            r.map(|v| format!("{v:?}")).map_err(|e| format!("{e:?}"))
        };
        [
            shown(hook.call(args.to_vec())),
            shown(hook.call_in_rhai(args.to_vec())),
        ]
    }

    /// Integers around every small value and the edges of overflow.
    fn int(stream: &mut Stream) -> i64 {
        const EDGES: [i64; 6] = [
            i64::MAX,
            i64::MIN,
            i64::MAX - 1,
            i64::MIN + 1,
            1 << 62,
            -(1 << 62),
        ];
        match stream.below(8) {
            0 => EDGES[stream.below(6) as usize],
            _ => i64::from(stream.below(21)) - 10,
        }
    }

    /// The shipped hooks that are plain arithmetic are evaluated natively,
    /// and give what Rhai gives (values, and errors such as an overflow,
    /// which Rhai reports) over thousands of arguments.
    #[test]
    fn shipped_arithmetic_hooks_answer_as_rhai_does() {
        let host = ScriptHost::new();
        // Folder, file, function, and its arguments' kinds: an integer,
        // a boolean or an array.
        let cases = [
            ("rulesets/pro", "hit.rhai", "hit_distance_pro", "iiiiiiii"),
            (
                "rulesets/basic",
                "hit.rhai",
                "hit_distance_basic",
                "iiiiiiii",
            ),
            ("rulesets/basic", "hit.rhai", "hit_direction_basic", "ia"),
            ("rulesets/pro", "throw.rhai", "throw_roll_pro", "iiiiib"),
            ("rulesets/basic", "throw.rhai", "throw_roll_basic", "iiiiib"),
            ("rulesets/pro", "stamina.rhai", "stamina_initial_pro", "iib"),
            (
                "rulesets/major",
                "stamina.rhai",
                "stamina_initial_major",
                "iib",
            ),
            (
                "rulesets/major",
                "stamina.rhai",
                "stamina_shortened_major",
                "ii",
            ),
            (
                "rulesets/major",
                "running.rhai",
                "home_collision_major",
                "iib",
            ),
            ("rulesets/major", "running.rhai", "long_run_major", "ii"),
        ];
        let mut stream = Stream::new(11, 0, Source::Dice);
        for (ruleset, file, function, kinds) in cases {
            let files: Arc<dyn ScriptFiles> = Arc::new(BuiltinFiles::new(ruleset));
            let hook = hook_in(&host, files, file, function, kinds.len());
            assert!(hook.is_native(), "{function} is plain arithmetic");
            let (mut values, mut errors) = (0, 0);
            for _ in 0..400 {
                let args: Vec<Dynamic> = kinds
                    .chars()
                    .map(|k| match k {
                        'b' => Dynamic::from_bool(stream.below(2) == 1),
                        'a' => Dynamic::from_array(vec![Dynamic::from_int(3)]),
                        _ => Dynamic::from_int(int(&mut stream)),
                    })
                    .collect();
                let [native, rhai] = both(&hook, &args);
                assert_eq!(native, rhai, "{function}{args:?}");
                match hook.native_answer(&args) {
                    Some(_) => values += 1,
                    None => errors += usize::from(native.is_err()),
                }
            }
            assert!(values > 100, "{function}: {values} values");
            // Those that add or subtract meet an overflow.
            let overflows = ![
                "stamina_initial_pro",
                "hit_direction_basic",
                "long_run_major",
            ]
            .contains(&function);
            if overflows {
                assert!(errors > 0, "{function}: no overflow was tried");
            }
        }
    }

    const SCRIPT: &str = r#"
fn arith(a, b) { a * 3 - b + a % 5 }
fn divide(a, b) { a / b + a % b }
fn shadow(a) { let x = a; { let x = x * 2; x += 1; } let y = if a > 0 { let x = 10; x } else { -a }; x + y }
fn flags(a, b, t) { if t && a < b || !t && a >= b { a - b } else if a == b { 0 } else { -(a - b) } }
fn early(a) { if a < 0 { return -1; } let n = a; n *= 2; n -= 3; n /= 1; n %= 1000; n }
fn unit(a) { if a > 0 { a } }
fn record(a, b) { #{ sum: a + b, more: a > b, both: a == b } }
fn signs(a) { -a + +a }
fn consts(a) { const K = 7; a * K }
fn truth(t, u) { t == u && t != !u || t }
fn mixed(a, t) { a + t }
fn guard(a, t) { if a { t } else { 1 } }
fn ignores(a, faces) { a + 1 }
fn compare(a, b) { #{ eq: a == b, ne: a != b, lt: a < b, le: a <= b, gt: a > b, ge: a >= b } }
fn empty(a, b) { }
fn calls(a) { abs(a) }
fn text(a) { `${a}` }
fn looping(a) { let s = 0; for i in 0..a { s += i; } s }
fn indexing(a, faces) { faces[a] }
fn throws(a) { if a > 0 { throw "no" } a }
"#;

    /// Each construct the translation takes gives Rhai's value or Rhai's
    /// error; a function with anything else is left to Rhai.
    #[test]
    fn constructs_answer_as_rhai_does() {
        let host = ScriptHost::new();
        let files: Arc<dyn ScriptFiles> =
            Arc::new(MemoryFiles::from_texts("t", [("s.rhai", SCRIPT)]));
        let native = [
            ("arith", 2),
            ("divide", 2),
            ("shadow", 1),
            ("flags", 3),
            ("early", 1),
            ("unit", 1),
            ("record", 2),
            ("signs", 1),
            ("consts", 1),
            ("truth", 2),
            ("mixed", 2),
            ("guard", 2),
            ("ignores", 2),
            ("compare", 2),
            ("empty", 2),
        ];
        let rhai_only = [
            ("calls", 1),
            ("text", 1),
            ("looping", 1),
            ("indexing", 2),
            ("throws", 1),
        ];
        let values = [
            Dynamic::from_int(0),
            Dynamic::from_int(-3),
            Dynamic::from_int(7),
            Dynamic::from_int(i64::MAX),
            Dynamic::from_int(i64::MIN),
            Dynamic::from_bool(true),
            Dynamic::from_bool(false),
            Dynamic::UNIT,
            Dynamic::from_array(vec![Dynamic::from_int(1)]),
        ];
        for (function, arity) in native.into_iter().chain(rhai_only) {
            let hook = hook_in(&host, Arc::clone(&files), "s.rhai", function, arity);
            assert_eq!(
                hook.is_native(),
                native.contains(&(function, arity)),
                "{function}"
            );
            let mut answered = 0;
            // Every combination of the values.
            for n in 0..values.len().pow(arity as u32) {
                let args: Vec<Dynamic> = (0..arity)
                    .map(|i| values[n / values.len().pow(i as u32) % values.len()].clone())
                    .collect();
                let [native, rhai] = both(&hook, &args);
                assert_eq!(native, rhai, "{function}{args:?}");
                answered += usize::from(hook.native_answer(&args).is_some());
            }
            // Not all left to Rhai.
            assert_eq!(
                answered > 0,
                hook.is_native(),
                "{function}: {answered} answered"
            );
        }
        let hook = hook_in(&host, Arc::clone(&files), "s.rhai", "shadow", 1);
        assert_eq!(hook.call_as::<i64>((4_i64,)).ok(), Some(14));
        let hook = hook_in(&host, files, "s.rhai", "record", 2);
        let map = hook.call_as::<rhai::Map>((2_i64, 1_i64)).expect("a map");
        assert_eq!(
            format!("{map:?}"),
            r#"{"both": false, "more": true, "sum": 3}"#
        );
    }

    /// A function that could reach one of the host's limits is left to
    /// Rhai, which enforces them. (Rhai checks a map literal's size as it
    /// compiles.)
    #[test]
    fn tight_limits_leave_hooks_to_rhai() {
        let files: Arc<dyn ScriptFiles> =
            Arc::new(MemoryFiles::from_texts("t", [("s.rhai", SCRIPT)]));
        for limits in [
            Limits {
                max_operations: 20,
                ..Limits::default()
            },
            Limits {
                max_variables: 2,
                ..Limits::default()
            },
        ] {
            let host = ScriptHost::with_limits(limits.clone());
            let shadow = hook_in(&host, Arc::clone(&files), "s.rhai", "shadow", 1);
            assert!(!shadow.is_native(), "{limits:?}");
            for a in [-5_i64, 0, 4] {
                let [native, rhai] = both(&shadow, &[Dynamic::from_int(a)]);
                assert_eq!(native, rhai);
            }
        }
    }

    /// Random functions over integers and booleans: an integer expression
    /// (`int`), a condition (`cond`) and a body of statements. Now and then
    /// an operand of the wrong type, as a careless script might have.
    struct Random(Stream);

    impl Random {
        fn pick(&mut self, n: u32) -> u32 {
            self.0.below(n)
        }

        fn int(&mut self, depth: u32, vars: &[&str]) -> String {
            if depth == 0 || self.pick(4) == 0 {
                return match self.pick(4) {
                    0 => [
                        "0",
                        "1",
                        "-2",
                        "7",
                        "9223372036854775807",
                        "-4611686018427387904",
                    ][self.pick(6) as usize]
                        .to_owned(),
                    1 if self.pick(8) == 0 => "t".to_owned(),
                    _ => vars[self.pick(vars.len() as u32) as usize].to_owned(),
                };
            }
            let d = depth - 1;
            match self.pick(6) {
                0 => format!("-({})", self.int(d, vars)),
                1 => format!(
                    "(if {} {{ {} }} else {{ {} }})",
                    self.cond(d, vars),
                    self.int(d, vars),
                    self.int(d, vars)
                ),
                _ => {
                    let op = ["+", "-", "*", "/", "%"][self.pick(5) as usize];
                    let (a, b) = (self.int(d, vars), self.int(d, vars));
                    if self.pick(2) == 0 {
                        format!("({a} {op} {b})")
                    } else {
                        format!("{a} {op} {b}")
                    }
                }
            }
        }

        fn cond(&mut self, depth: u32, vars: &[&str]) -> String {
            if depth == 0 || self.pick(5) == 0 {
                let kinds = if self.pick(8) == 0 { 4 } else { 3 };
                return ["t", "true", "false", "a"][self.pick(kinds) as usize].to_owned();
            }
            let d = depth - 1;
            match self.pick(4) {
                0 => format!("!({})", self.cond(d, vars)),
                1 => {
                    let op = ["&&", "||", "==", "!="][self.pick(4) as usize];
                    format!("({} {op} {})", self.cond(d, vars), self.cond(d, vars))
                }
                _ => {
                    let op = ["<", "<=", ">", ">=", "==", "!="][self.pick(6) as usize];
                    format!("({} {op} {})", self.int(d, vars), self.int(d, vars))
                }
            }
        }

        fn body(&mut self) -> String {
            let mut vars = vec!["a", "b", "c"];
            let mut body = String::new();
            for _ in 0..self.pick(4) {
                match self.pick(4) {
                    0 => {
                        let name = ["x", "y", "a"][self.pick(3) as usize];
                        body += &format!("let {name} = {}; ", self.int(2, &vars));
                        vars.push(name);
                    }
                    1 => {
                        let op = ["=", "+=", "-=", "*=", "/=", "%="][self.pick(6) as usize];
                        let var = vars[self.pick(vars.len() as u32) as usize];
                        body += &format!("{var} {op} {}; ", self.int(2, &vars));
                    }
                    2 => {
                        let (c, v) = (self.cond(2, &vars), self.int(2, &vars));
                        body += &format!("if {c} {{ return {v}; }} ");
                    }
                    _ => {
                        let c = self.cond(2, &vars);
                        body += &format!("if {c} {{ b += 1; }} else {{ c -= 1; }} ");
                    }
                }
            }
            if self.pick(6) == 0 {
                let (x, y) = (self.int(2, &vars), self.cond(1, &vars));
                format!("{body}#{{ n: {x}, yes: {y} }}")
            } else {
                let value = self.int(3, &vars);
                body + value.as_str()
            }
        }
    }

    /// Hundreds of random functions of integer and boolean arithmetic give
    /// Rhai's value or Rhai's error for random arguments, and most of their
    /// calls are answered natively.
    #[test]
    fn random_arithmetic_answers_as_rhai_does() {
        let mut random = Random(Stream::new(5, 0, Source::Dice));
        let script: String = (0..150)
            .map(|i| format!("fn f{i}(a, b, c, t) {{ {} }}\n", random.body()))
            .collect();
        let host = ScriptHost::new();
        let files: Arc<dyn ScriptFiles> =
            Arc::new(MemoryFiles::from_texts("t", [("s.rhai", script.as_str())]));
        let (mut calls, mut answered, mut failed) = (0, 0, 0);
        for i in 0..150 {
            let hook = hook_in(&host, Arc::clone(&files), "s.rhai", &format!("f{i}"), 4);
            let text = script.lines().nth(i).unwrap_or_default();
            assert!(hook.is_native(), "plain arithmetic: {text}");
            for _ in 0..20 {
                let mut args: Vec<Dynamic> = (0..3)
                    .map(|_| Dynamic::from_int(int(&mut random.0)))
                    .collect();
                args.push(Dynamic::from_bool(random.pick(2) == 1));
                let [native, rhai] = both(&hook, &args);
                assert_eq!(native, rhai, "{text} {args:?}");
                calls += 1;
                answered += usize::from(hook.native_answer(&args).is_some());
                failed += usize::from(rhai.is_err());
            }
        }
        // Natively answered: every call Rhai answers without an error
        // (an error is always left to Rhai).
        assert_eq!(answered + failed, calls, "{answered} + {failed} of {calls}");
        assert!(
            answered > calls / 3 && failed > calls / 20,
            "{answered}, {failed} of {calls}"
        );
    }
}
