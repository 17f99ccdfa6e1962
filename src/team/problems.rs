//! The result of a regulation hook (`roster.check`, `lineup.check`) read
//! back into diagnostics. A hook returns `#{ ok, problems }`, each problem
//! a map `#{ message, players, key, rule, clause, label, hint }`
//! (docs/hooks.md). `Problems::read` checks that shape strictly, so that a
//! house rule's hook returning something else is reported at its function,
//! and turns every problem into a `Diagnostic` at the spot of the team file
//! it names, its message led by the clause it cites.

use super::Team;
use super::lineup::Lineup;
use super::shape::position;
use super::source::At;
use crate::diagnostic::{Diagnostic, Diagnostics, did_you_mean};
use crate::ruleset::Ruleset;
use crate::ruleset::catalogue::Catalogue;
use crate::script::{Array, Dynamic, Hook, Map, type_phrase};

/// What the entries a hook received stand for, so that an entry index can
/// be found in the file.
#[derive(Clone, Copy)]
pub(crate) enum Target<'a> {
    /// The `roster` of `roster.check`: entry `i` is card `i` of `players:`.
    Roster,
    /// The `lineup` of `lineup.check`: the starters of this lineup, in
    /// `Lineup::starters` order.
    Lineup(&'a Lineup),
}

impl Target<'_> {
    /// How many entries the hook received.
    fn len(self, team: &Team) -> usize {
        match self {
            Target::Roster => team.players.len(),
            Target::Lineup(lineup) => lineup.starters().len(),
        }
    }

    /// The card behind an entry.
    fn card_index(self, entry: usize) -> Option<usize> {
        match self {
            Target::Roster => Some(entry),
            Target::Lineup(lineup) => lineup.starters().get(entry).copied(),
        }
    }

    /// The spot of an entry in the file, or of the whole list without one.
    /// `key` picks a key of the entry: a key of the card for the roster
    /// (`star`), a key of the batting slot for the lineup (`role`).
    fn at(self, entry: Option<usize>, key: Option<&str>) -> At {
        match (self, entry) {
            (Target::Roster, None) => At::top("players").on_key(),
            (Target::Roster, Some(i)) => At::card(i).key(key.unwrap_or("name")),
            (Target::Lineup(_), None) => At::top("lineup").on_key(),
            (Target::Lineup(lineup), Some(i)) if i < lineup.order.len() => At::top("lineup")
                .key("order")
                .index(i)
                .key(key.unwrap_or("player")),
            // The one starter past the batting order: a pitcher who does
            // not bat, named by `pitcher:`.
            (Target::Lineup(_), Some(_)) => At::top("lineup").key("pitcher"),
        }
    }
}

/// The keys a problem map may have.
const PROBLEM_KEYS: [&str; 7] = [
    "message", "players", "key", "rule", "clause", "label", "hint",
];

/// One problem as a hook reported it.
struct Problem {
    /// The clause cited: the problem's own `clause`, or the `source:` of
    /// the rule its `rule` names; `None` for the hook's default.
    clause: Option<String>,
    message: String,
    players: Vec<usize>,
    key: Option<String>,
    label: Option<String>,
    hint: Option<String>,
}

/// Reads one hook result for one team.
pub(crate) struct Problems<'a> {
    /// The hook that ran.
    pub hook: &'a Hook,
    /// The clause a problem without `clause` or `rule` cites: the source of
    /// the data rule the hook checks against.
    pub default_clause: &'a str,
    /// The ruleset, whose rules and house-rule ids a problem may cite.
    pub ruleset: &'a Ruleset,
    /// The team checked.
    pub team: &'a Team,
    /// What the hook's entries stand for.
    pub target: Target<'a>,
}

impl Problems<'_> {
    /// The diagnostics of a hook's result: one per problem, or one saying
    /// what is wrong with the result itself.
    pub(crate) fn read(&self, result: Map) -> Diagnostics {
        match self.problems(&result) {
            Ok(problems) => {
                let mut out = Diagnostics::default();
                out.extend(problems.iter().map(|p| self.diagnostic(p)));
                out
            }
            Err(what) => self.bad_result(what).into(),
        }
    }

    fn problems(&self, result: &Map) -> Result<Vec<Problem>, String> {
        let ok = match result.get("ok") {
            Some(v) => v
                .as_bool()
                .map_err(|_| format!("`ok` as {}, not a boolean", type_phrase(v)))?,
            None => return Err("a result without `ok`".into()),
        };
        let list = match result.get("problems") {
            Some(v) => v
                .clone()
                .try_cast::<Array>()
                .ok_or_else(|| format!("`problems` as {}, not an array", type_phrase(v)))?,
            None => return Err("a result without `problems`".into()),
        };
        if let Some(extra) = result
            .keys()
            .find(|k| !matches!(k.as_str(), "ok" | "problems"))
        {
            return Err(format!("a result with an unknown key `{extra}`"));
        }
        let problems = list
            .iter()
            .enumerate()
            .map(|(n, item)| {
                self.problem(item)
                    .map_err(|e| format!("problem {}: {e}", n + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !ok && problems.is_empty() {
            return Err("`ok: false` with no problem listed".into());
        }
        Ok(problems)
    }

    fn problem(&self, item: &Dynamic) -> Result<Problem, String> {
        let Some(map) = item.clone().try_cast::<Map>() else {
            return Err(format!("{}, not a map", type_phrase(item)));
        };
        if let Some(extra) = map.keys().find(|k| !PROBLEM_KEYS.contains(&k.as_str())) {
            let mut e = format!("an unknown key `{extra}`");
            if let Some(best) = did_you_mean(extra, PROBLEM_KEYS) {
                e.push_str(&format!(" (did you mean `{best}`?)"));
            }
            return Err(e);
        }
        let text = |key: &str| -> Result<Option<String>, String> {
            match map.get(key) {
                None => Ok(None),
                Some(v) if v.is_unit() => Ok(None),
                Some(v) => match v.clone().into_string() {
                    Ok(s) => Ok(Some(s)),
                    Err(_) => Err(format!("`{key}` as {}, not a string", type_phrase(v))),
                },
            }
        };
        let message = text("message")?.ok_or("no `message`")?;
        let clause = self.cited(text("clause")?, text("rule")?)?;
        let players = self.entries(map.get("players"))?;
        Ok(Problem {
            clause,
            message,
            players,
            key: text("key")?,
            label: text("label")?,
            hint: text("hint")?,
        })
    }

    /// The clause a problem cites by its `clause` or its `rule`, if any.
    fn cited(
        &self,
        clause: Option<String>,
        rule: Option<String>,
    ) -> Result<Option<String>, String> {
        match (clause, rule) {
            (Some(_), Some(_)) => Err("both `clause` and `rule`: give one".into()),
            (Some(id), None) => {
                let known = Catalogue::builtin().get(&id).is_some()
                    || self.ruleset.house_rules.contains_key(&id);
                if known {
                    Ok(Some(id))
                } else {
                    Err(format!(
                        "`clause: {id}`, which is neither a catalogue id nor a house-rule id of the ruleset"
                    ))
                }
            }
            (None, Some(key)) => match self.ruleset.rules.get(&key) {
                Some(rule) => Ok(Some(rule.source.clone())),
                None => Err(format!("`rule: {key}`, which the ruleset does not set")),
            },
            (None, None) => Ok(None),
        }
    }

    /// A problem's `players`: indexes of the entries the hook received.
    fn entries(&self, players: Option<&Dynamic>) -> Result<Vec<usize>, String> {
        let Some(value) = players.filter(|v| !v.is_unit()) else {
            return Ok(Vec::new());
        };
        let Some(items) = value.clone().try_cast::<Array>() else {
            return Err(format!("`players` as {}, not an array", type_phrase(value)));
        };
        let count = self.target.len(self.team);
        items
            .iter()
            .map(|item| {
                let n = item.as_int().map_err(|_| {
                    format!("`players` holds {}, not an entry index", type_phrase(item))
                })?;
                usize::try_from(n)
                    .ok()
                    .filter(|&n| n < count)
                    .ok_or_else(|| {
                        format!(
                            "`players` names entry {n}, and there are {count} (0 to {})",
                            count.saturating_sub(1)
                        )
                    })
            })
            .collect()
    }

    fn diagnostic(&self, p: &Problem) -> Diagnostic {
        let clause = p.clause.as_deref().unwrap_or(self.default_clause);
        let key = p.key.as_deref();
        let at = self.target.at(p.players.first().copied(), key);
        let mut d = self.team.error(format!("{clause}: {}", p.message), &at);
        if let Some(label) = &p.label {
            d = d.label(label);
        }
        if let Some(hint) = &p.hint {
            d = d.hint(hint);
        }
        if self.team.source.is_some() {
            for &other in p.players.iter().skip(1) {
                let Some(card) = self
                    .target
                    .card_index(other)
                    .and_then(|i| self.team.players.get(i))
                else {
                    continue;
                };
                let spot = position(self.team, &self.target.at(Some(other), key));
                d = d.hint(format!("see {} at {spot}", card.label()));
            }
        }
        d
    }

    /// A result the caller cannot read, reported at the hook's function.
    fn bad_result(&self, what: String) -> Diagnostic {
        let mut d = Diagnostic::error(format!("{} returned {what}", self.hook.name()));
        if let Some(loc) = self.hook.definition() {
            d = d.at(&loc.file, loc.span).label("this function");
        }
        d.hint(
            "a check returns #{ ok: bool, problems: [#{ message, players, key, rule, clause, label, hint }] }; \
             only `message` is required (docs/hooks.md)",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::load_team;

    /// Reads a result as `roster.check` of PRO would, for the Falchi.
    fn read(result: Dynamic) -> Diagnostics {
        let ruleset = Ruleset::load("pro").expect("pro loads");
        let team = load_team("falchi").expect("a sample team");
        let hook = &ruleset
            .hook("roster.check")
            .expect("pro checks rosters")
            .hook;
        Problems {
            hook,
            default_clause: "pro.draft",
            ruleset: &ruleset,
            team: &team,
            target: Target::Roster,
        }
        .read(result.cast::<Map>())
    }

    fn result(problems: Vec<Map>) -> Dynamic {
        let mut m = Map::new();
        m.insert("ok".into(), problems.is_empty().into());
        let list: Array = problems.into_iter().map(Dynamic::from).collect();
        m.insert("problems".into(), list.into());
        m.into()
    }

    fn problem(pairs: &[(&str, Dynamic)]) -> Map {
        pairs
            .iter()
            .map(|(k, v)| ((*k).into(), v.clone()))
            .collect()
    }

    #[test]
    fn a_problem_cites_its_rule_and_points_at_its_player() {
        let d = read(result(vec![problem(&[
            ("message", "too fast".into()),
            (
                "players",
                vec![Dynamic::from(2_i64), Dynamic::from(0_i64)].into(),
            ),
            ("key", "run".into()),
            ("rule", "players.cards".into()),
        ])]));
        assert_eq!(d.len(), 1, "{d}");
        assert_eq!(d.0[0].message, "pro.player-card: too fast");
        let position = d.0[0].position().expect("a position");
        assert!(
            position.starts_with("rulesets/teams/falchi.yaml:"),
            "{position}"
        );
        assert!(
            d.0[0].hints[0].starts_with("see #1 Rocco Tamburini at "),
            "{d}"
        );
    }

    #[test]
    fn a_problem_without_clause_cites_the_checked_data() {
        let d = read(result(vec![problem(&[("message", "short".into())])]));
        assert_eq!(d.0[0].message, "pro.draft: short");
    }

    #[test]
    fn a_result_of_the_wrong_shape_is_reported_at_the_hook() {
        let bad = |problems: Vec<Map>, what: &str| {
            let d = read(result(problems));
            assert_eq!(d.len(), 1, "{d}");
            assert!(d.0[0].message.contains(what), "{}", d.0[0].message);
            assert!(d.0[0].message.starts_with("hook `roster.check`"));
            let position = d.0[0].position().expect("at the function");
            assert!(
                position.starts_with("rulesets/pro/team.rhai:"),
                "{position}"
            );
        };
        bad(vec![problem(&[("players", Dynamic::UNIT)])], "no `message`");
        bad(
            vec![problem(&[
                ("message", "x".into()),
                ("players", vec![Dynamic::from(25_i64)].into()),
            ])],
            "names entry 25, and there are 25",
        );
        bad(
            vec![problem(&[
                ("message", "x".into()),
                ("clause", "pro.draf".into()),
            ])],
            "`clause: pro.draf`",
        );
        bad(
            vec![problem(&[
                ("message", "x".into()),
                ("clause", "pro.draft".into()),
                ("rule", "roster.limits".into()),
            ])],
            "both `clause` and `rule`",
        );
        let mut no_problems = result(vec![]).cast::<Map>();
        no_problems.insert("ok".into(), false.into());
        let d = read(no_problems.into());
        assert!(
            d.0[0].message.contains("`ok: false` with no problem"),
            "{d}"
        );
    }
}
