//! `check_team`: checking a team against a resolved ruleset. The file's
//! shape is checked here in Rust (it is the format, the same under every
//! ruleset); the regulation's own rules are the ruleset's: its
//! `roster.check` and `lineup.check` hooks, reading the data rules
//! `roster.limits`, `players.cards` and `lineup.rules`. A house rule that
//! changes any of them changes what a check reports.

use serde::de::DeserializeOwned;

use super::Team;
use super::entries::Entries;
use super::problems::{Problems, Target};
use super::shape::check_shape;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ruleset::schema::{PlayerCards, Roles, Validate, decode_checked};
use crate::ruleset::script_value::to_dynamic;
use crate::ruleset::{OptionValues, RuleBody, Ruleset};
use crate::script::{Dynamic, Map};

/// Every problem of a team under a ruleset: its shape, then, when the
/// ruleset uses Player cards (`players.cards`; BASIC does not), what its
/// `roster.check` and `lineup.check` hooks report. The hooks run only on a
/// team whose shape is sound. `options` are the game's option values (the
/// `dh` option decides whether a lineup may bat a DH). Empty when the team
/// may play.
pub fn check_team(team: &Team, ruleset: &Ruleset, options: &OptionValues) -> Diagnostics {
    let mut out = check_shape(team);
    if out.has_errors() {
        return out;
    }
    let cards = match decoded::<PlayerCards>(ruleset, "players.cards") {
        Ok(cards) => cards,
        Err(d) => return d.into(),
    };
    if !cards.is_some_and(|c| c.used) {
        return out;
    }
    let known = match decoded::<Roles>(ruleset, "players.roles") {
        Ok(roles) => roles
            .map(|r| r.keys().copied().collect())
            .unwrap_or_default(),
        Err(d) => return d.into(),
    };
    let entries = Entries::new(team, known);
    let value = |key: &str| ruleset.value(key).map_or(Dynamic::UNIT, to_dynamic);

    let args = vec![
        Dynamic::from(entries.roster()),
        value("roster.limits"),
        value("players.cards"),
        value("lineup.rules"),
    ];
    out.extend(run(
        ruleset,
        team,
        "roster.check",
        "roster.limits",
        args,
        Target::Roster,
    ));
    if let Some(lineup) = &team.lineup {
        // A ruleset without the `dh` option does not forbid the DH.
        let dh = options.bool("dh").unwrap_or(true);
        let args = vec![
            Dynamic::from(entries.lineup(lineup)),
            Dynamic::from(dh),
            value("lineup.rules"),
        ];
        out.extend(run(
            ruleset,
            team,
            "lineup.check",
            "lineup.rules",
            args,
            Target::Lineup(lineup),
        ));
    }
    out
}

/// Calls the check hook `hook_key`, if the ruleset sets it, and reads its
/// result. `data_key` is the data rule it checks against, whose `source:`
/// a problem without a `clause` or `rule` of its own cites. A script error
/// is the script host's diagnostic, naming the hook, its file, line and
/// column.
fn run(
    ruleset: &Ruleset,
    team: &Team,
    hook_key: &str,
    data_key: &str,
    args: Vec<Dynamic>,
    target: Target<'_>,
) -> Diagnostics {
    let Some(hook) = ruleset.hook(hook_key) else {
        return Diagnostics::default();
    };
    let result = match hook.hook.call_as::<Map>(args) {
        Ok(result) => result,
        Err(error) => return Diagnostic::from(error).into(),
    };
    let default_clause = ruleset
        .rules
        .get(data_key)
        .or_else(|| ruleset.rules.get(hook_key))
        .map_or(hook_key, |rule| rule.source.as_str());
    Problems {
        hook: &hook.hook,
        default_clause,
        ruleset,
        team,
        target,
    }
    .read(result)
}

/// A data rule's value decoded into its type; `None` when the ruleset does
/// not set the key.
fn decoded<T: DeserializeOwned + Validate>(
    ruleset: &Ruleset,
    key: &str,
) -> Result<Option<T>, Diagnostic> {
    match ruleset.rules.get(key).map(|rule| (rule, &rule.body)) {
        Some((rule, RuleBody::Value(node))) => decode_checked(&rule.file, node).map(Some),
        _ => Ok(None),
    }
}
