//! Tests of the rule schema: decoding and rejecting values, and every
//! shipped ruleset checked against it, its hooks compiled and run on the
//! rule documents' own examples.

use std::sync::Arc;

use rhai::{AST, Array, Dynamic, Engine, Map, Scope};

use super::*;
use crate::builtin;
use crate::yaml::{Value, parse};

const BUILTINS: [&str; 4] = ["basic", "pro", "faq", "major"];

fn node(text: &str) -> (Arc<SourceFile>, Node) {
    let file = SourceFile::new("t.yaml", text);
    let node = parse(&file).expect("test YAML parses");
    (file, node)
}

fn decode_text<T: DeserializeOwned + Validate>(text: &str) -> Result<T, Diagnostic> {
    let (file, node) = node(text);
    decode_checked::<T>(&file, &node)
}

/// Runs a data key's `check` on a text.
fn check_key(key: &str, text: &str) -> Result<(), Diagnostic> {
    let (file, node) = node(text);
    match spec(key).map(|s| &s.kind) {
        Some(RuleKind::Data { check }) => check(&file, &node),
        _ => panic!("{key} is not a data key"),
    }
}

#[test]
fn keys_are_unique_dotted_lowercase() {
    let mut keys: Vec<&str> = all().iter().map(|s| s.key).collect();
    for key in &keys {
        assert!(
            key.contains('.')
                && key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '.' || c == '_'),
            "{key}"
        );
        assert!(spec(key).is_some());
    }
    keys.sort_unstable();
    let before = keys.len();
    keys.dedup();
    assert_eq!(before, keys.len(), "a key is listed twice");
    assert!(spec("count.limit").is_none());
}

#[test]
fn decodes_typed_values() {
    let limits: CountLimits = decode_text("{balls: 4, strikes: 3}").unwrap();
    assert_eq!(
        limits,
        CountLimits {
            balls: 4,
            strikes: 3
        }
    );

    let memo: Memorandum = decode_text(
        "draw_1: {balls: 1}\ndiscard_1: {strikes: 1}\ndraw_2: {balls: 2}\ndiscard_2: {balls: 1, strikes: 2}\n",
    )
    .unwrap();
    assert_eq!(
        memo.price(false, 2),
        Some(CountChange {
            balls: 1,
            strikes: 2
        })
    );
    assert_eq!(memo.price(true, 3), None);

    let ap: ActionPoints = decode_text("fixed: {infield: 3, outfield: 4}").unwrap();
    assert_eq!(
        ap,
        ActionPoints::Fixed(FixedPoints {
            infield: 3,
            outfield: 4
        })
    );
    assert_eq!(
        decode_text::<ActionPoints>("card").unwrap(),
        ActionPoints::Card
    );

    let roles: Roles = decode_text("P: {fields: infield, pitches: {starts: true, relieves: true, from_inning: 1}}\n1B: {fields: infield}\n").unwrap();
    assert_eq!(
        roles[&crate::team::Role::FirstBase].fields,
        FieldGroup::Infield
    );

    let track: StaminaTrack = decode_text("cells: [-2, -1, 0]").unwrap();
    assert_eq!(track.modifier(1), -2);
    assert_eq!(track.modifier(3), 0);
    assert_eq!(track.modifier(0), 0);

    let ways: OutWays = decode_text("[strikeout, caught_fly]").unwrap();
    assert_eq!(ways, vec![OutWay::Strikeout, OutWay::CaughtFly]);

    let pickup: GroundPickup = decode_text("{min_die: 2, automatic_from_turn: 2}").unwrap();
    assert_eq!(pickup.automatic_after_misses, None);
    assert_eq!(pickup.automatic_from_turn, Some(2));
}

#[test]
fn rejects_wrong_types_with_the_position() {
    let err = check_key("count.limits", "{balls: 4, strikes: three}").unwrap_err();
    assert_eq!(err.position().unwrap(), "t.yaml:1:21");
    let err = check_key("pitch.bonus", "1.5").unwrap_err();
    assert!(err.message.contains("expected"), "{}", err.message);
    assert!(check_key("defense.action_points", "cards").is_err());
    assert!(check_key("game.outs_per_half", "-3").is_err());
}

#[test]
fn rejects_unknown_keys_with_a_suggestion() {
    let err = check_key("hand.limits", "{min: 2, maxi: 7}").unwrap_err();
    assert!(
        err.message.contains("unknown key `maxi`"),
        "{}",
        err.message
    );
    assert_eq!(err.hints, vec!["did you mean `max`?".to_string()]);
    // A matrix row must name every Offense card, and only those.
    let row = "{hit_fastball: hit, hit_curveball: strike, hit_dropball: strike, hit_strike: hit, no_swing: strike}";
    let err = decode_text::<OutcomeRow>(row).unwrap_err();
    assert!(
        err.message.contains("runner_goes_to_2nd"),
        "{}",
        err.message
    );
    let err = check_key("ball.lie", "{diamond: ground, outfield: fly, texas: fly}").unwrap_err();
    assert!(
        err.message.contains("unknown key `texas`"),
        "{}",
        err.message
    );
}

#[test]
fn rejects_values_that_make_no_sense() {
    let err = check_key("hand.limits", "{min: 7, max: 2}").unwrap_err();
    assert!(err.message.contains("above"), "{}", err.message);
    assert!(check_key("count.limits", "{balls: 0, strikes: 3}").is_err());
    assert!(
        check_key(
            "bases.path",
            "{first: 5, second: 4, third: 15, home: 20, runners_per_base: 1}"
        )
        .is_err()
    );
    let both = "- {id: x, name: X, count: 1, plays_as: fastball_strike, immediate: true}";
    assert!(check_key("deck.defense_specials", both).is_err());
    let neither = "- {id: x, name: X, count: 1}";
    assert!(check_key("deck.defense_specials", neither).is_err());
    let twice = "- {id: x, name: X, count: 1, immediate: true}\n- {id: x, name: Y, count: 1, immediate: true}";
    assert!(check_key("deck.offense_specials", twice).is_err());
    assert!(check_key("stamina.track", "cells: [1, 0]").is_err());
    let idle = "{first: home, first_pick: 1, picks_per_turn: 0}";
    assert!(check_key("draft.order", idle).is_err());
    assert!(
        check_key(
            "memorandum.per_batter",
            "{max_cards: 2, order: [defense, defense], mix: false}"
        )
        .is_err()
    );
    let zero = check_key(
        "offense.diamond_stop",
        "{trigger: diamond, only_if_past: 0}",
    );
    assert!(zero.unwrap_err().message.contains("leave the key out"));
    assert!(
        check_key(
            "offense.diamond_stop",
            "{trigger: diamond, only_if_past: 3}"
        )
        .is_ok()
    );
    let free = "{who: infielders, first_square: 0, next_squares: 1}";
    assert!(check_key("defense.move_with_ball", free).is_err());
    let nobody = "{who: nobody, first_square: 0, next_squares: 0}";
    assert!(check_key("defense.move_with_ball", nobody).is_ok());
}

// ------------------------------------------------------------ the shipped rulesets

/// One shipped layer, parsed, with its scripts compiled into one AST.
struct Layer {
    name: &'static str,
    file: Arc<SourceFile>,
    root: Node,
    ast: AST,
}

/// A rule key the engine plays partly one way: the key, its shipped value,
/// and each field it plays one way with a value the engine refuses.
type OneWay = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// The fields the engine plays one way, by key.
const PLAYED_ONE_WAY: &[OneWay] = &[
    (
        "game.sides",
        "{first_defense: home}",
        &[("first_defense", "guest")],
    ),
    (
        "game.sequence",
        "{defense_first: true, offense_must_act: false}",
        &[("defense_first", "false")],
    ),
    (
        "bases.path",
        "{first: 5, second: 10, third: 15, home: 20, runners_per_base: 1}",
        &[
            ("first", "4"),
            ("second", "11"),
            ("third", "14"),
            ("home", "21"),
            ("runners_per_base", "2"),
        ],
    ),
    (
        "bases.touch",
        "{on_entering_base_square: true, catcher_box_touches_home: true}",
        &[("catcher_box_touches_home", "false")],
    ),
    (
        "out.after",
        "{unassisted_may_continue: false, ball_back_to_pitcher: true}",
        &[("ball_back_to_pitcher", "false")],
    ),
    (
        "memorandum.per_batter",
        "{max_cards: 2, order: [defense, offense], mix: false}",
        &[("order", "[offense, defense]"), ("mix", "true")],
    ),
    (
        "hand.forced_draw",
        "{new_batter_draw_to: 2, empty_hand_draws: 1, play_drawn_card: true}",
        &[("play_drawn_card", "false")],
    ),
    (
        "hand.initial",
        "{size: 5, draw: game_start, free: true}",
        &[("free", "false")],
    ),
    (
        "deck.cycle",
        "{played: discard_pile, discarded: discard_pile, played_specials: removed, \
         discards_face_up: false, reshuffle_when_empty: true}",
        &[
            ("played", "removed"),
            ("discarded", "removed"),
            ("played_specials", "discard_pile"),
            ("reshuffle_when_empty", "false"),
        ],
    ),
    (
        "pitch.response",
        "{pitch_shown_first: true, against_immediate: no_response}",
        &[("pitch_shown_first", "false")],
    ),
    (
        "pitch.steal",
        "{from: 1, to: 2, automatic: true, strikes: 1}",
        &[("automatic", "false")],
    ),
    (
        "hit.foul",
        "{at_most: 0, result: distance_one, may_be_third_strike: false}",
        &[("may_be_third_strike", "true")],
    ),
    (
        "hit.fence",
        "{wall_ball_is_missed_catch: true, blue_home_run_catchable: false, \
         home_run_catchable: true}",
        &[("wall_ball_is_missed_catch", "false")],
    ),
    (
        "lineup.rules",
        "{star_quality_max: 30, positions: [C, 1B, 2B, 3B, SS, LF, CF, RF], \
         starting_pitcher: [P], pitcher_bats_in_dh_slot: true}",
        &[("pitcher_bats_in_dh_slot", "false")],
    ),
    (
        "players.roles",
        "{P: {fields: infield, pitches: {starts: true, relieves: true, from_inning: 1}}, \
         C: {fields: infield}, CF: {fields: outfield}, DH: {fields: none}}",
        &[
            ("C", "{fields: outfield}"),
            ("CF", "{fields: infield}"),
            ("DH", "{fields: infield}"),
        ],
    ),
    (
        "lineup.substitution",
        "{replaced_may_return: false, star_check: always, roles_covered_on_defense: true}",
        &[
            ("star_check", "start_of_defense"),
            ("roles_covered_on_defense", "false"),
        ],
    ),
    (
        "defense.positioning",
        "{infielders_in_diamond: true, outfielders_in_outfield: true, \
         center_between_corners: true, pawns_per_square: one_per_team, \
         fixed_until_next_inning: true}",
        &[
            ("infielders_in_diamond", "false"),
            ("outfielders_in_outfield", "false"),
            ("center_between_corners", "false"),
            ("fixed_until_next_inning", "false"),
        ],
    ),
    (
        "defense.movement",
        "{diagonals: true, infielders_leave_diamond: false, outfielders_enter_diamond: false, \
         texas_open_to_all: true}",
        &[("diagonals", "false")],
    ),
    (
        "defense.budget",
        "{first_turn: chosen_fielder, later_turns: ball_holder, any_fielder_moves: true}",
        &[("any_fielder_moves", "false")],
    ),
    (
        "throw.cover",
        "{base_needs_cover: true, catcher_box_covers_home: true, \
         no_value_closes_until_next_batter: false}",
        &[
            ("base_needs_cover", "false"),
            ("catcher_box_covers_home", "false"),
            ("no_value_closes_until_next_batter", "true"),
        ],
    ),
    (
        "throw.cutoff",
        "{throwers: outfielders, zones: [first_second, second_third], \
         receiver_covers_no_base: true}",
        &[("receiver_covers_no_base", "false")],
    ),
    (
        "offense.run",
        "{distance: die, lead_runner_first: true, may_stop_early: true, batter_must_run: true}",
        &[
            ("lead_runner_first", "false"),
            ("may_stop_early", "false"),
            ("batter_must_run", "false"),
        ],
    ),
];

#[test]
fn a_field_the_engine_plays_one_way_refuses_any_other_value() {
    for &(key, shipped, fields) in PLAYED_ONE_WAY {
        check_key(key, shipped).unwrap_or_else(|d| panic!("{key}: {}", d.render_plain()));
        for &(field, refused) in fields {
            let played = format!("{field}: ");
            let at = shipped.find(&played).expect("the field is in the value") + played.len();
            // A flow list or mapping ends at its bracket or brace (neither
            // holds another here); a scalar at the next comma or brace.
            let rest = &shipped[at..];
            let end = at
                + match (rest.strip_prefix('['), rest.strip_prefix('{')) {
                    (Some(list), _) => list.find(']').expect("the list closes") + 2,
                    (_, Some(map)) => map.find('}').expect("the mapping closes") + 2,
                    _ => rest.find([',', '}']).expect("the field's value ends"),
                };
            let other = format!("{}{refused}{}", &shipped[..at], &shipped[end..]);
            let text = check_key(key, &other).expect_err(&other).render_plain();
            assert!(
                text.contains(&format!("this engine does not play `{field}: {refused}`")),
                "{key}: {text}"
            );
            assert!(
                text.contains(&format!("it plays `{field}: {}` only", &shipped[at..end])),
                "{key}: {text}"
            );
        }
    }
}

/// docs/rules-notes.md lists the same fields ("Rule values the engine
/// plays one way"): a row per key, naming each of its fields.
#[test]
fn the_rules_notes_list_the_fields_the_engine_plays_one_way() {
    let notes = include_str!("../../../docs/rules-notes.md");
    let section = notes
        .split("### Rule values the engine plays one way")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("the section is in docs/rules-notes.md");
    let rows: Vec<&str> = section.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(rows.len(), PLAYED_ONE_WAY.len(), "{rows:#?}");
    for &(key, _, fields) in PLAYED_ONE_WAY {
        let row = rows
            .iter()
            .find(|r| r.starts_with(&format!("| `{key}` |")))
            .unwrap_or_else(|| panic!("no row for `{key}`"));
        for &(field, _) in fields {
            assert!(row.contains(&format!("`{field}")), "{row} lacks `{field}`");
        }
    }
}

#[test]
fn a_forced_draw_past_the_table_costs_draw_1_a_card() {
    let table: Memorandum = decode_text(
        "{draw_1: {strikes: 1}, draw_2: {strikes: 1, balls: 1}, discard_1: {}, discard_2: {}}",
    )
    .unwrap();
    let strikes = |n: u8| table.forced_draw_price(n);
    assert_eq!(strikes(0), CountChange::default());
    assert_eq!(
        strikes(1),
        CountChange {
            balls: 0,
            strikes: 1
        }
    );
    assert_eq!(
        strikes(2),
        CountChange {
            balls: 1,
            strikes: 1
        }
    );
    assert_eq!(
        strikes(3),
        CountChange {
            balls: 0,
            strikes: 3
        }
    );
    assert_eq!(
        strikes(255),
        CountChange {
            balls: 0,
            strikes: 255
        }
    );
}

#[test]
fn fields_that_play_alike_either_way_take_both_values() {
    let sequence = "{defense_first: true, offense_must_act: true}";
    assert!(check_key("game.sequence", sequence).is_ok());
    let face_up = "{played: discard_pile, discarded: discard_pile, played_specials: removed, \
                   discards_face_up: true, reshuffle_when_empty: true}";
    assert!(check_key("deck.cycle", face_up).is_ok());
    let one = "{infielders_in_diamond: true, outfielders_in_outfield: true, \
               center_between_corners: true, pawns_per_square: one, fixed_until_next_inning: true}";
    assert!(check_key("defense.positioning", one).is_ok());
}

#[test]
fn the_memorandum_prices_at_most_two_cards_and_a_forced_draw_draws() {
    let use_ = |max: u8| format!("{{max_cards: {max}, order: [defense, offense], mix: false}}");
    assert!(check_key("memorandum.per_batter", &use_(0)).is_ok());
    assert!(check_key("memorandum.per_batter", &use_(2)).is_ok());
    let three = check_key("memorandum.per_batter", &use_(3)).unwrap_err();
    assert!(three.message.contains("0 to 2"), "{}", three.message);
    let none = "{new_batter_draw_to: 2, empty_hand_draws: 0, play_drawn_card: true}";
    assert!(check_key("hand.forced_draw", none).is_err());
}

fn engine() -> Engine {
    // As strict as the loader (whose raw engine keeps Rhai's default
    // expression depths) and the script host (which fails on a missing map
    // property) together.
    let mut engine = Engine::new();
    engine.set_fail_on_invalid_map_property(true);
    engine
}

fn layer(name: &'static str) -> Layer {
    let path = format!("rulesets/{name}/ruleset.yaml");
    let text = builtin::file(&path).unwrap_or_else(|| panic!("{path} is shipped"));
    let file = SourceFile::new(path.clone(), text);
    let root = parse(&file).unwrap_or_else(|d| panic!("{path}: {}", d.render_plain()));
    let engine = engine();
    let mut ast = AST::empty();
    if let Some(scripts) = root.get("scripts").and_then(seq) {
        for script in scripts {
            let script = script.as_str().expect("script names are strings");
            let script_path = format!("rulesets/{name}/{script}");
            let text =
                builtin::file(&script_path).unwrap_or_else(|| panic!("{script_path} is shipped"));
            let compiled = engine
                .compile(text)
                .unwrap_or_else(|e| panic!("{script_path} does not compile: {e}"));
            ast = ast.merge(&compiled);
        }
    }
    Layer {
        name,
        file,
        root,
        ast,
    }
}

fn seq(node: &Node) -> Option<&[Node]> {
    match &node.value {
        Value::Seq(items) => Some(items),
        _ => None,
    }
}

fn rules(layer: &Layer) -> &[(Node, Node)] {
    layer
        .root
        .get("rules")
        .and_then(Node::as_map)
        .unwrap_or_else(|| panic!("{} has rules", layer.name))
}

/// The function a layer's hook rule names.
fn hook_of(layer: &Layer, key: &str) -> String {
    rules(layer)
        .iter()
        .find(|(k, _)| k.as_str() == Some(key))
        .and_then(|(_, entry)| entry.get("hook"))
        .and_then(Node::as_str)
        .unwrap_or_else(|| panic!("{} sets no hook for {key}", layer.name))
        .to_string()
}

fn call<T: Clone + 'static>(layer: &Layer, key: &str, args: Vec<Dynamic>) -> T {
    let function = hook_of(layer, key);
    let result: Dynamic = engine()
        .call_fn(&mut Scope::new(), &layer.ast, &function, args)
        .unwrap_or_else(|e| panic!("{}: {function}: {e}", layer.name));
    result
        .try_cast::<T>()
        .unwrap_or_else(|| panic!("{}: {function} returned the wrong type", layer.name))
}

fn int(v: i64) -> Dynamic {
    Dynamic::from(v)
}

#[test]
fn every_shipped_rule_matches_the_schema() {
    let catalogue = builtin::file("rulesets/catalogue.yaml").expect("catalogue is shipped");
    for name in BUILTINS {
        let layer = layer(name);
        assert_eq!(layer.root.get("ruleset").and_then(Node::as_str), Some(name));
        for (key_node, entry) in rules(&layer) {
            let key = key_node.as_str().expect("rule keys are strings");
            let source = entry
                .get("source")
                .and_then(Node::as_str)
                .unwrap_or_default();
            assert!(
                catalogue.contains(&format!("- id: {source}\n")),
                "{name}: {key} cites `{source}`, not a catalogue id"
            );
            let spec = spec(key).unwrap_or_else(|| panic!("{name}: `{key}` is not a known key"));
            if entry.get("remove").is_some() {
                continue;
            }
            match &spec.kind {
                RuleKind::Data { check } => {
                    let value = entry
                        .get("value")
                        .unwrap_or_else(|| panic!("{name}: {key} is data and needs `value:`"));
                    if let Err(d) = check(&layer.file, value) {
                        panic!("{name}: {key}: {}", d.render_plain());
                    }
                }
                RuleKind::Hook { params, .. } => {
                    let function = hook_of(&layer, key);
                    let found = layer
                        .ast
                        .iter_functions()
                        .find(|f| f.name == function)
                        .unwrap_or_else(|| panic!("{name}: {key}: no function `{function}`"));
                    assert_eq!(
                        found.params.len(),
                        params.len(),
                        "{name}: {key}: `{function}` must take {params:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_function_starts_with_a_comment() {
    for (path, text) in builtin::files_under("rulesets") {
        if !path.ends_with(".rhai") {
            continue;
        }
        assert!(text.starts_with("//"), "{path} must open with a comment");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("fn ") {
                assert!(
                    i > 0 && lines[i - 1].starts_with("//"),
                    "{path}:{}: a function needs a comment above it",
                    i + 1
                );
            }
        }
    }
}

#[test]
fn basic_hits_and_throws() {
    let basic = layer("basic");
    let direction: i64 = call(
        &basic,
        "hit.direction",
        vec![int(4), Dynamic::from(Array::new())],
    );
    assert_eq!(direction, 4);
    // 2d6 + the +1 batting bonus; the card values play no part.
    let args = [3, 5, 4, 4, 1, 0, 0, 0].map(int).to_vec();
    assert_eq!(call::<i64>(&basic, "hit.distance", args), 9);
    // The ball moves the die's squares: 3 of 5, then arrives with 2 more.
    let first: Map = call(
        &basic,
        "throw.resolution",
        vec![int(3), int(0), int(0), int(5), int(0), true.into()],
    );
    assert_eq!(first["arrived"].as_bool(), Ok(false));
    assert_eq!(first["squares"].as_int(), Ok(3));
    let second: Map = call(
        &basic,
        "throw.resolution",
        vec![int(2), int(0), int(0), int(2), int(-1), false.into()],
    );
    assert_eq!(second["arrived"].as_bool(), Ok(true));
    // An orange -2 on a first die of 1 leaves the ball where it is.
    let stuck: Map = call(
        &basic,
        "throw.resolution",
        vec![int(1), int(0), int(0), int(4), int(-2), true.into()],
    );
    assert_eq!(stuck["squares"].as_int(), Ok(0));
}

#[test]
fn pro_hit_matches_the_joe_de_majo_example() {
    let pro = layer("pro");
    // Joe de Majo F 4 + batting bonus 1 - Rolan Raian F 4: distance bonus 1.
    let args = [3, 4, 4, 4, 1, 0, 0, 0].map(int).to_vec();
    assert_eq!(call::<i64>(&pro, "hit.distance", args), 8);
    // A +1 pitching special and a tired pitcher (-2 cell) cancel out.
    let args = [3, 4, 4, 4, 1, 0, 1, -2].map(int).to_vec();
    assert_eq!(call::<i64>(&pro, "hit.distance", args), 9);
    let faces: Array = [1, 1, 2, 3, 5, 6].map(int).to_vec();
    assert_eq!(
        call::<i64>(&pro, "hit.direction", vec![int(2), faces.clone().into()]),
        1
    );
    assert_eq!(
        call::<i64>(&pro, "hit.direction", vec![int(5), faces.into()]),
        5
    );
}

#[test]
fn pro_throws_accumulate_and_use_the_orange_modifier_once() {
    let pro = layer("pro");
    let roll = |die: i64, total: i64, first: bool| -> Map {
        call(
            &pro,
            "throw.resolution",
            vec![int(die), int(total), int(4), int(6), int(1), first.into()],
        )
    };
    // faq.throw.orange's example: modifier +1, needed 4, a 1 gives 2.
    let first = roll(1, 0, true);
    assert_eq!(first["arrived"].as_bool(), Ok(false));
    assert_eq!(first["total"].as_int(), Ok(2));
    // Next turn the new die is added to that 2, without the modifier.
    let second = roll(2, 2, false);
    assert_eq!(second["arrived"].as_bool(), Ok(true));
    assert_eq!(second["total"].as_int(), Ok(4));
}

#[test]
fn pro_stamina_and_specials() {
    let pro = layer("pro");
    let initial: i64 = call(
        &pro,
        "stamina.initial",
        vec![int(3), "P".into(), false.into()],
    );
    assert_eq!(initial, 7);
    let loss = |event: &str| -> i64 { call(&pro, "stamina.loss", vec![event.into(), true.into()]) };
    assert_eq!(
        (
            loss("inning_pitched"),
            loss("batting_turn"),
            loss("home_run"),
            loss("base_conceded")
        ),
        (1, 1, 0, 0)
    );

    let runners: Array = vec![true.into(), false.into(), true.into()];
    let k: Map = call(
        &pro,
        "special.immediate",
        vec!["strike_out".into(), runners.clone().into(), int(1)],
    );
    assert_eq!(k["out"].as_bool(), Ok(true));
    let hit: Map = call(
        &pro,
        "special.immediate",
        vec!["one_base_hit".into(), runners.into(), int(1)],
    );
    assert_eq!(hit["batter"].as_int(), Ok(1));
    let moved: Vec<i64> = hit["runners"]
        .clone()
        .into_array()
        .unwrap()
        .into_iter()
        .map(|d| d.as_int().unwrap())
        .collect();
    assert_eq!(moved, vec![2, 0, 4]);
}

/// A roster entry as `roster.check` receives it (docs/hooks.md): every card
/// alike but for name, role, star quality and base run.
fn player(index: usize, name: &str, role: &str, star: i64, base_run: i64) -> Dynamic {
    let pitcher = ["P", "Ps", "Pr", "Pc"].contains(&role);
    let abilities = |v: i64| -> Dynamic { vec![int(v), int(v), int(v)].into() };
    let mut m = Map::new();
    m.insert("index".into(), int(index as i64));
    m.insert("name".into(), name.into());
    m.insert("number".into(), int(index as i64 + 1));
    m.insert("label".into(), format!("#{} {name}", index + 1).into());
    m.insert("role".into(), role.into());
    m.insert("major_role".into(), role.into());
    m.insert("pitcher".into(), pitcher.into());
    m.insert("star".into(), int(star));
    m.insert("base_run".into(), int(base_run));
    m.insert("action".into(), int(3));
    m.insert("base_box".into(), false.into());
    m.insert("bat".into(), abilities(2));
    m.insert(
        "pitch".into(),
        if pitcher { abilities(4) } else { Dynamic::UNIT },
    );
    let dirs: Array = (1..=6).map(|face| Dynamic::from(vec![int(face)])).collect();
    m.insert("dirs".into(), dirs.into());
    let throws: Array = (0..6).map(|_| int(4)).collect();
    m.insert("throws".into(), throws.into());
    m.into()
}

/// A starter as `lineup.check` receives him: batting in `slot` (0: a
/// pitcher who does not bat) as `plays`.
fn starter(index: usize, name: &str, role: &str, star: i64, slot: i64) -> Dynamic {
    let mut m = player(index, name, role, star, 3).cast::<Map>();
    let plays = if ["P", "Ps", "Pr", "Pc"].contains(&role) {
        "P"
    } else {
        role
    };
    m.insert("slot".into(), int(slot));
    m.insert("plays".into(), plays.into());
    m.into()
}

fn value_of(layer: &Layer, key: &str) -> Dynamic {
    rules(layer)
        .iter()
        .find(|(k, _)| k.as_str() == Some(key))
        .and_then(|(_, entry)| entry.get("value"))
        .map(crate::ruleset::script_value::to_dynamic)
        .unwrap_or_else(|| panic!("{} sets no value for {key}", layer.name))
}

/// The messages of a check's problems.
fn problems(result: &Map) -> Vec<String> {
    result["problems"]
        .clone()
        .into_array()
        .unwrap()
        .into_iter()
        .map(|d| d.cast::<Map>()["message"].clone().into_string().unwrap())
        .collect()
}

/// A PRO starting nine plus DH: star quality 3 each (30), the pitcher last
/// as he does not bat.
fn pro_lineup() -> Array {
    ["C", "1B", "2B", "3B", "SS", "LF", "CF", "RF", "DH", "P"]
        .iter()
        .enumerate()
        .map(|(i, role)| starter(i, &format!("Player {i}"), role, 3, (i as i64 + 1) % 10))
        .collect()
}

#[test]
fn pro_lineup_check() {
    let pro = layer("pro");
    let rules = value_of(&pro, "lineup.rules");
    let ok: Map = call(
        &pro,
        "lineup.check",
        vec![pro_lineup().into(), true.into(), rules.clone()],
    );
    assert_eq!(ok["ok"].as_bool(), Ok(true), "{:?}", problems(&ok));

    let mut heavy = pro_lineup();
    heavy[9] = starter(9, "Ace", "P", 4, 0);
    let bad: Map = call(
        &pro,
        "lineup.check",
        vec![heavy.into(), true.into(), rules.clone()],
    );
    assert_eq!(
        problems(&bad),
        vec!["the starters' star quality adds up to 31, over the cap of 30"]
    );

    let no_dh: Map = call(
        &pro,
        "lineup.check",
        vec![pro_lineup().into(), false.into(), rules],
    );
    assert_eq!(
        problems(&no_dh),
        vec!["#9 Player 8 bats as DH, and this game has no designated hitter"]
    );
}

/// The PRO draft: 8 pitchers, 1 DH and 2 players for every other role.
fn pro_roster() -> Array {
    let mut roster = Array::new();
    for i in 0..8 {
        roster.push(player(roster.len(), &format!("Pitcher {i}"), "P", i % 4, 3));
    }
    roster.push(player(roster.len(), "Hitter", "DH", 2, 4));
    for role in ["C", "1B", "2B", "3B", "SS", "LF", "CF", "RF"] {
        roster.push(player(roster.len(), &format!("{role} one"), role, 1, 4));
        roster.push(player(roster.len(), &format!("{role} two"), role, 2, 4));
    }
    roster
}

/// Calls PRO's `roster.check` with one layer's data.
fn roster_check(data: &Layer, roster: Array) -> Map {
    let pro = layer("pro");
    let args = vec![
        roster.into(),
        value_of(data, "roster.limits"),
        value_of(data, "players.cards"),
        value_of(data, "lineup.rules"),
    ];
    call(&pro, "roster.check", args)
}

#[test]
fn pro_roster_check() {
    let pro = layer("pro");
    let mut roster = pro_roster();
    assert_eq!(roster.len(), 25);
    let ok = roster_check(&pro, roster.clone());
    assert_eq!(ok["ok"].as_bool(), Ok(true), "{:?}", problems(&ok));

    roster.pop();
    roster.push(player(24, "C one", "LF", 3, 4));
    let found = problems(&roster_check(&pro, roster));
    assert_eq!(
        found,
        vec![
            "#25 C one is a 3rd left fielder: a roster holds exactly 2 left fielders",
            "the roster has 1 right fielder, exactly 2 are needed",
            "C one is on 2 cards, and a player may have at most 1 role (this is card 2)",
        ]
    );
}

#[test]
fn major_roster_check_is_pros_with_majors_limits() {
    let major = layer("major");
    let mut roster = Array::new();
    for (i, role) in ["Ps", "Ps", "P", "P", "Pr", "Pr", "Pr", "Pc"]
        .iter()
        .enumerate()
    {
        roster.push(player(roster.len(), &format!("Arm {i}"), role, i as i64, 3));
    }
    roster.push(player(roster.len(), "Bat", "DH", 2, 4));
    for (i, role) in [
        "C", "C", "1B", "2B", "3B", "SS", "SS", "LF", "CF", "RF", "RF",
    ]
    .iter()
    .enumerate()
    {
        let star = if i < 8 { 1 } else { i as i64 };
        let star = if ["C", "SS"].contains(role) {
            i as i64
        } else {
            star
        };
        roster.push(player(roster.len(), &format!("Glove {i}"), role, star, 4));
    }
    // One name in two roles, the cards alike but for role and star.
    roster.push(player(roster.len(), "Two Way", "1B", 5, 5));
    roster.push(player(roster.len(), "Two Way", "LF", 6, 5));
    roster.push(player(roster.len(), "Speedy", "CF", 7, 6));
    let ok = roster_check(&major, roster.clone());
    assert_eq!(ok["ok"].as_bool(), Ok(true), "{:?}", problems(&ok));

    roster.push(player(roster.len(), "Speedy Two", "CF", 7, 6));
    let found = problems(&roster_check(&major, roster));
    assert_eq!(
        found,
        vec![
            "two center fielders share star quality 7: #23 Speedy and #24 Speedy Two",
            "4 players have base run over 4, at most 3 may: #24 Speedy Two is one too many",
        ]
    );
}

#[test]
fn major_lineup_uses_pro_check_with_starting_pitcher_roles() {
    let (pro, major) = (layer("pro"), layer("major"));
    let rules = value_of(&major, "lineup.rules");
    let mut lineup = pro_lineup();
    lineup[9] = starter(9, "Starter", "Ps", 3, 0);
    let ok: Map = call(
        &pro,
        "lineup.check",
        vec![lineup.clone().into(), true.into(), rules.clone()],
    );
    assert_eq!(ok["ok"].as_bool(), Ok(true), "{:?}", problems(&ok));
    lineup[9] = starter(9, "Closer", "Pc", 3, 0);
    let bad: Map = call(
        &pro,
        "lineup.check",
        vec![lineup.into(), true.into(), rules],
    );
    assert_eq!(
        problems(&bad),
        vec!["#10 Closer is a closer (Pc), and a starting pitcher is P or Ps"]
    );
}

#[test]
fn major_stamina_collision_and_long_runs() {
    let major = layer("major");
    let initial = |relief: bool| -> i64 {
        call(
            &major,
            "stamina.initial",
            vec![int(3), "P".into(), relief.into()],
        )
    };
    assert_eq!((initial(false), initial(true)), (7, 4));
    let loss = |event: &str, relief: bool| -> i64 {
        call(&major, "stamina.loss", vec![event.into(), relief.into()])
    };
    assert_eq!(loss("home_run", false), 1);
    assert_eq!(loss("base_conceded", false), 0);
    assert_eq!(loss("base_conceded", true), 1);
    assert_eq!(loss("walk", true), 0);
    // 2.12.2: 3 innings played, 6 skipped.
    assert_eq!(
        call::<i64>(&major, "stamina.shortened", vec![int(9), int(6)]),
        3
    );
    assert_eq!(
        call::<i64>(&major, "stamina.shortened", vec![int(5), int(6)]),
        1
    );

    let collide = |offense: i64, defense: i64, ball_first: bool| -> bool {
        let m: Map = call(
            &major,
            "offense.collision",
            vec![int(offense), int(defense), ball_first.into()],
        );
        m["out"].as_bool().unwrap()
    };
    // Ball first: defense + 2 >= offense is an out.
    assert!(collide(5, 3, true));
    assert!(!collide(6, 3, true));
    // Ball after the runner: defense + 1 > offense is an out.
    assert!(!collide(4, 3, false));
    assert!(collide(4, 4, false));

    // Joe de Majo, BASE RUN 5: 5 for the first two bases, then 4.
    let run = |bases: i64| -> i64 { call(&major, "offense.long_runs", vec![int(5), int(bases)]) };
    assert_eq!((run(0), run(1), run(2), run(3)), (5, 5, 4, 4));
}

#[test]
fn shipped_decks_hold_the_documented_cards() {
    let (basic, pro) = (layer("basic"), layer("pro"));
    let value = |layer: &Layer, key: &str| -> Node {
        rules(layer)
            .iter()
            .find(|(k, _)| k.as_str() == Some(key))
            .and_then(|(_, e)| e.get("value"))
            .cloned()
            .unwrap_or_else(|| panic!("{} sets {key}", layer.name))
    };
    let size: DeckSize = decode_checked(&basic.file, &value(&basic, "deck.size")).unwrap();
    let defense: DefenseDeck = decode_checked(&basic.file, &value(&basic, "deck.defense")).unwrap();
    let offense: OffenseDeck = decode_checked(&basic.file, &value(&basic, "deck.offense")).unwrap();
    assert_eq!(defense.total(), u32::from(size.normal));
    assert_eq!(offense.total(), u32::from(size.normal));
    let specials: DefenseSpecials =
        decode_checked(&pro.file, &value(&pro, "deck.defense_specials")).unwrap();
    let total: u32 = specials.iter().map(|c| u32::from(c.count)).sum();
    assert_eq!(total, u32::from(size.special));
    assert!(specials.iter().any(|c| c.id == "strike_out" && c.immediate));
    let specials: OffenseSpecials =
        decode_checked(&pro.file, &value(&pro, "deck.offense_specials")).unwrap();
    let total: u32 = specials.iter().map(|c| u32::from(c.count)).sum();
    assert_eq!(total, u32::from(size.special));
    assert!(
        specials
            .iter()
            .any(|c| c.id == "one_base_hit" && c.immediate)
    );
}

#[test]
fn the_matrix_reads_as_the_rulebook_says() {
    let (basic, major) = (layer("basic"), layer("major"));
    let matrix = |layer: &Layer| -> PitchOutcomes {
        let node = rules(layer)
            .iter()
            .find(|(k, _)| k.as_str() == Some("pitch.outcomes"))
            .and_then(|(_, e)| e.get("value"))
            .expect("pitch.outcomes is set");
        decode_checked(&layer.file, node).unwrap()
    };
    let pro = matrix(&basic);
    use Outcome::*;
    use Response::*;
    for pitch in Pitch::ALL {
        let row = pro.row(pitch);
        // NO SWING takes the zone; HIT STRIKE hits strikes only, never with the bonus.
        assert_eq!(
            row.get(NoSwing),
            if pitch.is_strike() { Strike } else { Ball }
        );
        assert_eq!(
            row.get(HitStrike),
            if pitch.is_strike() { Hit } else { Strike }
        );
        assert_eq!(row.get(RunnerGoesTo2nd), Steal);
    }
    assert_eq!(pro.get(Pitch::FastballStrike, HitFastball), HitBonus);
    assert_eq!(pro.get(Pitch::FastballBall, HitFastball), Hit);
    assert_eq!(pro.get(Pitch::FastballStrike, HitCurveball), Strike);
    // MAJOR: the same pairs, with a power hit where PRO has the bonus.
    let major = matrix(&major);
    for pitch in Pitch::ALL {
        for response in Response::ALL {
            let (p, m) = (pro.get(pitch, response), major.get(pitch, response));
            assert_eq!(
                m,
                if p == HitBonus { PowerHit } else { p },
                "{pitch:?} {response:?}"
            );
        }
    }
}
