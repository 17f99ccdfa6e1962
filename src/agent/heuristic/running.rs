//! The offense after a hit: how far each runner goes with his die, and
//! whether a ball on a Texas square lies on the ground or in the air.
//!
//! A runner standing on a base is safe; one left between two bases is out
//! if the defense gets the ball to a fielder on the base ahead in its next
//! turn. So a runner stops on the furthest base he can reach, and goes past
//! it only when the defense is unlikely to get the ball to the next base in
//! time (the ball far away, on the ground, or in a throw to somewhere
//! else). He never runs into a base where a fielder waits with the ball,
//! nor stops short of one: he would have to run on into it.

use super::Table;
use super::fielding::{die_chance, lazy_chaser, members, throw_chance};
use crate::agent::View;
use crate::engine::{Action, Ball, Lie, is_infielder};
use crate::field::{Base, SquareId};
use crate::ruleset::schema::OutWay;

/// What a runner is worth on each base (0 = still at the plate), and
/// across the plate, in runs.
const BASE_VALUE: [f32; 5] = [0.0, 0.45, 0.65, 0.85, 1.0];
/// A runner put out: his place on the bases lost and an out added.
const OUT_VALUE: f32 = -0.35;
/// A runner between bases who survives the defense's turn usually makes
/// the base ahead; sometimes he is stuck behind it.
const MAKES_IT: f32 = 0.85;
/// Staying on a base that a runner behind is heading for: if nobody moves
/// the play ends, and he is out for want of a free base.
const BLOCKING: f32 = 0.6;

fn base_of(circle: u8) -> Base {
    match circle {
        5 => Base::First,
        10 => Base::Second,
        15 => Base::Third,
        _ => Base::Home,
    }
}

fn value_on(circle: u8) -> f32 {
    BASE_VALUE[usize::from(circle.min(20) / 5)]
}

/// Picks how far the runner whose die was rolled moves among the runs
/// `offered`, bit `n` for a run of `n` circles (none is longer than 20).
pub(super) fn advance(t: &Table<'_>, view: &View<'_>, offered: u32) -> Option<Action> {
    let play = view.play()?;
    let slot = *play.to_move.first()?;
    let runner = view.runners().iter().find(|r| r.slot == slot)?;
    // The first circle where he runs into the ball: the base ahead where
    // a fielder holds it (none, past every circle).
    let into_ball = match *view.ball() {
        Ball::Held { by } => t
            .engine
            .field
            .base_at(view.fielders()[usize::from(by)])
            .map(Base::circle)
            .filter(|&b| runner.pos < b),
        _ => None,
    }
    .unwrap_or(u8::MAX);
    let mut runs = contenders(offered, runner.pos, into_ball);
    // A run alone is the best whatever it is worth: nothing is weighed.
    if runs.is_power_of_two() {
        return Some(Action::Advance(runs.trailing_zeros() as u8));
    }
    let behind = view
        .runners()
        .iter()
        .any(|r| r.pos < runner.pos && (r.pos + 5 > runner.pos || r.forced_to == Some(runner.pos)));
    // The fielder going for a loose ball: the one the rules already fix
    // for the defense's next turn (nobody, if they fix one who may not
    // field this ball), else the nearest who may. The risk at each base
    // ahead is worked out the first time it is asked for.
    let fixed = view
        .play()
        .and_then(|p| t.engine.next_turn_fielder(p, view.ball(), view.fielders()));
    let nearest = lazy_chaser(t, view);
    let chasing = || match fixed {
        Some(f) => t.engine.may_field(view.ball(), f).then_some(f),
        None => nearest(),
    };
    let mut risks: [Option<f32>; 5] = [None; 5];
    let mut between = |at: u8, ahead: u8| {
        let chance = match risks.get_mut(usize::from(ahead / 5)) {
            Some(kept) if ahead.is_multiple_of(5) => {
                *kept.get_or_insert_with(|| risk(t, view, ahead, &chasing))
            }
            _ => risk(t, view, ahead, &chasing),
        };
        worth_between(chance, at, ahead)
    };
    let collision = t.engine.rules.collision.as_ref();
    let mut best: Option<(f32, u8)> = None;
    while runs != 0 {
        let n = runs.trailing_zeros() as u8;
        runs &= runs - 1;
        let to = runner.pos + n;
        let value = if to >= into_ball {
            match collision.filter(|_| to >= 20) {
                // Into the ball at the plate: a collision he seldom wins.
                Some(c) => {
                    let out = c.out_chance(true);
                    (1.0 - out) * BASE_VALUE[4] + out * OUT_VALUE
                }
                // Running into the ball: out, and worse the further he ran.
                None => OUT_VALUE - 0.01 * f32::from(n),
            }
        } else if to >= 20 {
            match (collision, view.ball()) {
                // Just ahead of a throw to the plate: a collision if it
                // arrives with its next die.
                (Some(c), Ball::Thrown { .. }) => {
                    let out = c.out_chance(false) * risk(t, view, 20, &chasing);
                    (1.0 - out) * BASE_VALUE[4] + out * OUT_VALUE
                }
                _ => BASE_VALUE[4],
            }
        } else if to.is_multiple_of(5) && n > 0 {
            value_on(to)
        } else if n == 0 && runner.on_base() {
            // Staying put is safe unless he is forced on, or blocks a
            // runner behind.
            let stay = match runner.forced_to {
                Some(f) if f > runner.pos => between(runner.pos, f),
                _ => value_on(runner.pos),
            };
            if behind { stay - BLOCKING } else { stay }
        } else {
            // Short of home plate, in one of the four gaps.
            between(to, (to / 5 + 1) * 5) + 0.001 * f32::from(to % 5)
        };
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, n));
        }
    }
    best.map(|(_, n)| Action::Advance(n))
}

/// The runs of `offered` (bit `n` for a run of `n` circles from circle
/// `pos`) that may be the best, short of the ball at circle `into_ball`:
/// each of the others is worth less than a longer one, or no more than a
/// shorter one. In a gap between bases each circle on is worth 0.001 more,
/// so only the furthest counts, and none when the base ahead is offered
/// (a base is worth more than any circle of its gap); a run into the ball
/// is worth less the further it goes, and a run across the plate the
/// same, so only the shortest of each counts.
fn contenders(offered: u32, pos: u8, into_ball: u8) -> u32 {
    /// The circles of the bases short of the plate, a bit each.
    const BASES: u64 = 1 | 1 << 5 | 1 << 10 | 1 << 15;
    /// The circles short of the plate.
    const SHORT_OF_PLATE: u64 = (1 << 20) - 1;
    let shortest = |circles: u64| circles & circles.wrapping_neg();
    // Bit `c` for circle `c`.
    let circles = u64::from(offered) << pos;
    let short = circles & ((1 << into_ball.min(20)) - 1);
    let bases = short & BASES;
    let mut kept =
        bases | shortest(circles & SHORT_OF_PLATE & !short) | shortest(circles & !SHORT_OF_PLATE);
    for behind in [0, 5, 10, 15] {
        let gap = short & 0b11110 << behind;
        if gap != 0 && bases & 1 << (behind + 5) == 0 {
            kept |= 1 << (63 - gap.leading_zeros());
        }
    }
    (kept >> pos) as u32
}

/// After a missed fly, the runner to send a base: the most advanced the
/// rules allow (from third he scores), as nothing can go wrong.
pub(super) fn send(actions: &[Action]) -> Option<Action> {
    actions
        .iter()
        .filter(|a| matches!(a, Action::Send(_)))
        .max_by_key(|a| match a {
            Action::Send(on) => on.map_or(0, |p| p + 1),
            _ => 0,
        })
        .cloned()
}

/// What a runner at circle `at`, heading for the base at circle `ahead`,
/// is worth given the `risk` of a play there in the defense's next turn.
fn worth_between(risk: f32, at: u8, ahead: u8) -> f32 {
    let safe = MAKES_IT * value_on(ahead) + (1.0 - MAKES_IT) * value_on(at / 5 * 5);
    (1.0 - risk) * safe + risk * OUT_VALUE
}

/// The chance that the defense gets the ball to a fielder on the base at
/// circle `target` in its next turn (`chasing` a loose ball: the fielder
/// going for it).
fn risk(t: &Table<'_>, view: &View<'_>, target: u8, chasing: &impl Fn() -> Option<u8>) -> f32 {
    let fielders = view.fielders();
    let squares = t.engine.field.base_squares(base_of(target));
    match *view.ball() {
        // The ball already waits on that base: a runner short of it must
        // run on into it (at the plate, where the rules have one, a
        // collision).
        Ball::Held { by } if squares.contains(&fielders[usize::from(by)]) => {
            match t.engine.rules.collision.as_ref().filter(|_| target == 20) {
                Some(c) => c.out_chance(true),
                None => 1.0,
            }
        }
        Ball::Held { by } => {
            let from = fielders[usize::from(by)];
            let steps = t.points(by).saturating_sub(1);
            best_covered_throw(t, fielders, by, from, squares, steps)
        }
        Ball::Thrown { at, to, .. } => {
            let sq = fielders[usize::from(to)];
            if squares.contains(&sq) {
                throw_chance(t.engine.field.king_distance(at, sq), 0)
            } else {
                0.0
            }
        }
        Ball::Loose { at, lie, dropped } => {
            let Some(f) = chasing() else {
                return 0.0;
            };
            let steps = t.engine.field.king_distance(fielders[usize::from(f)], at);
            let budget = t.points(f);
            let pickup = if dropped || lie == Lie::Fly {
                1.0
            } else {
                die_chance(t.engine.rules.pickup.min_die)
            };
            // Where the rules let a fielder put a runner out by touching the
            // base with the ball, a pickup on the base is enough.
            let touch = t.engine.rules.out_ways.contains(&OutWay::TouchBeatsRunner);
            if touch && squares.contains(&at) {
                return if steps < budget { pickup } else { 0.0 };
            }
            if steps + 2 > budget {
                return 0.0;
            }
            let spare = budget - steps - 2;
            pickup * best_covered_throw(t, fielders, f, at, squares, spare)
        }
        Ball::Dead => 0.0,
    }
}

/// The best chance of a throw by `thrower` from `from` to one of `squares`
/// (other than `from`) that a teammate covers within `steps`; whether one
/// does is asked only when the throw would be likelier than the best so
/// far.
fn best_covered_throw(
    t: &Table<'_>,
    fielders: &[SquareId; 9],
    thrower: u8,
    from: SquareId,
    squares: &[SquareId],
    steps: u8,
) -> f32 {
    squares
        .iter()
        .filter(|&&sq| sq != from)
        .fold(0.0, |best, &sq| {
            let chance = throw_chance(t.engine.field.king_distance(from, sq), 0);
            if chance > best && reachable(t, fielders, thrower, sq, steps) {
                chance
            } else {
                best
            }
        })
}

/// Whether some fielder other than `thrower` stands on `sq` or can walk
/// there in `steps`.
fn reachable(
    t: &Table<'_>,
    fielders: &[SquareId; 9],
    thrower: u8,
    sq: SquareId,
    steps: u8,
) -> bool {
    members(t.standing_on(sq) & !(1 << thrower))
        .any(|f| t.engine.field.king_distance(fielders[usize::from(f)], sq) <= steps)
}

/// Ground or fly for a ball on a Texas square: whichever the defense is
/// less likely to turn into an out.
pub(super) fn texas(t: &Table<'_>, view: &View<'_>) -> Option<Action> {
    let Ball::Loose { at, .. } = *view.ball() else {
        return None;
    };
    let fielders = view.fielders();
    let mut fly_out = 0.0f32;
    let mut ground_out = 0.0f32;
    let texas = t.engine.rules.texas;
    for f in members(t.standing_on(at)) {
        let steps = t.engine.field.king_distance(fielders[usize::from(f)], at);
        let budget = t.points(f);
        let infielder = is_infielder(f);
        if steps < budget && texas.fly_fielders.includes(infielder) {
            let need = t.engine.rules.catch.minimum(is_infielder(f), steps);
            fly_out = fly_out.max(die_chance(need));
        }
        if steps + 2 <= budget && texas.ground_fielders.includes(infielder) {
            let throw = force_throw(t, view, at, f);
            ground_out = ground_out.max(die_chance(t.engine.rules.pickup.min_die) * throw);
        }
    }
    Some(Action::Texas(if ground_out <= fly_out {
        Lie::Ground
    } else {
        Lie::Fly
    }))
}

/// The best chance of a throw from `at` reaching a fielder on a base some
/// runner is forced to.
fn force_throw(t: &Table<'_>, view: &View<'_>, at: SquareId, thrower: u8) -> f32 {
    let fielders = view.fielders();
    // First, and each base after first up to the first free one.
    let runners = view.runners();
    let mut last = 5;
    while last < 20 && runners.iter().any(|r| r.pos == last) {
        last += 5;
    }
    (5..=last)
        .step_by(5)
        .flat_map(|c| t.engine.field.base_squares(base_of(c)).iter().copied())
        .filter(|&sq| {
            fielders
                .iter()
                .enumerate()
                .any(|(f, &s)| s == sq && f as u8 != thrower)
        })
        .map(|sq| throw_chance(t.engine.field.king_distance(at, sq), 0))
        .fold(0.0, f32::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A base is worth more than any circle of the gap short of it, even
    /// with no risk there and the 0.001 a circle for the circles run.
    #[test]
    fn a_base_beats_every_circle_of_its_gap() {
        for to in (1..20u8).filter(|c| !c.is_multiple_of(5)) {
            let ahead = (to / 5 + 1) * 5;
            assert!(
                worth_between(0.0, to, ahead) + 0.004 < value_on(ahead),
                "{to}"
            );
        }
    }

    #[test]
    fn only_runs_that_may_be_best_are_weighed() {
        // From first with a 6: second, and the furthest circle short of
        // third (circle 11, run 6).
        assert_eq!(contenders(0b111_1111, 5, u8::MAX), 1 | 1 << 5 | 1 << 6);
        // Short of the plate from third: the furthest circle (19), and the
        // shortest run across it.
        assert_eq!(contenders(0b111_1111, 15, u8::MAX), 1 | 1 << 4 | 1 << 5);
        // The ball held on second: the shortest run into it.
        assert_eq!(contenders(0b111_1110, 5, 10), 1 << 4 | 1 << 5);
    }
}
