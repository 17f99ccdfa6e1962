//! Reading team files. `load_team` finds a file (a shipped sample by name,
//! or a path) and is the only IO of the module; `parse_team` turns a
//! file's text into a `Team` in two steps, as a compiler does: first every
//! problem that keeps the file from being read (YAML syntax, unknown keys,
//! wrong types, unknown roles, lineup names that match no card), then, on
//! a readable file, every problem of its values (`shape`).

use std::collections::BTreeMap;
use std::fmt;
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use serde::de::{self, Deserializer, IgnoredAny, Visitor};

use super::Team;
use super::card::{Abilities, Directions, PlayerCard, Throws, limits};
use super::lineup::{Lineup, Slot};
use super::role::Role;
use super::shape::{check_shape, out_of_range};
use super::source::{At, TeamSource};
use crate::builtin;
use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::yaml::{self, Node, Value};

/// Where the shipped sample teams live.
const TEAMS_DIR: &str = "rulesets/teams";

/// The names of the shipped teams (file stems under rulesets/teams/).
pub fn team_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = builtin::files_under(TEAMS_DIR)
        .filter_map(|(path, _)| path.strip_prefix("rulesets/teams/")?.strip_suffix(".yaml"))
        .filter(|name| !name.contains('/'))
        .collect();
    names.sort_unstable();
    names
}

/// Loads a team by shipped name (`falchi`) or by path to a team file.
pub fn load_team(name_or_path: &str) -> Result<Team, Diagnostics> {
    let arg = name_or_path;
    let looks_like_path = arg.contains('/')
        || arg.contains('\\')
        || arg.ends_with(".yaml")
        || arg.ends_with(".yml")
        || arg.starts_with('.');
    if !looks_like_path {
        let path = format!("{TEAMS_DIR}/{arg}.yaml");
        if let Some(text) = builtin::file(&path) {
            return parse_team(&SourceFile::new(path, text));
        }
        if !Path::new(arg).exists() {
            let names = team_names();
            return Err(
                Diagnostic::error(format!("no shipped team is named `{arg}`"))
                    .suggest(arg, names.iter().copied())
                    .hint(format!(
                        "the shipped teams are {}; a team file of your own is given by its path",
                        names.join(", ")
                    ))
                    .into(),
            );
        }
    }
    let shown = arg.replace('\\', "/");
    let text = std::fs::read_to_string(arg)
        .map_err(|e| Diagnostic::error(format!("cannot read team file `{shown}`: {e}")))?;
    parse_team(&SourceFile::new(shown, text))
}

/// Reads a team from a file's text. Pure: no IO.
pub fn parse_team(file: &Arc<SourceFile>) -> Result<Team, Diagnostics> {
    let root = yaml::parse(file)?;
    let source = TeamSource {
        file: Arc::clone(file),
        root,
    };
    let team = Reader::new(&source).team()?;
    let problems = check_shape(&team);
    if problems.has_errors() {
        Err(problems)
    } else {
        Ok(team)
    }
}

/// The top-level keys besides the players and the lineup, which are read
/// item by item so that every bad card is reported.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeader {
    team: String,
    code: String,
    #[serde(default)]
    city: Option<String>,
    #[serde(default)]
    colours: Vec<String>,
    #[serde(default)]
    sample: bool,
    #[serde(rename = "players")]
    _players: IgnoredAny,
    #[serde(default, rename = "lineup")]
    _lineup: Option<IgnoredAny>,
}

/// A card as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    name: String,
    number: Int,
    role: String,
    #[serde(default)]
    major_role: Option<String>,
    bat: RawAbilities,
    #[serde(default)]
    pitch: Option<RawAbilities>,
    star: Int,
    run: Int,
    dirs: BTreeMap<Int, Vec<Int>>,
    action: Int,
    #[serde(default)]
    throws: RawThrows,
    #[serde(default)]
    base_box: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbilities {
    #[serde(rename = "F")]
    f: Int,
    #[serde(rename = "C")]
    c: Int,
    #[serde(rename = "D")]
    d: Int,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawThrows {
    #[serde(default)]
    first: Option<Int>,
    #[serde(default)]
    second: Option<Int>,
    #[serde(default)]
    third: Option<Int>,
    #[serde(default)]
    home: Option<Int>,
    #[serde(default)]
    cut_1_2: Option<Int>,
    #[serde(default)]
    cut_2_3: Option<Int>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLineup {
    order: Vec<RawSlot>,
    #[serde(default)]
    pitcher: Option<PlayerRef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSlot {
    player: PlayerRef,
    role: String,
}

/// A whole number as written, read wide so that a wild value is reported
/// with the range it should be in rather than as "expected u8".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Int(i64);

impl<'de> Deserialize<'de> for Int {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IntVisitor;
        impl Visitor<'_> for IntVisitor {
            type Value = Int;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a whole number")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Int, E> {
                Ok(Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Int, E> {
                Ok(Int(i64::try_from(v).unwrap_or(i64::MAX)))
            }
        }
        deserializer.deserialize_any(IntVisitor)
    }
}

/// A lineup's reference to a card: its number, or its name when only one
/// card carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum PlayerRef {
    Number(i64),
    Name(String),
}

impl<'de> Deserialize<'de> for PlayerRef {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RefVisitor;
        impl Visitor<'_> for RefVisitor {
            type Value = PlayerRef;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a card number or a player's name")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<PlayerRef, E> {
                Ok(PlayerRef::Number(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<PlayerRef, E> {
                Ok(PlayerRef::Number(i64::try_from(v).unwrap_or(i64::MAX)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<PlayerRef, E> {
                Ok(PlayerRef::Name(v.to_string()))
            }
        }
        deserializer.deserialize_any(RefVisitor)
    }
}

/// Collects the read problems of one file.
struct Reader<'a> {
    source: &'a TeamSource,
    problems: Diagnostics,
}

impl<'a> Reader<'a> {
    fn new(source: &'a TeamSource) -> Self {
        Self {
            source,
            problems: Diagnostics::default(),
        }
    }

    fn error(&mut self, message: impl Into<String>, at: &At) -> &mut Diagnostic {
        self.problems.push(self.source.error(message, at));
        self.problems.0.last_mut().expect("just pushed")
    }

    fn team(mut self) -> Result<Team, Diagnostics> {
        let root = &self.source.root;
        let file = &self.source.file;
        if !matches!(root.value, Value::Map(_)) {
            let what = if root.value == Value::Null {
                "this team file is empty".to_string()
            } else {
                format!("a team file is a mapping, found {}", root.value.kind())
            };
            let d = Diagnostic::error(what)
                .at(file, Span::new(0, 0))
                .hint("a team file needs `team:`, `code:` and `players:`; see docs/teams.md");
            return Err(d.into());
        }
        let header = match yaml::decode::<RawHeader>(file, root) {
            Ok(h) => Some(h),
            Err(d) => {
                self.problems.push(d);
                None
            }
        };
        let players = match root.get("players") {
            Some(node) => self.cards(node),
            None => Vec::new(),
        };
        let cards_ok = self.problems.is_empty();
        let lineup = match root.get("lineup") {
            Some(node) if node.value != Value::Null => {
                match yaml::decode::<RawLineup>(file, node) {
                    Ok(raw) if cards_ok => self.lineup(&raw, &players),
                    Ok(_) => None,
                    Err(d) => {
                        self.problems.push(d);
                        None
                    }
                }
            }
            _ => None,
        };
        match header {
            Some(h) if self.problems.is_empty() => Ok(Team {
                name: h.team,
                code: h.code,
                city: h.city,
                colours: h.colours,
                sample: h.sample,
                players,
                lineup,
                source: Some(self.source.clone()),
            }),
            _ => Err(self.problems),
        }
    }

    fn cards(&mut self, node: &Node) -> Vec<PlayerCard> {
        let Value::Seq(items) = &node.value else {
            self.error(
                format!("`players` is a list of cards, found {}", node.value.kind()),
                &At::top("players"),
            );
            return Vec::new();
        };
        let mut cards = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            match yaml::decode::<RawCard>(&self.source.file, item) {
                Ok(raw) => {
                    if let Some(card) = self.card(i, raw) {
                        cards.push(card);
                    }
                }
                Err(d) => self.problems.push(d),
            }
        }
        cards
    }

    fn card(&mut self, i: usize, raw: RawCard) -> Option<PlayerCard> {
        let before = self.problems.len();
        let at = At::card(i);
        let role = self.role(&raw.role, &at.clone().key("role"));
        let major_role = match &raw.major_role {
            Some(code) => self.role(code, &at.clone().key("major_role")),
            None => None,
        };
        let number = match u32::try_from(raw.number.0) {
            Ok(n) => n,
            Err(_) => {
                self.error(
                    format!("a card number must be 1 or more, found {}", raw.number.0),
                    &at.clone().key("number"),
                );
                0
            }
        };
        let bat = self.abilities(&raw.bat, &at.clone().key("bat"), "batting");
        let pitch = raw
            .pitch
            .as_ref()
            .map(|p| self.abilities(p, &at.clone().key("pitch"), "pitching"));
        let star = self.small(
            raw.star,
            limits::STAR,
            "star quality",
            &at.clone().key("star"),
        );
        let run = self.small(raw.run, limits::RUN, "base run", &at.clone().key("run"));
        let action = self.small(
            raw.action,
            limits::ACTION,
            "action points",
            &at.clone().key("action"),
        );
        let dirs = self.dirs(&raw.dirs, &at.clone().key("dirs"));
        let t = &raw.throws;
        let at_t = at.clone().key("throws");
        let mut throw = |v: Option<Int>, key: &str| {
            v.map(|v| self.small(v, limits::THROW, "a throw minimum", &at_t.clone().key(key)))
        };
        let throws = Throws {
            first: throw(t.first, "first"),
            second: throw(t.second, "second"),
            third: throw(t.third, "third"),
            home: throw(t.home, "home"),
            cut_1_2: throw(t.cut_1_2, "cut_1_2"),
            cut_2_3: throw(t.cut_2_3, "cut_2_3"),
        };
        if self.problems.len() > before {
            return None;
        }
        Some(PlayerCard {
            name: raw.name,
            number,
            role: role?,
            major_role,
            bat,
            pitch,
            star,
            run,
            dirs,
            action,
            throws,
            base_box: raw.base_box,
        })
    }

    fn role(&mut self, code: &str, at: &At) -> Option<Role> {
        if let Some(role) = Role::from_code(code) {
            return Some(role);
        }
        let d = self
            .source
            .error(format!("unknown role `{code}`"), at)
            .label("not a role");
        let d = match Role::suggestion(code) {
            Some(r) => d.hint(format!("did you mean `{r}`?")),
            None => d,
        };
        self.problems.push(d.hint(
            "the roles are P, C, 1B, 2B, 3B, SS, LF, CF, RF, DH, and MAJOR's pitcher roles Ps, Pr, Pc",
        ));
        None
    }

    /// A value that must fit a small unsigned integer; one that does not is
    /// reported with its range here, one that fits but is out of range is
    /// left for the shape check (which also checks teams built in code).
    fn small(&mut self, value: Int, range: RangeInclusive<u8>, what: &str, at: &At) -> u8 {
        match u8::try_from(value.0) {
            Ok(v) => v,
            Err(_) => {
                self.error(out_of_range(what, &range, value.0), at);
                *range.start()
            }
        }
    }

    fn abilities(&mut self, raw: &RawAbilities, at: &At, what: &str) -> Abilities {
        let what_f = format!("{what} F");
        let what_c = format!("{what} C");
        let what_d = format!("{what} D");
        Abilities {
            fastball: self.small(raw.f, limits::ABILITY, &what_f, &at.clone().key("F")),
            curveball: self.small(raw.c, limits::ABILITY, &what_c, &at.clone().key("C")),
            dropball: self.small(raw.d, limits::ABILITY, &what_d, &at.clone().key("D")),
        }
    }

    fn dirs(&mut self, raw: &BTreeMap<Int, Vec<Int>>, at: &At) -> Directions {
        let mut dirs = Directions::default();
        for (&Int(direction), faces) in raw {
            let key_at = at.clone().key(direction.to_string());
            let slot = usize::try_from(direction)
                .ok()
                .and_then(|d| d.checked_sub(1))
                .and_then(|i| dirs.0.get_mut(i));
            let Some(slot) = slot else {
                self.error(
                    format!("there is no batting direction {direction}"),
                    &key_at.on_key(),
                )
                .hints
                .push("the batting directions are 1 to 6".to_string());
                continue;
            };
            for (j, &Int(face)) in faces.iter().enumerate() {
                match u8::try_from(face) {
                    Ok(f) => slot.push(f),
                    Err(_) => {
                        self.error(
                            out_of_range("a die face", &limits::FACE, face),
                            &key_at.clone().index(j),
                        );
                    }
                }
            }
        }
        dirs
    }

    fn lineup(&mut self, raw: &RawLineup, players: &[PlayerCard]) -> Option<Lineup> {
        let before = self.problems.len();
        let at = At::top("lineup");
        let mut order = Vec::with_capacity(raw.order.len());
        for (i, slot) in raw.order.iter().enumerate() {
            let slot_at = at.clone().key("order").index(i);
            let player = self.player(&slot.player, players, &slot_at.clone().key("player"));
            let role = self.role(&slot.role, &slot_at.clone().key("role"));
            if let (Some(player), Some(role)) = (player, role) {
                order.push(Slot { player, role });
            }
        }
        let pitcher = match &raw.pitcher {
            Some(r) => self.player(r, players, &at.clone().key("pitcher")),
            None => None,
        };
        (self.problems.len() == before).then_some(Lineup { order, pitcher })
    }

    fn player(&mut self, r: &PlayerRef, players: &[PlayerCard], at: &At) -> Option<usize> {
        match r {
            PlayerRef::Number(n) => {
                let found = players.iter().position(|c| i64::from(c.number) == *n);
                if found.is_none() {
                    self.error(format!("no card of this team has number {n}"), at)
                        .hints
                        .push(format!(
                            "the team's card numbers are {}",
                            number_list(players)
                        ));
                }
                found
            }
            PlayerRef::Name(name) => {
                let matches: Vec<usize> = players
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| &c.name == name)
                    .map(|(i, _)| i)
                    .collect();
                match matches.as_slice() {
                    [one] => Some(*one),
                    [] => {
                        let d = self
                            .source
                            .error(format!("no player of this team is named `{name}`"), at)
                            .suggest(name, players.iter().map(|c| c.name.as_str()));
                        self.problems.push(d);
                        None
                    }
                    several => {
                        let numbers: Vec<String> = several
                            .iter()
                            .map(|&i| format!("#{}", players[i].number))
                            .collect();
                        self.error(format!("{} cards are named `{name}`", several.len()), at)
                            .hints
                            .push(format!(
                                "name the card by its number: {}",
                                numbers.join(" or ")
                            ));
                        None
                    }
                }
            }
        }
    }
}

/// "1-25" style list of a team's card numbers, for hints.
pub(crate) fn number_list(players: &[PlayerCard]) -> String {
    let mut numbers: Vec<u32> = players.iter().map(|c| c.number).collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut runs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let start = numbers[i];
        let mut end = start;
        while i + 1 < numbers.len() && numbers[i + 1] == end + 1 {
            i += 1;
            end = numbers[i];
        }
        runs.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    runs.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARD: &str = "  - {name: Ada Vero, number: 1, role: C, bat: {F: 3, C: 2, D: 2}, star: 2, run: 3,\n     dirs: {1: [1], 2: [2], 3: [3, 4], 5: [5], 6: [6]}, action: 3, throws: {second: 3}}\n";

    fn parse(text: &str) -> Result<Team, Diagnostics> {
        parse_team(&SourceFile::new("t.yaml", text))
    }

    #[test]
    fn a_minimal_team_reads() {
        let team = parse(&format!("team: Test\ncode: TST\nplayers:\n{CARD}")).unwrap();
        let card = &team.players[0];
        assert_eq!(card.role, Role::Catcher);
        assert_eq!(card.throws.second, Some(3));
        assert_eq!(card.throws.first, None);
        assert_eq!(card.direction(4), Some(3));
        assert!(team.lineup.is_none());
    }

    #[test]
    fn an_unknown_role_is_suggested() {
        let text = format!(
            "team: Test\ncode: TST\nplayers:\n{}",
            CARD.replace("role: C", "role: cf")
        );
        let errs = parse(&text).unwrap_err();
        assert_eq!(errs.len(), 1, "{errs}");
        assert!(errs.0[0].hints[0].contains("`CF`"), "{errs}");
        assert_eq!(errs.0[0].position().unwrap(), "t.yaml:4:39");
    }

    #[test]
    fn every_bad_card_is_reported() {
        let bad = CARD
            .replace("star: 2", "star: -1")
            .replace("number: 1", "number: 2");
        let worse = CARD
            .replace("bat:", "batt:")
            .replace("number: 1", "number: 3");
        let errs = parse(&format!(
            "team: Test\ncode: TST\nplayers:\n{CARD}{bad}{worse}"
        ))
        .unwrap_err();
        assert_eq!(errs.len(), 2, "{errs}");
        assert!(errs.0[0].message.contains("found -1"), "{errs}");
        assert_eq!(errs.0[1].hints, vec!["did you mean `bat`?".to_string()]);
    }

    #[test]
    fn number_list_collapses_runs() {
        let card = parse(&format!("team: T\ncode: TT\nplayers:\n{CARD}"))
            .unwrap()
            .players[0]
            .clone();
        let players: Vec<PlayerCard> = [1, 2, 3, 7, 9, 10]
            .into_iter()
            .map(|n| PlayerCard {
                number: n,
                ..card.clone()
            })
            .collect();
        assert_eq!(number_list(&players), "1-3, 7, 9-10");
    }

    #[test]
    fn unknown_names_are_suggested() {
        let err = load_team("falchy").unwrap_err();
        assert!(err.0[0].hints[0].contains("`falchi`"), "{err}");
    }
}
