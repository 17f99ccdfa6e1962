//! The no-draft split (pro.draft.none): "Se non volete fare il Draft, le
//! carte Player numerate da 1 a 25 sono una squadra e le restanti l'altra
//! squadra. Chi è in casa sceglie quale squadra prendere."
//!
//! `split` cuts a `Pool` by the numbers of `draft.split` (`first_team`),
//! builds each half's starting lineup with `StartingLineup`, and lets the
//! chooser (`draft.split.chooser`, the home manager in PRO) take a half:
//! the one given, or else the one whose best lineup is worth more
//! (`Rating`), the first on a tie. A half that is one of the pool's team
//! files keeps that team's name.

use super::Team;
use super::card::PlayerCard;
use super::load::number_list;
use super::pool::Pool;
use super::starting_lineup::StartingLineup;
use super::team_rules::TeamRules;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ruleset::schema::Side;

/// One of the two halves of the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Half {
    /// The cards numbered within `draft.split.first_team` (1-25).
    First,
    /// The other cards.
    Second,
}

impl Half {
    /// The other half.
    pub fn other(self) -> Half {
        match self {
            Half::First => Half::Second,
            Half::Second => Half::First,
        }
    }
}

/// The two teams of a split.
#[derive(Debug, Clone, PartialEq)]
pub struct Split {
    /// The home manager's team, with its starting lineup.
    pub home: Team,
    /// The guest manager's team, with its starting lineup.
    pub away: Team,
    /// The half the home manager plays with.
    pub home_takes: Half,
    /// Who chose (`draft.split.chooser`).
    pub chooser: Side,
    /// Whether the chooser's choice was given rather than worked out.
    pub given: bool,
    /// Each half's cards, as "1-25", first half first.
    pub numbers: [String; 2],
    /// The value of each half's best lineup, first half first.
    pub values: [i32; 2],
}

/// Splits the pool in two under `rules.split` and hands out the halves:
/// `home_takes` when given, else as the chooser would choose. An error when
/// the ruleset has no split, when a half is empty, or when a half has no
/// legal starting lineup.
pub fn split(
    pool: &Pool,
    rules: &TeamRules,
    home_takes: Option<Half>,
) -> Result<Split, Diagnostics> {
    let rule = rules.draft_split()?;
    let [low, high] = rule.value.first_team.map(u32::from);
    let (first, second): (Vec<PlayerCard>, Vec<PlayerCard>) = pool
        .cards
        .iter()
        .cloned()
        .partition(|c| (low..=high).contains(&c.number));
    let halves = [first, second];
    let mut problems = Diagnostics::default();
    for (half, cards) in halves.iter().enumerate() {
        if cards.is_empty() {
            let which = if half == 0 {
                format!("numbered {low}-{high}")
            } else {
                format!("outside {low}-{high}")
            };
            problems.push(
                Diagnostic::error(format!(
                    "{}: the pool has no cards {which}, so it does not split into two teams",
                    rule.clause
                ))
                .hint(format!("the pool's cards are {}", number_list(&pool.cards))),
            );
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let numbers = [number_list(&halves[0]), number_list(&halves[1])];
    let lineups = [0, 1].map(|i| {
        StartingLineup::build(&halves[i], rules).map_err(|d| {
            d.hint(format!(
                "this is the team of cards {} (pro.draft.none)",
                numbers[i]
            ))
        })
    });
    let chooser = rule.value.chooser;
    let given = home_takes.is_some();
    let home_takes = home_takes.unwrap_or_else(|| {
        let better = match (&lineups[0], &lineups[1]) {
            (Ok(a), Ok(b)) if b.value > a.value => Half::Second,
            (Err(_), Ok(_)) => Half::Second,
            _ => Half::First,
        };
        match chooser {
            Side::Home => better,
            Side::Guest => better.other(),
        }
    });
    let [a, b] = lineups;
    let (a, b) = match (a, b) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            problems.extend(a.err());
            problems.extend(b.err());
            return Err(problems);
        }
    };
    let values = [a.value, b.value];
    let [first_cards, second_cards] = halves;
    let first = half_team(pool, first_cards, a, &numbers[0], "ONE");
    let second = half_team(pool, second_cards, b, &numbers[1], "TWO");
    let (home, away) = match home_takes {
        Half::First => (first, second),
        Half::Second => (second, first),
    };
    Ok(Split {
        home,
        away,
        home_takes,
        chooser,
        given,
        numbers,
        values,
    })
}

/// A half as a team: the pool's team file it is, if it is one, else a team
/// named after its cards ("Cards 1-25").
fn half_team(
    pool: &Pool,
    cards: Vec<PlayerCard>,
    built: StartingLineup,
    numbers: &str,
    code: &str,
) -> Team {
    let mut team = pool.team_of(&cards).cloned().unwrap_or_else(|| Team {
        name: format!("Cards {numbers}"),
        code: code.to_string(),
        city: None,
        colours: Vec::new(),
        sample: pool.sample(),
        players: Vec::new(),
        lineup: None,
        source: None,
    });
    team.players = cards;
    team.lineup = Some(built.lineup);
    team.source = None;
    team
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::{check_team, load_team};

    use crate::team::team_rules::pro;

    fn base_box() -> Pool {
        // The second team first: the split goes by number, not file order.
        let teams = [load_team("corsari").unwrap(), load_team("falchi").unwrap()];
        Pool::from_teams(&teams).expect("the base box")
    }

    #[test]
    fn cards_one_to_twenty_five_are_one_team() {
        let (ruleset, rules, options) = pro(&[]);
        for takes in [Half::First, Half::Second] {
            let s = split(&base_box(), &rules, Some(takes)).expect("a split");
            assert!(s.given);
            assert_eq!(s.home_takes, takes);
            let (first, second) = match takes {
                Half::First => (&s.home, &s.away),
                Half::Second => (&s.away, &s.home),
            };
            assert!(first.players.iter().all(|c| (1..=25).contains(&c.number)));
            assert!(second.players.iter().all(|c| (26..=50).contains(&c.number)));
            assert_eq!(
                first.name, "Valdoro Falchi",
                "a half that is a team file keeps its name"
            );
            assert_eq!(second.code, "POR");
            assert_eq!(s.numbers, ["1-25".to_string(), "26-50".to_string()]);
            for team in [&s.home, &s.away] {
                let problems = check_team(team, &ruleset, &options);
                assert!(problems.is_empty(), "{}", problems.render_plain());
            }
        }
    }

    #[test]
    fn home_takes_the_half_with_the_better_lineup() {
        for settings in [&[][..], &["dh=false"][..]] {
            let (_, rules, _) = pro(settings);
            let s = split(&base_box(), &rules, None).expect("a split");
            assert!(!s.given);
            assert_eq!(s.chooser, Side::Home);
            let [first, second] = s.values;
            let better = if second > first {
                Half::Second
            } else {
                Half::First
            };
            assert_eq!(
                s.home_takes, better,
                "{settings:?}: values {first} and {second}"
            );
        }
    }

    #[test]
    fn a_guest_chooser_leaves_home_the_worse_half() {
        let (_, mut rules, _) = pro(&[]);
        let by_home = split(&base_box(), &rules, None).expect("a split");
        if let Some(rule) = &mut rules.split {
            rule.value.chooser = Side::Guest;
        }
        let by_guest = split(&base_box(), &rules, None).expect("a split");
        assert_eq!(by_guest.home_takes, by_home.home_takes.other());
    }

    #[test]
    fn a_pool_that_does_not_split_is_reported() {
        let (_, rules, _) = pro(&[]);
        let pool = Pool::from_teams(&[load_team("corsari").unwrap()]).unwrap();
        let err = split(&pool, &rules, None).unwrap_err();
        assert_eq!(
            err.0[0].message,
            "pro.draft.none: the pool has no cards numbered 1-25, so it does not split into two teams"
        );
        assert_eq!(
            err.0[0].hints,
            vec!["the pool's cards are 26-50".to_string()]
        );
    }
}
