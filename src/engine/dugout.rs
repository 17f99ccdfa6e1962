//! The dugout: players coming into the game (pro.substitution) and the
//! pitcher's Status track (pro.stamina). A substitute takes over the
//! batting slot and the fielding position of the player he replaces, who
//! cannot return; the starters' star quality stays within the cap. A
//! pitcher's stamina is rolled as he takes the mound, lost for each inning
//! pitched and each of his batting turns (as `stamina.loss` prices them),
//! lowers his pitching values on the track's -1 and -2 cells, and at 0 he
//! must be relieved before his team defends again.

use super::event::EventKind;
use super::rules::{Arg, GameRules, StaminaRules, Tiring};
use super::state::{Dugout, Phase, Resume, Side, State};
use super::{Action, Applied, Engine, Recorder, ev, illegal};
use crate::team::PlayerCard;

impl Engine<'_> {
    /// The Status rules, when this game tracks stamina (its rules have a
    /// track and it has players).
    pub(crate) fn tracks_stamina(&self) -> Option<&StaminaRules> {
        self.players?;
        self.rules.stamina.as_ref()
    }

    /// The modifier of a side's pitcher's Status cell (0, -1 or -2),
    /// added to his pitching values. A pitcher left at 0, with nobody to
    /// relieve him, pitches on the last cell.
    pub(crate) fn status(&self, state: &State, side: Side) -> i8 {
        self.status_of(&state.dugouts[side.index()])
    }

    /// The modifier of the Status cell of a dugout's pitcher (see
    /// `status`).
    pub fn status_of(&self, dugout: &Dugout) -> i8 {
        match (self.tracks_stamina(), dugout.stamina) {
            (Some(rules), Some(stamina)) => rules.track.modifier(i64::from(stamina.max(1))),
            _ => 0,
        }
    }

    /// The start of a half inning: the defense relieves a pitcher with no
    /// stamina left, or rolls a new pitcher's stamina, then positions its
    /// fielders.
    pub(crate) fn begin_half(&self, state: &mut State) {
        let side = state.defense();
        if self.tracks_stamina().is_some() {
            let stamina = state.dugouts[side.index()].stamina;
            if stamina == Some(0) && self.any_relief(state, side) {
                state.phase = Phase::Relief {
                    resume: Resume::Position,
                };
                return;
            }
            if stamina.is_none() {
                state.phase = Phase::StaminaDie {
                    side,
                    resume: Resume::Position,
                };
                return;
            }
        }
        state.phase = Phase::Position;
    }

    /// A new pitcher's stamina die.
    pub(crate) fn stamina_die(
        &self,
        state: &mut State,
        action: &Action,
        side: Side,
        resume: Resume,
        dice: &[u8],
        events: &mut Recorder,
    ) -> Applied {
        let &[die] = dice else {
            return Err(illegal(action, "a pitcher's stamina takes one die"));
        };
        if !(1..=6).contains(&die) {
            return Err(illegal(action, "dice show 1 to 6"));
        }
        let (Some(rules), Some(card)) = (self.tracks_stamina(), self.position_card(state, side, 0))
        else {
            return Err(illegal(action, "this game has no Status Pitcher track"));
        };
        let relief = state.dugouts[side.index()].relief;
        let rolled = rules.initial.int(&[
            Arg::Int(i64::from(die)),
            Arg::Name(self.rules.pitcher_role(card).code()),
            Arg::Bool(relief),
        ])?;
        // A starter in a shorter game loses the innings not played
        // (stamina.shortened, major.2.12.shortened).
        let skipped = self
            .rules
            .length
            .regulation_innings
            .saturating_sub(self.rules.innings);
        let rolled = match &rules.shortened {
            Some(hook) if !relief && skipped > 0 => {
                hook.int(&[Arg::Int(rolled), Arg::Int(i64::from(skipped))])?
            }
            _ => rolled,
        };
        let cells = rules.track.cells.len() as i64;
        let stamina = rolled.clamp(1, cells) as u8;
        state.dugouts[side.index()].stamina = Some(stamina);
        events.push(ev(
            "stamina.initial",
            EventKind::StaminaRolled { side, die, stamina },
        ));
        match resume {
            Resume::Position => state.phase = Phase::Position,
            Resume::Memorandum => self.start_memo(state, side, events),
        }
        Ok(())
    }

    /// A side's pitcher tires for `cause`, `times` over: his token moves
    /// left as many cells as `stamina.loss` says.
    pub(crate) fn tire(
        &self,
        state: &mut State,
        side: Side,
        cause: Tiring,
        times: u8,
        events: &mut Recorder,
    ) {
        let Some(rules) = self.tracks_stamina() else {
            return;
        };
        let dugout = &mut state.dugouts[side.index()];
        let Some(stamina) = dugout.stamina else {
            return;
        };
        let loss = rules.loss(cause, dugout.relief).saturating_mul(times);
        if loss == 0 {
            return;
        }
        let now = stamina.saturating_sub(loss);
        dugout.stamina = Some(now);
        events.push(ev(
            "stamina.loss",
            EventKind::Tired {
                side,
                cause: cause.name(),
                stamina: now,
            },
        ));
    }

    /// After a batter's turn: a pitcher who batted tires.
    pub(crate) fn tire_batting_pitcher(&self, state: &mut State, events: &mut Recorder) {
        let side = state.offense();
        let dugout = &state.dugouts[side.index()];
        if dugout.batting[usize::from(state.batter) % 9] == dugout.fielding[0] {
            self.tire(state, side, Tiring::BattingTurn, 1, events);
        }
    }

    /// The offense's bases in this half inning: a base for each base a
    /// runner stands on or has passed, four for each run scored in it.
    /// Over a batter's turn they grow by the bases taken in it, which is
    /// all `tire_for_bases` reads.
    pub(crate) fn bases_taken(state: &State) -> u16 {
        let on_path: u16 = state
            .runners
            .iter()
            .map(|r| u16::from(r.pos.min(15) / 5))
            .sum();
        let runs = state.runs[state.offense().index()].last().copied();
        on_path + 4 * runs.unwrap_or(0)
    }

    /// Notes the offense's bases (`bases_taken`) as the batter comes up,
    /// or after a walk, for the bases a reliever concedes: only a game
    /// that tracks stamina counts them (`tire_for_bases`).
    pub(crate) fn note_bases_at_batter(&self, state: &mut State) {
        if self.tracks_stamina().is_some() {
            state.bases_at_batter = Self::bases_taken(state);
        }
    }

    /// After a batter's turn: the bases the offense gained in it, walks
    /// aside, tire the pitcher where the rules price them (a reliever's
    /// "base conquistata", major.2.3.stamina).
    pub(crate) fn tire_for_bases(&self, state: &mut State, events: &mut Recorder) {
        // Without a Status track nothing tires: the bases go uncounted.
        if self.tracks_stamina().is_none() {
            return;
        }
        let gained = Self::bases_taken(state).saturating_sub(state.bases_at_batter);
        if gained > 0 {
            let times = gained.min(u16::from(u8::MAX)) as u8;
            self.tire(state, state.defense(), Tiring::BaseConceded, times, events);
        }
    }

    /// Whether `side` may change players now, and if only its pitcher
    /// (a forced relief).
    fn substitution_window(&self, state: &State, side: Side) -> Option<bool> {
        self.players?;
        self.rules.substitution.as_ref()?;
        match state.phase {
            Phase::Relief { .. } => (side == state.defense()).then_some(true),
            Phase::Position => (side == state.defense()).then_some(false),
            Phase::Memorandum { side: s } if s == side => Some(false),
            _ => None,
        }
    }

    /// Whether a substitution is legal now: `player` from `side`'s bench
    /// (never in the game before) for `replaced`, who is in the game and
    /// plays the same role; the starters' star quality within the cap.
    pub(crate) fn substitution_legal(
        &self,
        state: &State,
        side: Side,
        player: u8,
        replaced: u8,
    ) -> bool {
        self.changes_now(state, side)
            .is_some_and(|changes| changes.allow(player, replaced))
    }

    /// Why the rules refuse `player` for `replaced` from `side` now (for a
    /// substitution `substitution_legal` refuses): the first condition it
    /// fails, with the players' names.
    fn substitution_refusal(&self, state: &State, side: Side, player: u8, replaced: u8) -> String {
        if self.players.is_none() || self.rules.substitution.is_none() {
            return "this game has no substitutions (no players, or no substitution rules)".into();
        }
        let Some(changes) = self.changes_now(state, side) else {
            return "no substitution now: the defense makes them when it positions its fielders \
                    or at a relief, each side at its own memorandum"
                .into();
        };
        let reason = changes.refusal(player, replaced);
        debug_assert!(reason.is_some(), "allow refuses what refusal lets pass");
        reason.unwrap_or_else(|| "not a substitution the lineup rules allow now".into())
    }

    /// The changes `side` may make now, if this is a moment for any.
    fn changes_now<'s>(&'s self, state: &'s State, side: Side) -> Option<Changes<'s>> {
        self.substitution_window(state, side)
            .and_then(|pitcher_only| Changes::new(self, state, side, pitcher_only))
    }

    /// Every legal substitution of `side` now.
    pub(crate) fn substitutions(&self, state: &State, side: Side) -> Vec<Action> {
        let Some(changes) = self.changes_now(state, side) else {
            return Vec::new();
        };
        let dugout = &state.dugouts[side.index()];
        let mut in_game: Vec<u8> = dugout
            .batting
            .iter()
            .chain(&dugout.fielding)
            .copied()
            .collect();
        in_game.sort_unstable();
        in_game.dedup();
        let mut actions = Vec::new();
        for player in 0..changes.roster.len() as u8 {
            if !changes.may_come_in(player) {
                continue;
            }
            for &replaced in &in_game {
                if changes.allow(player, replaced) {
                    actions.push(Action::Substitute { player, replaced });
                }
            }
        }
        actions
    }

    /// Whether the defense's pitcher has lost his last point and has
    /// somebody to relieve him: he must be replaced before another pitch
    /// (major.2.3.stamina).
    pub(crate) fn must_relieve(&self, state: &State) -> bool {
        let side = state.defense();
        self.tracks_stamina().is_some()
            && state.dugouts[side.index()].stamina == Some(0)
            && self.any_relief(state, side)
    }

    /// The players `side` may send in for `replaced` now, in roster order:
    /// those `substitutions` lists with him, found without listing every
    /// other change.
    pub(crate) fn substitutes_for(&self, state: &State, side: Side, replaced: u8) -> Vec<u8> {
        self.changes_now(state, side)
            .map_or_else(Vec::new, |changes| changes.substitutes_for(replaced))
    }

    /// Whether the defense has anyone to relieve its pitcher.
    fn any_relief(&self, state: &State, side: Side) -> bool {
        let pitcher = state.dugouts[side.index()].fielding[0];
        // The window of a forced relief (`Phase::Relief { .. }`).
        (side == state.defense())
            .then(|| Changes::new(self, state, side, true))
            .flatten()
            .is_some_and(|changes| {
                (0..changes.roster.len() as u8).any(|p| changes.allow(p, pitcher))
            })
    }

    /// Sends `player` in for `replaced`.
    pub(crate) fn substitute(
        &self,
        state: &mut State,
        action: &Action,
        side: Side,
        player: u8,
        replaced: u8,
        events: &mut Recorder,
    ) -> Applied {
        if !self.substitution_legal(state, side, player, replaced) {
            return Err(illegal(
                action,
                self.substitution_refusal(state, side, player, replaced),
            ));
        }
        let Some(players) = self.players else {
            return Err(illegal(action, "this game has no players"));
        };
        let dugout = &mut state.dugouts[side.index()];
        let slot = dugout.batting.iter().position(|&i| i == replaced);
        let position = dugout.fielding.iter().position(|&i| i == replaced);
        if let Some(s) = slot {
            dugout.batting[s] = player;
        }
        if let Some(p) = position {
            dugout.fielding[p] = player;
        }
        if position == Some(0) {
            dugout.pitcher_pitches = 0;
        }
        dugout.gone.push(replaced);
        events.push(ev(
            "lineup.substitution",
            EventKind::Substitution {
                side,
                player,
                name: players.name(side, player),
                replaced,
                replaced_name: players.name(side, replaced),
                slot: slot.map(|s| s as u8),
                position: position.map(|p| p as u8),
            },
        ));
        if position == Some(0) && self.tracks_stamina().is_some() {
            let dugout = &mut state.dugouts[side.index()];
            dugout.stamina = None;
            dugout.relief = true;
            let resume = match state.phase {
                Phase::Memorandum { .. }
                | Phase::Relief {
                    resume: Resume::Memorandum,
                } => Resume::Memorandum,
                _ => Resume::Position,
            };
            state.phase = Phase::StaminaDie { side, resume };
        }
        Ok(())
    }
}

/// What deciding a substitution reads of one side's dugout, worked out
/// once for every pair of players `Engine::substitutions` weighs.
struct Changes<'a> {
    /// Only the pitcher may be replaced (a forced relief).
    pitcher_only: bool,
    /// Whether a player who left may come back.
    may_return: bool,
    /// The most star quality the players in the game may add up to.
    star_max: u32,
    roster: &'a [PlayerCard],
    dugout: &'a Dugout,
    /// The roster indices in the game, as bits.
    in_game: [u64; 4],
    /// The star quality of the players in the game.
    stars: u32,
    /// The rules (when a pitcher may pitch).
    rules: &'a GameRules,
    /// The inning being played.
    inning: u8,
}

impl<'a> Changes<'a> {
    /// `side`'s dugout, when the game has players and substitution rules.
    fn new(engine: &Engine<'a>, state: &'a State, side: Side, pitcher_only: bool) -> Option<Self> {
        let players = engine.players?;
        let (sub, lineup) = engine.rules.substitution.as_ref()?;
        let dugout = &state.dugouts[side.index()];
        let roster = players.roster(side);
        let mut in_game = [0u64; 4];
        let mut stars = 0;
        // A player who bats and fields counts once.
        for &i in dugout.batting.iter().chain(&dugout.fielding) {
            let (word, bit) = (&mut in_game[usize::from(i / 64)], 1 << (i % 64));
            if *word & bit == 0 {
                *word |= bit;
                stars += roster.get(usize::from(i)).map_or(0, |c| u32::from(c.star));
            }
        }
        Some(Changes {
            pitcher_only,
            may_return: sub.replaced_may_return,
            star_max: u32::from(lineup.star_quality_max),
            roster,
            dugout,
            in_game,
            stars,
            rules: engine.rules,
            inning: state.inning,
        })
    }

    /// Whether roster index `i` is in the game.
    fn plays(&self, i: u8) -> bool {
        self.in_game[usize::from(i / 64)] & 1 << (i % 64) != 0
    }

    /// Whether `player` is on the bench and may come in: never in the game
    /// before, unless the rules let players return.
    fn may_come_in(&self, player: u8) -> bool {
        self.bench_refusal(player).is_none()
    }

    /// Why `player` may not come in from the bench, if he may not.
    fn bench_refusal(&self, player: u8) -> Option<Refusal> {
        if usize::from(player) >= self.roster.len() {
            Some(Refusal::NoSuchPlayer)
        } else if self.plays(player) {
            Some(Refusal::InGame)
        } else if !self.may_return && self.dugout.gone.contains(&player) {
            Some(Refusal::Gone)
        } else {
            None
        }
    }

    /// The players who may come in for `replaced`, in roster order: those
    /// `allow` allows, what concerns `replaced` alone read once.
    fn substitutes_for(&self, replaced: u8) -> Vec<u8> {
        let Ok(opening) = self.opening(replaced) else {
            return Vec::new();
        };
        (0..self.roster.len() as u8)
            .filter(|&player| {
                self.bench_refusal(player).is_none()
                    && self.newcomer_refusal(player, &opening).is_none()
            })
            .collect()
    }

    /// Whether `player` may come in for `replaced`: a bench player of the
    /// same role, the players in the game then within the star cap.
    fn allow(&self, player: u8, replaced: u8) -> bool {
        self.check(player, replaced).is_none()
    }

    /// The first condition `player` fails to come in for `replaced`, if
    /// any.
    fn check(&self, player: u8, replaced: u8) -> Option<Refusal> {
        if let Some(refusal) = self.bench_refusal(player) {
            return Some(refusal);
        }
        match self.opening(replaced) {
            Ok(opening) => self.newcomer_refusal(player, &opening),
            Err(refusal) => Some(refusal),
        }
    }

    /// The place `replaced` leaves, or why he may not be replaced now.
    fn opening(&self, replaced: u8) -> Result<Opening<'a>, Refusal> {
        if !self.plays(replaced) {
            return Err(Refusal::ReplacedNotIn);
        }
        let pitcher = self.dugout.fielding[0] == replaced;
        if self.pitcher_only && !pitcher {
            return Err(Refusal::OnlyThePitcher);
        }
        Ok(Opening {
            leaving: &self.roster[usize::from(replaced)],
            relief: pitcher,
        })
    }

    /// The first condition bench player `player` fails to take `opening`,
    /// if any: the role, the star cap, a pitcher's relief role.
    fn newcomer_refusal(&self, player: u8, opening: &Opening<'_>) -> Option<Refusal> {
        let (new, old) = (&self.roster[usize::from(player)], opening.leaving);
        if new.position() != old.position() {
            return Some(Refusal::OtherRole);
        }
        let stars = self.stars - u32::from(old.star) + u32::from(new.star);
        if stars > self.star_max {
            return Some(Refusal::OverStarCap(stars));
        }
        if opening.relief && !self.may_relieve(new) {
            return Some(Refusal::MayNotRelieve);
        }
        None
    }

    /// Why `allow` refuses `player` for `replaced`, if it does, in words
    /// naming the players.
    fn refusal(&self, player: u8, replaced: u8) -> Option<String> {
        let name = |i: u8| {
            self.roster
                .get(usize::from(i))
                .map_or_else(|| format!("roster player {i}"), |c| c.name.clone())
        };
        let card = |i: u8| &self.roster[usize::from(i)];
        Some(match self.check(player, replaced)? {
            Refusal::NoSuchPlayer => format!(
                "the roster has no player {player} (it has {})",
                self.roster.len()
            ),
            Refusal::InGame => format!("{} is in the game already", name(player)),
            Refusal::Gone => format!("{} has left the game and may not come back", name(player)),
            Refusal::ReplacedNotIn => format!("{} is not in the game", name(replaced)),
            Refusal::OnlyThePitcher => "at a relief only the pitcher may be replaced".into(),
            Refusal::OtherRole => {
                let (new, old) = (card(player), card(replaced));
                format!(
                    "{} plays {} and {} plays {}: a substitute plays the role of the player he \
                     replaces",
                    new.name,
                    new.position(),
                    old.name,
                    old.position()
                )
            }
            Refusal::OverStarCap(stars) => format!(
                "the players in the game would add up to {stars} stars, over the cap of {}",
                self.star_max
            ),
            Refusal::MayNotRelieve => {
                let new = card(player);
                let role = self.rules.pitcher_role(new);
                match self.rules.pitcher_use(new) {
                    Some(pitcher) if pitcher.relieves => format!(
                        "{} ({role}) may relieve from inning {} on, and this is inning {} \
                         (players.roles)",
                        new.name, pitcher.from_inning, self.inning
                    ),
                    _ => format!("{} ({role}) may not relieve (players.roles)", new.name),
                }
            }
        })
    }

    /// Whether a pitcher may come in as a reliever now (players.roles,
    /// major.1.3.1.pitcher-roles: Ps only starts, Pr from the 2nd inning,
    /// Pc from the 8th).
    fn may_relieve(&self, card: &PlayerCard) -> bool {
        self.rules
            .pitcher_use(card)
            .is_some_and(|p| p.relieves && self.inning >= p.from_inning)
    }
}

/// The place a player leaves in a substitution: what the player coming
/// in must fit.
struct Opening<'a> {
    /// The player leaving.
    leaving: &'a PlayerCard,
    /// Whether he is the pitcher (a relief).
    relief: bool,
}

/// The first condition a substitution fails (`Changes::check`).
#[derive(Debug, Clone, Copy)]
enum Refusal {
    /// The roster has no such player.
    NoSuchPlayer,
    /// The player coming in is in the game already.
    InGame,
    /// The player coming in left the game, and the rules let nobody back.
    Gone,
    /// The player to replace is not in the game.
    ReplacedNotIn,
    /// At a relief, someone other than the pitcher was to be replaced.
    OnlyThePitcher,
    /// The two play different roles.
    OtherRole,
    /// The players in the game would add up to this many stars, over the
    /// cap.
    OverStarCap(u32),
    /// A pitcher who may not relieve now (players.roles).
    MayNotRelieve,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::Dice;
    use crate::engine::{Event, GameRules, Players};
    use crate::field::{Field, load_field};
    use crate::ruleset::Ruleset;
    use crate::team::Role;

    fn setup(ruleset: &str) -> (GameRules, Field, Players) {
        let ruleset = Ruleset::load(ruleset).unwrap();
        let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let players = Players::sample();
        (rules, load_field("classic").unwrap(), players)
    }

    /// The first player of `roster` on the bench of `dugout` that `keep`
    /// takes.
    fn bench_player(
        roster: &[crate::team::PlayerCard],
        dugout: &Dugout,
        keep: impl Fn(&crate::team::PlayerCard) -> bool,
    ) -> u8 {
        (0..roster.len() as u8)
            .find(|&i| {
                !dugout.batting.contains(&i)
                    && !dugout.fielding.contains(&i)
                    && keep(&roster[usize::from(i)])
            })
            .unwrap()
    }

    /// A PRO game on its first pitch's doorstep: the home starter's
    /// stamina rolled (a 3: 3 + 4 = 7), the defense about to position.
    fn started(engine: &Engine<'_>) -> (State, Vec<Event>) {
        let (mut state, _) = engine.new_game(1);
        assert_eq!(
            state.phase,
            Phase::StaminaDie {
                side: Side::Home,
                resume: Resume::Position
            }
        );
        let mut events = Vec::new();
        engine
            .apply(&mut state, Action::Dice(Dice::one(3)), &mut events)
            .unwrap();
        (state, events)
    }

    /// pro.stamina: "Si tira un dado da 6 a cui si somma 4."
    #[test]
    fn a_starting_pitcher_rolls_d6_plus_4_before_his_first_pitch() {
        let (rules, field, players) = setup("pro");
        let engine = Engine::new(&rules, &field).with_players(&players);
        let (state, events) = started(&engine);
        assert_eq!(state.dugouts[0].stamina, Some(7));
        assert!(!state.dugouts[0].relief);
        assert_eq!(state.phase, Phase::Position);
        assert_eq!(
            events[0].kind,
            EventKind::StaminaRolled {
                side: Side::Home,
                die: 3,
                stamina: 7
            }
        );
        assert_eq!(rules.source(events[0].rule), "pro.stamina");
    }

    /// pro.stamina: the -1 and -2 cells lower the pitching values; one
    /// cell is lost per inning pitched.
    #[test]
    fn the_last_cells_lower_pitching_and_each_inning_costs_one() {
        let (rules, field, players) = setup("pro");
        let engine = Engine::new(&rules, &field).with_players(&players);
        let (mut state, _) = started(&engine);
        for (stamina, status) in [(7, 0), (3, 0), (2, -1), (1, -2), (0, -2)] {
            state.dugouts[0].stamina = Some(stamina);
            assert_eq!(engine.status(&state, Side::Home), status, "{stamina}");
        }
        state.dugouts[0].stamina = Some(3);
        let mut events = engine.recorder(Vec::new());
        engine.tire(
            &mut state,
            Side::Home,
            Tiring::InningPitched,
            1,
            &mut events,
        );
        assert_eq!(state.dugouts[0].stamina, Some(2));
        assert!(
            matches!(&events.events()[0].kind, EventKind::Tired { stamina: 2, cause, .. } if *cause == "inning_pitched")
        );
        // PRO prices no home runs (MAJOR does).
        engine.tire(&mut state, Side::Home, Tiring::HomeRun, 1, &mut events);
        assert_eq!(
            (state.dugouts[0].stamina, events.events().len()),
            (Some(2), 1)
        );
    }

    /// pro.stamina, pro.substitution: at 0 the pitcher must be replaced
    /// before his team defends again; the reliever rolls his own stamina;
    /// the replaced pitcher cannot return.
    #[test]
    fn a_pitcher_at_zero_is_relieved_and_cannot_return() {
        let (rules, field, players) = setup("pro");
        let engine = Engine::new(&rules, &field).with_players(&players);
        let (mut state, _) = started(&engine);
        let starter = state.dugouts[0].fielding[0];
        state.dugouts[0].stamina = Some(0);
        engine.begin_half(&mut state);
        assert!(matches!(state.phase, Phase::Relief { .. }));
        let listed = engine.legal_actions(&state);
        assert!(!listed.is_empty());
        assert!(
            listed
                .iter()
                .all(|a| matches!(a, Action::Substitute { replaced, .. } if *replaced == starter))
        );
        let Action::Substitute { player, .. } = listed[0] else {
            unreachable!()
        };
        let mut events = Vec::new();
        engine
            .apply(&mut state, listed[0].clone(), &mut events)
            .unwrap();
        assert!(matches!(
            &events[0].kind,
            EventKind::Substitution {
                position: Some(0),
                slot: None,
                ..
            }
        ));
        assert_eq!(state.dugouts[0].fielding[0], player);
        assert!(state.dugouts[0].gone.contains(&starter));
        assert_eq!(
            state.phase,
            Phase::StaminaDie {
                side: Side::Home,
                resume: Resume::Position
            }
        );
        engine
            .apply(&mut state, Action::Dice(Dice::one(1)), &mut events)
            .unwrap();
        assert_eq!(state.dugouts[0].stamina, Some(5));
        assert!(state.dugouts[0].relief);
        assert_eq!(state.phase, Phase::Position);
        let back = Action::Substitute {
            player: starter,
            replaced: player,
        };
        assert!(!engine.is_legal(&state, &back));
        assert!(engine.apply(&mut state, back, &mut events).is_err());
    }

    /// pro.lineup, pro.substitution: a substitute plays the role of the
    /// player he replaces, and the starters' star quality stays within 30
    /// (the Falchi's lineup is at 30 already).
    #[test]
    fn substitutes_keep_the_role_and_the_star_cap() {
        let (rules, field, players) = setup("pro");
        let engine = Engine::new(&rules, &field).with_players(&players);
        let (state, _) = started(&engine);
        let roster = players.roster(Side::Home);
        let dugout = &state.dugouts[0];
        let pitcher = dugout.fielding[0];
        let star = roster[usize::from(pitcher)].star;
        let bench =
            |keep: &dyn Fn(&crate::team::PlayerCard) -> bool| bench_player(roster, dugout, keep);
        let weaker = bench(&|c| c.is_pitcher() && c.star <= star);
        let stronger = bench(&|c| c.is_pitcher() && c.star > star);
        let catcher = bench(&|c| c.position().code() == "C");
        let sub = |player| Action::Substitute {
            player,
            replaced: pitcher,
        };
        assert!(engine.is_legal(&state, &sub(weaker)));
        assert!(!engine.is_legal(&state, &sub(stronger)), "over 30 stars");
        assert!(!engine.is_legal(&state, &sub(catcher)), "not a pitcher");
    }

    /// A refused substitution says why, naming the players: a starter
    /// relieving or a reliever too early (major.1.3.1.pitcher-roles), a
    /// player in the game already, a substitute of another role, the star
    /// cap (pro.substitution).
    #[test]
    fn a_refused_substitution_says_why() {
        let field = load_field("classic").unwrap();
        let players = Players::sample();
        let roster = players.roster(Side::Home);
        let refusal =
            |name: &str, star_cap: Option<u8>, inning: u8, pick: &dyn Fn(&Dugout) -> (u8, u8)| {
                let ruleset = Ruleset::load(name).unwrap();
                let mut rules =
                    GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
                if let (Some(cap), Some((_, lineup))) = (star_cap, rules.substitution.as_mut()) {
                    lineup.star_quality_max = cap;
                }
                let engine = Engine::new(&rules, &field).with_players(&players);
                let (mut state, _) = engine.new_game(1);
                state.phase = Phase::Position;
                state.inning = inning;
                let (player, replaced) = pick(&state.dugouts[0]);
                let action = Action::Substitute { player, replaced };
                match engine.apply(&mut state, action, &mut Vec::new()) {
                    Err(crate::engine::EngineError::Illegal(illegal)) => (illegal.reason, player),
                    other => panic!("{name}: {other:?}"),
                }
            };
        let bench = |dugout: &Dugout, keep: &dyn Fn(&crate::team::PlayerCard) -> bool| {
            bench_player(roster, dugout, keep)
        };
        let name = |i: u8| roster[usize::from(i)].name.clone();
        let of_role =
            |role: Role| move |d: &Dugout| (bench(d, &|c| c.major_role() == role), d.fielding[0]);
        let (reason, ps) = refusal("major", Some(99), 5, &of_role(Role::StartingPitcher));
        assert_eq!(
            reason,
            format!("{} (Ps) may not relieve (players.roles)", name(ps))
        );
        let (reason, pr) = refusal("major", Some(99), 1, &of_role(Role::ReliefPitcher));
        assert_eq!(
            reason,
            format!(
                "{} (Pr) may relieve from inning 2 on, and this is inning 1 (players.roles)",
                name(pr)
            )
        );
        let (reason, _) = refusal("pro", None, 1, &|d| (d.fielding[1], d.fielding[0]));
        assert!(reason.ends_with("is in the game already"), "{reason}");
        let (reason, _) = refusal("pro", Some(99), 1, &|d| {
            (bench(d, &|c| c.position().code() == "C"), d.fielding[0])
        });
        assert!(
            reason.contains("plays C and") && reason.contains("plays P:"),
            "{reason}"
        );
        let (reason, _) = refusal("pro", Some(0), 1, &|d| {
            (bench(d, &|c| c.is_pitcher()), d.fielding[0])
        });
        assert!(reason.contains("over the cap of 0"), "{reason}");
    }

    /// BASIC has no Status track and no lineup rules: no stamina die, no
    /// changes.
    #[test]
    fn basic_games_have_no_dugout_steps() {
        let (rules, field, players) = setup("basic");
        let engine = Engine::new(&rules, &field).with_players(&players);
        let (state, _) = engine.new_game(1);
        assert_eq!(state.phase, Phase::Position);
        assert_eq!(engine.legal_actions(&state).len(), 1);
        assert_eq!(engine.status(&state, Side::Home), 0);
    }
}

#[cfg(test)]
mod major_tests {
    use super::*;
    use crate::engine::{GameRules, Players, Runner};
    use crate::field::load_field;
    use crate::ruleset::Ruleset;
    use crate::team::Role;

    /// major.1.3.1.pitcher-roles: a Pr relieves from the 2nd inning, a Pc
    /// from the 8th, a Ps never; PRO's pitchers relieve at any time.
    #[test]
    fn major_relievers_come_in_by_role_and_inning() {
        let field = load_field("classic").unwrap();
        let players = Players::sample();
        for name in ["major", "pro"] {
            let ruleset = Ruleset::load(name).unwrap();
            let mut rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
            // The sample lineups are at the star cap: lift it, so only the
            // roles decide.
            if let Some((_, lineup)) = rules.substitution.as_mut() {
                lineup.star_quality_max = 99;
            }
            let engine = Engine::new(&rules, &field).with_players(&players);
            let (mut state, _) = engine.new_game(1);
            state.phase = Phase::Position;
            let dugout = state.dugouts[0].clone();
            let pitcher = dugout.fielding[0];
            let roster = players.roster(Side::Home);
            let of_role = |role: Role| {
                (0..roster.len() as u8)
                    .find(|&i| {
                        roster[usize::from(i)].major_role() == role
                            && !dugout.fielding.contains(&i)
                            && !dugout.batting.contains(&i)
                    })
                    .unwrap_or_else(|| panic!("no bench {role:?}"))
            };
            let legal = |state: &State, role: Role| {
                engine.substitution_legal(state, Side::Home, of_role(role), pitcher)
            };
            let major = name == "major";
            state.inning = 1;
            assert_eq!(
                legal(&state, Role::ReliefPitcher),
                !major,
                "{name}: Pr in the 1st"
            );
            state.inning = 2;
            assert!(legal(&state, Role::ReliefPitcher), "{name}: Pr in the 2nd");
            state.inning = 7;
            assert_eq!(legal(&state, Role::Closer), !major, "{name}: Pc in the 7th");
            state.inning = 8;
            assert!(legal(&state, Role::Closer), "{name}: Pc in the 8th");
            assert_eq!(
                legal(&state, Role::StartingPitcher),
                !major,
                "{name}: Ps relieving"
            );
        }
    }

    /// major.2.3.stamina: a reliever loses a point for every base the
    /// offense takes off him, none for a walk; a starter loses one for a
    /// home run.
    #[test]
    fn major_relievers_tire_by_the_base_and_starters_by_the_home_run() {
        let field = load_field("classic").unwrap();
        let players = Players::sample();
        let ruleset = Ruleset::load("major").unwrap();
        let rules = GameRules::new(&ruleset, &ruleset.option_values(&[]).unwrap()).unwrap();
        let engine = Engine::new(&rules, &field).with_players(&players);
        let (mut state, _) = engine.new_game(1);
        state.dugouts[0].stamina = Some(6);
        state.dugouts[0].relief = true;
        state.bases_at_batter = Engine::bases_taken(&state);
        // A double: two bases.
        state.runners.push(Runner {
            slot: 0,
            pos: 10,
            start: 0,
            forced_to: None,
        });
        let mut events = engine.recorder(Vec::new());
        engine.tire_for_bases(&mut state, &mut events);
        assert_eq!(state.dugouts[0].stamina, Some(4));
        // A starter: bases cost nothing, a home run one point.
        state.dugouts[0].relief = false;
        state.bases_at_batter = 0;
        engine.tire_for_bases(&mut state, &mut events);
        assert_eq!(state.dugouts[0].stamina, Some(4));
        engine.tire(&mut state, Side::Home, Tiring::HomeRun, 1, &mut events);
        assert_eq!(state.dugouts[0].stamina, Some(3));
    }
}
