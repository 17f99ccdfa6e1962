//! `TeamRules`: the rules of team preparation a resolved ruleset sets,
//! decoded once for the draft, the no-draft split and the lineup builder:
//! `roster.limits` (pro.draft), `draft.order` (pro.draft), `draft.split`
//! (pro.draft.none), `lineup.rules` (pro.lineup), the roles
//! `players.roles` knows, and the game's `dh` option. Each rule keeps the
//! clause it cites, so that a problem names the rule it breaks (a house
//! rule's own id when a house rule set it).

use serde::de::DeserializeOwned;

use super::card::PlayerCard;
use super::role::Role;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ruleset::schema::{
    DraftOrder, DraftSplit, LineupRules, PlayerCards, Roles, RosterLimits, Validate, decode_checked,
};
use crate::ruleset::{OptionValues, RuleBody, Ruleset};

/// A rule's decoded value and the clause (or house-rule id) it cites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cited<T> {
    /// The value.
    pub value: T,
    /// Its rule's `source:`.
    pub clause: String,
}

/// The team-preparation rules of one ruleset, under one game's options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRules {
    /// The ruleset's name, for messages.
    pub ruleset: String,
    /// `roster.limits`: what a roster holds.
    pub limits: Cited<RosterLimits>,
    /// `lineup.rules`: what a starting lineup holds.
    pub lineup: Cited<LineupRules>,
    /// `draft.order`, when the ruleset has a draft.
    pub order: Option<Cited<DraftOrder>>,
    /// `draft.split`, when the ruleset splits the box without a draft.
    pub split: Option<Cited<DraftSplit>>,
    /// Whether the game allows a designated hitter (the `dh` option; a
    /// ruleset without the option does not forbid one).
    pub dh: bool,
    /// The roles `players.roles` names: a pitcher counts as his MAJOR role
    /// only where the ruleset knows it, as `check_team` counts him.
    pub known: Vec<Role>,
}

impl TeamRules {
    /// Reads the rules from a ruleset that uses Player cards. A ruleset
    /// without them (BASIC) has no roster to prepare, and says so.
    pub fn new(ruleset: &Ruleset, options: &OptionValues) -> Result<TeamRules, Diagnostics> {
        let name = ruleset.name.clone();
        let cards = decoded::<PlayerCards>(ruleset, "players.cards")?;
        if !cards.is_some_and(|c| c.value.used) {
            return Err(Diagnostic::error(format!(
                "the ruleset `{name}` plays without Player cards: there are no teams to prepare"
            ))
            .hint("the draft and the lineup are PRO rules (pro.draft, pro.lineup): try `--ruleset pro`")
            .into());
        }
        let limits = required::<RosterLimits>(ruleset, "roster.limits");
        let lineup = required::<LineupRules>(ruleset, "lineup.rules");
        let order = decoded::<DraftOrder>(ruleset, "draft.order");
        let split = decoded::<DraftSplit>(ruleset, "draft.split");
        let known = decoded::<Roles>(ruleset, "players.roles")
            .map(|roles| roles.map(|r| r.value.keys().copied().collect::<Vec<_>>()));
        match (limits, lineup, order, split, known) {
            (Ok(limits), Ok(lineup), Ok(order), Ok(split), Ok(known)) => Ok(TeamRules {
                ruleset: name,
                limits,
                lineup,
                order,
                split,
                dh: options.bool("dh").unwrap_or(true),
                known: known.unwrap_or_else(|| Role::ALL[..10].to_vec()),
            }),
            (limits, lineup, order, split, known) => {
                let mut problems = Diagnostics::default();
                for d in [
                    limits.err(),
                    lineup.err(),
                    order.err(),
                    split.err(),
                    known.err(),
                ]
                .into_iter()
                .flatten()
                {
                    problems.extend(d);
                }
                Err(problems)
            }
        }
    }

    /// `draft.order`, or why there is no draft.
    pub fn draft_order(&self) -> Result<&Cited<DraftOrder>, Diagnostic> {
        self.order.as_ref().ok_or_else(|| {
            Diagnostic::error(format!(
                "the ruleset `{}` sets no `draft.order`: it has no draft",
                self.ruleset
            ))
            .hint("PRO's draft is pro.draft: try `--ruleset pro`, or split the box with `bod team split`")
        })
    }

    /// `draft.split`, or why there is no split.
    pub fn draft_split(&self) -> Result<&Cited<DraftSplit>, Diagnostic> {
        self.split.as_ref().ok_or_else(|| {
            Diagnostic::error(format!(
                "the ruleset `{}` sets no `draft.split`: it does not split the box into two teams",
                self.ruleset
            ))
            .hint("PRO's split is pro.draft.none: try `--ruleset pro`")
        })
    }

    /// The role a card counts as under the ruleset: a pitcher's MAJOR role
    /// where `players.roles` knows it, else `P`; any other card its role.
    pub fn counted_role(&self, card: &PlayerCard) -> Role {
        card.counted_role(|r| self.known.contains(r))
    }

    /// Whether a card may start as the pitcher (`lineup.rules`).
    pub fn may_start_pitching(&self, card: &PlayerCard) -> bool {
        card.is_pitcher()
            && self
                .lineup
                .value
                .starting_pitcher
                .contains(&self.counted_role(card))
    }
}

/// A data rule the ruleset must set.
fn required<T: DeserializeOwned + Validate>(
    ruleset: &Ruleset,
    key: &str,
) -> Result<Cited<T>, Diagnostics> {
    decoded(ruleset, key)?.ok_or_else(|| {
        Diagnostic::error(format!(
            "the ruleset `{}` uses Player cards but sets no `{key}`",
            ruleset.name
        ))
        .hint(format!(
            "add `{key}` to the ruleset, or extend `pro`, which sets it"
        ))
        .into()
    })
}

/// A data rule's value and clause; `None` when the ruleset does not set it
/// as data.
fn decoded<T: DeserializeOwned + Validate>(
    ruleset: &Ruleset,
    key: &str,
) -> Result<Option<Cited<T>>, Diagnostics> {
    match ruleset.rules.get(key) {
        Some(rule) => match &rule.body {
            RuleBody::Value(node) => Ok(Some(Cited {
                value: decode_checked(&rule.file, node)?,
                clause: rule.source.clone(),
            })),
            RuleBody::Hook(_) => Ok(None),
        },
        None => Ok(None),
    }
}

/// PRO's team rules with these option settings, for tests.
#[cfg(test)]
pub(crate) fn pro(
    settings: &[&str],
) -> (
    crate::ruleset::Ruleset,
    TeamRules,
    crate::ruleset::OptionValues,
) {
    let ruleset = crate::ruleset::Ruleset::load("pro").expect("PRO");
    let settings: Vec<String> = settings.iter().map(|s| s.to_string()).collect();
    let options = ruleset.option_values(&settings).expect("good settings");
    let rules = TeamRules::new(&ruleset, &options).expect("team rules");
    (ruleset, rules, options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::schema::Side;

    fn rules(name: &str, settings: &[&str]) -> Result<TeamRules, Diagnostics> {
        let ruleset = Ruleset::load(name).expect("a built-in ruleset");
        let settings: Vec<String> = settings.iter().map(|s| s.to_string()).collect();
        let options = ruleset.option_values(&settings).expect("good settings");
        TeamRules::new(&ruleset, &options)
    }

    #[test]
    fn pro_sets_every_team_rule() {
        let pro = rules("pro", &["dh=false"]).expect("PRO's team rules");
        let order = pro.draft_order().expect("PRO has a draft");
        assert_eq!(order.clause, "pro.draft");
        assert_eq!(order.value.first, Side::Home);
        assert_eq!(pro.draft_split().expect("a split").clause, "pro.draft.none");
        assert_eq!(pro.lineup.clause, "pro.lineup");
        assert_eq!(pro.limits.value.max_players, 25);
        assert!(!pro.dh);
    }

    #[test]
    fn basic_has_no_teams_to_prepare() {
        let err = rules("basic", &[]).unwrap_err();
        assert!(err.0[0].message.contains("without Player cards"), "{err:?}");
        assert!(err.0[0].hints[0].contains("--ruleset pro"), "{err:?}");
    }

    #[test]
    fn major_counts_pitchers_by_their_major_role() {
        let major = rules("major", &[]).expect("MAJOR's team rules");
        let corsari = crate::team::load_team("corsari").expect("a sample team");
        let closer = corsari.card(32).expect("Flavio Greco");
        assert_eq!(major.counted_role(closer), Role::Closer);
        assert!(!major.may_start_pitching(closer));
        let pro = rules("pro", &[]).expect("PRO's team rules");
        assert_eq!(pro.counted_role(closer), Role::Pitcher);
        assert!(pro.may_start_pitching(closer));
    }
}
