//! The ball in play: the hit's dice and where the ball lands (a foul when
//! too short, fence, wall ball, home run), then defense and offense turns
//! in turn. The defense names the fielder whose action points make the
//! turn's budget (or plays with the ball holder's), moves fielders square
//! by square (carrying the ball only where the rules allow), catches flies
//! (moves + minimum), picks up grounders (who may, on a Texas square, is
//! the rules' choice), leaps at the fence, and throws the ball toward a
//! teammate a die at a time; a short throw rolls on in later turns. Force
//! and tag outs happen where a fielder with the ball stands on a base. The
//! offense moves its runners, most advanced first, a die of circles each
//! (or their BASE RUN), stopping at the next base once the ball is in the
//! diamond, where the rules may also send back a runner short of halfway
//! and keep every runner forced at the hit running. A play ends when the
//! offense leaves every runner on a base, or at the third out. Every such
//! behaviour reads its rule from `GameRules`.

use std::mem::discriminant;

use super::dice::Dice;
use super::event::{EventKind, Landing, OutHow};
use super::players::throw_minimum;
use super::rules::{Arg, ThrowOutcome, Tiring};
use super::state::{
    Ball, DefenseRoll, Lie, Phase, Play, Runner, ShortList, Side, State, is_infielder,
};
use super::{Action, Applied, Engine, Recorder, ev, illegal};
use crate::field::{Base, CutoffZone as FieldZone, SquareId, SquareKind};
use crate::ruleset::schema::{
    ActionPoints, BallAt, CutoffZone, DroppedPickup, Fielders, FixedPoints, ForcedRun, MissAdvance,
    ModifierScope, OutWay, Pitch, RunDistance, RunHomeFrom, ShortHit, StopLasts, StopTrigger,
    TexasMissBecomes, Whose,
};
use crate::team::ThrowTarget;

/// The circles the runner whose turn it is may move: `least..=most`, and,
/// when he may try for home past the diamond stop, the moves in `home`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RunRange {
    pub least: u8,
    pub most: u8,
    pub home: Option<(u8, u8)>,
}

impl RunRange {
    /// Whether he may move `n` circles.
    pub fn allows(&self, n: u8) -> bool {
        (self.least..=self.most).contains(&n)
            || self.home.is_some_and(|(a, b)| (a..=b).contains(&n))
    }

    /// The runs he may make, bit `n` for a run of `n` circles (none is
    /// longer than 20): those `allows` allows.
    pub fn runs(&self) -> u32 {
        let home = self.home.map_or(0, |(a, b)| circles(a, b));
        circles(self.least, self.most) | home
    }
}

/// The runs of `least..=most` circles (none past 20), a bit each.
fn circles(least: u8, most: u8) -> u32 {
    let most = most.min(20);
    if least > most {
        return 0;
    }
    u32::MAX >> (31 - most) & u32::MAX << least
}

/// What a swing brings to the hit: the card pair's bonus, the special
/// cards' values (batting, pitching) and the pitch's type.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Swing {
    pub bonus: u8,
    pub specials: [i8; 2],
    pub pitch: Option<Pitch>,
}

impl Engine<'_> {
    /// The action points of a fielder (0..9): the budget of a defense turn
    /// he plays (`defense.action_points`: his card's, `fielding` saying who
    /// plays each position, as in `Dugout::fielding`).
    pub fn action_points(&self, defense: Side, fielding: &[u8; 9], fielder: u8) -> u8 {
        let fixed = |points: FixedPoints| {
            if is_infielder(fielder) {
                points.infield
            } else {
                points.outfield
            }
        };
        match self.rules.action_points {
            ActionPoints::Fixed(points) => fixed(points),
            // A game without players plays with the BASIC points.
            ActionPoints::Card => self.players.map_or_else(
                || {
                    fixed(FixedPoints {
                        infield: 3,
                        outfield: 4,
                    })
                },
                |p| p.card(defense, fielding[usize::from(fielder) % 9]).action,
            ),
        }
    }

    /// Whether fielder `from` of the side `defense` (who plays each
    /// position: `fielding`) may throw to teammate `to` standing on `at`,
    /// and the die result his card needs for it
    /// (pro.throw, pro.throw.cover, pro.throw.cutoff): `None`, no throw;
    /// `Some(0)`, a throw with no card minimum (any teammate under BASIC, or
    /// a game without players); else the minimum printed on the thrower's
    /// card for the base `at` holds (the catcher's box counting as home
    /// when the rules say so) or for the cutoff zone `at` lies in.
    pub fn throw_need(
        &self,
        defense: Side,
        fielding: &[u8; 9],
        from: u8,
        to: u8,
        at: SquareId,
    ) -> Option<u8> {
        let targets = self.rules.throw_targets;
        if from == to || to >= 9 || (!targets.mound && self.field.mound().contains(&at)) {
            return None;
        }
        if targets.any_teammate {
            return Some(0);
        }
        let target = self.throw_target(from, at)?;
        match self.players {
            Some(p) => throw_minimum(p.card(defense, fielding[usize::from(from) % 9]), target),
            None => Some(0),
        }
    }

    /// The base or cutoff a throw from fielder `from` to square `at` goes
    /// to, if the throw rules allow one there.
    fn throw_target(&self, from: u8, at: SquareId) -> Option<ThrowTarget> {
        if let Some(base) = self.field.base_at(at) {
            return Some(match base {
                Base::First => ThrowTarget::First,
                Base::Second => ThrowTarget::Second,
                Base::Third => ThrowTarget::Third,
                Base::Home => ThrowTarget::Home,
            });
        }
        if at == self.field.catcher()
            && self
                .rules
                .throw_cover
                .is_some_and(|c| c.catcher_box_covers_home)
        {
            return Some(ThrowTarget::Home);
        }
        let cutoff = self.rules.throw_cutoff.as_ref()?;
        let thrower_may = cutoff.throwers.includes(is_infielder(from));
        let (zone, target) = match self.field.square(at).cutoff? {
            FieldZone::FirstSecond => (CutoffZone::FirstSecond, ThrowTarget::Cut12),
            FieldZone::SecondThird => (CutoffZone::SecondThird, ThrowTarget::Cut23),
        };
        (thrower_may && cutoff.zones.contains(&zone)).then_some(target)
    }

    /// The orange modifier for the first die of the next throw: the circle
    /// of where the ball was picked up, or caught where the rules count a
    /// catch (`throw.modifier.caught_counts`, core.field.orange,
    /// faq.throw.orange); the one printed on that square, or the one of the
    /// part of the field holding it (`throw.modifier.scope`).
    pub fn throw_modifier(&self, play: &Play) -> i8 {
        let Some(at) = play.fielded_at else {
            return 0;
        };
        let modifier = self.rules.throw_modifier;
        if play.caught && !modifier.caught_counts {
            return 0;
        }
        match modifier.scope {
            ModifierScope::Square => self.field.orange(at),
            ModifierScope::Area => self.field.orange_of_part(at),
        }
        .unwrap_or(0)
    }

    /// Whether a fielder may step onto a square (core.defense.movement).
    fn may_enter(&self, state: &State, fielder: u8, to: SquareId) -> bool {
        if state.fielder_on(to).is_some() {
            return false;
        }
        let m = &self.rules.movement;
        match self.field.kind(to) {
            SquareKind::Texas => m.texas_open_to_all,
            SquareKind::Diamond | SquareKind::Box | SquareKind::Catcher => {
                is_infielder(fielder) || m.outfielders_enter_diamond
            }
            SquareKind::Outfield => !is_infielder(fielder) || m.infielders_leave_diamond,
        }
    }

    /// Whether the ball reaching `square` stops the runners at the next
    /// base (`offense.diamond_stop.trigger`).
    pub fn stops_runners(&self, square: SquareId) -> bool {
        self.kind_stops_runners(self.field.kind(square))
    }

    /// `stops_runners` for a square of kind `kind`: the diamond always, a
    /// Texas square where the trigger says so.
    fn kind_stops_runners(&self, kind: SquareKind) -> bool {
        match kind {
            SquareKind::Texas => self.rules.diamond_stop.trigger == StopTrigger::DiamondOrTexas,
            kind => in_diamond(kind),
        }
    }

    /// Whether runner `slot` has reached the base the diamond stop let him
    /// reach, and stays there for the rest of the play (`advance` marks
    /// him only under `offense.diamond_stop.lasts: play`).
    fn stopped(play: &Play, slot: u8) -> bool {
        play.stopped & 1 << slot != 0
    }

    /// Whether the runners are held by the diamond stop now: the ball has
    /// reached the diamond, and is not a throw in flight that the rules
    /// count as outside it (`throw.in_flight`, faq.throw.short-outside).
    fn diamond_stop_holds(&self, state: &State, play: &Play) -> bool {
        play.in_diamond
            && !(matches!(state.ball, Ball::Thrown { .. })
                && self.rules.in_flight.ball_at == BallAt::OutsideDiamond)
    }

    /// Whether fielder `f` may field the loose ball: on a Texas square the
    /// offense's choice names who may (`ball.texas`), and a Texas fly that
    /// fell names who may pick it up (`ball.texas_missed_fly`); anywhere
    /// else, anyone.
    pub fn may_field(&self, ball: &Ball, f: u8) -> bool {
        let Ball::Loose { at, lie, dropped } = *ball else {
            return false;
        };
        let group = if self.field.kind(at) != SquareKind::Texas {
            Fielders::Any
        } else if dropped {
            self.rules.texas_missed.fielders
        } else if lie == Lie::Fly {
            self.rules.texas.fly_fielders
        } else {
            self.rules.texas.ground_fielders
        };
        group.includes(is_infielder(f))
    }

    /// The action points a defense action costs (`defense.costs`; carrying
    /// the ball is priced by `carry_cost`).
    fn cost(&self, action: &Action) -> u8 {
        let costs = &self.rules.costs;
        match action {
            Action::Move { .. } => costs.step,
            Action::Catch(_) | Action::Leap(_) => costs.catch,
            Action::Pickup(_) => costs.pickup,
            Action::Throw { .. } => costs.throw,
            _ => 0,
        }
    }

    /// Whether the holder of the ball may carry it one square now, and
    /// what that square costs (`defense.move_with_ball`).
    fn carry_cost(&self, play: &Play, holder: u8) -> Option<u8> {
        let rule = &self.rules.move_with_ball;
        if !rule.who.includes(is_infielder(holder)) {
            return None;
        }
        let cost = if play.carried == 0 {
            rule.first_square
        } else {
            rule.next_squares
        };
        (play.budget >= cost).then_some(cost)
    }

    /// The hit: direction and distance from the dice and the hooks (with
    /// the swing's bonus, special values and pitch type), then where the
    /// ball lands.
    pub(crate) fn hit(
        &self,
        state: &mut State,
        action: &Action,
        swing: Swing,
        dice: &[u8],
        events: &mut Recorder,
    ) -> Applied {
        let [die, d1, d2] = dice else {
            return Err(illegal(
                action,
                "a hit takes three dice: direction, then two for distance",
            ));
        };
        if ![*die, *d1, *d2].iter().all(|d| (1..=6).contains(d)) {
            return Err(illegal(action, "dice show 1 to 6"));
        }
        // The dice cite the direction's rule (the first die is read on it);
        // the hit itself, the distance's.
        events.push(ev(
            "hit.direction",
            EventKind::Rolled {
                purpose: "hit",
                dice: Dice::from(dice),
            },
        ));
        let int = |i: u8| Arg::Int(i64::from(i));
        let Swing {
            bonus,
            specials,
            pitch,
        } = swing;
        let matchup = self.matchup(state, pitch);
        let direction = self
            .rules
            .hit_direction
            .int(&[int(*die), Arg::Faces(matchup.faces)])?
            .clamp(1, 6) as u8;
        let distance = self
            .rules
            .hit_distance
            .int(&[
                int(*d1),
                int(*d2),
                int(matchup.batting),
                int(matchup.pitching),
                int(bonus),
                Arg::Int(i64::from(specials[0])),
                Arg::Int(i64::from(specials[1])),
                Arg::Int(i64::from(self.status(state, state.defense()))),
            ])?
            // Out of a 32-bit range, a script's distance plays as the
            // nearest end (past any field, or short of it), never wrapped.
            .clamp(i32::MIN.into(), i32::MAX.into()) as i32;
        if let Some(foul) = self.rules.foul
            && foul.result == ShortHit::FoulStrike
            && distance <= i32::from(foul.at_most)
        {
            self.foul(state, distance, foul.may_be_third_strike, events);
            return Ok(());
        }
        self.put_batter_on_path(state);
        // The play is made where it is kept: it is written once, not built
        // aside and copied in.
        let play = state.play.insert(Play::new(direction, distance, d1 + d2));
        // A ball too short to be in play lies at distance 1 by `hit.foul`
        // (PRO's `distance_one`); without the rule, as any ball short of
        // the first box, too.
        let short = self
            .rules
            .foul
            .is_some_and(|f| distance <= i32::from(f.at_most));
        match self
            .field
            .landing(direction, if short { 1 } else { distance })
        {
            crate::field::Landing::Square(square) => {
                events.push(ev(
                    if short { "hit.foul" } else { "hit.distance" },
                    EventKind::Hit {
                        direction,
                        distance,
                        landing: Landing::Field,
                        square: Some(square),
                    },
                ));
                let kind = self.field.kind(square);
                play.in_diamond = self.kind_stops_runners(kind);
                if kind == SquareKind::Texas {
                    state.ball = Ball::Loose {
                        at: square,
                        lie: Lie::Ground,
                        dropped: false,
                    };
                    state.phase = Phase::TexasChoice;
                    return Ok(());
                }
                let lie = if in_diamond(kind) {
                    self.rules.lie.diamond
                } else {
                    self.rules.lie.outfield
                };
                state.ball = Ball::Loose {
                    at: square,
                    lie,
                    dropped: false,
                };
                events.push(ev("ball.lie", EventKind::Lies { lie, chosen: false }));
                self.start_defense_turn(state, events);
            }
            crate::field::Landing::Fence(square) => {
                events.push(ev(
                    "hit.fence",
                    EventKind::Hit {
                        direction,
                        distance,
                        landing: Landing::Wall,
                        square: Some(square),
                    },
                ));
                state.ball = Ball::Loose {
                    at: square,
                    lie: Lie::Ground,
                    dropped: true,
                };
                events.push(ev("hit.fence", EventKind::Dropped));
                // Off the wall the fly cannot be caught: played as a missed
                // catch (`field.fly_miss`).
                self.missed_fly(state, "hit.fence", true, events);
            }
            crate::field::Landing::HomeRun => {
                events.push(ev(
                    "hit.fence",
                    EventKind::Hit {
                        direction,
                        distance,
                        landing: Landing::HomeRun,
                        square: None,
                    },
                ));
                let fence = &self.rules.fence;
                let catchable = if self.field.blue(direction).is_some() {
                    fence.blue_home_run_catchable
                } else {
                    fence.home_run_catchable
                };
                if catchable && play.dice < self.rules.leap.dice_below {
                    play.home_run = true;
                    state.ball = Ball::Loose {
                        at: self.field.fence_square(direction),
                        lie: Lie::Fly,
                        dropped: false,
                    };
                    self.start_defense_turn(state, events);
                } else {
                    self.home_run(state, events);
                }
            }
        }
        Ok(())
    }

    /// A batted ball too short to be in play (`hit.foul`, faq.hit.foul): a
    /// strike, unless it would be the third and the rules say a foul never
    /// is; the batter stays at the plate and the next pitch follows.
    fn foul(&self, state: &mut State, distance: i32, may_be_third: bool, events: &mut Recorder) {
        let limit = self.rules.count.strikes;
        if may_be_third || state.strikes + 1 < limit {
            state.strikes += 1;
        }
        events.push(ev(
            "hit.foul",
            EventKind::Foul {
                distance,
                balls: state.balls,
                strikes: state.strikes,
            },
        ));
        if state.strikes >= limit {
            self.strikeout(state, events);
        } else {
            self.refill_empty_hands(state, events);
        }
    }

    /// The batter becomes a runner at home plate; the runners forced by
    /// him are marked.
    fn put_batter_on_path(&self, state: &mut State) {
        let batter = Runner {
            slot: state.batter,
            pos: 0,
            start: 0,
            forced_to: Some(5),
        };
        // The runners stand most advanced first, each on a circle of his
        // own past home plate: read backwards they go from the batter up,
        // and the batter joins them last.
        let apart = state.runners.windows(2).all(|w| w[0].pos > w[1].pos)
            && state.runners.last().is_none_or(|r| r.pos > 0);
        if apart {
            mark_forced(state.runners.iter_mut().rev());
            state.runners.push(batter);
            return;
        }
        // Else from the batter up by a stable sort, then back to most
        // advanced first: runners level with each other keep their order.
        state.runners.push(batter);
        state.runners.sort_by_key(|r| r.pos);
        mark_forced(state.runners.iter_mut());
        sort_runners(state);
    }

    /// Everybody scores; the pitcher tires where the rules price a home
    /// run (major.2.3.stamina).
    fn home_run(&self, state: &mut State, events: &mut Recorder) {
        self.tire(state, state.defense(), Tiring::HomeRun, 1, events);
        for r in &state.runners {
            let (slot, from) = (r.slot, r.pos);
            events.push(ev("hit.fence", EventKind::Ran { slot, from, to: 20 }));
        }
        for r in &mut state.runners {
            r.pos = 20;
        }
        self.score_arrivals(state, "hit.fence", events);
        self.end_play(state, 4, events);
    }

    pub(crate) fn texas(&self, state: &mut State, lie: Lie, events: &mut Recorder) -> Applied {
        if let Ball::Loose { lie: l, .. } = &mut state.ball {
            *l = lie;
        }
        events.push(ev("ball.texas", EventKind::Lies { lie, chosen: true }));
        self.start_defense_turn(state, events);
        Ok(())
    }

    /// A new defense turn: the budget is the ball holder's points when the
    /// rules say so, else the defense names a fielder.
    fn start_defense_turn(&self, state: &mut State, events: &mut Recorder) {
        state.phase = Phase::Defense;
        let Some(play) = state.play.as_mut() else {
            return;
        };
        play.offense_turn = false;
        play.moved = [0; 9];
        play.carried = 0;
        play.budget = 0;
        play.others_bases = None;
        let later = play.turn > 1;
        // A fly nobody caught in the first turn has fallen (field.let_drop).
        if later
            && self.rules.let_drop.catch_only_first_turn
            && let Ball::Loose { lie, dropped, .. } = &mut state.ball
            && *lie == Lie::Fly
            && !*dropped
        {
            *lie = Lie::Ground;
            *dropped = self.rules.let_drop.pickup == DroppedPickup::Automatic;
            events.push(ev("field.let_drop", EventKind::Dropped));
        }
        // A Texas fly that fell is, from the second turn, a ground ball in
        // the diamond where the rules say so (ball.texas_missed_fly,
        // faq.offense.texas-miss): it stops the runners from now on.
        let Some(play) = state.play.as_mut() else {
            return;
        };
        if later
            && self.rules.texas_missed.becomes == TexasMissBecomes::GroundInDiamond
            && !play.in_diamond
            && matches!(state.ball, Ball::Loose { at, dropped: true, .. }
                if self.field.kind(at) == SquareKind::Texas)
        {
            play.in_diamond = true;
            events.push(ev(
                "ball.texas_missed_fly",
                EventKind::Lies {
                    lie: Lie::Ground,
                    chosen: false,
                },
            ));
        }
        let on_ball = self.ball_player(&state.ball, &state.fielders);
        let Some(play) = state.play.as_mut() else {
            return;
        };
        let whose = if play.turn == 1 {
            self.rules.budget.first_turn
        } else {
            self.rules.budget.later_turns
        };
        let owner = turn_owner(whose, later, &state.ball, play.chosen, on_ball);
        if let Some(f) = on_ball.filter(|_| owner == on_ball) {
            play.chosen.get_or_insert(f);
        }
        // Nobody plays the turn until the defense names him, unless the
        // rules name him here.
        play.player = owner;
        if let Some(by) = owner {
            let budget = self.action_points(
                state.defense(),
                &state.dugouts[state.defense().index()].fielding,
                by,
            );
            if let Some(play) = state.play.as_mut() {
                play.budget = budget;
            }
            events.push(ev(
                "defense.budget",
                EventKind::Plays {
                    fielder: by,
                    budget,
                },
            ));
        }
    }

    /// The fielder who plays the loose ball because he stands on its
    /// square, where the rules say so: the defense names nobody else
    /// (`defense.budget.ball_on_fielder_plays`, major.3.7.1.ap).
    #[inline]
    fn ball_player(&self, ball: &Ball, fielders: &[SquareId; 9]) -> Option<u8> {
        match *ball {
            Ball::Loose { at, .. } if self.rules.budget.ball_on_fielder_plays => fielders
                .iter()
                .position(|&s| s == at)
                .map(|f| f as u8)
                .filter(|&f| self.may_field(ball, f)),
            _ => None,
        }
    }

    /// The legal defense actions now.
    pub(crate) fn defense_actions(&self, state: &State) -> Vec<Action> {
        let Some(play) = &state.play else {
            return vec![Action::EndTurn];
        };
        if play.budget == 0 {
            if let Some(f) = self.ball_player(&state.ball, &state.fielders) {
                return vec![Action::PlayBall(f)];
            }
            return (0..9).map(Action::PlayBall).collect();
        }
        // A short throw that only rolls on: its die is the whole turn
        // (throw.short, faq.throw.accumulate).
        if let Ball::Thrown { thrower, to, .. } = state.ball
            && self.rules.throw_short.only_action
        {
            return vec![Action::Throw { from: thrower, to }];
        }
        let mut actions = Vec::new();
        let holder = match state.ball {
            Ball::Held { by } => Some(by),
            _ => None,
        };
        let costs = &self.rules.costs;
        if self.may_let_drop(state, play) {
            actions.push(Action::LetDrop);
        }
        match &state.ball {
            Ball::Loose { .. } => actions.extend(
                self.loose_ball_action(state, play)
                    .filter(|a| play.budget >= self.cost(a)),
            ),
            Ball::Held { .. } if play.budget < costs.throw => {}
            Ball::Held { by } => {
                for to in 0..9u8 {
                    let at = state.fielders[usize::from(to)];
                    if self
                        .throw_need(
                            state.defense(),
                            &state.dugouts[state.defense().index()].fielding,
                            *by,
                            to,
                            at,
                        )
                        .is_some()
                    {
                        actions.push(Action::Throw { from: *by, to });
                    }
                }
            }
            Ball::Thrown { .. } if play.budget < costs.throw => {}
            Ball::Thrown { thrower, to, .. } => actions.push(Action::Throw {
                from: *thrower,
                to: *to,
            }),
            Ball::Dead => {}
        }
        let (thrower, receiver) = match state.ball {
            Ball::Thrown { thrower, to, .. } => (Some(thrower), Some(to)),
            _ => (None, None),
        };
        for f in 0..9u8 {
            // The holder moves with the ball only where the rules let him;
            // the receiver of a throw in flight waits for it when its
            // destination cannot change, and its thrower where the ball
            // stays with him.
            if (Some(f) == holder && self.carry_cost(play, f).is_none())
                || (Some(f) == receiver && self.rules.throw_short.destination_locked)
                || (Some(f) == thrower && self.rules.in_flight.ball_at == BallAt::Thrower)
                || (Some(f) != holder && play.budget < costs.step)
            {
                continue;
            }
            for &to in self.field.neighbours(state.fielders[usize::from(f)]) {
                if self.may_enter(state, f, to) {
                    actions.push(Action::Move { fielder: f, to });
                }
            }
        }
        actions.push(Action::EndTurn);
        actions
    }

    /// What the fielder standing on a loose ball may do with it
    /// (`ball_try`).
    fn loose_ball_action(&self, state: &State, play: &Play) -> Option<Action> {
        let Ball::Loose { at, .. } = &state.ball else {
            return None;
        };
        let f = state.fielder_on(*at)?;
        self.ball_try(&state.ball, play, f)
    }

    /// The one try fielder `f`, standing on the loose `ball`, may make with
    /// it, points aside: catch a fly in the first turn (leap, for a home
    /// run), or pick up a ball on the ground; none if he may not field it,
    /// or is not the turn's player where only he fields it
    /// (`defense.budget.chosen_fields`).
    pub(crate) fn ball_try(&self, ball: &Ball, play: &Play, f: u8) -> Option<Action> {
        let Ball::Loose { lie, dropped, .. } = *ball else {
            return None;
        };
        if !self.may_field(ball, f) || !self.fields_for_turn(play, f) {
            return None;
        }
        if lie == Lie::Fly && !dropped && play.turn == 1 {
            if !play.home_run {
                Some(Action::Catch(f))
            } else if self.rules.leap.fielders.includes(is_infielder(f)) {
                Some(Action::Leap(f))
            } else {
                None
            }
        } else if lie == Lie::Ground || dropped {
            Some(Action::Pickup(f))
        } else {
            None
        }
    }

    /// The one fielder who may field the loose ball in this turn: the
    /// turn's player, where only he does (`defense.budget.chosen_fields`);
    /// none where anyone may, or before the defense names him.
    #[inline]
    pub(crate) fn sole_fielder(&self, play: &Play) -> Option<u8> {
        play.player.filter(|_| self.rules.budget.chosen_fields)
    }

    /// The one fielder who will field the loose `ball` in the next defense
    /// turn (or in the turn the offense's run interrupted), where the rules
    /// already fix him while the offense runs: that turn's owner as
    /// `start_defense_turn` works him out (`turn_owner`). None where the
    /// defense names him then, or where anyone may field it
    /// (`chosen_fields`).
    pub(crate) fn next_turn_fielder(
        &self,
        play: &Play,
        ball: &Ball,
        fielders: &[SquareId; 9],
    ) -> Option<u8> {
        let budget = &self.rules.budget;
        if !budget.chosen_fields {
            return None;
        }
        // A turn the offense's run interrupted goes on with its player
        // (field.let_drop).
        if play.resume_budget.is_some() {
            return play.player;
        }
        let on_ball = self.ball_player(ball, fielders);
        turn_owner(budget.later_turns, true, ball, play.chosen, on_ball)
    }

    /// Whether fielder `f` may field the loose ball in this turn as far as
    /// who plays it goes (`sole_fielder`).
    #[inline]
    pub(crate) fn fields_for_turn(&self, play: &Play, f: u8) -> bool {
        self.sole_fielder(play).is_none_or(|p| p == f)
    }

    /// Whether the defense may let the fly on its fielder's square drop,
    /// for the offense to run at once (`field.let_drop`,
    /// major.3.7.5.let-drop): a catch he could try, points or not.
    fn may_let_drop(&self, state: &State, play: &Play) -> bool {
        self.rules.let_drop.offense_runs_at_once
            && play.resume_budget.is_none()
            && matches!(self.loose_ball_action(state, play), Some(Action::Catch(_)))
    }

    /// Whether a defense action is legal now: the same answer as looking it
    /// up in `defense_actions`, without building the list.
    #[inline]
    pub(crate) fn defense_legal(&self, state: &State, action: &Action) -> bool {
        let Some(play) = &state.play else {
            return *action == Action::EndTurn;
        };
        if play.budget == 0 {
            let Action::PlayBall(f) = *action else {
                return false;
            };
            return match self.ball_player(&state.ball, &state.fielders) {
                Some(on_ball) => f == on_ball,
                None => f < 9,
            };
        }
        if let Ball::Thrown { thrower, to, .. } = state.ball
            && self.rules.throw_short.only_action
        {
            return matches!(*action, Action::Throw { from, to: t } if from == thrower && t == to);
        }
        // Each action's cost (`cost`) is checked in its arm: a move's is
        // the carry's or the step's, checked by `move_legal`.
        let costs = &self.rules.costs;
        match *action {
            Action::EndTurn => true,
            Action::LetDrop => self.may_let_drop(state, play),
            Action::Move { fielder, to } => self.move_legal(state, play, fielder, to),
            Action::Catch(f) | Action::Leap(f) => {
                play.budget >= costs.catch && self.fielding_legal(state, play, action, f)
            }
            Action::Pickup(f) => {
                play.budget >= costs.pickup && self.fielding_legal(state, play, action, f)
            }
            Action::Throw { .. } if play.budget < costs.throw => false,
            Action::Throw { from, to } => match state.ball {
                Ball::Held { by } => {
                    from == by
                        && to < 9
                        && self
                            .throw_need(
                                state.defense(),
                                &state.dugouts[state.defense().index()].fielding,
                                from,
                                to,
                                state.fielders[usize::from(to)],
                            )
                            .is_some()
                }
                Ball::Thrown { thrower, to: t, .. } => from == thrower && to == t,
                _ => false,
            },
            _ => false,
        }
    }

    /// Whether `fielder` may step to `to` now (with the budget for it):
    /// the `Action::Move`s `defense_actions` lists.
    fn move_legal(&self, state: &State, play: &Play, fielder: u8, to: SquareId) -> bool {
        // Who may not step: a holder who may not carry the ball; while a
        // short throw waits, its receiver where its destination is locked,
        // and its thrower where the ball stays with him (`throw.in_flight.
        // ball_at: thrower`): the next die throws it from his square.
        let busy = match state.ball {
            Ball::Held { by } => self.carry_cost(play, by).is_none().then_some(by),
            Ball::Thrown { thrower, to, .. } => {
                if fielder == thrower && self.rules.in_flight.ball_at == BallAt::Thrower {
                    Some(thrower)
                } else {
                    self.rules.throw_short.destination_locked.then_some(to)
                }
            }
            _ => None,
        };
        let holds = state.ball == Ball::Held { by: fielder };
        fielder < 9
            && Some(fielder) != busy
            && (holds || play.budget >= self.rules.costs.step)
            && self
                .field
                .neighbours(state.fielders[usize::from(fielder)])
                .contains(&to)
            && self.may_enter(state, fielder, to)
    }

    /// Whether `action`, a catch, leap or pickup by `f`, is the one
    /// `ball_try` offers the fielder standing on the loose ball.
    fn fielding_legal(&self, state: &State, play: &Play, action: &Action, f: u8) -> bool {
        let Ball::Loose { at, .. } = state.ball else {
            return false;
        };
        // The try offered is by `f` too, so its kind alone tells.
        state.fielders.get(usize::from(f)) == Some(&at)
            && state.fielder_on(at) == Some(f)
            && self
                .ball_try(&state.ball, play, f)
                .is_some_and(|offered| discriminant(&offered) == discriminant(action))
    }

    /// Applies a defense action, checked first unless `known_legal`.
    pub(crate) fn defense_action(
        &self,
        state: &mut State,
        action: &Action,
        known_legal: bool,
        events: &mut Recorder,
    ) -> Applied {
        if !known_legal && !self.defense_legal(state, action) {
            return Err(illegal(action, "not a legal defense action now"));
        }
        let defense = state.defense();
        let play = state.play.as_mut().expect("a defense turn has a play");
        match *action {
            Action::PlayBall(f) => {
                let fielding = &state.dugouts[defense.index()].fielding;
                let budget = self.action_points(defense, fielding, f);
                play.budget = budget;
                play.chosen.get_or_insert(f);
                play.player = Some(f);
                events.push(ev(
                    "defense.budget",
                    EventKind::Plays { fielder: f, budget },
                ));
            }
            Action::Move { fielder, to } => {
                let carrying = state.ball == Ball::Held { by: fielder };
                let cost = if carrying {
                    self.carry_cost(play, fielder)
                        .unwrap_or(self.rules.costs.step)
                } else {
                    self.rules.costs.step
                };
                play.budget = play.budget.saturating_sub(cost);
                play.moved[usize::from(fielder)] += 1;
                if carrying {
                    play.carried += 1;
                }
                let from = state.fielders[usize::from(fielder)];
                state.fielders[usize::from(fielder)] = to;
                events.push(ev(
                    if carrying {
                        "defense.move_with_ball"
                    } else {
                        "defense.movement"
                    },
                    EventKind::Moved { fielder, from, to },
                ));
                if carrying {
                    // The ball goes where he carries it: into the diamond
                    // it stops the runners, onto a base it makes the outs
                    // a touch makes (out.ways).
                    if self.stops_runners(to)
                        && let Some(play) = state.play.as_mut()
                    {
                        play.in_diamond = true;
                    }
                    let out = self.rules.touch.on_entering_base_square
                        && self.base_outs(state, fielder, false, events);
                    self.after_fielding(state, out, events);
                } else {
                    self.maybe_end_defense_turn(state, events);
                }
            }
            Action::Catch(f) => {
                play.budget = play.budget.saturating_sub(self.rules.costs.catch);
                let need = self
                    .rules
                    .catch
                    .minimum(is_infielder(f), play.moved[usize::from(f)]);
                state.phase = Phase::DefenseDie {
                    purpose: DefenseRoll::Catch { fielder: f, need },
                };
            }
            Action::Leap(f) => {
                play.budget = play.budget.saturating_sub(self.rules.costs.catch);
                state.phase = Phase::DefenseDie {
                    purpose: DefenseRoll::Leap {
                        fielder: f,
                        need: self.rules.leap.need,
                    },
                };
            }
            Action::Pickup(f) => {
                play.budget = play.budget.saturating_sub(self.rules.costs.pickup);
                let dropped = matches!(state.ball, Ball::Loose { dropped: true, .. });
                let pickup = &self.rules.pickup;
                let automatic = dropped
                    || pickup.automatic_from_turn.is_some_and(|t| play.turn >= t)
                    || pickup
                        .automatic_after_misses
                        .is_some_and(|m| play.pickup_misses >= m);
                if automatic {
                    events.push(ev(
                        "field.ground_pickup",
                        EventKind::Fielded {
                            fielder: f,
                            how: "pickup",
                            need: 0,
                            roll: 0,
                            success: true,
                        },
                    ));
                    let out = self.picked_up(state, f, events);
                    self.after_fielding(state, out, events);
                } else {
                    state.phase = Phase::DefenseDie {
                        purpose: DefenseRoll::Pickup {
                            fielder: f,
                            need: self.rules.pickup.min_die,
                        },
                    };
                }
            }
            Action::Throw { from, to } => {
                play.budget = play.budget.saturating_sub(self.rules.costs.throw);
                state.phase = Phase::DefenseDie {
                    purpose: DefenseRoll::Throw { from, to },
                };
            }
            Action::LetDrop => {
                play.resume_budget = Some(play.budget);
                if let Ball::Loose { lie, dropped, .. } = &mut state.ball {
                    *lie = Lie::Ground;
                    *dropped = self.rules.let_drop.pickup == DroppedPickup::Automatic;
                }
                events.push(ev("field.let_drop", EventKind::Dropped));
                self.start_offense_turn(state, events);
            }
            Action::EndTurn => self.end_defense_turn(state, events),
            _ => return Err(illegal(action, "not a defense action")),
        }
        Ok(())
    }

    /// A fielder now holds the ball where it lay. Returns whether it made
    /// an out (the turn then passes to the offense).
    fn picked_up(&self, state: &mut State, f: u8, events: &mut Recorder) -> bool {
        let square = state.fielders[usize::from(f)];
        state.ball = Ball::Held { by: f };
        if let Some(play) = state.play.as_mut() {
            play.fielded_at = Some(square);
            play.handled.push(f + 1);
            if self.stops_runners(square) {
                play.in_diamond = true;
            }
        }
        self.base_outs(state, f, false, events)
    }

    /// Outs where a fielder holding the ball stands on a base: every runner
    /// heading for that base who has not reached it, and a runner forced
    /// to it who is still on the base behind.
    fn base_outs(&self, state: &mut State, f: u8, by_throw: bool, events: &mut Recorder) -> bool {
        let square = state.fielders[usize::from(f)];
        let Some(base) = self.field.base_at(square) else {
            return false;
        };
        // At home plate the runners who come in collide with him
        // (offense.collision): nobody is out before that.
        if base == Base::Home && self.rules.collision.is_some() {
            return false;
        }
        // Which runners the ball can put out here (out.ways): a throw that
        // beats them, or a fielder who got the ball on the base himself.
        let ways = &self.rules.out_ways;
        let (any_runner, forced_only) = if by_throw {
            (ways.contains(&OutWay::ThrowBeatsRunner), false)
        } else {
            (
                ways.contains(&OutWay::TouchBeatsRunner),
                ways.contains(&OutWay::TouchBeatsForcedRunner),
            )
        };
        if !any_runner && !forced_only {
            return false;
        }
        let target = base.circle();
        // The runners put out, by slot, and which of them (bit `i` for the
        // `i`-th; a runner a batting slot, so nine at most) were forced
        // there: decided before any of the outs frees a force.
        let mut victims = ShortList::new();
        let mut forced = 0u16;
        for r in &state.runners {
            let to_target = r.forced_to == Some(target);
            let heading =
                r.pos < target && (r.pos > target - 5 || (r.pos == target - 5 && to_target));
            if heading && (any_runner || to_target) {
                if to_target {
                    forced |= 1 << victims.len();
                }
                victims.push(r.slot);
            }
        }
        let any = !victims.is_empty();
        for (i, &slot) in victims.iter().enumerate() {
            if state.outs >= self.rules.outs_per_half {
                break;
            }
            let how = if forced & 1 << i != 0 {
                OutHow::Force
            } else {
                OutHow::Tag
            };
            let start = state
                .runners
                .iter()
                .find(|r| r.slot == slot)
                .map(|r| r.start);
            let handled = handled_so_far(state);
            self.out(state, slot, how, handled, "out.ways", events);
            if slot == state.batter
                && let Some(play) = state.play.as_mut()
            {
                play.batter_out = true;
            }
            if let Some(start) = start {
                self.release_forces(state, start);
            }
        }
        any
    }

    /// After a fielder got the ball: an out passes the turn to the offense
    /// (core.out.offense-choice); otherwise the defense goes on while it has
    /// action points.
    fn after_fielding(&self, state: &mut State, out: bool, events: &mut Recorder) {
        // An out made without a pass may leave the fielder his points
        // (out.after, major.3.10.out-no-pass).
        let goes_on = self.rules.after_out.unassisted_may_continue;
        if out && !goes_on && state.outs < self.rules.outs_per_half {
            self.end_defense_turn(state, events);
        } else {
            self.maybe_end_defense_turn(state, events);
        }
    }

    fn maybe_end_defense_turn(&self, state: &mut State, events: &mut Recorder) {
        if state.outs >= self.rules.outs_per_half {
            self.end_play(state, 0, events);
            return;
        }
        state.phase = Phase::Defense;
        if state.play.as_ref().is_some_and(|p| p.budget == 0) {
            self.end_defense_turn(state, events);
        }
    }

    pub(crate) fn defense_die(
        &self,
        state: &mut State,
        action: &Action,
        purpose: DefenseRoll,
        dice: &[u8],
        events: &mut Recorder,
    ) -> Applied {
        let [roll] = dice else {
            return Err(illegal(action, "one die"));
        };
        let roll = *roll;
        if !(1..=6).contains(&roll) {
            return Err(illegal(action, "a die shows 1 to 6"));
        }
        match purpose {
            DefenseRoll::Catch { fielder, need } | DefenseRoll::Leap { fielder, need } => {
                let leap = matches!(purpose, DefenseRoll::Leap { .. });
                let rule = if leap {
                    "field.fence_leap"
                } else {
                    "field.catch_minimum"
                };
                let success = roll >= need;
                events.push(ev(
                    rule,
                    EventKind::Fielded {
                        fielder,
                        how: if leap { "leap" } else { "catch" },
                        need,
                        roll,
                        success,
                    },
                ));
                if success {
                    state.ball = Ball::Held { by: fielder };
                    let play = state.play.as_mut().expect("a play");
                    play.caught = true;
                    play.batter_out = true;
                    play.fielded_at = Some(state.fielders[usize::from(fielder)]);
                    play.handled.push(fielder + 1);
                    play.home_run = false;
                    let batter = state.batter;
                    let mut catcher = ShortList::new();
                    catcher.push(fielder + 1);
                    self.out(state, batter, OutHow::Caught, catcher, rule, events);
                    // Runners tag up: they are no longer forced, where the
                    // rules free them after a catch (offense.force).
                    if self.rules.force.free_after_catch {
                        for r in &mut state.runners {
                            r.forced_to = None;
                        }
                    }
                    if state.outs >= self.rules.outs_per_half {
                        self.end_play(state, 0, events);
                    } else {
                        self.after_fielding(state, true, events);
                    }
                } else if leap {
                    self.home_run(state, events);
                } else {
                    if let Ball::Loose { dropped, lie, .. } = &mut state.ball {
                        *dropped = self.rules.fly_miss.pickup == DroppedPickup::Automatic;
                        *lie = Lie::Ground;
                    }
                    events.push(ev("field.fly_miss", EventKind::Dropped));
                    self.missed_fly(state, "field.fly_miss", false, events);
                }
            }
            DefenseRoll::Pickup { fielder, need } => {
                let success = roll >= need;
                events.push(ev(
                    "field.ground_pickup",
                    EventKind::Fielded {
                        fielder,
                        how: "pickup",
                        need,
                        roll,
                        success,
                    },
                ));
                if success {
                    let out = self.picked_up(state, fielder, events);
                    self.after_fielding(state, out, events);
                    return Ok(());
                }
                if let Some(play) = state.play.as_mut() {
                    play.pickup_misses = play.pickup_misses.saturating_add(1);
                }
                if state.play.as_ref().is_some_and(|p| p.budget > 0) {
                    state.phase = Phase::Defense;
                } else {
                    self.end_defense_turn(state, events);
                }
            }
            DefenseRoll::Throw { from, to } => self.throw_die(state, from, to, roll, events)?,
        }
        Ok(())
    }

    /// One die of a throw: the ball moves toward the receiver; the turn ends.
    fn throw_die(
        &self,
        state: &mut State,
        from: u8,
        to: u8,
        roll: u8,
        events: &mut Recorder,
    ) -> Applied {
        let (at, total, first) = match state.ball {
            Ball::Held { by } => (state.fielders[usize::from(by)], 0, true),
            Ball::Thrown { at, total, .. } => (at, total, false),
            _ => (state.fielders[usize::from(from)], 0, true),
        };
        let target = state.fielders[usize::from(to)];
        let distance = self.field.king_distance(at, target);
        let needed = self
            .throw_need(
                state.defense(),
                &state.dugouts[state.defense().index()].fielding,
                from,
                to,
                target,
            )
            .unwrap_or(0);
        let modifier = match state.play.as_ref() {
            Some(play) if first => self.throw_modifier(play),
            _ => 0,
        };
        // The die of a throw that fell short rolls on by `throw.short`.
        events.push(ev(
            if first {
                "throw.resolution"
            } else {
                "throw.short"
            },
            EventKind::Rolled {
                purpose: "throw",
                dice: Dice::one(roll),
            },
        ));
        let ThrowOutcome {
            arrived,
            squares,
            total: new_total,
        } = self.rules.throw.throw(&[
            Arg::Int(i64::from(roll)),
            Arg::Int(i64::from(total)),
            Arg::Int(i64::from(needed)),
            Arg::Int(i64::from(distance)),
            Arg::Int(i64::from(modifier)),
            Arg::Bool(first),
        ])?;
        let now = if arrived {
            target
        } else if self.rules.in_flight.ball_at == BallAt::Thrower {
            // pro.throw: a short throw does not move the ball; a later die
            // completes it from where it was thrown.
            at
        } else {
            self.field.advance(at, target, squares)
        };
        // Where a short throw's ball counts as being is `throw.in_flight`.
        events.push(ev(
            if arrived {
                "throw.resolution"
            } else {
                "throw.in_flight"
            },
            EventKind::Threw {
                from,
                to,
                at: now,
                arrived,
            },
        ));
        // A short throw the rules count as outside the diamond does not
        // stop the runners (throw.in_flight, faq.throw.short-outside).
        let counts_where_it_is = arrived || self.rules.in_flight.ball_at != BallAt::OutsideDiamond;
        if counts_where_it_is
            && self.stops_runners(now)
            && let Some(play) = state.play.as_mut()
        {
            play.in_diamond = true;
        }
        if arrived {
            state.ball = Ball::Held { by: to };
            if let Some(play) = state.play.as_mut() {
                play.handled.push(to + 1);
                play.fielded_at = None;
            }
            let out = self.base_outs(state, to, true, events);
            if state.outs >= self.rules.outs_per_half {
                self.end_play(state, 0, events);
                return Ok(());
            }
            // The ball reaches home plate just after a runner: they collide
            // (offense.collision).
            if self.collides_at(state, to)
                && state.play.as_ref().is_some_and(|p| p.at_plate.is_some())
            {
                state.phase = Phase::CollisionDice { ball_first: false };
                return Ok(());
            }
            self.after_pass(state, to, first, out, events);
            return Ok(());
        }
        // The ball is not there just after the runner at the plate: he
        // scores.
        self.score_at_plate(state, events);
        let fielder_there = state.fielder_on(now).filter(|_| now != at);
        if self.rules.in_flight.fielder_on_square_fields_it && fielder_there.is_some() {
            // It stops on a fielder's square: his next turn, picked up as a
            // ground ball (throw.in_flight, major.3.8.1.short-throw).
            state.ball = Ball::Loose {
                at: now,
                lie: Lie::Ground,
                dropped: false,
            };
            events.push(ev(
                "throw.in_flight",
                EventKind::Lies {
                    lie: Lie::Ground,
                    chosen: false,
                },
            ));
        } else {
            state.ball = Ball::Thrown {
                at: now,
                thrower: from,
                to,
                total: new_total,
            };
        }
        if state.outs >= self.rules.outs_per_half {
            self.end_play(state, 0, events);
        } else {
            self.end_defense_turn(state, events);
        }
        Ok(())
    }

    /// After a pass reached fielder `to`: the defense turn ends
    /// (`throw.turn_end.on_pass`), unless the rules let it go on, or let
    /// the receiver of a short throw that arrived now throw on with his own
    /// action points (major.3.8.1.short-throw). A pass that made an out
    /// always ends it (out.after, major.3.10.out-no-pass).
    fn after_pass(&self, state: &mut State, to: u8, first: bool, out: bool, events: &mut Recorder) {
        let rule = self.rules.turn_end;
        let receiver_goes_on = rule.on_pass && !first && rule.receiver_of_short_throw_continues;
        if out || (rule.on_pass && !receiver_goes_on) {
            self.end_defense_turn(state, events);
            return;
        }
        if receiver_goes_on {
            let defense = state.defense();
            let points = self
                .action_points(defense, &state.dugouts[defense.index()].fielding, to)
                .saturating_sub(self.rules.costs.throw);
            if let Some(play) = state.play.as_mut() {
                play.budget = points;
            }
            events.push(ev(
                "throw.turn_end",
                EventKind::Plays {
                    fielder: to,
                    budget: points,
                },
            ));
        }
        self.maybe_end_defense_turn(state, events);
    }

    /// Whether fielder `f` stands on home plate where runners collide with
    /// him (`offense.collision`).
    fn collides_at(&self, state: &State, f: u8) -> bool {
        self.rules.collision.is_some()
            && self.field.base_at(state.fielders[usize::from(f % 9)]) == Some(Base::Home)
    }

    /// The runner waiting at the plate for a collision that will not come
    /// scores.
    fn score_at_plate(&self, state: &mut State, events: &mut Recorder) {
        let Some(runner) = state.play.as_mut().and_then(|p| p.at_plate.take()) else {
            return;
        };
        state.runners.push(runner);
        self.score_arrivals(state, "offense.run", events);
    }

    /// The collision's dice (offense.collision, major.3.11.2.collision): the
    /// runner at the plate is out or scores. The ball first, the offense
    /// turn goes on; the ball after him, the defense's turn ends (after an
    /// out) or goes on as after any pass. After an out the others may move
    /// only the bases the rule gives in the offense turn that follows.
    pub(crate) fn collision(
        &self,
        state: &mut State,
        action: &Action,
        ball_first: bool,
        dice: &[u8],
        events: &mut Recorder,
    ) -> Applied {
        let [offense_die, defense_die] = *dice else {
            return Err(illegal(
                action,
                "a collision takes two dice: the offense's, then the defense's",
            ));
        };
        if ![offense_die, defense_die]
            .iter()
            .all(|d| (1..=6).contains(d))
        {
            return Err(illegal(action, "dice show 1 to 6"));
        }
        let (Some(table), Some(runner)) = (
            self.rules.collision.as_ref(),
            state.play.as_ref().and_then(|p| p.at_plate),
        ) else {
            return Err(illegal(action, "nobody is at the plate"));
        };
        let (out, others) = table.resolve(ball_first, offense_die, defense_die);
        events.push(ev(
            "offense.collision",
            EventKind::Rolled {
                purpose: "collision",
                dice: Dice::from(dice),
            },
        ));
        events.push(ev(
            "offense.collision",
            EventKind::Collided {
                slot: runner.slot,
                ball_first,
                offense_die,
                defense_die,
                out,
            },
        ));
        let play = state
            .play
            .as_mut()
            .expect("a runner at the plate has a play");
        play.at_plate = None;
        if out {
            let handled = play.handled;
            if others > 0 {
                play.others_bases = Some(others);
            }
            self.out(
                state,
                runner.slot,
                OutHow::Collision,
                handled,
                "offense.collision",
                events,
            );
            self.release_forces(state, runner.start);
            if state.outs >= self.rules.outs_per_half {
                self.end_play(state, 0, events);
                return Ok(());
            }
        } else {
            state.runners.push(runner);
            self.score_arrivals(state, "offense.collision", events);
        }
        if ball_first {
            self.next_runner(state, events);
        } else if out {
            self.end_defense_turn(state, events);
        } else {
            let to = match state.ball {
                Ball::Held { by } => by,
                _ => 1,
            };
            self.after_pass(state, to, false, false, events);
        }
        Ok(())
    }

    /// A fly ball not caught (or off the wall, `wall`): the batter and the
    /// runners advance as `field.fly_miss` says: all of them a base, or the
    /// batter to first (with the runners he forces) and then one runner of
    /// the offense's choice; then the defense's turn ends or goes on.
    fn missed_fly(&self, state: &mut State, rule: &'static str, wall: bool, events: &mut Recorder) {
        let one_runner = self.rules.fly_miss.advance == MissAdvance::BatterAndOneRunner;
        for i in 0..state.runners.len() {
            let r = &mut state.runners[i];
            let to = match r.forced_to {
                _ if !one_runner => r.next_base(),
                Some(forced) if r.pos < forced => forced,
                _ => continue,
            };
            let from = r.pos;
            r.pos = to.min(20);
            let (slot, to) = (r.slot, r.pos);
            events.push(ev(rule, EventKind::Ran { slot, from, to }));
        }
        for r in &mut state.runners {
            if r.forced_to.is_some_and(|t| r.pos >= t) {
                r.forced_to = None;
            }
        }
        self.score_arrivals(state, rule, events);
        if one_runner && !self.send_choices(state).is_empty() {
            state.phase = Phase::MissAdvance { wall };
            return;
        }
        self.after_missed_fly(state, wall, events);
    }

    /// The runners the offense may send a base after a missed fly: on a
    /// base, not moved on by the batter, with the next base free (their
    /// circles).
    fn send_choices(&self, state: &State) -> Vec<u8> {
        state
            .runners
            .iter()
            .filter(|r| {
                r.slot != state.batter
                    && r.pos > 0
                    && r.pos == r.start
                    && r.on_base()
                    && !state
                        .runners
                        .iter()
                        .any(|o| o.pos == r.next_base() && r.next_base() < 20)
            })
            .map(|r| r.pos)
            .collect()
    }

    pub(crate) fn send_actions(&self, state: &State) -> Vec<Action> {
        self.send_choices(state)
            .into_iter()
            .map(|pos| Action::Send(Some(pos)))
            .chain([Action::Send(None)])
            .collect()
    }

    pub(crate) fn send_legal(&self, state: &State, on: Option<u8>) -> bool {
        on.is_none_or(|pos| self.send_choices(state).contains(&pos))
    }

    /// The offense's runner sent a base after a missed fly (or nobody).
    pub(crate) fn send(
        &self,
        state: &mut State,
        action: &Action,
        on: Option<u8>,
        wall: bool,
        events: &mut Recorder,
    ) -> Applied {
        if !self.send_legal(state, on) {
            return Err(illegal(
                action,
                "only a runner on a base, not moved up by the batter, with the next base free",
            ));
        }
        if let Some(r) = on.and_then(|pos| state.runners.iter_mut().find(|r| r.pos == pos)) {
            let from = r.pos;
            r.pos = r.next_base();
            r.forced_to = None;
            let (slot, to) = (r.slot, r.pos);
            events.push(ev("field.fly_miss", EventKind::Ran { slot, from, to }));
            self.score_arrivals(state, "field.fly_miss", events);
            sort_runners(state);
        }
        self.after_missed_fly(state, wall, events);
        Ok(())
    }

    /// After a missed fly's runners moved: the defense's turn ends, or (by
    /// `field.fly_miss.ends_defense_turn`) goes on with its points, or, for
    /// a ball off the wall, begins.
    fn after_missed_fly(&self, state: &mut State, wall: bool, events: &mut Recorder) {
        if self.rules.fly_miss.ends_defense_turn {
            self.end_defense_turn(state, events);
        } else if wall {
            self.start_defense_turn(state, events);
        } else {
            self.maybe_end_defense_turn(state, events);
        }
    }

    fn end_defense_turn(&self, state: &mut State, events: &mut Recorder) {
        self.score_at_plate(state, events);
        events.push(ev("core.sequence", EventKind::DefenseTurnEnded));
        if state.play.as_ref().is_some_and(|p| p.home_run)
            && !matches!(state.ball, Ball::Held { .. })
        {
            // Nobody leapt: the home run stands.
            self.home_run(state, events);
            return;
        }
        self.start_offense_turn(state, events);
    }

    fn start_offense_turn(&self, state: &mut State, events: &mut Recorder) {
        self.halfway_returns(state, events);
        sort_runners(state);
        let holds = state
            .play
            .as_ref()
            .is_some_and(|p| self.diamond_stop_holds(state, p));
        let Some(play) = state.play.as_mut() else {
            return;
        };
        // A stop lifted (a short throw counted outside the diamond) frees
        // the runners it held: when it holds again, each may reach one more
        // base.
        if !holds {
            play.stopped = 0;
        }
        play.offense_turn = true;
        play.moved_this_turn = false;
        play.to_move.clear();
        play.to_move.extend(state.runners.iter().map(|r| r.slot));
        self.next_runner(state, events);
    }

    /// Whether runner `r` may not finish his run because the diamond stop
    /// holds and he is not yet `offense.diamond_stop.only_if_past` circles
    /// past the base he left (faq.offense.halfway). A runner forced on must
    /// run (offense.force), and a runner on a base has no run to finish.
    fn short_of_halfway(&self, state: &State, r: &Runner) -> bool {
        let (Some(past), Some(play)) = (self.rules.diamond_stop.only_if_past, &state.play) else {
            return false;
        };
        let forced = r.forced_to.is_some_and(|t| r.pos < t);
        self.diamond_stop_holds(state, play)
            && !r.on_base()
            && !forced
            && r.last_base() > 0
            && r.pos - r.last_base() < past
    }

    /// A runner short of halfway goes back to the base he left
    /// (`return_short_runners`), in a game whose diamond stop asks how far
    /// past his base a runner is.
    fn halfway_returns(&self, state: &mut State, events: &mut Recorder) {
        if self.rules.diamond_stop.only_if_past.is_some() {
            self.return_short_runners(state, events);
        }
    }

    /// A runner short of halfway goes back to the base he left, unless a
    /// teammate stands on it or between (docs/rules-notes.md reads this as
    /// the FAQ's exception to "a base once passed cannot be gone back
    /// to"). He had reached that base before, so he is safe there. Runners
    /// go back from the least advanced up. Out of line, so that
    /// `halfway_returns` costs a game without the rule one look-up.
    #[inline(never)]
    fn return_short_runners(&self, state: &mut State, events: &mut Recorder) {
        state.runners.sort_by_key(|r| r.pos);
        for i in 0..state.runners.len() {
            let r = state.runners[i];
            let back = r.last_base();
            let blocked = state
                .runners
                .iter()
                .any(|o| o.slot != r.slot && (back..r.pos).contains(&o.pos));
            if !self.short_of_halfway(state, &r) || blocked {
                continue;
            }
            state.runners[i].pos = back;
            events.push(ev(
                "offense.diamond_stop",
                EventKind::Ran {
                    slot: r.slot,
                    from: r.pos,
                    to: back,
                },
            ));
        }
        sort_runners(state);
    }

    fn next_runner(&self, state: &mut State, events: &mut Recorder) {
        let Some(play) = state.play.as_mut() else {
            return;
        };
        if play.to_move.is_empty() {
            self.end_offense_turn(state, events);
            return;
        }
        match self.rules.run.distance {
            RunDistance::Die => state.phase = Phase::RunDie,
            RunDistance::BaseRun => {
                // The runner's BASE RUN (a game without players: 4).
                let slot = play.to_move[0];
                let mut run = self.runner_card(state, slot).map_or(4, |c| c.run);
                // A long run leaves less BASE RUN (offense.long_runs,
                // major.3.12.long-runs): bases run in a row this play.
                if let (Some(table), Some(r)) = (
                    &self.rules.long_runs,
                    state.runners.iter().find(|r| r.slot == slot),
                ) {
                    let bases = usize::from(r.last_base().saturating_sub(r.start) / 5).min(4);
                    run = table[usize::from(run.min(9))][bases];
                }
                if let Some(play) = state.play.as_mut() {
                    play.run_die = Some(run);
                }
                state.phase = Phase::Run;
            }
        }
    }

    pub(crate) fn run_die(
        &self,
        state: &mut State,
        action: &Action,
        dice: &[u8],
        events: &mut Recorder,
    ) -> Applied {
        let [roll] = dice else {
            return Err(illegal(action, "one die"));
        };
        if !(1..=6).contains(roll) {
            return Err(illegal(action, "a die shows 1 to 6"));
        }
        events.push(ev(
            "offense.run",
            EventKind::Rolled {
                purpose: "run",
                dice: Dice::one(*roll),
            },
        ));
        if let Some(play) = state.play.as_mut() {
            play.run_die = Some(*roll);
        }
        state.phase = Phase::Run;
        Ok(())
    }

    /// How far the runner now moving may go.
    pub(crate) fn run_range(&self, state: &State) -> Option<RunRange> {
        let play = state.play.as_ref()?;
        let slot = *play.to_move.first()?;
        let runner = state.runners.iter().find(|r| r.slot == slot)?;
        let die = play.run_die.unwrap_or(0);
        let mut limit = 20u8;
        if let Some(ahead) = state
            .runners
            .iter()
            .filter(|r| r.pos > runner.pos)
            .map(|r| r.pos)
            .min()
        {
            limit = ahead - 1;
        }
        let forced = runner.forced_to.is_some_and(|t| runner.pos < t);
        let mut home = None;
        let holds = self.diamond_stop_holds(state, play);
        if holds && !forced && Self::stopped(play, runner.slot) {
            // He reached his base under the stop: he stays there
            // (offense.diamond_stop.lasts: play).
            limit = runner.pos;
        } else if holds {
            // The run home (offense.run_home, pro.offense.diamond-stop): a
            // runner whose full move carries him past third may ignore the
            // stop to try to score, running past third.
            let full = die.min(limit.saturating_sub(runner.pos));
            let may_try = self.rules.run_home.is_some_and(|rule| {
                (rule.from == RunHomeFrom::Any || runner.pos == 10)
                    && runner.pos + full > 15
                    && !(rule.needs_clear_path
                        && state
                            .runners
                            .iter()
                            .any(|r| r.slot != runner.slot && (16..20).contains(&r.pos)))
            });
            if may_try {
                home = Some((16 - runner.pos.min(15), full));
            }
            limit = limit.min(runner.next_base());
            // Only a runner far enough past his base may finish his run
            // (offense.diamond_stop.only_if_past, faq.offense.halfway); a
            // forced runner must run on (offense.force).
            if let Some(past) = self.rules.diamond_stop.only_if_past
                && !forced
                && runner.pos - runner.last_base() < past
            {
                limit = runner.pos;
            }
        }
        // After a collision out the others move only so many bases
        // (offense.collision, major.3.11.2.collision).
        if let Some(bases) = play.others_bases {
            limit = limit.min(runner.next_base() + 5 * bases.saturating_sub(1));
            home = None;
        }
        let most = die.min(limit.saturating_sub(runner.pos));
        let must = runner.pos == 0 || !runner.on_base() || forced;
        let least = if must { most.min(1) } else { 0 };
        Some(RunRange { least, most, home })
    }

    pub(crate) fn run_actions(&self, state: &State) -> Vec<Action> {
        match self.run_range(state) {
            Some(range) => (0..=20)
                .filter(|&n| range.allows(n))
                .map(Action::Advance)
                .collect(),
            None => vec![Action::Advance(0)],
        }
    }

    /// Moves the runner whose run it is `n` circles, checked first unless
    /// `known_legal`.
    pub(crate) fn advance(
        &self,
        state: &mut State,
        action: &Action,
        n: u8,
        known_legal: bool,
        events: &mut Recorder,
    ) -> Applied {
        if !known_legal {
            self.check_run(state, action, n)?;
        }
        // A BASE RUN shorter than the card's (4 without players) was cut by
        // a long run.
        let long_run = self.rules.run.distance == RunDistance::BaseRun
            && self.rules.long_runs.is_some()
            && state
                .play
                .as_ref()
                .and_then(|p| p.run_die)
                .is_some_and(|run| {
                    play_slot(state).is_some_and(|slot| {
                        run < self.runner_card(state, slot).map_or(4, |c| c.run)
                    })
                });
        let play = state.play.as_mut().expect("an offense turn has a play");
        let slot = play.to_move.remove(0);
        play.run_die = None;
        if n > 0 {
            play.moved_this_turn = true;
            let holder_base = match state.ball {
                Ball::Held { by } => self
                    .field
                    .base_at(state.fielders[usize::from(by)])
                    .map(Base::circle),
                _ => None,
            };
            // A runner reaching the plate where the ball waits, or just
            // before a throw on its way there, collides with the fielder
            // (offense.collision): he waits at the plate until it is
            // settled.
            let ball_first = holder_base == Some(20);
            let thrown_home =
                matches!(state.ball, Ball::Thrown { to, .. } if self.collides_at(state, to));
            if self.rules.collision.is_some()
                && (ball_first || thrown_home)
                && let Some(i) = state.runners.iter().position(|r| r.slot == slot)
                && state.runners[i].pos + n >= 20
            {
                let mut runner = state.runners.remove(i);
                events.push(ev(
                    "offense.run",
                    EventKind::Ran {
                        slot,
                        from: runner.pos,
                        to: 20,
                    },
                ));
                runner.pos = 20;
                // A runner already waiting for the throw scores: it will
                // come just after this one.
                self.score_at_plate(state, events);
                if let Some(play) = state.play.as_mut() {
                    play.at_plate = Some(runner);
                }
                if ball_first {
                    state.phase = Phase::CollisionDice { ball_first: true };
                    return Ok(());
                }
                self.next_runner(state, events);
                return Ok(());
            }
            let Some(play) = state.play.as_ref() else {
                return Ok(());
            };
            // A runner reaching a base while the diamond stop holds stays
            // there (offense.diamond_stop.lasts: play).
            let stops = self.rules.diamond_stop.lasts == StopLasts::Play
                && self.diamond_stop_holds(state, play);
            let r = state
                .runners
                .iter_mut()
                .find(|r| r.slot == slot)
                .expect("the runner exists");
            let from = r.pos;
            let to = from + n;
            // Running into a base where a fielder waits with the ball is an out.
            if let Some(base) = holder_base.filter(|&b| from < b && to >= b) {
                r.pos = base;
                events.push(ev(
                    "offense.run",
                    EventKind::Ran {
                        slot,
                        from,
                        to: base,
                    },
                ));
                let start = r.start;
                let handled = handled_so_far(state);
                self.out(state, slot, OutHow::Tag, handled, "out.ways", events);
                self.release_forces(state, start);
                if state.outs >= self.rules.outs_per_half {
                    self.end_play(state, 0, events);
                    return Ok(());
                }
            } else {
                r.pos = to;
                if r.forced_to.is_some_and(|t| to >= t) {
                    r.forced_to = None;
                }
                if stops
                    && to < 20
                    && to.is_multiple_of(5)
                    && let Some(play) = state.play.as_mut()
                {
                    play.stopped |= 1 << slot;
                }
                // A run its long run shortened cites the rule that did.
                let rule = if long_run {
                    "offense.long_runs"
                } else {
                    "offense.run"
                };
                events.push(ev(rule, EventKind::Ran { slot, from, to }));
                // Only he can have reached home: any other runner who did
                // has scored already.
                if to >= 20 {
                    self.score_arrivals(state, "offense.run", events);
                }
                if state.phase == Phase::Over {
                    return Ok(());
                }
            }
        }
        self.next_runner(state, events);
        Ok(())
    }

    /// Whether the runner whose run it is stays on his base by the diamond
    /// stop (`stopped`), for `check_run`'s message.
    fn stopped_runner_moving(&self, state: &State) -> bool {
        state.play.as_ref().is_some_and(|play| {
            self.diamond_stop_holds(state, play)
                && play
                    .to_move
                    .first()
                    .is_some_and(|&slot| Self::stopped(play, slot))
        })
    }

    /// Refuses a run of `n` circles the runner whose run it is may not make.
    fn check_run(&self, state: &State, action: &Action, n: u8) -> Applied {
        let Some(range) = self.run_range(state) else {
            return Err(illegal(action, "no runner is moving"));
        };
        if !range.allows(n) {
            let RunRange { least, most, home } = range;
            if most == 0 && home.is_none() && self.stopped_runner_moving(state) {
                return Err(illegal(
                    action,
                    "this runner has reached the base the diamond stop let him reach \
                     (offense.diamond_stop): he stays there for the rest of the play",
                ));
            }
            let also = home.map_or(String::new(), |(a, b)| {
                format!(", or {a} to {b} to try for home")
            });
            return Err(illegal(
                action,
                format!("this runner may move {least} to {most} circles{also}"),
            ));
        }
        Ok(())
    }

    /// Ends the offense turn once every runner has moved. Out of line, so
    /// that `next_runner`, which mostly hands the next runner his die, stays
    /// short.
    #[inline(never)]
    fn end_offense_turn(&self, state: &mut State, events: &mut Recorder) {
        events.push(ev("core.sequence", EventKind::OffenseTurnEnded));
        // The defense turn a dropped fly interrupted goes on with its
        // points (field.let_drop, major.3.7.5.let-drop).
        let walk_off = self.walk_off_now(state);
        if !walk_off
            && let Some(play) = state.play.as_mut()
            && let Some(budget) = play.resume_budget.take()
        {
            play.offense_turn = false;
            play.budget = budget;
            self.maybe_end_defense_turn(state, events);
            return;
        }
        let moved = state.play.as_ref().is_some_and(|p| p.moved_this_turn);
        if walk_off || (!moved) || state.runners.is_empty() {
            self.settle_runners(state, events);
            let reached = state
                .runners
                .iter()
                .find(|r| r.slot == state.batter)
                .map_or(
                    if state.play.as_ref().is_some_and(|p| p.batter_out) {
                        0
                    } else {
                        4
                    },
                    |r| r.pos / 5,
                );
            self.end_play(state, reached, events);
            return;
        }
        if let Some(play) = state.play.as_mut() {
            play.turn += 1;
        }
        self.start_defense_turn(state, events);
    }

    fn walk_off_now(&self, state: &State) -> bool {
        state.half == super::Half::Bottom
            && state.inning >= self.rules.last_inning
            && state.score(Side::Home) > state.score(Side::Away)
    }

    /// At the end of a play, a runner left between bases goes on to the
    /// next base when it is free; when it is taken he cannot go back past
    /// the base he left, and is out (caught in a rundown). A runner short
    /// of halfway with the ball in the diamond goes back instead, or is out
    /// when he cannot (faq.offense.halfway).
    fn settle_runners(&self, state: &mut State, events: &mut Recorder) {
        self.halfway_returns(state, events);
        let mut home = false;
        let mut i = 0;
        while i < state.runners.len() {
            let r = state.runners[i];
            if r.on_base() {
                i += 1;
                continue;
            }
            if self.short_of_halfway(state, &r) {
                // He may not finish his run and cannot get back: out.
                let handled = handled_so_far(state);
                self.out(
                    state,
                    r.slot,
                    OutHow::Tag,
                    handled,
                    "offense.diamond_stop",
                    events,
                );
                continue;
            }
            let taken = |pos: u8| {
                state
                    .runners
                    .iter()
                    .any(|o| o.slot != r.slot && o.pos == pos)
            };
            // A base once passed cannot be gone back to (core.offense.movement).
            let to = (!taken(r.next_base())).then(|| r.next_base());
            match to {
                Some(to) => {
                    state.runners[i].pos = to;
                    home |= to >= 20;
                    events.push(ev(
                        "offense.run",
                        EventKind::Ran {
                            slot: r.slot,
                            from: r.pos,
                            to,
                        },
                    ));
                    i += 1;
                }
                None => {
                    let handled = handled_so_far(state);
                    self.out(state, r.slot, OutHow::Tag, handled, "out.ways", events);
                }
            }
        }
        // Only a runner sent on home now scores: any other who got there
        // has scored already.
        if home {
            self.score_arrivals(state, "offense.run", events);
        }
        sort_runners(state);
    }

    fn end_play(&self, state: &mut State, batter_reached: u8, events: &mut Recorder) {
        self.score_at_plate(state, events);
        events.push(ev("out.after", EventKind::PlayEnded { batter_reached }));
        for r in &mut state.runners {
            r.start = r.pos;
            r.forced_to = None;
        }
        self.after_batter(state, events);
    }
}

/// The fielders who have handled the ball in the play so far (numbers
/// 1-9), for an out's event.
fn handled_so_far(state: &State) -> ShortList {
    state.play.as_ref().map(|p| p.handled).unwrap_or_default()
}

/// The batting slot of the runner whose move it is.
fn play_slot(state: &State) -> Option<u8> {
    state.play.as_ref()?.to_move.first().copied()
}

/// Marks, as the ball is put in play, where each runner starts and which
/// of them the batter forces on, the runners taken from the batter up: a
/// runner is forced when every base behind him is taken.
fn mark_forced<'a>(runners: impl Iterator<Item = &'a mut Runner>) {
    let mut need = 5;
    for r in runners {
        r.start = r.pos;
        if r.pos == 0 {
            continue;
        }
        if r.pos == need {
            r.forced_to = Some(need + 5);
            need += 5;
        } else {
            r.forced_to = None;
        }
    }
}

/// Whether a square of kind `kind` is in the diamond (BOX and C count).
/// The fielder whose points a defense turn's budget is, where the rules
/// name him rather than the defense (`defense.budget`): the ball holder's
/// where the turn is his (`whose`), or the first fielder named in the
/// play (`chosen`) for its later turns (pro.defense.ap: "fino alla
/// prossima battuta"); else the fielder who plays the loose ball by
/// standing on it (`on_ball`), if any.
fn turn_owner(
    whose: Whose,
    later: bool,
    ball: &Ball,
    chosen: Option<u8>,
    on_ball: Option<u8>,
) -> Option<u8> {
    match (whose, ball, chosen) {
        (Whose::BallHolder, &Ball::Held { by }, _) => Some(by),
        (Whose::ChosenFielder, _, Some(first)) if later => Some(first),
        _ => on_ball,
    }
}

fn in_diamond(kind: SquareKind) -> bool {
    matches!(
        kind,
        SquareKind::Diamond | SquareKind::Box | SquareKind::Catcher
    )
}

/// Runners most advanced first.
fn sort_runners(state: &mut State) {
    state.runners.sort_by_key(|r| std::cmp::Reverse(r.pos));
}

impl Engine<'_> {
    /// When the runner who started at `start` is out, the runner ahead of
    /// him is no longer forced, and so on up the chain, where a runner runs
    /// only to make room (`offense.force`); where every runner forced at
    /// the hit must run, nothing changes (faq.offense.force).
    fn release_forces(&self, state: &mut State, start: u8) {
        if self.rules.force.must_run == ForcedRun::MakeRoom {
            release_forces(state, start);
        }
    }
}

/// When the runner who started at `start` is out, the runner ahead of him
/// is no longer forced, and so on up the chain.
fn release_forces(state: &mut State, start: u8) {
    let mut behind = start;
    loop {
        let next = if behind == 0 { 5 } else { behind + 5 };
        match state
            .runners
            .iter_mut()
            .find(|r| r.start == next && r.forced_to.is_some())
        {
            Some(r) => {
                r.forced_to = None;
                behind = next;
            }
            None => break,
        }
    }
}
