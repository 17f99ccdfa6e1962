//! The draft (pro.draft): "Chi gioca in casa sceglie il primo giocatore tra
//! i disponibili, poi alternativamente ogni giocatore prende due carte
//! Player fino ad esaurimento. Ogni squadra deve possedere 8 lanciatori, un
//! battitore designato e due giocatori per tutti gli altri ruoli."
//!
//! `draft` runs it over a `Pool` under the ruleset's `draft.order` (who
//! picks first, how many cards the first turn and every later turn take)
//! and `roster.limits`, asking each side's `Drafter` for one card at a
//! time, and returns both `Team`s, each with a starting lineup from
//! `StartingLineup`, and the log of every pick.
//!
//! A manager may take only a card that keeps both rosters completable: his
//! roster must have room for it (no role beyond its maximum, no more cards
//! than `max_players`, MAJOR's per-name, per-star and fast-runner limits),
//! must still be able to reach every minimum within `max_players`, and the
//! pool left must still hold, for every role and group, what the two
//! rosters together still need. A manager with no such card passes the
//! rest of his turn (docs/rules-notes.md).
//!
//! Under PRO's limits, with a pool holding each role exactly twice what
//! one roster needs (the base box), nobody ever passes and the draft ends
//! with both rosters exactly full: a role still in the pool is one a
//! roster still lacks, so a manager with no legal card would be full in
//! every role left and, every role gone from the pool being full on both
//! sides, full in all, holding 25 cards; but taking 1, then 2, 2 ... the
//! home manager reaches 25 only as the guest reaches 24, with one card
//! left, which the guest takes, and the guest never holds an odd count
//! before the last pick. With other limits or pools the check is a
//! necessary condition only, and the teams should go through `check_team`.

use std::fmt;

use super::Team;
use super::card::PlayerCard;
use super::drafter::{DraftView, Drafter};
use super::pool::Pool;
use super::role::Role;
use super::starting_lineup::StartingLineup;
use super::team_rules::TeamRules;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ruleset::schema::{RosterLimits, Side};

/// One card taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pick {
    /// Its place among all picks, from 1.
    pub number: u32,
    /// The turn it was taken in, from 1 (the first turn is the first
    /// picker's single card).
    pub turn: u32,
    /// Who took it.
    pub side: Side,
    /// The card's number.
    pub card: u32,
    /// The player's name.
    pub name: String,
    /// The role on the card.
    pub role: Role,
}

/// One line of the draft's log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftEntry {
    /// A card taken.
    Took(Pick),
    /// A manager with no legal card gave up the rest of his turn.
    Passed {
        /// The turn.
        turn: u32,
        /// Who passed.
        side: Side,
        /// The cards of the turn he did not take.
        owed: u8,
    },
}

/// A finished draft: the two rosters and how they were picked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// The home manager's cards, pitchers first, then by role and number.
    pub home: Vec<PlayerCard>,
    /// The guest manager's cards, in the same order.
    pub away: Vec<PlayerCard>,
    /// Every pick and pass, in order.
    pub log: Vec<DraftEntry>,
    /// Cards nobody could take (none for the base box under PRO).
    pub left: Vec<PlayerCard>,
}

impl Draft {
    /// The picks, in order.
    pub fn picks(&self) -> impl Iterator<Item = &Pick> {
        self.log.iter().filter_map(|e| match e {
            DraftEntry::Took(pick) => Some(pick),
            DraftEntry::Passed { .. } => None,
        })
    }

    /// The two rosters as teams (home, guest), each with the starting
    /// lineup `StartingLineup` builds under `rules`; every roster with no
    /// legal lineup is a problem. The teams are named "Home Draft" (HOM)
    /// and "Guest Draft" (GST), and are sample data when the pool is.
    pub fn teams(&self, pool: &Pool, rules: &TeamRules) -> Result<(Team, Team), Diagnostics> {
        let mut problems = Diagnostics::default();
        let home = drafted_team(pool, rules, Side::Home, &self.home, &mut problems);
        let away = drafted_team(pool, rules, Side::Guest, &self.away, &mut problems);
        match (home, away) {
            (Some(home), Some(away)) => Ok((home, away)),
            _ => Err(problems),
        }
    }

    /// The log as a table: pick, turn, manager, card number, name, role.
    pub fn log_table(&self) -> LogTable<'_> {
        LogTable(&self.log)
    }
}

/// The draft's log as a text table (`Draft::log_table`).
pub struct LogTable<'a>(&'a [DraftEntry]);

impl fmt::Display for LogTable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .0
            .iter()
            .filter_map(|e| match e {
                DraftEntry::Took(p) => Some(p.name.chars().count()),
                DraftEntry::Passed { .. } => None,
            })
            .max()
            .unwrap_or(4)
            .max(4);
        writeln!(f, "pick  turn  manager  card  {:<width$}  role", "name")?;
        for entry in self.0 {
            match entry {
                DraftEntry::Took(p) => writeln!(
                    f,
                    "{:>4}  {:>4}  {:<7}  {:>4}  {:<width$}  {}",
                    p.number,
                    p.turn,
                    side_name(p.side),
                    p.card,
                    p.name,
                    p.role
                )?,
                DraftEntry::Passed { turn, side, owed } => {
                    let cards = if *owed == 1 { "card" } else { "cards" };
                    writeln!(
                        f,
                        "{:>4}  {turn:>4}  {:<7}  {:>4}  passes {owed} {cards}: no card left fits his roster",
                        "-",
                        side_name(*side),
                        "-"
                    )?
                }
            }
        }
        Ok(())
    }
}

/// "home" or "guest".
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Home => "home",
        Side::Guest => "guest",
    }
}

/// The other manager.
fn other(side: Side) -> Side {
    match side {
        Side::Home => Side::Guest,
        Side::Guest => Side::Home,
    }
}

/// Runs the draft over `pool` under `rules` (`draft.order` and
/// `roster.limits`), the home and guest managers picking with their
/// drafters, until the pool is empty or neither manager can take a card.
/// An error when the ruleset has no draft, or when a drafter names a card
/// that is not among his legal ones. `Draft::teams` makes the teams.
pub fn draft(
    pool: &Pool,
    rules: &TeamRules,
    home: &mut dyn Drafter,
    away: &mut dyn Drafter,
) -> Result<Draft, Diagnostics> {
    let order = rules.draft_order()?.value;
    let mut left = pool.cards.clone();
    let mut rosters: [Vec<PlayerCard>; 2] = [Vec::new(), Vec::new()];
    let mut log = Vec::new();
    let mut side = order.first;
    let mut quota = order.first_pick;
    let (mut turn, mut picks, mut idle_turns) = (0u32, 0u32, 0u8);
    while !left.is_empty() && idle_turns < 2 {
        turn += 1;
        let mut took = 0u8;
        while took < quota && !left.is_empty() {
            let (mine, theirs) = split_sides(&mut rosters, side);
            let legal = legal_picks(rules, mine, theirs, &left);
            if legal.is_empty() {
                log.push(DraftEntry::Passed {
                    turn,
                    side,
                    owed: quota - took,
                });
                break;
            }
            let view = DraftView {
                side,
                pool: &left,
                legal: &legal,
                mine: mine.as_slice(),
                theirs: theirs.as_slice(),
                rules,
            };
            let drafter: &mut dyn Drafter = match side {
                Side::Home => &mut *home,
                Side::Guest => &mut *away,
            };
            let choice = drafter.pick(&view);
            let Some(&at) = legal.get(choice) else {
                return Err(Diagnostic::error(format!(
                    "the {} drafter chose pick {} of {} legal ones",
                    side_name(side),
                    choice + 1,
                    legal.len()
                ))
                .hint("a drafter answers with an index into `DraftView::legal`")
                .into());
            };
            let card = left.remove(at);
            picks += 1;
            took += 1;
            log.push(DraftEntry::Took(Pick {
                number: picks,
                turn,
                side,
                card: card.number,
                name: card.name.clone(),
                role: card.role,
            }));
            mine.push(card);
        }
        idle_turns = if took == 0 { idle_turns + 1 } else { 0 };
        side = other(side);
        quota = order.picks_per_turn;
    }
    let [mut home, mut away] = rosters;
    for roster in [&mut home, &mut away] {
        roster.sort_by_key(|c| (c.position(), c.number));
    }
    Ok(Draft {
        home,
        away,
        log,
        left,
    })
}

/// The picking side's roster and the other's.
fn split_sides(
    rosters: &mut [Vec<PlayerCard>; 2],
    side: Side,
) -> (&mut Vec<PlayerCard>, &mut Vec<PlayerCard>) {
    let [home, away] = rosters;
    match side {
        Side::Home => (home, away),
        Side::Guest => (away, home),
    }
}

/// A drafted roster as a team with its starting lineup; a problem when no
/// lineup fits.
fn drafted_team(
    pool: &Pool,
    rules: &TeamRules,
    side: Side,
    cards: &[PlayerCard],
    problems: &mut Diagnostics,
) -> Option<Team> {
    let lineup = match StartingLineup::build(cards, rules) {
        Ok(built) => built.lineup,
        Err(d) => {
            problems.push(d.hint(format!(
                "this is the {} manager's drafted roster",
                side_name(side)
            )));
            return None;
        }
    };
    let (name, code) = match side {
        Side::Home => ("Home Draft", "HOM"),
        Side::Guest => ("Guest Draft", "GST"),
    };
    Some(Team {
        name: name.to_string(),
        code: code.to_string(),
        city: None,
        colours: Vec::new(),
        sample: pool.sample(),
        players: cards.to_vec(),
        lineup: Some(lineup),
        source: None,
    })
}

/// The cards of `pool` the manager with `mine` may take (indexes into
/// `pool`): those that fit his roster, leave it able to reach every
/// minimum, and do not leave the pool shorter of what the two rosters
/// still need than it already was.
pub(crate) fn legal_picks(
    rules: &TeamRules,
    mine: &[PlayerCard],
    theirs: &[PlayerCard],
    pool: &[PlayerCard],
) -> Vec<usize> {
    let limits = &rules.limits.value;
    let theirs = needs(limits, rules, theirs);
    let supply: Vec<usize> = theirs
        .by
        .iter()
        .map(|&(need, _)| pool.iter().filter(|c| need.matches(rules, c)).count())
        .collect();
    let before = shortfall(&needs(limits, rules, mine), &theirs, &supply, None, rules);
    let mut after: Vec<PlayerCard> = mine.to_vec();
    (0..pool.len())
        .filter(|&i| {
            let card = &pool[i];
            if !fits(limits, rules, mine, card) {
                return false;
            }
            after.push(card.clone());
            let mine_after = needs(limits, rules, &after);
            after.pop();
            let room = usize::from(limits.max_players).saturating_sub(mine.len() + 1);
            mine_after.total <= room
                && shortfall(&mine_after, &theirs, &supply, Some(card), rules) <= before
        })
        .collect()
}

/// How many cards the pool lacks, kind by kind, for what two rosters still
/// need; `supply` counts the pool's cards of each kind, less `taken`.
fn shortfall(
    a: &Needs,
    b: &Needs,
    supply: &[usize],
    taken: Option<&PlayerCard>,
    rules: &TeamRules,
) -> usize {
    a.by.iter()
        .zip(&b.by)
        .zip(supply)
        .map(|((&(need, x), &(_, y)), &n)| {
            let gone = usize::from(taken.is_some_and(|c| need.matches(rules, c)));
            (x + y).saturating_sub(n - gone)
        })
        .sum()
}

/// Whether a card fits a roster under the limits' maximums.
fn fits(
    limits: &RosterLimits,
    rules: &TeamRules,
    roster: &[PlayerCard],
    card: &PlayerCard,
) -> bool {
    let count = |f: &dyn Fn(&PlayerCard) -> bool| roster.iter().filter(|c| f(c)).count();
    let under = |max: Option<u8>, have: usize| max.is_none_or(|m| have < usize::from(m));
    let role = rules.counted_role(card);
    let name = card.name.trim();
    let same_name = count(&|c| c.name.trim() == name);
    roster.len() < usize::from(limits.max_players)
        && (!card.is_pitcher() || under(limits.max_pitchers, count(&|c| c.is_pitcher())))
        && (card.role != Role::DesignatedHitter
            || under(limits.max_dh, count(&|c| c.role == card.role)))
        && (!Role::FIELDERS.contains(&card.role)
            || under(limits.per_fielding_role, count(&|c| c.role == card.role)))
        && same_name < usize::from(limits.max_roles_per_name)
        && !roster
            .iter()
            .any(|c| c.name.trim() == name && rules.counted_role(c) == role)
        && !(limits.unique_star_per_role
            && roster
                .iter()
                .any(|c| rules.counted_role(c) == role && c.star == card.star))
        && match limits.fast_runner_above {
            Some(above) if card.run > above => {
                under(limits.max_fast_runners, count(&|c| c.run > above))
            }
            _ => true,
        }
}

/// A kind of card a roster may still need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    /// Any pitcher.
    Pitchers,
    /// One role: a required pitcher role, or a fielding role with a fixed
    /// count.
    Role(Role),
    /// A designated hitter.
    Dh,
    /// A C, 1B, 2B, 3B or SS.
    Infield,
    /// A LF, CF or RF.
    Outfield,
}

impl Need {
    /// Whether a card meets this need.
    fn matches(self, rules: &TeamRules, card: &PlayerCard) -> bool {
        match self {
            Need::Pitchers => card.is_pitcher(),
            Need::Role(role) if role.is_pitcher() => {
                card.is_pitcher() && rules.counted_role(card) == role
            }
            Need::Role(role) => card.role == role,
            Need::Dh => card.role == Role::DesignatedHitter,
            Need::Infield => card.role.is_infielder(),
            Need::Outfield => card.role.is_outfielder(),
        }
    }
}

/// What a roster still needs to reach the limits' minimums: the cards of
/// each kind, and the fewest cards in all (a required pitcher role is met
/// by a pitcher who also counts towards the pitchers, a fielding role by
/// an infielder or outfielder who counts towards his group).
struct Needs {
    by: Vec<(Need, usize)>,
    total: usize,
}

fn needs(limits: &RosterLimits, rules: &TeamRules, roster: &[PlayerCard]) -> Needs {
    let have = |need: Need| roster.iter().filter(|c| need.matches(rules, c)).count();
    let short = |need: Need, min: usize| min.saturating_sub(have(need));
    let mut by = Vec::new();
    let mut roles_short = 0;
    for &role in &limits.required_pitcher_roles {
        let n = short(Need::Role(role), 1);
        roles_short += n;
        by.push((Need::Role(role), n));
    }
    let pitchers = short(Need::Pitchers, usize::from(limits.min_pitchers)).max(roles_short);
    by.push((Need::Pitchers, pitchers));
    let dh = short(Need::Dh, usize::from(limits.min_dh));
    by.push((Need::Dh, dh));
    let mut group = |min: u8, infield: bool| {
        let mut roles = 0;
        if let Some(per) = limits.per_fielding_role {
            for role in Role::FIELDERS
                .into_iter()
                .filter(|r| r.is_infielder() == infield)
            {
                let n = short(Need::Role(role), usize::from(per));
                roles += n;
                by.push((Need::Role(role), n));
            }
        }
        let need = if infield {
            Need::Infield
        } else {
            Need::Outfield
        };
        let n = short(need, usize::from(min)).max(roles);
        by.push((need, n));
        n
    };
    let infield = group(limits.min_infielders, true);
    let outfield = group(limits.min_outfielders, false);
    Needs {
        by,
        total: pitchers + dh + infield + outfield,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{OptionValues, Ruleset};
    use crate::team::{HeuristicDrafter, RandomDrafter, check_team, load_team};

    use crate::team::team_rules::pro;

    fn base_box() -> Pool {
        let teams = [load_team("falchi").unwrap(), load_team("corsari").unwrap()];
        Pool::from_teams(&teams).expect("the base box")
    }

    fn random(seed: u64) -> (RandomDrafter, RandomDrafter) {
        (
            RandomDrafter::new(Side::Home, seed),
            RandomDrafter::new(Side::Guest, seed),
        )
    }

    /// Checks that a draft of the base box emptied the pool into two
    /// rosters of exactly 8 pitchers, 1 DH and 2 of every other role, each
    /// with a lineup within the star cap; with `regulation`, also that
    /// both teams pass PRO's own checks (its Rhai hooks: slower).
    fn assert_legal(
        d: &Draft,
        pool: &Pool,
        ruleset: &Ruleset,
        options: &OptionValues,
        regulation: bool,
    ) {
        assert!(d.left.is_empty(), "cards left: {:?}", d.left);
        // Nobody ever passes: see the module doc.
        assert_eq!(d.picks().count(), d.log.len(), "{}", d.log_table());
        let rules = TeamRules::new(ruleset, options).expect("team rules");
        let (home, away) = d
            .teams(pool, &rules)
            .unwrap_or_else(|e| panic!("no lineup:\n{}", e.render_plain()));
        for team in [&home, &away] {
            let count = |role: Role| team.players.iter().filter(|c| c.position() == role).count();
            assert_eq!(count(Role::Pitcher), 8, "{}", team.name);
            assert_eq!(count(Role::DesignatedHitter), 1, "{}", team.name);
            for role in Role::FIELDERS {
                assert_eq!(count(role), 2, "{} {role}", team.name);
            }
            let lineup = team.lineup.as_ref().expect("a lineup");
            assert!(lineup.star_sum(&team.players) <= 30);
            // A DH bats only where the rules allow one, and only when the
            // lineup builder finds him worth his stars (see
            // `StartingLineup::build`): with the DH on, either may start.
            assert!(
                rules.dh || !lineup.has_dh(),
                "{}: a DH without the DH rule",
                team.name
            );
            if regulation {
                let problems = check_team(team, ruleset, options);
                assert!(
                    problems.is_empty(),
                    "{}:\n{}",
                    team.name,
                    problems.render_plain()
                );
            }
        }
    }

    #[test]
    fn every_draft_of_the_base_box_completes_with_legal_rosters() {
        let pool = base_box();
        for settings in [&[][..], &["dh=false"][..]] {
            let (ruleset, rules, options) = pro(settings);
            for seed in 0..40 {
                let regulation = seed < 3;
                let (mut h, mut a) = random(seed);
                let d = draft(&pool, &rules, &mut h, &mut a).expect("a draft");
                assert_legal(&d, &pool, &ruleset, &options, regulation);
                // Heuristic against random, both ways round.
                let (mut h, mut a) = random(seed);
                let d = draft(&pool, &rules, &mut HeuristicDrafter, &mut a).expect("a draft");
                assert_legal(&d, &pool, &ruleset, &options, regulation);
                let d = draft(&pool, &rules, &mut h, &mut HeuristicDrafter).expect("a draft");
                assert_legal(&d, &pool, &ruleset, &options, regulation);
            }
            let d = draft(&pool, &rules, &mut HeuristicDrafter, &mut HeuristicDrafter)
                .expect("a draft");
            assert_legal(&d, &pool, &ruleset, &options, true);
        }
    }

    /// Turn by turn: who picked, and how many cards he took or passed.
    fn turns(d: &Draft) -> Vec<(u32, Side, u8)> {
        let mut turns: Vec<(u32, Side, u8)> = Vec::new();
        for entry in &d.log {
            let (turn, side, n) = match entry {
                DraftEntry::Took(p) => (p.turn, p.side, 1),
                DraftEntry::Passed { turn, side, owed } => (*turn, *side, *owed),
            };
            match turns.last_mut() {
                Some(last) if last.0 == turn => {
                    assert_eq!(last.1, side, "one manager per turn");
                    last.2 += n;
                }
                _ => turns.push((turn, side, n)),
            }
        }
        turns
    }

    #[test]
    fn home_picks_first_one_card_then_two_each_in_turn() {
        let (_, rules, _) = pro(&[]);
        for seed in [1, 7, 12] {
            let (mut h, mut a) = random(seed);
            let d = draft(&base_box(), &rules, &mut h, &mut a).expect("a draft");
            let turns = turns(&d);
            assert_eq!(turns[0], (1, Side::Home, 1));
            for (i, t) in turns.iter().enumerate() {
                assert_eq!(t.0 as usize, i + 1, "turns are numbered in order");
                let side = if i % 2 == 0 { Side::Home } else { Side::Guest };
                assert_eq!(t.1, side, "turn {}", t.0);
                if i > 0 && i + 1 < turns.len() {
                    assert_eq!(t.2, 2, "turn {} of seed {seed}", t.0);
                }
            }
            let numbers: Vec<u32> = d.picks().map(|p| p.number).collect();
            assert_eq!(numbers, (1..=50).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_seed_always_drafts_the_same_teams() {
        let (_, rules, _) = pro(&[]);
        let pool = base_box();
        let run = |seed| {
            let (mut h, mut a) = random(seed);
            draft(&pool, &rules, &mut h, &mut a).expect("a draft")
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7).log, run(8).log);
        let heuristic =
            || draft(&pool, &rules, &mut HeuristicDrafter, &mut HeuristicDrafter).expect("a draft");
        assert_eq!(heuristic(), heuristic());
    }

    #[test]
    fn a_full_role_is_never_drafted_again() {
        let (_, rules, _) = pro(&[]);
        let pool = base_box().cards;
        let catchers: Vec<PlayerCard> = pool
            .iter()
            .filter(|c| c.role == Role::Catcher)
            .take(2)
            .cloned()
            .collect();
        let legal = legal_picks(&rules, &catchers, &[], &pool);
        assert!(legal.iter().all(|&i| pool[i].role != Role::Catcher));
        assert!(!legal.is_empty());
        // With every role full he has nothing to take.
        let full: Vec<PlayerCard> = pool[..25].to_vec();
        assert!(legal_picks(&rules, &full, &[], &pool[25..]).is_empty());
    }

    #[test]
    fn a_manager_with_no_legal_card_passes_and_the_other_goes_on() {
        // Five catchers: home takes one, guest two, home one and then has
        // no room for the fifth; nobody has, so it is left over.
        let (_, rules, _) = pro(&[]);
        let mut catchers = load_team("falchi").unwrap();
        catchers.players.retain(|c| c.role == Role::Catcher);
        let mut more = load_team("corsari").unwrap();
        more.players.retain(|c| c.role == Role::Catcher);
        let mut extra = more.players[0].clone();
        extra.number = 99;
        more.players.push(extra);
        let pool = Pool::from_teams(&[catchers, more]).unwrap();
        let d =
            draft(&pool, &rules, &mut HeuristicDrafter, &mut HeuristicDrafter).expect("a draft");
        assert_eq!(
            turns(&d),
            vec![
                (1, Side::Home, 1),
                (2, Side::Guest, 2),
                (3, Side::Home, 2),
                (4, Side::Guest, 2),
                (5, Side::Home, 2),
            ]
        );
        assert!(matches!(
            d.log[4],
            DraftEntry::Passed {
                turn: 3,
                side: Side::Home,
                owed: 1
            }
        ));
        assert_eq!(d.left.len(), 1);
        assert_eq!((d.home.len(), d.away.len()), (2, 2));
        let err = d.teams(&pool, &rules).unwrap_err();
        assert_eq!(err.len(), 2, "neither roster can field a lineup");
        assert!(
            err.0[0].message.contains("no pitcher who may start"),
            "{err:?}"
        );
        assert!(err.0[0].hints.iter().any(|h| h.contains("home manager")));
    }

    #[test]
    fn the_log_reads_as_a_table() {
        let (_, rules, _) = pro(&[]);
        let (mut h, mut a) = random(7);
        let d = draft(&base_box(), &rules, &mut h, &mut a).expect("a draft");
        let text = d.log_table().to_string();
        let mut lines = text.lines();
        let head = lines.next().unwrap_or_default();
        assert!(
            head.starts_with("pick  turn  manager  card  name"),
            "{head}"
        );
        assert!(lines.next().unwrap_or_default().contains("home"));
        assert_eq!(text.lines().filter(|l| !l.contains("passes")).count(), 51);
    }

    #[test]
    fn a_ruleset_without_a_draft_says_so() {
        let (_, mut rules, _) = pro(&[]);
        rules.order = None;
        let err = draft(
            &base_box(),
            &rules,
            &mut HeuristicDrafter,
            &mut HeuristicDrafter,
        )
        .unwrap_err();
        assert!(err.0[0].message.contains("has no draft"), "{err:?}");
    }

    struct Wild;
    impl Drafter for Wild {
        fn pick(&mut self, view: &DraftView<'_>) -> usize {
            view.legal.len()
        }
    }

    #[test]
    fn a_drafter_naming_no_legal_card_is_an_error_not_a_panic() {
        let (_, rules, _) = pro(&[]);
        let err = draft(&base_box(), &rules, &mut Wild, &mut HeuristicDrafter).unwrap_err();
        assert!(
            err.0[0]
                .message
                .contains("the home drafter chose pick 51 of 50"),
            "{err:?}"
        );
    }
}
