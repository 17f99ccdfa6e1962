//! Rulesets: layered YAML files plus Rhai scripts. A ruleset file is read
//! into a `RawLayer` (`raw`), its `extends` chain is followed (`load`), and
//! `resolve` merges the chain into the `Ruleset` the engine takes, recording
//! for every rule the layer that set it and the clause it cites. `diff`
//! compares two resolved rulesets; `render` prints them; `script_value`
//! hands rule values to hooks as plain Rhai values.

pub mod catalogue;
pub mod diff;
pub mod load;
pub mod options;
pub mod raw;
pub mod render;
pub mod resolve;
pub mod schema;
pub mod script_value;
pub mod scripts;

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diagnostic::{Diagnostics, SourceFile, Span};
use crate::yaml::Node;

pub use load::Origin;
pub use options::{OptionSpec, OptionType, OptionValue, OptionValues};
pub use scripts::{HookRef, LayerScripts};

/// A resolved ruleset: every effective rule with its provenance.
#[derive(Debug)]
pub struct Ruleset {
    /// The name of the topmost layer.
    pub name: String,
    /// The nearest layer's title.
    pub title: Option<String>,
    /// The nearest layer's description.
    pub description: Option<String>,
    /// The layers, root first.
    pub layers: Vec<Layer>,
    /// The effective rules, by key.
    pub rules: BTreeMap<String, Rule>,
    /// The options a game can set, by name.
    pub options: BTreeMap<String, OptionSpec>,
    /// House-rule ids declared by the layers, with their text.
    pub house_rules: BTreeMap<String, String>,
    /// The compiled scripts of each layer (same order as `layers`).
    pub scripts: Vec<LayerScripts>,
}

/// One layer of a resolved ruleset.
#[derive(Debug)]
pub struct Layer {
    /// Its `ruleset:` name.
    pub name: String,
    /// Its `title:`.
    pub title: Option<String>,
    /// Its `description:`.
    pub description: Option<String>,
    /// Its ruleset file.
    pub file: Arc<SourceFile>,
    /// Where it was read from.
    pub origin: Origin,
}

/// One effective rule.
#[derive(Debug, Clone)]
pub struct Rule {
    /// Its key, such as `count.limits`.
    pub key: String,
    /// Data or a hook.
    pub body: RuleBody,
    /// The catalogue id (or house-rule id) it cites.
    pub source: String,
    /// Its `doc:` line.
    pub doc: Option<String>,
    /// Index in `Ruleset::layers` of the layer that set it.
    pub layer: usize,
    /// The file of that layer.
    pub file: Arc<SourceFile>,
    /// Where its key stands in that file.
    pub span: Span,
    /// Whether it is a house rule's own data (`new: true`).
    pub new: bool,
}

/// What a rule is.
#[derive(Debug, Clone)]
pub enum RuleBody {
    /// Data.
    Value(Node),
    /// A procedure: a function of a layer's scripts.
    Hook(HookRef),
}

impl Ruleset {
    /// Loads a ruleset by built-in name or path, with its whole chain.
    pub fn load(arg: &str) -> Result<Ruleset, Diagnostics> {
        let origin = Origin::from_arg(arg)?;
        let (chain, problems) = load::load_chain(origin)?;
        resolve::resolve(chain, problems)
    }

    /// The value of a data rule, if the ruleset sets `key` as data.
    pub fn value(&self, key: &str) -> Option<&Node> {
        match &self.rules.get(key)?.body {
            RuleBody::Value(node) => Some(node),
            RuleBody::Hook(_) => None,
        }
    }

    /// The procedure of a hook rule, if the ruleset sets `key` as a hook.
    pub fn hook(&self, key: &str) -> Option<&HookRef> {
        match &self.rules.get(key)?.body {
            RuleBody::Hook(hook) => Some(hook),
            RuleBody::Value(_) => None,
        }
    }

    /// The layer that set a rule.
    pub fn layer_of(&self, rule: &Rule) -> &Layer {
        &self.layers[rule.layer]
    }

    /// The option values of a game: the defaults with `key=value` settings
    /// applied (given with `--set`, as the diagnostics say).
    pub fn option_values(&self, settings: &[String]) -> Result<OptionValues, Diagnostics> {
        self.option_values_from("--set", settings)
    }

    /// `option_values`, the settings given with the command-line flag
    /// `flag` (such as `--baseline-set`), which the diagnostics name.
    pub fn option_values_from(
        &self,
        flag: &str,
        settings: &[String],
    ) -> Result<OptionValues, Diagnostics> {
        options::apply_settings(&self.options, flag, settings)
    }
}
