//! The heuristic manager's bullpen: when to take the pitcher out and whom
//! to bring in (pro.stamina, pro.substitution). He relieves a pitcher who
//! has to go (stamina 0), and one whose token has reached a cell that
//! lowers his pitching values once he has thrown a pitch (a reliever who
//! comes in tired, or a starter a short game leaves at stamina 1, pitches
//! until then), bringing in the rested pitcher with the best pitching
//! values the lineup rules allow. Where the rules have closers (a role
//! that only relieves, from the 8th inning on: MAJOR's Pc), he brings one
//! in at the start of a late half inning he leads by one to three runs.
//! He makes no other changes.

use crate::agent::{Legal, View};
use crate::engine::{Action, Dugout, Engine, Phase, Players};

/// The earliest inning a closer's role may start at to count as one.
const CLOSER_FROM: u8 = 8;

/// A pitching change, when the manager wants one now. Inlined: at every
/// memorandum of a game without Player cards or substitution rules, of the
/// side at bat, and of a side in the field whose pitcher is not tired, it
/// is `None` at once.
#[inline(always)]
pub(crate) fn change(engine: Engine<'_>, view: &View<'_>, legal: &Legal<'_>) -> Option<Action> {
    let players = engine.players?;
    if view.batting() || engine.rules.substitution.is_none() {
        return None;
    }
    // Only a forced relief, a tired pitcher or a placement (for a closer)
    // calls for a change.
    if matches!(view.phase(), Phase::Memorandum { .. }) && !tired(engine, view.dugout(view.side()))
    {
        return None;
    }
    fielding_change(engine, players, view, legal)
}

/// Whether a dugout's pitcher has to go or pitches tired (see the module
/// documentation).
#[inline(always)]
fn tired(engine: Engine<'_>, dugout: &Dugout) -> bool {
    dugout.stamina == Some(0) || (engine.status_of(dugout) < 0 && dugout.pitcher_pitches > 0)
}

/// `change` for the side in the field of a game with Player cards and
/// substitution rules.
fn fielding_change(
    engine: Engine<'_>,
    players: &Players,
    view: &View<'_>,
    legal: &Legal<'_>,
) -> Option<Action> {
    let side = view.side();
    let dugout = view.dugout(side);
    let forced = matches!(view.phase(), Phase::Relief { .. });
    let tired = tired(engine, dugout);
    // A closer for a late lead (major.1.3.1.pitcher-roles).
    let is_closer = |player: u8| {
        engine
            .rules
            .pitcher_use(players.card(side, player))
            .is_some_and(|p| p.relieves && !p.starts && p.from_inning >= CLOSER_FROM)
    };
    let (inning, ..) = view.situation();
    // The score is worked out only for a late half inning.
    let leads_by = || i64::from(view.score(side)) - i64::from(view.score(side.other()));
    let closing = matches!(view.phase(), Phase::Position)
        && inning >= CLOSER_FROM
        && (1..=3).contains(&leads_by())
        && !is_closer(dugout.fielding[0]);
    if !forced && !tired && !closing {
        return None;
    }
    let only_closers = closing && !forced && !tired;
    let pitcher = dugout.fielding[0];
    let worth = |player: u8| {
        let card = players.card(side, player);
        card.pitch.as_ref().map_or(0, |p| {
            u32::from(p.fastball) + u32::from(p.curveball) + u32::from(p.dropball)
        })
    };
    // The best of the set, whatever its order: every player has his own
    // key.
    legal
        .substitutes_for(pitcher)
        .into_iter()
        .filter(|&p| !only_closers || is_closer(p))
        .max_by_key(|&p| (worth(p), std::cmp::Reverse(p)))
        .map(|player| Action::Substitute {
            player,
            replaced: pitcher,
        })
}
