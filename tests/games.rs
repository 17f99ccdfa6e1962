//! Seeded games end to end, through the `bod` binary as a user runs it:
//! `bod play` prints a play-by-play and a box score (pinned as snapshots
//! under snapshots/games/) and writes a JSON Lines log (its event counts
//! pinned too); the box score adds up; the same seed writes the same log
//! byte for byte; `bod replay` reproduces a log and finds the first line of
//! a tampered one.

use std::collections::BTreeMap;
use std::path::PathBuf;

mod common;

use common::{Bod, bod};

/// The seeds of the pinned BASIC games.
const SEEDS: [u64; 5] = [1, 2, 3, 7, 42];

impl Bod {
    /// Plays a BASIC game with `seed`, logging to `log` when given.
    fn game(seed: u64, log: Option<&PathBuf>) -> Bod {
        Bod::game_of("basic", seed, log)
    }

    /// Plays a game of `ruleset` with `seed`, logging to `log` when given.
    fn game_of(ruleset: &str, seed: u64, log: Option<&PathBuf>) -> Bod {
        let seed = seed.to_string();
        let mut b = bod(&["play", "--ruleset", ruleset, "--seed", &seed]);
        if let Some(log) = log {
            b.args.push("--log".to_string());
            b.args.push(log.display().to_string());
        }
        b
    }
}

/// A fresh path for a log file of this test run.
fn log_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("games");
    std::fs::create_dir_all(&dir).expect("the temporary folder");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn in_snapshots<R>(f: impl FnOnce() -> R) -> R {
    common::in_area("games", f)
}

/// How many events of each kind a log holds, and its actions.
fn event_counts(log: &str) -> String {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut actions = 0;
    for line in log.lines().skip(1) {
        let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        match value.get("event").and_then(|e| e.as_str()) {
            Some(kind) => *counts.entry(kind.to_string()).or_default() += 1,
            None => actions += 1,
        }
    }
    let total: usize = counts.values().sum();
    let mut out = format!("actions: {actions}\nevents: {total}\n");
    for (kind, n) in counts {
        out.push_str(&format!("  {kind}: {n}\n"));
    }
    out
}

/// The numbers of a printed box score.
#[derive(Debug)]
struct Totals {
    /// Per side (guest, home): runs by inning (`None` for an `x`).
    innings: [Vec<Option<u32>>; 2],
    /// Per side: R, H, E of the line score.
    rhe: [[u32; 3]; 2],
    /// Per side: each batter's AB R H RBI BB SO (substitutes included).
    batters: [Vec<[u32; 6]>; 2],
    /// Per side: the starting batters (rows not indented).
    starters: [usize; 2],
    /// Per side: the Totals row.
    totals: [[u32; 6]; 2],
    /// Per side: its pitchers' H R BB SO, added up.
    pitching: [[u32; 4]; 2],
    /// The final score from the play-by-play (guest, home).
    final_score: [u32; 2],
}

fn numbers(tokens: &[&str]) -> Vec<u32> {
    tokens
        .iter()
        .map(|t| t.parse().expect("a number"))
        .collect()
}

/// Reads the box score and the final line out of `bod play`'s output.
fn totals(out: &str) -> Totals {
    let lines: Vec<&str> = out.lines().collect();
    let header = lines
        .iter()
        .position(|l| l.trim_end().ends_with("R  H  E"))
        .expect("a line score");
    let mut innings: [Vec<Option<u32>>; 2] = Default::default();
    let mut rhe = [[0; 3]; 2];
    for side in 0..2 {
        let tokens: Vec<&str> = lines[header + 1 + side].split_whitespace().collect();
        let n = tokens.len();
        innings[side] = tokens[1..n - 3].iter().map(|t| t.parse().ok()).collect();
        let v = numbers(&tokens[n - 3..]);
        rhe[side] = [v[0], v[1], v[2]];
    }
    let mut batters: [Vec<[u32; 6]>; 2] = Default::default();
    let mut starters = [0; 2];
    let mut totals = [[0; 6]; 2];
    let mut side = 0;
    let mut in_batting = false;
    for l in &lines[header + 3..] {
        if l.trim_end().ends_with("AB   R   H RBI  BB  SO") {
            in_batting = true;
            continue;
        }
        if !in_batting {
            continue;
        }
        let tokens: Vec<&str> = l.split_whitespace().collect();
        let v = numbers(&tokens[tokens.len() - 6..]);
        let row = [v[0], v[1], v[2], v[3], v[4], v[5]];
        if tokens[0] == "Totals" {
            totals[side] = row;
            side += 1;
            in_batting = false;
            if side == 2 {
                break;
            }
        } else {
            // Substitutes are indented under the starter of their slot.
            starters[side] += usize::from(!l.starts_with("  "));
            batters[side].push(row);
        }
    }
    // Every pitcher who pitched has a line, after his team's code: each
    // side's lines add up to what the other side did.
    let codes: Vec<&str> = (0..2)
        .map(|side| lines[header + 1 + side].split_whitespace().next().unwrap())
        .collect();
    let mut pitching = [[0; 4]; 2];
    let ip = lines
        .iter()
        .position(|l| l.starts_with("Pitching") && l.trim_end().ends_with("IP   H   R  BB  SO"))
        .expect("the pitching lines");
    for l in lines[ip + 1..].iter().take_while(|l| !l.trim().is_empty()) {
        let tokens: Vec<&str> = l.split_whitespace().collect();
        let code = tokens[tokens.len() - 6];
        let side = codes
            .iter()
            .position(|c| *c == code)
            .unwrap_or_else(|| panic!("a pitcher of team {code}: {l}"));
        let v = numbers(&tokens[tokens.len() - 4..]);
        for (total, n) in pitching[side].iter_mut().zip(v) {
            *total += n;
        }
    }
    let last = lines
        .iter()
        .find(|l| l.starts_with("Final: "))
        .expect("a final line");
    let scores: Vec<u32> = last
        .trim_start_matches("Final: ")
        .split(" (")
        .next()
        .expect("a final score")
        .split(", ")
        .map(|part| {
            let number = part.split_whitespace().last().expect("a score");
            number
                .trim_end_matches(|c: char| !c.is_ascii_digit())
                .parse()
                .expect("a score")
        })
        .collect();
    Totals {
        innings,
        rhe,
        batters,
        starters,
        totals,
        pitching,
        final_score: [scores[0], scores[1]],
    }
}

/// The checks every box score passes.
fn check_box_score(seed: u64, t: &Totals) {
    for side in 0..2 {
        let by_inning: u32 = t.innings[side].iter().flatten().sum();
        assert_eq!(
            by_inning, t.rhe[side][0],
            "seed {seed}: line score runs add up"
        );
        assert_eq!(
            t.rhe[side][0], t.final_score[side],
            "seed {seed}: line score R is the final score"
        );
        let runs: u32 = t.batters[side].iter().map(|b| b[1]).sum();
        assert_eq!(
            runs, t.rhe[side][0],
            "seed {seed}: batters' runs are the team's"
        );
        assert_eq!(t.totals[side][1], t.rhe[side][0], "seed {seed}: Totals R");
        let hits: u32 = t.batters[side].iter().map(|b| b[2]).sum();
        assert_eq!(
            hits, t.rhe[side][1],
            "seed {seed}: batters' hits are the line score's"
        );
        assert_eq!(t.totals[side][2], t.rhe[side][1], "seed {seed}: Totals H");
        assert_eq!(t.starters[side], 9, "seed {seed}: nine starting batters");
        let other = 1 - side;
        // The other side's pitcher allowed this side's hits and runs.
        assert_eq!(
            t.pitching[other][0], t.rhe[side][1],
            "seed {seed}: hits allowed"
        );
        assert_eq!(
            t.pitching[other][1], t.rhe[side][0],
            "seed {seed}: runs allowed"
        );
        assert_eq!(
            t.pitching[other][2], t.totals[side][4],
            "seed {seed}: walks allowed"
        );
        assert_eq!(
            t.pitching[other][3], t.totals[side][5],
            "seed {seed}: strikeouts"
        );
    }
    assert_ne!(t.final_score[0], t.final_score[1], "seed {seed}: no ties");
}

/// Plays the pinned games of a ruleset: each one's play-by-play and box
/// score and its log's event counts are snapshots, its box score adds up,
/// and its log replays exactly.
fn pin_games(ruleset: &str) {
    in_snapshots(|| {
        for seed in SEEDS {
            let log = log_path(&format!("{ruleset}-seed-{seed}.jsonl"));
            let ran = Bod::game_of(ruleset, seed, Some(&log)).succeeds();
            insta::assert_snapshot!(format!("{ruleset}-seed-{seed}"), ran.stdout);
            check_box_score(seed, &totals(&ran.stdout));
            let text = std::fs::read_to_string(&log).expect("the log was written");
            insta::assert_snapshot!(format!("{ruleset}-seed-{seed}-events"), event_counts(&text));
            bod(&["replay", &log.display().to_string()]).succeeds();
        }
    });
}

#[test]
fn seeded_basic_games_are_pinned_and_add_up() {
    pin_games("basic");
}

#[test]
fn seeded_pro_games_are_pinned_and_add_up() {
    pin_games("pro");
}

#[test]
fn seeded_faq_games_are_pinned_and_add_up() {
    pin_games("faq");
}

#[test]
fn seeded_major_games_are_pinned_and_add_up() {
    pin_games("major");
}

#[test]
fn the_main_job_plays_the_default_game() {
    let main = bod(&[]).succeeds();
    let play = bod(&["play"]).succeeds();
    assert_eq!(main.stdout, play.stdout);
    assert!(
        main.stdout
            .starts_with("Portolungo Corsari at Valdoro Falchi: basic, Classic Park, seed 1")
    );
    assert!(main.stdout.contains("\nFinal: "));
}

#[test]
fn the_same_seed_writes_the_same_log_byte_for_byte() {
    let (a, b) = (log_path("same-a.jsonl"), log_path("same-b.jsonl"));
    let first = Bod::game(7, Some(&a)).succeeds();
    let second = Bod::game(7, Some(&b)).succeeds();
    assert_eq!(first.stdout, second.stdout);
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(a.len() > 1000);
    assert!(a == b, "two logs of seed 7 differ");
    let other = log_path("same-c.jsonl");
    Bod::game(8, Some(&other)).succeeds();
    assert_ne!(
        a,
        std::fs::read(&other).unwrap(),
        "another seed, another game"
    );
}

#[test]
fn a_log_replays_exactly() {
    let log = log_path("replay.jsonl");
    Bod::game(3, Some(&log)).succeeds();
    let text = std::fs::read_to_string(&log).unwrap();
    let events = text.lines().filter(|l| l.contains("\"event\":")).count();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["format"], "bod-game-log");
    assert_eq!(header["ruleset"], "basic");
    assert_eq!(header["seed"], 3);
    assert_eq!(header["home"], "falchi");
    assert_eq!(header["agents"]["away"], "heuristic");
    assert_eq!(header["options"]["innings"], 9);
    assert_eq!(header["bod"], env!("CARGO_PKG_VERSION"));
    // Every event line cites the clause of its rule.
    for line in text.lines().filter(|l| l.contains("\"event\":")) {
        assert!(line.contains("\"source\":\""), "no source: {line}");
    }
    let ran = bod(&["replay", &log.display().to_string()]).succeeds();
    assert_eq!(ran.stdout, format!("reproduced {events} events\n"));
}

/// Writes `text` with line `n` (1-based) replaced by `edit(line)`.
fn tampered(name: &str, text: &str, n: usize, edit: impl Fn(&str) -> String) -> PathBuf {
    let path = log_path(name);
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == n { edit(l) } else { l.to_string() })
        .collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// The 1-based number of the first line containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle}"))
        + 1
}

#[test]
fn a_tampered_log_is_reported_at_its_first_wrong_line() {
    let log = log_path("original.jsonl");
    Bod::game(7, Some(&log)).succeeds();
    let text = std::fs::read_to_string(&log).unwrap();

    // An event changed: the replay gives another one at that line.
    let n = line_of(&text, "\"event\":\"hit\"");
    let path = tampered("event.jsonl", &text, n, |l| {
        l.replacen(
            "\"event\":\"hit\",\"direction\":",
            "\"event\":\"hit\",\"direction\":1",
            1,
        )
    });
    let ran = bod(&["replay", &path.display().to_string()]).run();
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    assert!(
        ran.stderr
            .contains(&format!("event.jsonl:{n}: the replay diverges")),
        "{}",
        ran.stderr
    );
    assert!(ran.stderr.contains("expected (log):"));

    // Dice changed: they are not the seed's.
    let n = line_of(&text, "{\"by\":\"dice\",\"action\":{\"dice\":[");
    let path = tampered("dice.jsonl", &text, n, |l| {
        let at = l.find("\"dice\":[").unwrap() + "\"dice\":[".len();
        let die = l[at..at + 1].parse::<u8>().unwrap();
        format!("{}{}{}", &l[..at], die % 6 + 1, &l[at + 1..])
    });
    let edited = std::fs::read_to_string(&path).unwrap();
    assert_ne!(edited.lines().nth(n - 1), text.lines().nth(n - 1));
    let ran = bod(&["replay", &path.display().to_string()]).run();
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    assert!(
        ran.stderr.contains(&format!("dice.jsonl:{n}:")),
        "{}",
        ran.stderr
    );

    // A manager's choice given to the other side.
    let n = line_of(&text, "{\"by\":\"away\"");
    let path = tampered("side.jsonl", &text, n, |l| l.replacen("away", "home", 1));
    let ran = bod(&["replay", &path.display().to_string()]).run();
    assert_eq!(ran.code, 1);
    assert!(
        ran.stderr.contains(&format!("side.jsonl:{n}:")),
        "{}",
        ran.stderr
    );

    // A log cut short.
    let total = text.lines().count();
    let path = log_path("short.jsonl");
    let cut: Vec<&str> = text.lines().take(total - 5).collect();
    std::fs::write(&path, cut.join("\n") + "\n").unwrap();
    let ran = bod(&["replay", &path.display().to_string()]).run();
    assert_eq!(ran.code, 1);
    assert!(
        ran.stderr.contains(&format!("short.jsonl:{}:", total - 4)),
        "{}",
        ran.stderr
    );
    assert!(ran.stderr.contains("(end of log)"), "{}", ran.stderr);
}

/// A log replayed under other rules (`--ruleset`, `--set`) shows where they
/// first change the game; under its own rules it reproduces.
#[test]
fn a_log_replayed_under_other_rules_shows_where_they_first_change_the_game() {
    let log = log_path("other-rules.jsonl");
    Bod::game(3, Some(&log)).succeeds();
    let text = std::fs::read_to_string(&log).unwrap();
    let path = log.display().to_string();
    let events = text.lines().filter(|l| l.contains("\"event\":")).count();
    let ran = bod(&["replay", &path, "--ruleset", "basic"]).succeeds();
    assert_eq!(
        ran.stdout,
        format!("reproduced {events} events under basic\n")
    );

    // Seven innings: the same game until the seventh is over, then a game
    // over where the log goes on.
    let ran = bod(&["replay", &path, "--ruleset", "basic", "--set", "innings=7"]).run();
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    let seventh = line_of(&text, "\"half_started\",\"inning\":7,");
    let (_, after) = ran
        .stderr
        .split_once(&format!("{path}:"))
        .unwrap_or_else(|| panic!("{}", ran.stderr));
    let (line, message) = after.split_once(':').unwrap();
    assert!(line.parse::<usize>().unwrap() > seventh, "{}", ran.stderr);
    assert!(
        message.starts_with(" the replay under basic diverges"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("got (replay):    {\"event\":\"game_over\""),
        "{}",
        ran.stderr
    );

    // Options alone need a ruleset; an unknown one is refused with a hint.
    let ran = bod(&["replay", &path, "--set", "innings=7"]).run();
    assert_eq!(ran.code, 2, "{}", ran.stderr);
    let ran = bod(&["replay", &path, "--ruleset", "basc"]).run();
    assert_eq!(ran.code, 1);
    assert!(
        ran.stderr.contains("did you mean `basic`?"),
        "{}",
        ran.stderr
    );
}

/// Asserts that `text` shows every one of `needles`.
fn shows_all(text: &str, needles: &[&str]) {
    for needle in needles {
        assert!(text.contains(needle), "`{needle}` missing:\n{text}");
    }
}

/// A manager at the terminal (`--agent human`) sees his choices numbered
/// and the game event by event; answering with the first choice every
/// time plays a whole game, the same game each time.
#[test]
fn a_manager_at_the_terminal_plays_a_whole_game_by_numbers() {
    let play = || {
        bod(&["play", "--agent", "heuristic,human", "--set", "innings=1"])
            .run_with_input(&"1\n".repeat(400))
    };
    let ran = play();
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    shows_all(
        &ran.stdout,
        &[
            "heuristic (home) and human (guest) agents",
            "away manager, your choice (memorandum): top of inning 1, 0 outs",
            "    1. memo: keep",
            "  your offense hand: ",
            "  the other manager holds ",
            "  · pitched: {card: ",
            "  · game_over: {",
            "R  H  E",
            // The field with the position, while a ball is in play.
            "\npath  H",
            "marks  1-9 fielders by scoring number",
        ],
    );
    // The field's marks are explained once, however often it is drawn.
    assert_eq!(ran.stdout.matches("marks  1-9 fielders").count(), 1);
    assert!(
        ran.stdout.matches("\npath  H").count() > 1,
        "{}",
        ran.stdout
    );
    // Each half inning ends with the line score so far: the inning the
    // home team has yet to bat is blank (the final box score's `x` is only
    // for a half inning it did not need).
    let after_top: Vec<&str> = ran
        .stdout
        .split("\nafter the top of inning 1:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no line score after the top of the 1st:\n{}", ran.stdout))
        .lines()
        .take(3)
        .collect();
    assert_eq!(after_top[0], "      1     R  H  E", "{}", ran.stdout);
    // The guest's runs of the inning are his runs so far.
    let guest: Vec<&str> = after_top[1].split_whitespace().collect();
    assert!(
        guest.len() == 5 && guest[0] == "POR" && guest[1] == guest[2],
        "{}",
        after_top[1]
    );
    assert_eq!(after_top[2], "VAL         0  0  0", "{}", ran.stdout);
    // The home side's agent is asked nothing at the terminal.
    assert!(!ran.stdout.contains("home manager, your choice"));
    assert_eq!(play().stdout, ran.stdout, "the same answers, the same game");
}

/// Two managers at one terminal: each answers for his side from the one
/// input, neither reading the other's lines.
#[test]
fn two_managers_share_the_terminal() {
    let ran = bod(&["play", "--agent", "human", "--set", "innings=1"])
        .run_with_input(&"1\n".repeat(2000));
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    shows_all(
        &ran.stdout,
        &[
            "human agents",
            "home manager, your choice (position)",
            "away manager, your choice (memorandum)",
            "home manager, your choice (pitch)",
            "away manager, your choice (response)",
            "  · game_over: {",
        ],
    );
    assert!(!ran.stdout.contains("no more input"), "{}", ran.stdout);
}

/// A wrong answer is asked again; an action's words answer too; `q`
/// leaves the game, which stops with the game so far and says where.
#[test]
fn a_manager_at_the_terminal_is_asked_again_and_may_leave() {
    let log = log_path("left.jsonl");
    let ran = bod(&[
        "play",
        "--agent",
        "heuristic,human",
        "--log",
        &log.display().to_string(),
    ])
    .run_with_input("x\n0\n999\n?\nmemo: keep\nq\n");
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    let again = "answer with a number from 1 to ";
    assert_eq!(ran.stdout.matches(again).count(), 3, "{}", ran.stdout);
    // `?` lists the choices again: the memorandum's list is shown twice,
    // then his next choice (the response) lists other actions.
    assert_eq!(
        ran.stdout.matches("    1. memo: keep").count(),
        2,
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout.contains("your choice (response)"),
        "{}",
        ran.stdout
    );
    assert!(ran.stdout.contains("(called off)"), "{}", ran.stdout);
    assert!(
        ran.stderr
            .contains("the game was called off at the top of inning 1, 0-0"),
        "{}",
        ran.stderr
    );
    // His one answer is in the log; the game stopped before anything else
    // of his was applied.
    let text = std::fs::read_to_string(&log).unwrap();
    let his: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("{\"by\":\"away\""))
        .collect();
    assert_eq!(his, ["{\"by\":\"away\",\"action\":{\"memo\":\"keep\"}}"]);

    // The end of the input leaves the game too.
    let ran = bod(&["play", "--agent", "human"]).run_with_input("");
    assert_eq!(ran.code, 1, "{}", ran.stderr);
    assert!(
        ran.stdout.contains("(no more input: the game is left)"),
        "{}",
        ran.stdout
    );

    // Simulations have no terminal manager.
    let ran = bod(&["sim", "--agent", "human", "--games", "1"]).run();
    assert_eq!(ran.code, 1);
    assert!(
        ran.stderr
            .contains("a manager at the terminal plays `bod play --agent human`"),
        "{}",
        ran.stderr
    );
}

/// Dice rolled at a table (`--dice table`): typing the faces the seed
/// rolls, or leaving each roll to the seed (`r`), plays the seed's own
/// game, told roll by roll what the dice are for; its log keeps the dice and says where they came from, so it
/// replays, and a die changed in it changes the game from the next line.
#[test]
fn dice_typed_at_a_table_play_the_game_they_roll_and_replay() {
    let seeded = log_path("seeded-dice.jsonl");
    let plain = Bod::game(4, Some(&seeded)).succeeds();
    let seeded = std::fs::read_to_string(&seeded).unwrap();
    // The seed's dice, a roll a line ("3 5 2").
    let faces: String = seeded
        .lines()
        .filter_map(|l| {
            let line: serde_json::Value = serde_json::from_str(l).unwrap();
            let dice = line.get("action")?.get("dice")?.as_array()?.clone();
            let faces: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
            Some(faces.join(" ") + "\n")
        })
        .collect();
    assert!(faces.lines().count() > 100, "{faces}");
    let table = log_path("table-dice.jsonl");
    let ran = bod(&[
        "play",
        "--seed",
        "4",
        "--dice",
        "table",
        "--log",
        &table.display().to_string(),
    ])
    .run_with_input(&faces);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    shows_all(
        &ran.stdout,
        &[
            "roll 3 dice for the hit: the direction die, then the two distance dice\ndice> ",
            "roll 1 die for the run\ndice> ",
            "  · rolled: {",
            "seed 4 (its decks), dice rolled at the table, heuristic agents",
        ],
    );
    // The seed's game: its play-by-play and box score after the title.
    let (_, report) = plain.stdout.split_once("\n\n").unwrap();
    assert!(ran.stdout.ends_with(report), "{}", ran.stdout);
    // Leaving every roll to the seed (`r`) plays the same game.
    let rolls = faces.lines().count();
    let ran = bod(&["play", "--seed", "4", "--dice", "table"]).run_with_input(&"r\n".repeat(rolls));
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    assert!(ran.stdout.ends_with(report), "{}", ran.stdout);
    assert_eq!(ran.stdout.matches("\ndice> rolled: ").count(), rolls);
    // The same lines as the seed's log but for the header, which says
    // where the dice came from.
    let text = std::fs::read_to_string(&table).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["dice"], "table");
    assert!(!seeded.lines().next().unwrap().contains("\"dice\""));
    assert!(text.lines().skip(1).eq(seeded.lines().skip(1)));
    let events = text.lines().filter(|l| l.contains("\"event\":")).count();
    bod(&["replay", &table.display().to_string()])
        .succeeds_with(&format!("reproduced {events} events\n"));

    // Another direction die for the first hit: the replay takes it, and
    // the game differs from the line after it.
    let dice = "{\"by\":\"dice\",\"action\":{\"dice\":[";
    let hit = line_of(&text, "\"event\":\"hit\"");
    let n = (1..hit)
        .rev()
        .find(|&i| text.lines().nth(i - 1).unwrap().starts_with(dice))
        .unwrap();
    let path = tampered("table-dice-changed.jsonl", &text, n, |l| {
        let at = l.find("\"dice\":[").unwrap() + "\"dice\":[".len();
        let die = l[at..at + 1].parse::<u8>().unwrap();
        format!("{}{}{}", &l[..at], die % 6 + 1, &l[at + 1..])
    });
    let ran = bod(&["replay", &path.display().to_string()]).run();
    assert_eq!(ran.code, 1, "{}", ran.stdout);
    assert!(
        ran.stderr
            .contains(&format!(":{}: the replay diverges from the log", n + 1)),
        "{}",
        ran.stderr
    );
}

/// `bod` run in `folder`: its exit code, standard output and error.
fn bod_in(folder: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bod"))
        .args(args)
        .current_dir(folder)
        .env("NO_COLOR", "1")
        .output()
        .expect("the bod binary runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

/// A log names the files of its game (ruleset, field, teams) as its own
/// folder sees them, so it replays from any folder, and still replays
/// when moved along with them; a shipped name stays a name.
#[test]
fn a_log_of_files_on_disk_replays_from_any_folder() {
    let area = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("portable-logs");
    let moved = area.with_file_name("portable-logs-moved");
    for dir in [&area, &moved] {
        let _ = std::fs::remove_dir_all(dir);
    }
    let (inputs, logs) = (area.join("inputs"), area.join("logs"));
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(inputs.join("capped")).unwrap();
    std::fs::create_dir_all(&logs).unwrap();
    let copy = |from: &str, to: &str| {
        std::fs::copy(root.join(from), inputs.join(to)).unwrap();
    };
    copy("fields/classic.field", "park.field");
    copy("rulesets/teams/falchi.yaml", "home.yaml");
    let house = "tests/data/rulesets/house/capped-distance";
    copy(&format!("{house}/ruleset.yaml"), "capped/ruleset.yaml");
    copy(&format!("{house}/distance.rhai"), "capped/distance.rhai");

    let played = bod_in(
        &area,
        &[
            "play",
            "--ruleset",
            "inputs/capped",
            "--field",
            "inputs/park.field",
            "--home",
            "inputs/home.yaml",
            "--seed",
            "2",
            "--log",
            "logs/game.jsonl",
        ],
    );
    assert_eq!(played.0, 0, "{}", played.2);
    let text = std::fs::read_to_string(logs.join("game.jsonl")).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["ruleset"], "../inputs/capped");
    assert_eq!(header["field"], "../inputs/park.field");
    assert_eq!(header["home"], "../inputs/home.yaml");
    assert_eq!(header["away"], "corsari");
    let reproduced = |folder: &std::path::Path, log: &str| {
        let (code, out, err) = bod_in(folder, &["replay", log]);
        assert_eq!(code, 0, "replaying {log} in {}: {err}", folder.display());
        assert!(out.starts_with("reproduced "), "{out}");
    };
    reproduced(&logs, "game.jsonl");
    reproduced(&area, "logs/game.jsonl");
    reproduced(&root, &logs.join("game.jsonl").display().to_string());

    // A log beside a ruleset folder names it `./capped`, never the bare
    // name a shipped ruleset would have.
    let (code, _, err) = bod_in(
        &inputs,
        &["play", "--ruleset", "capped", "--log", "beside.jsonl"],
    );
    assert_eq!(code, 0, "{err}");
    let beside = std::fs::read_to_string(inputs.join("beside.jsonl")).unwrap();
    assert!(
        beside.starts_with("{\"format\":\"bod-game-log\",\"version\":1,\"ruleset\":\"./capped\"")
    );
    reproduced(&area, "inputs/beside.jsonl");

    // Moved with its files, it still replays.
    std::fs::rename(&area, &moved).unwrap();
    reproduced(&moved, "logs/game.jsonl");
}

/// A log records what it was played under (the program's version and a
/// digest of each file it read), and a replay that diverges says which of
/// them changed since: a house ruleset's script edited after the game, or
/// nothing at all (the log edited), or that an older log cannot tell.
#[test]
fn a_replay_that_diverges_says_what_changed_since_the_game() {
    let area = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("changed-since");
    let _ = std::fs::remove_dir_all(&area);
    std::fs::create_dir_all(area.join("capped")).unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let house = root.join("tests/data/rulesets/house/capped-distance");
    for file in ["ruleset.yaml", "distance.rhai"] {
        std::fs::copy(house.join(file), area.join("capped").join(file)).unwrap();
    }
    let (code, _, err) = bod_in(
        &area,
        &[
            "play",
            "--ruleset",
            "./capped",
            "--seed",
            "2",
            "--log",
            "game.jsonl",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(area.join("game.jsonl")).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["bod"], env!("CARGO_PKG_VERSION"));
    for part in ["ruleset", "field", "home", "away"] {
        let digest = header["digests"][part].as_str().unwrap_or_default();
        assert!(
            digest.len() == 16 && digest.bytes().all(|b| b.is_ascii_hexdigit()),
            "{part}: {digest:?}"
        );
    }
    let replayed = |log: &str| bod_in(&area, &["replay", log]);

    // The log edited: every file is as it was.
    let at = text
        .lines()
        .position(|l| l.contains("\"event\":\"hit\""))
        .unwrap();
    let edited: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == at {
                l.replace("\"rule\"", "\"rule\" ")
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(area.join("edited.jsonl"), edited.join("\n") + "\n").unwrap();
    let (code, _, err) = replayed("edited.jsonl");
    assert_eq!(code, 1, "{err}");
    let line = format!("edited.jsonl:{}: the replay diverges", at + 1);
    assert!(err.contains(&line), "{err}");
    assert!(
        err.contains("note: the ruleset, field and teams are those the log was played under"),
        "{err}"
    );

    // The house script capped at +1 instead of +2: the first hit it
    // shortens is where the replay diverges, and the ruleset is named.
    let script = area.join("capped/distance.rhai");
    let capped = std::fs::read_to_string(&script).unwrap();
    let tighter = capped
        .replace("extra > 2", "extra > 1")
        .replace("extra = 2", "extra = 1");
    assert_ne!(capped, tighter);
    std::fs::write(&script, tighter).unwrap();
    let (code, _, err) = replayed("game.jsonl");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("\"event\":\"hit\""), "{err}");
    assert!(
        err.contains("note: the ruleset `./capped` has changed since the log was written"),
        "{err}"
    );
    assert!(!err.contains("the field"), "{err}");

    // Replayed under the ruleset on purpose, only the other files count.
    let (code, _, err) = bod_in(&area, &["replay", "game.jsonl", "--ruleset", "./capped"]);
    assert_eq!(code, 1, "{err}");
    assert!(!err.contains("note:"), "{err}");

    // A log from before the digests still replays, and says it cannot tell.
    let mut old: serde_json::Value = header.clone();
    let fields = old.as_object_mut().unwrap();
    fields.remove("bod");
    fields.remove("digests");
    let body: Vec<&str> = text.lines().skip(1).collect();
    let old = format!(
        "{}\n{}\n",
        serde_json::to_string(&old).unwrap(),
        body.join("\n")
    );
    std::fs::write(area.join("old.jsonl"), old).unwrap();
    let (code, _, err) = replayed("old.jsonl");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("note: the log records no digests"), "{err}");
    std::fs::write(&script, capped).unwrap();
    let (code, out, err) = replayed("old.jsonl");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("reproduced "), "{out}");
}

/// `bod season`: the logs of three games add up to standings whose wins
/// and runs are the games' own, and players' lines whose runs scored and
/// allowed are their teams' (the report is pinned); a log that does not
/// reproduce, or stops before its game ends, is refused.
#[test]
fn a_season_adds_up_the_logged_games() {
    let mut logs = Vec::new();
    let mut runs = [0u32; 2];
    let mut wins = [0u32; 2];
    for seed in 1..=3 {
        let log = log_path(&format!("season-{seed}.jsonl"));
        Bod::game(seed, Some(&log)).succeeds();
        let text = std::fs::read_to_string(&log).unwrap();
        let over: serde_json::Value = serde_json::from_str(
            text.lines()
                .find(|l| l.contains("\"event\":\"game_over\""))
                .unwrap(),
        )
        .unwrap();
        let score = [
            over["home"].as_u64().unwrap(),
            over["away"].as_u64().unwrap(),
        ]
        .map(|r| r as u32);
        runs = [runs[0] + score[0], runs[1] + score[1]];
        wins[usize::from(score[1] > score[0])] += 1;
        logs.push(log.display().to_string());
    }
    let args: Vec<&str> = std::iter::once("season")
        .chain(logs.iter().map(String::as_str))
        .collect();
    let ran = bod(&args).succeeds();
    let out = &ran.stdout;
    assert!(out.starts_with("3 games\n"), "{out}");
    // Each team's standing: G W L PCT RS RA, from the games' final scores.
    let standing = |team: &str| -> Vec<String> {
        let line = out.lines().find(|l| l.starts_with(team)).unwrap();
        line[team.len()..]
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    let (home, away) = (standing("Valdoro Falchi"), standing("Portolungo Corsari"));
    for (row, side, other) in [(&home, 0, 1), (&away, 1, 0)] {
        assert_eq!(row[0], "3");
        assert_eq!(row[1], wins[side].to_string());
        assert_eq!(row[2], wins[other].to_string());
        assert_eq!(row[4], runs[side].to_string());
        assert_eq!(row[5], runs[other].to_string());
    }
    // A team's batters scored its runs; its pitchers allowed the others'.
    let column_sum = |section: &str, code: &str, column: usize| -> u32 {
        out.split("\n\n")
            .find(|s| s.starts_with(section))
            .unwrap()
            .lines()
            .filter(|l| l.contains(&format!("({code})")))
            .map(|l| {
                let numbers = l.split(')').nth(1).unwrap();
                numbers
                    .split_whitespace()
                    .nth(column)
                    .unwrap()
                    .parse::<u32>()
                    .unwrap()
            })
            .sum()
    };
    assert_eq!(column_sum("Batting", "VAL", 3), runs[0]);
    assert_eq!(column_sum("Batting", "POR", 3), runs[1]);
    assert_eq!(column_sum("Pitching", "VAL", 3), runs[1]);
    assert_eq!(column_sum("Pitching", "POR", 3), runs[0]);
    // And the hits and strikeouts of a team's batters are those its
    // opponent's pitchers allowed and struck out.
    for (batting, pitching) in [("VAL", "POR"), ("POR", "VAL")] {
        assert_eq!(
            column_sum("Batting", batting, 4),
            column_sum("Pitching", pitching, 2)
        );
        assert_eq!(
            column_sum("Batting", batting, 10),
            column_sum("Pitching", pitching, 5)
        );
    }
    in_snapshots(|| insta::assert_snapshot!("season-basic-seeds-1-3", out));
    // The same counts for machines, in the same order.
    let json: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
    let json: serde_json::Value = serde_json::from_str(&bod(&json).succeeds().stdout).unwrap();
    assert_eq!(json["games"], 3);
    // The first line of a section of the text report.
    let first_row = |section: &str| -> &str {
        out.split("\n\n")
            .find(|s| s.starts_with(section))
            .and_then(|s| s.lines().nth(1))
            .unwrap()
    };
    let first = &json["standings"][0];
    let leader = first["name"].as_str().unwrap();
    assert!(first_row("Standings").starts_with(leader), "{json}");
    let lead = usize::from(leader == "Portolungo Corsari");
    assert_eq!(first["won"], wins[lead]);
    assert_eq!(first["scored"], runs[lead]);
    assert_eq!(first["allowed"], runs[1 - lead]);
    let batting = json["batting"].as_array().unwrap();
    assert_eq!(batting.len(), 18);
    let (name, team) = (&batting[0]["name"], &batting[0]["team"]);
    assert!(
        first_row("Batting").starts_with(&format!(
            "{} ({})",
            name.as_str().unwrap(),
            team.as_str().unwrap()
        )),
        "{json}"
    );
    let scored: u64 = batting
        .iter()
        .filter(|b| b["team"] == "POR")
        .map(|b| b["line"]["r"].as_u64().unwrap())
        .sum();
    assert_eq!(scored, u64::from(runs[1]));
    // Outs pitched, as the report's innings pitched: 26.0 is 78 outs.
    let pitcher = &json["pitching"][0];
    let pitching = first_row("Pitching");
    let innings: Vec<u64> = pitching
        .split_whitespace()
        .find(|w| w.contains('.'))
        .unwrap()
        .split('.')
        .map(|n| n.parse().unwrap())
        .collect();
    assert!(pitching.starts_with(pitcher["name"].as_str().unwrap()));
    assert_eq!(pitcher["line"]["outs"], innings[0] * 3 + innings[1]);

    // The report's words, however the terminal's width wraps them.
    let flat = |text: &str| {
        let words: Vec<&str> = text.split_whitespace().filter(|w| *w != "│").collect();
        words.join(" ")
    };
    // A folder stands for the logs in it.
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("season-folder");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    for (i, log) in logs.iter().enumerate() {
        std::fs::copy(log, folder.join(format!("game-{i}.jsonl"))).unwrap();
    }
    std::fs::write(folder.join("notes.txt"), "not a log").unwrap();
    let of_folder = bod(&["season", &folder.display().to_string()]).succeeds();
    assert_eq!(&of_folder.stdout, out);
    // A game named twice is caught, not counted twice.
    let ran = bod(&["season", &folder.display().to_string(), &logs[1]]).run();
    assert_eq!(ran.code, 1);
    assert!(
        flat(&ran.stderr).contains("is the same game as"),
        "{}",
        ran.stderr
    );
    let empty = folder.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let ran = bod(&["season", &empty.display().to_string()]).run();
    assert_eq!(ran.code, 1);
    assert!(ran.stderr.contains("holds no game log"), "{}", ran.stderr);

    // A log changed: refused with where it stops reproducing.
    let text = std::fs::read_to_string(&logs[1]).unwrap();
    let n = line_of(&text, "\"event\":\"hit\"");
    let changed = tampered("season-changed.jsonl", &text, n, |l| {
        l.replacen("\"direction\":", "\"direction\":1", 1)
    });
    let ran = bod(&["season", &logs[0], &changed.display().to_string()]).run();
    assert_eq!(ran.code, 1);
    assert!(
        flat(&ran.stderr).contains(&format!(
            "season-changed.jsonl` does not replay: it diverges at line {n}"
        )),
        "{}",
        ran.stderr
    );
    // A game called off: its log ends before the game does.
    let left = log_path("season-left.jsonl");
    let path = left.display().to_string();
    let ran = bod(&["play", "--agent", "heuristic,human", "--log", &path]).run_with_input("q\n");
    assert_eq!(ran.code, 1);
    let ran = bod(&["season", &logs[0], &path]).run();
    assert_eq!(ran.code, 1);
    assert!(
        flat(&ran.stderr).contains("season-left.jsonl` ends before its game does"),
        "{}",
        ran.stderr
    );
}

#[test]
fn bad_play_arguments_are_reported() {
    let ran = bod(&["play", "--agent", "randm"]).run();
    assert_eq!(ran.code, 1);
    assert!(
        ran.stderr.contains("did you mean `random`?"),
        "{}",
        ran.stderr
    );
    let ran = bod(&["play", "--ruleset", "basc"]).run();
    assert_eq!(ran.code, 1);
    assert!(
        ran.stderr.contains("did you mean `basic`?"),
        "{}",
        ran.stderr
    );
    let ran = bod(&["replay", "no/such/log.jsonl"]).run();
    assert_eq!(ran.code, 1);
    assert!(ran.stderr.contains("cannot read the log"), "{}", ran.stderr);
    // A usage error: exit code 2, the values and the near one named.
    let ran = bod(&["play", "--dice", "tabel"]).run();
    assert_eq!(ran.code, 2);
    shows_all(
        &ran.stderr,
        &[
            "[possible values: seed, table]",
            "a similar value exists: 'table'",
        ],
    );
}

#[test]
fn options_reach_the_game_and_its_log() {
    let log = log_path("three.jsonl");
    let ran = bod(&[
        "play",
        "--seed",
        "5",
        "--set",
        "innings=3",
        "--log",
        &log.display().to_string(),
    ])
    .succeeds();
    let t = totals(&ran.stdout);
    assert!(t.innings[0].len() >= 3);
    check_box_score(5, &t);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.lines().next().unwrap().contains("\"innings\":3"));
    bod(&["replay", &log.display().to_string()]).succeeds();
}

/// Where the rules lay discards face up (MAJOR), a manager at the terminal
/// sees what lies on each discard pile, card by card; where they lie face
/// down (PRO), he does not.
#[test]
fn a_manager_at_the_terminal_sees_face_up_discards_only() {
    let answers = "1\n".repeat(60) + "q\n";
    let major =
        bod(&["play", "--ruleset", "major", "--agent", "heuristic,human"]).run_with_input(&answers);
    let piles: Vec<&str> = major
        .stdout
        .lines()
        .filter(|l| l.starts_with("  the defense discards, face up: "))
        .collect();
    assert!(!piles.is_empty(), "{}", major.stdout);
    assert!(
        piles
            .iter()
            .any(|l| l.contains(" fastball_") || l.contains(" curveball_")),
        "no pitch ever on the pile: {piles:?}"
    );
    assert!(major.stdout.contains("  the offense discards, face up: "));
    let pro =
        bod(&["play", "--ruleset", "pro", "--agent", "heuristic,human"]).run_with_input(&answers);
    assert!(pro.stdout.contains("your choice"), "{}", pro.stdout);
    assert!(!pro.stdout.contains("discards, face up"), "{}", pro.stdout);
}
