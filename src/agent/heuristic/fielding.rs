//! The defense after a hit: who plays the ball, how the fielders move,
//! when to try a catch, where to throw, and when to end the turn.
//!
//! The plan is remade at every decision from what is on the table, so a
//! plan of several moves (a cover walking to a base, then the throw) needs
//! no memory: each step leaves the next one the best.

use super::Table;
use crate::agent::{Legal, View};
use crate::engine::{Action, Ball, Play, Runner, is_infielder};
use crate::field::{Base, SquareId};
use crate::ruleset::schema::OutWay;
use std::cell::Cell;

/// The lowest chance of a fly catch worth trying: a miss moves every
/// runner up a base.
const MIN_CATCH_CHANCE: f32 = 0.3;

/// The catcher's index: he stays home unless the ball is there.
const CATCHER: u8 = 1;

/// Fielders as a set, a bit each (bit `f` for fielder `f`): a scan of the
/// nine visits only those a rule lets in.
pub(super) type Crew = u16;

/// The infielders (0 to 5) and the outfielders (6 to 8).
const INFIELDERS: Crew = 0b000_111_111;
const OUTFIELDERS: Crew = 0b111_000_000;

/// The crew of the groups let in: the infielders when `infield`, the
/// outfielders when `outfield`.
pub(super) fn crew(infield: bool, outfield: bool) -> Crew {
    (if infield { INFIELDERS } else { 0 }) | (if outfield { OUTFIELDERS } else { 0 })
}

/// The fielders of `crew`, lowest first.
pub(super) fn members(mut crew: Crew) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let f = crew.trailing_zeros() as u8;
        crew &= crew.wrapping_sub(1);
        (f < 16).then_some(f)
    })
}

/// The base (its circle) where a ball arriving at a fielder on it puts
/// runner `r` out, if any: the base ahead of a runner between bases, or of
/// one forced to it from the base behind.
fn put_out_at(r: &Runner) -> Option<u8> {
    let ahead = r.next_base();
    (!r.on_base() || r.forced_to == Some(ahead)).then_some(ahead)
}

/// The base at circle `circle` (`Base::circle`), if any.
fn base_on(circle: u8) -> Option<Base> {
    match circle {
        5 => Some(Base::First),
        10 => Some(Base::Second),
        15 => Some(Base::Third),
        20 => Some(Base::Home),
        _ => None,
    }
}

/// What putting out the runners at each base is worth (in `Base::ALL`
/// order): an out each, more for a runner further round. One pass over
/// the runners: each can be put out at one base at most.
fn out_values(runners: &[Runner]) -> [f32; 4] {
    let mut values = [0.0; 4];
    for r in runners {
        if let Some(base) = put_out_at(r).filter(|&b| b <= 20) {
            values[usize::from(base / 5 - 1)] += 1.0 + f32::from(r.pos) / 20.0;
        }
    }
    values
}

/// What touching the base at circle `target` with the ball is worth, its
/// outs worth `value`: where a touch makes them (`out.ways`); at home
/// plate, where the runners collide with the fielder instead, as likely as
/// he wins.
fn touch_value(t: &Table<'_>, value: f32, target: u8) -> f32 {
    if !t.engine.rules.out_ways.contains(&OutWay::TouchBeatsRunner) {
        return 0.0;
    }
    match &t.engine.rules.collision {
        Some(c) if target == 20 => value * c.out_chance(true),
        _ => value,
    }
}

/// Picks the defense's action in a defense turn. `home` is where the
/// fielders stood when the half inning began: they stay where plays leave
/// them, so spare points walk them back. A fielder named (`PlayBall`), a
/// step (`Move`) or a ball action (`Catch`, `Leap`, `Pickup`) it picks was
/// asked about (`Legal::allows`) first.
pub(super) fn defend(
    t: &Table<'_>,
    view: &View<'_>,
    legal: &Legal<'_>,
    home: &[SquareId; 9],
) -> Option<Action> {
    let play = view.play()?;
    // The fielder going for a loose ball: the turn's player where only he
    // may field it (`defense.budget.chosen_fields`), else the nearest,
    // worked out once if asked for.
    let nearest = lazy_chaser(t, view);
    let player = t.engine.sole_fielder(play);
    let chasing = || player.or_else(&nearest);
    // A fielder is named only at the start of a turn, before it has any
    // points (defense.budget).
    if play.budget == 0 {
        let named = Action::PlayBall(name_fielder(view, &chasing));
        if legal.allows(&named) {
            return Some(named);
        }
        // The rules name another: the fielder on the ball.
        if let Some(other) = (0..9).map(Action::PlayBall).find(|a| legal.allows(a)) {
            return Some(other);
        }
    }
    // Each plan returns as soon as it is found: an `Action` moved through
    // `Option` combinators costs a copy and a drop check at every step.
    let plan = match *view.ball() {
        Ball::Loose { .. } => loose(t, view, play, legal, &chasing),
        Ball::Held { by } => held(t, view, play, legal, by),
        // The throw goes on (and ends the turn): first the spare points
        // cover bases and bring fielders back, unless the rules make the
        // throw the only action (`throw.short`), when no step is legal.
        Ball::Thrown { thrower, to, .. } => {
            if play.budget > 1 && !t.engine.rules.throw_short.only_action {
                let spare = cover_move(t, view, legal, play.budget - 1, Some(to));
                if spare.is_some() {
                    return spare;
                }
                let back = go_home(t, view, legal, home, &chasing);
                if back.is_some() {
                    return back;
                }
            }
            // A throw the turn's points cannot pay (`defense.costs`) waits
            // for the next turn.
            if play.budget < t.engine.rules.costs.throw {
                return Some(Action::EndTurn);
            }
            return Some(Action::Throw { from: thrower, to });
        }
        Ball::Dead => None,
    };
    if plan.is_some() {
        return plan;
    }
    let back = go_home(t, view, legal, home, &chasing);
    if back.is_some() {
        return back;
    }
    Some(Action::EndTurn)
}

/// Nothing better to do: walk the fielder furthest from his place at the
/// start of the half inning a step back, unless he has the ball (or is
/// the one going for it, `chasing` a loose ball) or guards a base a
/// runner could reach.
fn go_home(
    t: &Table<'_>,
    view: &View<'_>,
    legal: &Legal<'_>,
    home: &[SquareId; 9],
    chasing: &impl Fn() -> Option<u8>,
) -> Option<Action> {
    let fielders = view.fielders();
    // Mostly everyone is in his place: that is found out first, before
    // who has the ball is asked.
    let mut away: Crew = 0;
    for (f, (at, place)) in fielders.iter().zip(home).enumerate() {
        away |= Crew::from(at != place) << f;
    }
    if away == 0 {
        return None;
    }
    let holder = match *view.ball() {
        Ball::Held { by } => Some(by),
        Ball::Thrown { to, .. } => Some(to),
        Ball::Loose { .. } => chasing(),
        Ball::Dead => None,
    };
    // A base some runner could reach: one past the runner furthest back.
    let last = view.runners().iter().map(|r| r.pos).min();
    let guarding = |sq: SquareId| {
        t.engine
            .field
            .base_at(sq)
            .is_some_and(|b| last.is_some_and(|pos| pos < b.circle()))
    };
    // (steps from his place, fielder), furthest first, each packed in a
    // u16 (steps in the high byte) so that they compare at once.
    let mut order = [0u16; 9];
    let mut walkers = 0;
    for f in members(away & !holder.map_or(0, |h| 1 << h)) {
        let at = fielders[usize::from(f)];
        if !guarding(at) {
            let d = t.engine.field.king_distance(at, home[usize::from(f)]);
            order[walkers] = u16::from_be_bytes([d, f]);
            walkers += 1;
        }
    }
    let order = &mut order[..walkers];
    order.sort_unstable_by(|a, b| b.cmp(a));
    order.iter().find_map(|&away| {
        let [_, f] = away.to_be_bytes();
        step_toward(t, legal, fielders, f, home[usize::from(f)])
    })
}

/// The fielder whose action points make the turn's budget: the one who
/// plays the ball (`chasing` a loose ball, the receiver of a throw, the
/// holder).
fn name_fielder(view: &View<'_>, chasing: &impl Fn() -> Option<u8>) -> u8 {
    match *view.ball() {
        Ball::Loose { .. } => chasing().unwrap_or(0),
        Ball::Held { by } => by,
        Ball::Thrown { to, .. } => to,
        Ball::Dead => 0,
    }
}

/// The fielder nearest a loose ball among those who may stand on its
/// square and field it; ties go to the one playing that direction, then to
/// more action points.
pub(super) fn chaser(t: &Table<'_>, fielders: &[SquareId; 9], ball: &Ball) -> Option<u8> {
    let Ball::Loose { at, .. } = *ball else {
        return None;
    };
    let field = &t.engine.field;
    let dir = |sq: SquareId| field.square(sq).direction.map_or(9, i16::from);
    let chasers = may_chase(t, ball, at);
    // One who may go for it standing on its square is the only one
    // nearest: fielders never share a square.
    if let Some(f) = fielders.iter().position(|&s| s == at).map(|f| f as u8)
        && chasers & 1 << f != 0
    {
        debug_assert_eq!(fielders.iter().filter(|&&s| s == at).count(), 1);
        return Some(f);
    }
    // The least distance from the ball, and who is that near.
    let (mut least, mut nearest) = (u8::MAX, 0 as Crew);
    for f in members(chasers) {
        let d = field.king_distance(fielders[usize::from(f)], at);
        if d < least {
            (least, nearest) = (d, 0);
        }
        if d == least {
            nearest |= 1 << f;
        }
    }
    // One alone is the chaser.
    let chaser = if nearest & nearest.wrapping_sub(1) == 0 {
        (nearest != 0).then(|| nearest.trailing_zeros() as u8)
    } else {
        // Among the nearest: the least direction off the ball's, then more
        // points, then the lower fielder (met first); the points are asked
        // for only to break a tie.
        let ball_dir = dir(at);
        let mut best: Option<(u16, u8, Option<u8>)> = None;
        for f in members(nearest) {
            let off = (dir(fielders[usize::from(f)]) - ball_dir).unsigned_abs();
            match &mut best {
                Some((least_off, ..)) if off > *least_off => {}
                Some((least_off, g, points)) if off == *least_off => {
                    let kept = *points.get_or_insert_with(|| t.points(*g));
                    let his = t.points(f);
                    if his > kept {
                        (*g, *points) = (f, Some(his));
                    }
                }
                _ => best = Some((off, f, None)),
            }
        }
        best.map(|(_, f, _)| f)
    };
    debug_assert_eq!(
        chaser,
        members(chasers).min_by_key(|&f| {
            let sq = fielders[usize::from(f)];
            (
                t.engine.field.king_distance(sq, at),
                (dir(sq) - dir(at)).abs(),
                std::cmp::Reverse(t.points(f)),
                f,
            )
        })
    );
    chaser
}

/// `chaser` of what `view` shows, worked out the first time it is asked
/// for and kept (in a `Cell`: the closure cannot reenter, which a
/// `OnceCell` would guard against at a cost).
pub(super) fn lazy_chaser<'v>(
    t: &'v Table<'_>,
    view: &'v View<'_>,
) -> impl Fn() -> Option<u8> + 'v {
    let found = Cell::new(None);
    move || {
        found.get().unwrap_or_else(|| {
            let f = chaser(t, view.fielders(), view.ball());
            found.set(Some(f));
            f
        })
    }
}

/// The fielders who may go for the loose `ball` on `at`: stand there and
/// field it (on a Texas square the rules may name infielders or
/// outfielders only). Who may stand there is the table's
/// (`Table::standing_on`); who may field it hangs only on whether he is
/// an infielder, so each group is asked about once (for its first
/// fielder). Inlined: every chase asks.
#[inline(always)]
fn may_chase(t: &Table<'_>, ball: &Ball, at: SquareId) -> Crew {
    let field = |first: u8| t.engine.may_field(ball, first);
    t.standing_on(at) & crew(field(0), field(6))
}

/// A loose ball: get the chaser (`chasing` it) to it, then catch or pick
/// it up.
fn loose(
    t: &Table<'_>,
    view: &View<'_>,
    play: &Play,
    legal: &Legal<'_>,
    chasing: &impl Fn() -> Option<u8>,
) -> Option<Action> {
    let fielders = view.fielders();
    let ball = view.ball();
    let Ball::Loose { at, .. } = *ball else {
        return None;
    };
    // Where only the turn's player may field the ball, he is the one who
    // goes for it (`defense.budget.chosen_fields`).
    let goers = match t.engine.sole_fielder(play) {
        Some(p) => may_chase(t, ball, at) & 1 << p,
        None => may_chase(t, ball, at),
    };
    if let Some(f) = fielders.iter().position(|&s| s == at).map(|f| f as u8) {
        if !t.engine.may_field(ball, f) || !t.engine.fields_for_turn(play, f) {
            // He may not field it here: he makes way for one who may and
            // can still get there (a step aside, the walk, the try).
            let other_reaches = members(goers).any(|o| {
                t.engine.field.king_distance(fielders[usize::from(o)], at) + 2 <= play.budget
            });
            return other_reaches
                .then(|| step_aside(t, legal, fielders, f))
                .flatten()
                .or_else(|| cover_move(t, view, legal, play.budget, Some(f)));
        }
        // The ball allows one try at most (a catch, a leap or a pickup):
        // only that one is asked about.
        if let Some(try_it) = t.engine.ball_try(ball, play, f)
            && legal.allows(&try_it)
        {
            let worth_it = match try_it {
                Action::Catch(_) => {
                    let need = t
                        .engine
                        .rules
                        .catch
                        .minimum(is_infielder(f), play.moved[usize::from(f)]);
                    die_chance(need) >= MIN_CATCH_CHANCE
                }
                _ => true,
            };
            if worth_it {
                return Some(try_it);
            }
        }
    }
    // Whoever of them is nearest goes for it (the player, where he alone
    // may); if his way is blocked, the next (only then looked for). The
    // nearest is the least (distance, fielder), each
    // packed in a u16 (distance in the high byte) so that they compare at
    // once.
    let nearest = |passed: Option<u8>| {
        members(goers)
            .filter(|&f| Some(f) != passed)
            .map(|f| {
                let d = t.engine.field.king_distance(fielders[usize::from(f)], at);
                u16::from_be_bytes([d, f])
            })
            .min()
            .map(|near| near.to_be_bytes()[1])
    };
    let mut passed = None;
    for _ in 0..2 {
        let Some(f) = nearest(passed) else {
            break;
        };
        if fielders[usize::from(f)] == at {
            break;
        }
        if let Some(step) = step_toward(t, legal, fielders, f, at) {
            return Some(step);
        }
        passed = Some(f);
    }
    cover_move(t, view, legal, play.budget, chasing())
}

/// A legal step of fielder `f` off his square, the first the field lists.
fn step_aside(t: &Table<'_>, legal: &Legal<'_>, fielders: &[SquareId; 9], f: u8) -> Option<Action> {
    t.engine
        .field
        .neighbours(fielders[usize::from(f)])
        .iter()
        .map(|&to| Action::Move { fielder: f, to })
        .find(|a| legal.allows(a))
}

/// The ball in a fielder's hands: throw where an out is likely, covering
/// the base first when nobody stands on it; else get the ball ahead of
/// the lead runner; else end the turn.
fn held(t: &Table<'_>, view: &View<'_>, play: &Play, legal: &Legal<'_>, by: u8) -> Option<Action> {
    let fielders = view.fielders();
    let runners = view.runners();
    let from = fielders[usize::from(by)];
    let modifier = t.engine.throw_modifier(play);
    let budget = play.budget;
    // (score, receiver, square, steps the receiver still has to walk)
    let mut best: Option<(f32, u8, SquareId, u8)> = None;
    let values = out_values(runners);
    for (&base, &value) in Base::ALL.iter().zip(&values) {
        if value == 0.0 {
            continue;
        }
        for &sq in t.engine.field.base_squares(base) {
            let Some((receiver, steps)) = receiver_for(t, fielders, by, sq, budget) else {
                continue;
            };
            let Some(chance) = throw_odds(t, by, receiver, from, sq, modifier) else {
                continue;
            };
            let score = chance * value - 0.001 * f32::from(steps);
            if chance > 0.0 && best.is_none_or(|(s, ..)| score > s) {
                best = Some((score, receiver, sq, steps));
            }
        }
    }
    // Where the rules let him carry the ball onto a base, a touch there
    // is a sure out (major.3.9.move-with-ball, major.2.9.touch-base).
    let carry = &t.engine.rules.move_with_ball;
    if carry.who.includes(is_infielder(by)) && t.engine.rules.touch.on_entering_base_square {
        let first = if play.carried == 0 {
            carry.first_square
        } else {
            carry.next_squares
        };
        for (&base, &value) in Base::ALL.iter().zip(&values) {
            let value = touch_value(t, value, base.circle());
            if value == 0.0 {
                continue;
            }
            for &sq in t.engine.field.base_squares(base) {
                let steps = t.engine.field.king_distance(from, sq);
                let cost = u16::from(first)
                    + u16::from(steps.saturating_sub(1)) * u16::from(carry.next_squares);
                if steps == 0 || cost > u16::from(budget) || !t.may_stand(by, sq) {
                    continue;
                }
                let score = value - 0.001 * f32::from(steps);
                if best.is_none_or(|(s, ..)| score > s) {
                    best = Some((score, by, sq, steps));
                }
            }
        }
    }
    if best.is_none() {
        best = guard_ahead(t, view, play, by);
    }
    match best? {
        // A throw the turn's points cannot pay (`defense.costs`) waits for
        // the next turn.
        (_, _, _, 0) if budget < t.engine.rules.costs.throw => None,
        (_, receiver, _, 0) => Some(Action::Throw {
            from: by,
            to: receiver,
        }),
        (_, receiver, sq, _) => step_toward(t, legal, fielders, receiver, sq),
    }
}

/// With nobody to put out, the ball goes to the base ahead of the lead
/// runner who could still move, so he cannot run into it (and a runner
/// caught short of it is out when it arrives).
fn guard_ahead(
    t: &Table<'_>,
    view: &View<'_>,
    play: &Play,
    by: u8,
) -> Option<(f32, u8, SquareId, u8)> {
    let fielders = view.fielders();
    let runners = view.runners();
    let from = fielders[usize::from(by)];
    let ahead = runners
        .iter()
        .filter(|r| r.pos < 20)
        .map(Runner::next_base)
        .filter(|&b| !runners.iter().any(|o| o.pos == b))
        .max()?;
    let base = base_on(ahead)?;
    if t.engine.field.base_at(from) == Some(base) {
        return None;
    }
    // From the diamond a runner may only take one base anyway: only worth
    // it when the ball is still out there or the throw is short.
    let squares = t.engine.field.base_squares(base);
    let mut best: Option<(f32, u8, SquareId, u8)> = None;
    for &sq in squares {
        let Some((receiver, steps)) = receiver_for(t, fielders, by, sq, play.budget) else {
            continue;
        };
        if t.engine
            .throw_need(t.defense, &t.fielding, by, receiver, sq)
            .is_none()
        {
            continue;
        }
        let d = t.engine.field.king_distance(from, sq);
        let score = -f32::from(d) - f32::from(steps);
        if best.is_none_or(|(s, ..)| score > s) {
            best = Some((score, receiver, sq, steps));
        }
    }
    if play.in_diamond && best.is_some_and(|(s, ..)| s < -3.0) {
        return None;
    }
    best
}

/// Who would take a throw on `sq`: the fielder standing there, or the
/// nearest one who can walk there (`walker_for`). Inlined: about half the
/// time somebody stands there.
#[inline]
fn receiver_for(
    t: &Table<'_>,
    fielders: &[SquareId; 9],
    thrower: u8,
    sq: SquareId,
    budget: u8,
) -> Option<(u8, u8)> {
    if let Some(f) = fielders.iter().position(|&s| s == sq) {
        let f = f as u8;
        return (f != thrower).then_some((f, 0));
    }
    walker_for(t, fielders, thrower, sq, budget)
}

/// The nearest fielder (not the thrower, not the catcher away from home)
/// who can walk to the empty square `sq` and still leave a point for the
/// throw, and his steps.
#[inline(never)]
fn walker_for(
    t: &Table<'_>,
    fielders: &[SquareId; 9],
    thrower: u8,
    sq: SquareId,
    budget: u8,
) -> Option<(u8, u8)> {
    // Nobody stands there: a walker needs a step at least, and a point
    // left for the throw.
    if budget < 2 {
        return None;
    }
    let mut walkers = t.standing_on(sq) & !(1 << thrower);
    if sq != t.engine.field.catcher() {
        walkers &= !(1 << CATCHER);
    }
    // The least steps (fewer than the budget), the first fielder to take
    // them.
    let mut best = None;
    let mut least = budget;
    for f in members(walkers) {
        let d = t.engine.field.king_distance(fielders[usize::from(f)], sq);
        if d < least {
            (best, least) = (Some(f), d);
        }
    }
    best.map(|f| (f, least))
}

/// Spare points: walk a fielder toward a base a runner is heading for
/// that nobody covers.
fn cover_move(
    t: &Table<'_>,
    view: &View<'_>,
    legal: &Legal<'_>,
    budget: u8,
    busy: Option<u8>,
) -> Option<Action> {
    let fielders = view.fielders();
    let runners = view.runners();
    // The bases the runners head for, furthest first (a play has at most
    // four runners; more would be weighed from a list).
    let mut kept = [0u8; 4];
    let mut listed = Vec::new();
    let targets: &mut [u8] = if runners.len() <= kept.len() {
        let kept = &mut kept[..runners.len()];
        for (t, r) in kept.iter_mut().zip(runners) {
            *t = r.next_base();
        }
        kept
    } else {
        listed.extend(runners.iter().map(|r| r.next_base()));
        &mut listed
    };
    targets.sort_unstable_by(|a, b| b.cmp(a));
    // Who may walk over: not the busy one, nor the catcher.
    let free = !(1 << CATCHER | busy.map_or(0, |f| 1 << f));
    for &target in targets.iter() {
        let Some(base) = base_on(target) else {
            continue;
        };
        let squares = t.engine.field.base_squares(base);
        if squares.iter().any(|&s| fielders.contains(&s)) {
            continue;
        }
        let best = squares
            .iter()
            .flat_map(|&sq| {
                members(t.standing_on(sq) & free).map(move |f| {
                    (
                        t.engine.field.king_distance(fielders[usize::from(f)], sq),
                        f,
                        sq,
                    )
                })
            })
            .filter(|&(d, ..)| d <= budget)
            .min();
        if let Some((_, f, sq)) = best
            && let Some(step) = step_toward(t, legal, fielders, f, sq)
        {
            return Some(step);
        }
    }
    None
}

/// The legal step of fielder `f` that brings him closest to `to`
/// (preferring the field's own shortest-path step), if any brings him
/// closer. Inlined: most plans end in it, and its other steps are kept
/// out of line (`step_around`).
#[inline(always)]
fn step_toward(
    t: &Table<'_>,
    legal: &Legal<'_>,
    fielders: &[SquareId; 9],
    f: u8,
    to: SquareId,
) -> Option<Action> {
    let field = &t.engine.field;
    let from = fielders[usize::from(f)];
    let now = field.king_distance(from, to);
    if now == 0 {
        return None;
    }
    // The field's own step is a step closer, and no neighbour (a step
    // away) is more: it comes first of all. Asked about first, it mostly
    // spares weighing the others.
    let preferred = field.next_step(from, to);
    debug_assert!(
        field.king_distance(preferred, to) + 1 == now
            && field
                .neighbours(from)
                .iter()
                .all(|&sq| field.king_distance(sq, to) + 1 >= now)
    );
    let step = Action::Move {
        fielder: f,
        to: preferred,
    };
    if legal.allows(&step) {
        return Some(step);
    }
    step_around(t, legal, f, from, to, preferred)
}

/// The legal step of fielder `f` on `from` that brings him closest to
/// `to` when the field's own step (`blocked`) is not legal: seldom asked
/// for, so kept out of `step_toward`.
#[cold]
fn step_around(
    t: &Table<'_>,
    legal: &Legal<'_>,
    f: u8,
    from: SquareId,
    to: SquareId,
    blocked: SquareId,
) -> Option<Action> {
    let field = &t.engine.field;
    let now = field.king_distance(from, to);
    let closer = field
        .neighbours(from)
        .iter()
        .copied()
        .filter(|&sq| sq != blocked)
        .map(|sq| (field.king_distance(sq, to), sq))
        .filter(|&(d, _)| d < now);
    let allowed = |&(_, sq): &(u8, SquareId)| legal.allows(&Action::Move { fielder: f, to: sq });
    // The best legal step is the first legal one in order of preference:
    // the steps are put in that order first (each square once), so fewer
    // are asked about.
    let mut steps = [(0u8, from); 16];
    let mut n = 0;
    for step in closer.clone() {
        if n == steps.len() {
            return closer
                .filter(allowed)
                .min()
                .map(|(_, sq)| Action::Move { fielder: f, to: sq });
        }
        steps[n] = step;
        n += 1;
    }
    let steps = &mut steps[..n];
    steps.sort_unstable();
    steps
        .iter()
        .find(|s| allowed(s))
        .map(|&(_, sq)| Action::Move { fielder: f, to: sq })
}

/// The chance of a d6 showing at least `need`.
pub(super) fn die_chance(need: u8) -> f32 {
    f32::from(7u8.saturating_sub(need.max(1)).min(6)) / 6.0
}

/// The chance that fielder `by` on `from` gets the ball to `receiver` on
/// `sq` with one die, if the rules let him throw there: against his
/// card's minimum when it has one, else against the distance.
fn throw_odds(
    t: &Table<'_>,
    by: u8,
    receiver: u8,
    from: SquareId,
    sq: SquareId,
    modifier: i8,
) -> Option<f32> {
    let need = t
        .engine
        .throw_need(t.defense, &t.fielding, by, receiver, sq)?;
    Some(if need == 0 {
        throw_chance(t.engine.field.king_distance(from, sq), modifier)
    } else {
        die_chance((need as i8 - modifier).clamp(1, 7) as u8)
    })
}

/// The chance that a BASIC throw (one die of squares, plus the orange
/// modifier of the square where the ball was fielded) covers `distance`
/// squares in one turn.
pub(super) fn throw_chance(distance: u8, modifier: i8) -> f32 {
    // The faces d with (d + modifier).max(0) >= distance: all six for no
    // distance, else those from distance - modifier up.
    let hits = if distance == 0 {
        6
    } else {
        (7 - (i16::from(distance) - i16::from(modifier)).max(1)).clamp(0, 6)
    };
    f32::from(hits) / 6.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_of_a_die() {
        assert_eq!(die_chance(2), 5.0 / 6.0);
        assert_eq!(die_chance(6), 1.0 / 6.0);
        assert_eq!(die_chance(7), 0.0);
        assert_eq!(throw_chance(1, 0), 1.0);
        assert_eq!(throw_chance(4, 0), 0.5);
        assert_eq!(throw_chance(4, -1), 2.0 / 6.0);
        assert_eq!(throw_chance(7, 0), 0.0);
        // The faces counted one by one.
        for distance in 0..=12u8 {
            for modifier in -3..=3i8 {
                let hits = (1..=6i8)
                    .filter(|&d| (d + modifier).max(0) >= distance as i8)
                    .count();
                assert_eq!(throw_chance(distance, modifier), hits as f32 / 6.0);
            }
        }
    }

    #[test]
    fn a_forced_runner_on_the_base_behind_is_a_victim_and_an_unforced_one_is_not() {
        let runner = |pos, forced_to| Runner {
            slot: 0,
            pos,
            start: pos,
            forced_to,
        };
        assert_eq!(put_out_at(&runner(5, Some(10))), Some(10));
        assert_eq!(put_out_at(&runner(0, Some(5))), Some(5));
        assert_eq!(put_out_at(&runner(5, None)), None);
        assert_eq!(put_out_at(&runner(12, None)), Some(15));
        let runners = [runner(5, Some(10)), runner(0, Some(5)), runner(12, None)];
        assert_eq!(out_values(&runners), [1.0, 1.25, 1.6, 0.0]);
    }

    #[test]
    fn each_base_is_on_its_circle() {
        for base in Base::ALL {
            assert_eq!(base_on(base.circle()), Some(base));
        }
        assert_eq!(base_on(25), None);
    }
}
