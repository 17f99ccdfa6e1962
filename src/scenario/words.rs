//! The words scenario files and their reports use for the engine's values:
//! fielding positions (`SS`, or the scorer's 6), squares (`[3, 4]`, `C`,
//! `BOX`), cards (`fastball_strike`), sides, phases and base circles. Both
//! the parser and the reports go through here, so what a report prints can
//! be pasted back into a scenario.

use crate::engine::{Ball, Card, CardId, DeckList, Lie, POSITIONS, Phase, Side};
use crate::field::{Field, SquareId, SquareKind};

use super::model::{CardName, SquareSpec, Val};

/// The position index (0..9) of a position name (`SS`) or scorer's number
/// (`6`).
pub(crate) fn position(word: &str) -> Option<u8> {
    let upper = word.trim().to_ascii_uppercase();
    if let Some(i) = POSITIONS.iter().position(|p| *p == upper) {
        return Some(i as u8);
    }
    match upper.parse::<u8>() {
        Ok(n @ 1..=9) => Some(n - 1),
        _ => None,
    }
}

/// The name of a position index.
pub(crate) fn position_name(index: u8) -> &'static str {
    POSITIONS.get(usize::from(index)).copied().unwrap_or("?")
}

/// A square as a value: `[direction, distance]`, `C` or `BOX`.
pub(crate) fn square(field: &Field, id: SquareId) -> Val {
    let sq = field.square(id);
    match (sq.kind, sq.direction) {
        (SquareKind::Catcher, _) => Val::Word("C".into()),
        (SquareKind::Box, _) => Val::Word("BOX".into()),
        (_, Some(d)) => Val::List(vec![
            Val::Int(i64::from(d)),
            Val::Int(i64::from(sq.distance)),
        ]),
        (_, None) => Val::Word(sq.label()),
    }
}

/// The value a square spec stands for on a field, if the square exists.
pub(crate) fn resolve_square(field: &Field, spec: SquareSpec) -> Option<SquareId> {
    match spec {
        SquareSpec::Grid(d, k) if k >= 2 => field.square_at(d, k),
        SquareSpec::Grid(..) => None,
        SquareSpec::Catcher => Some(field.catcher()),
        SquareSpec::Box => Some(field.batter_box()),
        SquareSpec::Mound => field.mound().first().copied(),
    }
}

/// A square spec as the scenario writes it.
pub(crate) fn square_spec_text(spec: SquareSpec) -> String {
    match spec {
        SquareSpec::Grid(d, k) => format!("[{d}, {k}]"),
        SquareSpec::Catcher => "C".into(),
        SquareSpec::Box => "BOX".into(),
        SquareSpec::Mound => "mound".into(),
    }
}

/// Parses a square written as a string: `C`, `BOX`, `mound` or `(d,k)`.
pub(crate) fn parse_square_word(text: &str) -> Option<SquareSpec> {
    let t = text.trim();
    match t {
        "C" | "c" => return Some(SquareSpec::Catcher),
        "BOX" | "box" => return Some(SquareSpec::Box),
        "mound" => return Some(SquareSpec::Mound),
        _ => {}
    }
    let inner = t.strip_prefix('(')?.strip_suffix(')')?;
    let (d, k) = inner.split_once(',')?;
    Some(SquareSpec::Grid(
        d.trim().parse().ok()?,
        k.trim().parse().ok()?,
    ))
}

/// The snake-case name of a card (`fastball_strike`, `hit_strike`).
pub(crate) fn card(card: Card) -> String {
    let value = match card {
        Card::Pitch(p) => serde_json::to_value(p),
        Card::Response(r) => serde_json::to_value(r),
        Card::Immediate(i) => Ok(serde_json::Value::String(format!("special_{i}"))),
    };
    value
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| card.name().to_owned())
}

/// A card name as a scenario writes it.
pub(crate) fn card_name(name: &CardName) -> String {
    match name {
        CardName::Pitch(p) => card(Card::Pitch(*p)),
        CardName::Response(r) => card(Card::Response(*r)),
        CardName::Special(id) => id.clone(),
    }
}

/// A card of a deck as a scenario writes it: a special card by its id,
/// a normal card by its name.
pub(crate) fn card_word(list: &DeckList, id: CardId) -> String {
    match list.special(id) {
        Some(s) => s.id.to_string(),
        None => card(list.card(id)),
    }
}

/// Whether a card of a deck is the one a scenario names: a normal card's
/// name names only normal cards (never a special card that plays as one),
/// an id only its special card.
pub(crate) fn names(list: &DeckList, id: CardId, name: &CardName) -> bool {
    match (name, list.special(id)) {
        (CardName::Special(wanted), Some(s)) => s.id == *wanted,
        (CardName::Pitch(p), None) => list.card(id) == Card::Pitch(*p),
        (CardName::Response(r), None) => list.card(id) == Card::Response(*r),
        _ => false,
    }
}

/// `home` or `away`.
pub(crate) fn side(side: Side) -> &'static str {
    match side {
        Side::Home => "home",
        Side::Away => "away",
    }
}

/// `ground` or `fly`.
pub(crate) fn lie(lie: Lie) -> &'static str {
    match lie {
        Lie::Ground => "ground",
        Lie::Fly => "fly",
    }
}

/// The phase names a final state is compared by.
pub(crate) const PHASES: &[&str] = &[
    "position",
    "memorandum",
    "pitch",
    "response",
    "hit_dice",
    "texas_choice",
    "defense",
    "defense_die",
    "relief",
    "stamina_die",
    "run_die",
    "run",
    "miss_advance",
    "collision_dice",
    "over",
];

/// The name of what the engine waits for.
pub(crate) fn phase(phase: &Phase) -> &'static str {
    match phase {
        Phase::Position => "position",
        Phase::Relief { .. } => "relief",
        Phase::StaminaDie { .. } => "stamina_die",
        Phase::Memorandum { .. } => "memorandum",
        Phase::Pitch => "pitch",
        Phase::Response { .. } => "response",
        Phase::HitDice { .. } => "hit_dice",
        Phase::TexasChoice => "texas_choice",
        Phase::Defense => "defense",
        Phase::DefenseDie { .. } => "defense_die",
        Phase::RunDie => "run_die",
        Phase::Run => "run",
        Phase::MissAdvance { .. } => "miss_advance",
        Phase::CollisionDice { .. } => "collision_dice",
        Phase::Over => "over",
    }
}

/// The circle of a base word (`first` 5, `second` 10, `third` 15).
pub(crate) fn base_circle(word: &str) -> Option<u8> {
    match word {
        "first" => Some(5),
        "second" => Some(10),
        "third" => Some(15),
        _ => None,
    }
}

/// The base words runners are written with.
pub(crate) const BASES: &[&str] = &["first", "second", "third"];

/// A circle as a runner's key: a base word, or the circle's number
/// between bases.
pub(crate) fn circle_key(pos: u8) -> String {
    match pos {
        5 => "first".into(),
        10 => "second".into(),
        15 => "third".into(),
        n => n.to_string(),
    }
}

/// Where the ball is, as a mapping (`{held_by: SS}`, `{at: [3, 8], lie:
/// fly}`, `{thrown: ...}`) or the word `dead`.
pub(crate) fn ball(field: &Field, ball: &Ball) -> Val {
    match ball {
        Ball::Dead => Val::Word("dead".into()),
        Ball::Held { by } => Val::Map(vec![(
            "held_by".into(),
            Val::Word(position_name(*by).into()),
        )]),
        Ball::Loose {
            at,
            lie: l,
            dropped,
        } => Val::Map(vec![
            ("at".into(), square(field, *at)),
            ("lie".into(), Val::Word(lie(*l).into())),
            ("dropped".into(), Val::Bool(*dropped)),
        ]),
        Ball::Thrown {
            at, thrower, to, ..
        } => Val::Map(vec![
            ("at".into(), square(field, *at)),
            ("from".into(), Val::Word(position_name(*thrower).into())),
            ("to".into(), Val::Word(position_name(*to).into())),
        ]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_by_name_or_number() {
        assert_eq!(position("SS"), Some(5));
        assert_eq!(position("1b"), Some(2));
        assert_eq!(position("6"), Some(5));
        assert_eq!(position("10"), None);
        assert_eq!(position_name(7), "CF");
    }

    #[test]
    fn square_words() {
        assert_eq!(parse_square_word("(3, 4)"), Some(SquareSpec::Grid(3, 4)));
        assert_eq!(parse_square_word("C"), Some(SquareSpec::Catcher));
        assert_eq!(parse_square_word("mound"), Some(SquareSpec::Mound));
        assert_eq!(parse_square_word("3,4"), None);
    }

    #[test]
    fn card_names_are_snake_case() {
        use crate::ruleset::schema::{Pitch, Response};
        assert_eq!(card(Card::Pitch(Pitch::FastballStrike)), "fastball_strike");
        assert_eq!(
            card(Card::Response(Response::RunnerGoesTo2nd)),
            "runner_goes_to_2nd"
        );
    }
}
