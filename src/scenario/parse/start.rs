//! The `start` section: the situation a scenario begins in (inning, count,
//! score, runners, fielders, ball, hands, decks, phase).

use crate::diagnostic::Span;
use crate::engine::{DeckKind, Half, Lie, Side};
use crate::yaml::{Node, Value};

use super::super::model::{
    At, CardName, Change, HandOwner, HandSpec, Played, SquareSpec, Start, StartPhase,
};
use super::super::words;
use super::{Reader, default_start};

const START: &[&str] = &[
    "inning",
    "half",
    "outs",
    "count",
    "score",
    "batter",
    "runners",
    "fielders",
    "ball",
    "hands",
    "decks",
    "stamina",
    "specials",
    "substitutions",
    "shuffles",
    "bases_at_batter",
    "phase",
    "bonus",
    "pitch",
];

const START_PHASES: &[&str] = &["position", "memorandum", "pitch", "hit", "defense"];

impl Reader<'_> {
    pub(super) fn start(&mut self, node: &Node) -> Start {
        let mut s = default_start();
        s.phase.span = node.span;
        let mut bonus: Option<(u8, Span)> = None;
        let mut pitch: Option<(At<CardName>, Span)> = None;
        let mut phase_word: Option<(&str, Span)> = None;
        for (key, k, v) in self.entries(node, "`start`", START) {
            match key {
                "inning" => {
                    if let Some(i) = self.int(v, 1, 99, "the inning") {
                        s.inning = i as u8;
                    }
                }
                "half" => {
                    if let Some(w) = self.word(v, &["top", "bottom"], "half") {
                        s.half = if w == "top" { Half::Top } else { Half::Bottom };
                    }
                }
                "outs" => {
                    if let Some(i) = self.int(v, 0, 2, "the outs before the play") {
                        s.outs = i as u8;
                    }
                }
                "count" => {
                    if let Some((b, st)) = self.count(v, 3, 2) {
                        s.balls = b;
                        s.strikes = st;
                    }
                }
                "score" => {
                    s.score.span = v.span;
                    for (side, _, n) in self.entries(v, "`score`", &["home", "away"]) {
                        // A total, or the runs of each inning: [0, 2, 1].
                        let runs = if matches!(n.value, Value::Seq(_)) {
                            self.list(n, "the runs by inning")
                                .iter()
                                .map(|r| self.int(r, 0, 255, "a number of runs"))
                                .map(|r| r.map_or(0, |r| r as u32))
                                .collect()
                        } else {
                            self.int(n, 0, 999, "a score")
                                .map_or_else(Vec::new, |i| vec![i as u32])
                        };
                        s.score.value[usize::from(side == "away")] = runs;
                    }
                }
                "bases_at_batter" => {
                    if let Some(i) = self.int(v, 0, 9999, "a number of bases") {
                        s.bases_at_batter = Some(i as u16);
                    }
                }
                "shuffles" => {
                    if let Some(i) = self.int(v, 0, i64::from(u32::MAX), "a number of shuffles") {
                        s.shuffles = Some(i as u32);
                    }
                }
                "batter" => {
                    if let Some(i) = self.int(v, 0, 8, "the batter's slot") {
                        s.batter = i as u8;
                    }
                }
                "runners" => s.runners = self.runners(v, 1),
                "fielders" => {
                    for (pos, sq, span) in self.fielder_squares(v, true) {
                        s.fielders.push(At::new((pos, sq), span));
                    }
                }
                "ball" => s.ball = self.start_ball(v),
                "hands" => s.hands = self.hands(v),
                "decks" => {
                    for (deck, _, d) in self.entries(v, "`decks`", &["defense", "offense"]) {
                        let defense = deck == "defense";
                        let i = usize::from(!defense);
                        let defense = deck_of(defense);
                        if d.as_map().is_none() {
                            s.decks[i] = self.cards(d, defense, "the top of a deck");
                            continue;
                        }
                        // {top: [cards], rest: draw | discard, removed: [cards]}
                        for (key, _, x) in self.entries(d, "a deck", &["top", "rest", "removed"]) {
                            if key == "top" {
                                s.decks[i] = self.cards(x, defense, "the top of a deck");
                            } else if key == "removed" {
                                s.removed[i] = self.cards(x, defense, "the cards out of the game");
                            } else if let Some(w) =
                                self.word(x, &["draw", "discard"], "place for the rest")
                            {
                                s.rest_discarded[i] = w == "discard";
                            }
                        }
                    }
                }
                "phase" => {
                    if let Some(w) = self.word(v, START_PHASES, "starting phase") {
                        phase_word = Some((w, v.span));
                    }
                }
                "bonus" => {
                    if let Some(i) = self.int(v, 0, 9, "the batting bonus") {
                        bonus = Some((i as u8, k.span));
                    }
                }
                "pitch" => {
                    if let Some(p) = self.deck_card(v, DeckKind::Defense) {
                        pitch = Some((At::new(p, v.span), k.span));
                    }
                }
                "stamina" => {
                    for (side, _, n) in self.entries(v, "`stamina`", &["home", "away"]) {
                        if let Some(i) = self.int(n, 0, 99, "a pitcher's stamina") {
                            s.stamina[usize::from(side == "away")] = Some(At::new(i as u8, n.span));
                        }
                    }
                }
                "specials" => {
                    for (side, _, p) in self.entries(v, "`specials`", &["home", "away"]) {
                        if let Some(played) = self.played(p) {
                            s.specials[usize::from(side == "away")] =
                                Some(At::new(played, super::whole_span(p)));
                        }
                    }
                }
                "substitutions" => {
                    for (side, _, list) in self.entries(v, "`substitutions`", &["home", "away"]) {
                        let side = if side == "home" {
                            Side::Home
                        } else {
                            Side::Away
                        };
                        for item in self.list(list, "a side's substitutions") {
                            if let Some(mut change) = self.change(item) {
                                change.side = Some(side);
                                s.substitutions.push(change);
                            }
                        }
                    }
                }
                _ => unreachable!(),
            }
        }
        let pitch_span = pitch.as_ref().map(|p| p.1);
        if let Some((w, span)) = phase_word {
            s.phase = At::new(
                match w {
                    "position" => StartPhase::Position,
                    "memorandum" => StartPhase::Memorandum,
                    "hit" => StartPhase::Hit {
                        bonus: bonus.map_or(0, |b| b.0),
                        pitch: pitch.map(|p| p.0),
                    },
                    "defense" => StartPhase::Defense,
                    _ => StartPhase::Pitch,
                },
                span,
            );
        }
        let at_hit = matches!(s.phase.value, StartPhase::Hit { .. });
        for (key, span) in [("bonus", bonus.map(|b| b.1)), ("pitch", pitch_span)] {
            if let Some(span) = span
                && !at_hit
            {
                self.err_hint(
                    span,
                    format!("`{key}` belongs to a start at the hit"),
                    "write `phase: hit` to start with the hit's dice",
                );
            }
        }
        match (&s.ball, &s.phase.value) {
            (None, StartPhase::Defense) => self.err_hint(
                s.phase.span,
                "a start in the defense turn needs the ball",
                "write `ball: {at: [3, 8], lie: fly}` under `start`",
            ),
            (Some(b), p) if *p != StartPhase::Defense => self.err_hint(
                b.span,
                "only a start in the defense turn has a ball in play",
                "write `phase: defense`, or leave the ball out",
            ),
            _ => {}
        }
        s
    }

    /// The special cards a manager has played: `{game: 3, defense: 1,
    /// offense: 0}`, the last two in this inning; `game` defaults to
    /// their sum.
    fn played(&mut self, node: &Node) -> Option<Played> {
        let mut played = Played::default();
        let mut game = None;
        for (key, k, v) in
            self.entries(node, "the played specials", &["game", "defense", "offense"])
        {
            let n = self.int(v, 0, 99, &format!("`{key}`"))? as u8;
            match key {
                "game" => game = Some((n, k.span)),
                "defense" => played.defense = n,
                _ => played.offense = n,
            }
        }
        let inning = played.defense + played.offense;
        played.game = match game {
            Some((n, span)) if n < inning => {
                self.err_hint(
                    span,
                    format!(
                        "{n} special cards in the game, fewer than the {inning} of this inning"
                    ),
                    "`game` counts this inning's specials too",
                );
                return None;
            }
            Some((n, _)) => n,
            None => inning,
        };
        Some(played)
    }

    /// A substitution by name: `{player: Lino Bracco, for: Aldo Fenwick}`.
    pub(super) fn change(&mut self, node: &Node) -> Option<Change> {
        let hint =
            "write `{player: Lino Bracco, for: Aldo Fenwick}`: who comes in, and whom he replaces";
        if node.as_map().is_none() {
            self.err_hint(
                node.span,
                format!("a substitution is a mapping, not {}", node.value.kind()),
                hint,
            );
            return None;
        }
        let (mut player, mut replaced) = (None, None);
        let mut written = Vec::new();
        for (key, _, v) in self.entries(node, "a substitution", &["player", "for"]) {
            written.push(key);
            let name = self
                .string(v, "a player's name")
                .map(|n| At::new(n, v.span));
            if key == "player" {
                player = name;
            } else {
                replaced = name;
            }
        }
        for key in ["player", "for"] {
            if !written.contains(&key) {
                self.err_hint(
                    super::whole_span(node),
                    format!("the substitution names no `{key}`"),
                    hint,
                );
            }
        }
        Some(Change {
            side: None,
            player: player?,
            replaced: replaced?,
        })
    }

    pub(super) fn count(
        &mut self,
        node: &Node,
        max_balls: u8,
        max_strikes: u8,
    ) -> Option<(u8, u8)> {
        let (b, s) = match &node.value {
            Value::Str(text) => {
                let parsed = text.split_once('-').and_then(|(b, s)| {
                    Some((b.trim().parse::<u8>().ok()?, s.trim().parse::<u8>().ok()?))
                });
                match parsed {
                    Some(c) => c,
                    None => {
                        self.err_hint(
                            node.span,
                            format!("`{text}` is not a count"),
                            "write balls-strikes, e.g. 2-1, or {balls: 2, strikes: 1}",
                        );
                        return None;
                    }
                }
            }
            Value::Map(_) => {
                let mut c = (0, 0);
                for (key, _, v) in self.entries(node, "a count", &["balls", "strikes"]) {
                    let max = if key == "balls" {
                        max_balls
                    } else {
                        max_strikes
                    };
                    let n = self.int(v, 0, i64::from(max), key)? as u8;
                    if key == "balls" {
                        c.0 = n;
                    } else {
                        c.1 = n;
                    }
                }
                c
            }
            other => {
                self.err_hint(
                    node.span,
                    format!("a count is balls-strikes, not {}", other.kind()),
                    "write e.g. 2-1, or {balls: 2, strikes: 1}",
                );
                return None;
            }
        };
        if b > max_balls || s > max_strikes {
            self.err(
                node.span,
                format!("a count here has at most {max_balls} balls and {max_strikes} strikes"),
            );
            return None;
        }
        Some((b, s))
    }

    /// Runners: `{first: 2, third: 0}` (base or circle -> slot) or a list
    /// of bases or circles.
    pub(super) fn runners(&mut self, node: &Node, lowest: i64) -> Vec<At<(u8, Option<u8>)>> {
        let mut out: Vec<At<(u8, Option<u8>)>> = Vec::new();
        let mut add = |r: &mut Reader<'_>, pos: u8, slot: Option<u8>, span: Span| {
            if out.iter().any(|o| o.value.0 == pos) {
                r.err(span, "two runners on one circle");
            } else if slot.is_some() && out.iter().any(|o| o.value.1 == slot) {
                r.err(span, "one player cannot run twice");
            } else {
                out.push(At::new((pos, slot), span));
            }
        };
        match &node.value {
            Value::Map(entries) => {
                for (k, v) in entries {
                    let Some(pos) = self.runner_circle(k, lowest) else {
                        continue;
                    };
                    if let Some(slot) = self.int(v, 0, 8, "a runner's slot") {
                        add(self, pos, Some(slot as u8), k.span);
                    }
                }
            }
            Value::Seq(items) => {
                for item in items {
                    if let Some(pos) = self.runner_circle(item, lowest) {
                        add(self, pos, None, item.span);
                    }
                }
            }
            Value::Null => {}
            other => self.err_hint(
                node.span,
                format!("runners are a mapping or a list, not {}", other.kind()),
                "write {first: 2, third: 0} (base: batting slot) or [first, third]",
            ),
        }
        out
    }

    /// A runner's circle: a base word, or a number from `lowest` (0 is the
    /// batter at the plate) to 19.
    pub(super) fn runner_circle(&mut self, node: &Node, lowest: i64) -> Option<u8> {
        match node.value {
            Value::Int(_) => self
                .int(node, lowest, 19, "a runner's circle")
                .map(|c| c as u8),
            _ => self.circle(node),
        }
    }

    pub(super) fn circle(&mut self, node: &Node) -> Option<u8> {
        match &node.value {
            Value::Str(s) => match words::base_circle(s) {
                Some(c) => Some(c),
                None => {
                    self.unknown(node.span, &format!("base `{s}`"), s, words::BASES);
                    None
                }
            },
            Value::Int(_) => self.int(node, 1, 19, "a runner's circle").map(|c| c as u8),
            other => {
                self.err(
                    node.span,
                    format!("a runner stands on a base, not {}", other.kind()),
                );
                None
            }
        }
    }

    pub(super) fn fielder_squares(
        &mut self,
        node: &Node,
        mound: bool,
    ) -> Vec<(u8, SquareSpec, Span)> {
        let Some(map) = node.as_map() else {
            self.err_hint(
                node.span,
                format!("fielders are a mapping, not {}", node.value.kind()),
                "write {SS: [2, 4], CF: [3, 9]}",
            );
            return Vec::new();
        };
        let mut out: Vec<(u8, SquareSpec, Span)> = Vec::new();
        for (k, v) in map {
            let (Some(pos), Some(sq)) = (self.fielder(k), self.square(v, mound)) else {
                continue;
            };
            if out.iter().any(|(p, _, _)| *p == pos) {
                self.err(
                    k.span,
                    format!("{} is placed twice", words::position_name(pos)),
                );
                continue;
            }
            out.push((pos, sq, k.span));
        }
        out
    }

    pub(super) fn start_ball(&mut self, node: &Node) -> Option<At<(SquareSpec, Option<Lie>)>> {
        let mut at = None;
        let mut lie = None;
        for (key, _, v) in self.entries(node, "the ball", &["at", "lie"]) {
            match key {
                "at" => at = self.square(v, false),
                _ => {
                    lie = self
                        .word(v, &["ground", "fly"], "lie")
                        .map(|w| if w == "fly" { Lie::Fly } else { Lie::Ground })
                }
            }
        }
        match at {
            Some(sq) => Some(At::new((sq, lie), node.span)),
            None => {
                if node.as_map().is_some() {
                    self.err_hint(
                        node.span,
                        "the ball needs its square",
                        "write {at: [3, 8], lie: fly}",
                    );
                }
                None
            }
        }
    }

    pub(super) fn hands(&mut self, node: &Node) -> Vec<HandSpec> {
        let mut out = Vec::new();
        for (key, k, v) in self.entries(node, "`hands`", &["defense", "offense", "home", "away"]) {
            match key {
                "defense" | "offense" => {
                    let defense = key == "defense";
                    out.push(HandSpec {
                        owner: if defense {
                            HandOwner::Defense
                        } else {
                            HandOwner::Offense
                        },
                        cards: self.cards(v, deck_of(defense), "a hand"),
                        span: k.span,
                    });
                }
                _ => {
                    for (deck, dk, list) in self.entries(
                        v,
                        &format!("the {key} manager's hands"),
                        &["defense", "offense"],
                    ) {
                        let defense_deck = deck == "defense";
                        out.push(HandSpec {
                            owner: HandOwner::Named {
                                home: key == "home",
                                defense_deck,
                            },
                            cards: self.cards(list, deck_of(defense_deck), "a hand"),
                            span: dk.span,
                        });
                    }
                }
            }
        }
        out
    }
}

/// The Defense deck, or the Offense deck.
pub(super) fn deck_of(defense: bool) -> DeckKind {
    if defense {
        DeckKind::Defense
    } else {
        DeckKind::Offense
    }
}
