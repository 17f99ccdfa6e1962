//! Teams: the shipped sample teams load and pass every built-in ruleset,
//! the rulebook's own example players carry the values the rulebook gives,
//! the regulation checks are the rulesets' own (a house ruleset changes
//! what a check reports), and every broken team file under
//! tests/data/teams/broken/ is reported as snapshotted in snapshots/teams/.
//!
//! A broken file's name says how it is checked: `pro-*` and `major-*`
//! files are loaded and then checked under that built-in ruleset, every
//! other file is only loaded (its problems are in its shape).

use std::path::Path;

use bod::diagnostic::{Diagnostics, SourceFile};
use bod::ruleset::Ruleset;
use bod::ruleset::schema::Side;
use bod::team::{
    DraftEntry, HeuristicDrafter, Lineup, Pool, RandomDrafter, Role, StartingLineup, Team,
    TeamFile, TeamRules, check_team, draft, load_team, parse_team, split,
};

const SAMPLES: [&str; 2] = ["falchi", "corsari"];
const BUILTINS: [&str; 4] = ["basic", "pro", "faq", "major"];

fn sample(name: &str) -> Team {
    load_team(name)
        .unwrap_or_else(|d| panic!("sample team `{name}` does not load:\n{}", d.render_plain()))
}

fn ruleset(name_or_path: &str) -> Ruleset {
    Ruleset::load(name_or_path).unwrap_or_else(|d| {
        panic!(
            "ruleset `{name_or_path}` does not load:\n{}",
            d.render_plain()
        )
    })
}

/// Checks a team under a ruleset with `--set`-style option settings.
fn check(team: &Team, ruleset_arg: &str, settings: &[&str]) -> Diagnostics {
    let ruleset = ruleset(ruleset_arg);
    let settings: Vec<String> = settings.iter().map(|s| s.to_string()).collect();
    let options = ruleset
        .option_values(&settings)
        .unwrap_or_else(|d| panic!("bad settings: {}", d.render_plain()));
    check_team(team, &ruleset, &options)
}

/// The star cap of a ruleset's `lineup.rules`.
fn star_cap(name: &str) -> u32 {
    let ruleset = ruleset(name);
    let rules = ruleset.value("lineup.rules").expect("lineup.rules is set");
    match &rules.get("star_quality_max").expect("a star cap").value {
        bod::yaml::Value::Int(cap) => u32::try_from(*cap).expect("a small cap"),
        other => panic!("the star cap is {}", other.kind()),
    }
}

/// Loads a file and, by its name's prefix, checks it under a regulation;
/// returns what would be reported.
fn check_file(path: &Path) -> (String, Diagnostics) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let relative = path
        .strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/");
    let text = std::fs::read_to_string(path).expect("test input is readable");
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let under = ["pro", "major"]
        .into_iter()
        .find(|name| stem.starts_with(&format!("{name}-")));
    let how = match under {
        Some(name) => format!("loaded, then checked under {}", name.to_uppercase()),
        None => "loaded".to_string(),
    };
    let problems = match (parse_team(&SourceFile::new(relative, text)), under) {
        (Err(d), _) => d,
        (Ok(team), Some(name)) => check(&team, name, &[]),
        (Ok(_), None) => Diagnostics::default(),
    };
    (how, problems)
}

#[test]
fn sample_teams_load_and_pass_every_builtin_ruleset() {
    for name in SAMPLES {
        let team = sample(name);
        assert!(team.sample, "{name} is marked `sample: true`");
        for builtin in BUILTINS {
            let problems = check(&team, builtin, &[]);
            assert!(
                problems.is_empty(),
                "{name} under {builtin}:\n{}",
                problems.render_plain()
            );
        }
    }
}

#[test]
fn sample_teams_are_the_two_halves_of_the_fifty_cards() {
    let numbers = |name| {
        let mut n: Vec<u32> = sample(name).players.iter().map(|c| c.number).collect();
        n.sort_unstable();
        n
    };
    assert_eq!(numbers("falchi"), (1..=25).collect::<Vec<_>>());
    assert_eq!(numbers("corsari"), (26..=50).collect::<Vec<_>>());
}

#[test]
fn joe_de_majo_and_rolan_raian_carry_the_rulebook_values() {
    let falchi = sample("falchi");
    let joe = falchi
        .by_name("Joe de Majo")
        .expect("Joe de Majo plays for the Falchi");
    assert_eq!(
        joe.bat.fastball, 4,
        "Hit Ball (PRO level): Joe hits 4 on a fastball"
    );
    assert_eq!(
        joe.action, 4,
        "the defense turn example: Joe has 4 action points"
    );
    assert_eq!(
        joe.throws.second,
        Some(4),
        "major 3.8.1: Joe needs a 4 to throw to second"
    );
    assert!(
        joe.role.is_outfielder(),
        "major 3.8.1 has Joe throwing from the outfield"
    );

    let corsari = sample("corsari");
    let rolan = corsari
        .by_name("Rolan Raian")
        .expect("Rolan Raian plays for the Corsari");
    assert!(rolan.is_pitcher());
    assert_eq!(
        rolan.pitch.map(|p| p.fastball),
        Some(4),
        "Rolan pitches 4 on a fastball"
    );
    // The rulebook's sum: 4 + batting bonus 1 - 4 = a distance bonus of 1.
    let bonus = i32::from(joe.bat.fastball) + 1 - i32::from(rolan.pitch.unwrap().fastball);
    assert_eq!(bonus, 1);
}

/// The sum of the best star quality at every role of a lineup's shape.
fn best_at_every_role(team: &Team, lineup: &Lineup) -> u32 {
    let mut roles: Vec<Role> = lineup.order.iter().map(|s| s.role.position()).collect();
    if lineup.has_dh() {
        roles.push(Role::Pitcher);
    }
    roles
        .into_iter()
        .map(|role| {
            team.players
                .iter()
                .filter(|c| c.position() == role)
                .map(|c| u32::from(c.star))
                .max()
                .unwrap_or(0)
        })
        .sum()
}

#[test]
fn the_star_cap_binds_the_sample_lineups() {
    for name in SAMPLES {
        let team = sample(name);
        let lineup = team
            .lineup
            .as_ref()
            .expect("sample teams ship a default lineup");
        let cap = star_cap("pro");
        assert!(lineup.star_sum(&team.players) <= cap, "{name}");
        assert!(
            best_at_every_role(&team, lineup) > cap,
            "{name}: the cap should keep some of the best players on the bench"
        );
    }
    assert!(sample("falchi").lineup.unwrap().has_dh());
    assert!(!sample("corsari").lineup.unwrap().has_dh());
}

#[test]
fn every_sample_pitcher_has_a_major_role() {
    for name in SAMPLES {
        let team = sample(name);
        let pitchers: Vec<_> = team.players.iter().filter(|c| c.is_pitcher()).collect();
        assert_eq!(pitchers.len(), 8, "{name}");
        for p in &pitchers {
            assert!(
                p.major_role.is_some(),
                "{name}: {} has no `major_role`",
                p.label()
            );
        }
        for role in [Role::StartingPitcher, Role::Closer] {
            assert!(
                pitchers.iter().any(|p| p.major_role() == role),
                "{name} has no {role}"
            );
        }
    }
}

#[test]
fn a_sample_lineup_pushed_over_the_cap_fails_pro_and_major() {
    let mut team = sample("falchi");
    let bench = team.players.iter().position(|c| c.number == 10).unwrap();
    team.players[bench].star = 5;
    let pro = check(&team, "pro", &[]);
    assert_eq!(pro.len(), 1, "{}", pro.render_plain());
    assert!(
        pro.0[0]
            .message
            .starts_with("pro.lineup: the starters' star quality adds up to 34")
    );
    assert!(
        pro.0[0]
            .position()
            .unwrap()
            .starts_with("rulesets/teams/falchi.yaml:")
    );
    let major = check(&team, "major", &[]);
    assert!(
        major
            .0
            .iter()
            .any(|d| d.message.starts_with("major.1.3.lineup:"))
    );
    assert!(check(&team, "basic", &[]).is_empty());
}

#[test]
fn a_team_built_in_code_is_checked_without_positions() {
    let mut team = sample("corsari");
    team.source = None;
    team.players.truncate(20);
    let problems = check(&team, "pro", &[]);
    assert!(!problems.is_empty());
    assert!(problems.0.iter().all(|d| d.position().is_none()));
}

#[test]
fn a_team_loads_by_path_too() {
    let team = load_team("rulesets/teams/corsari.yaml").expect("loads by path");
    assert_eq!(team.code, "POR");
}

#[test]
fn a_missing_file_is_reported_with_its_path() {
    let err = load_team("tests/data/teams/no-such-team.yaml").unwrap_err();
    assert!(
        err.0[0]
            .message
            .starts_with("cannot read team file `tests/data/teams/no-such-team.yaml`"),
        "{err}"
    );
}

#[test]
fn an_unknown_team_name_is_suggested() {
    let err = load_team("corsair").unwrap_err();
    assert_eq!(err.0[0].message, "no shipped team is named `corsair`");
    assert_eq!(err.0[0].hints[0], "did you mean `corsari`?");
}

#[test]
fn broken_team_files() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/teams");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("data/teams/broken/*.yaml", |path| {
            let (how, problems) = check_file(path);
            assert!(
                problems.has_errors(),
                "{} is in the broken corpus but has no errors",
                path.display()
            );
            insta::assert_snapshot!(format!("{how}\n\n{}", problems.render_plain()));
        });
    });
}

/// A test input under tests/data/teams/, by a path relative to the
/// repository (where cargo runs the tests), so that snapshots do not depend
/// on the checkout.
fn data(path: &str) -> String {
    format!("tests/data/teams/{path}")
}

fn team_file(path: &str) -> Team {
    load_team(&data(path)).unwrap_or_else(|d| panic!("{path} does not load:\n{}", d.render_plain()))
}

fn snapshot(name: &str, problems: &Diagnostics) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots/teams");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(name, problems.render_plain()));
}

#[test]
fn a_house_roster_limit_changes_what_the_check_reports() {
    let house = data("house/roster-26.yaml");
    let mut team = team_file("nine-pitchers.yaml");
    let pro = check(&team, "pro", &[]);
    assert_eq!(pro.len(), 2, "{}", pro.render_plain());
    assert!(pro.0.iter().all(|d| d.message.starts_with("pro.draft: ")));
    assert!(
        check(&team, &house, &[]).is_empty(),
        "the house rule drafts a ninth pitcher"
    );

    snapshot("nine_pitchers_under_pro", &pro);

    // A tenth pitcher breaks the house limits, and the report cites the
    // house rule that set them.
    let mut tenth = team.players[8].clone();
    tenth.name = "Decimo Dieci".to_string();
    tenth.number = 27;
    team.players.push(tenth);
    team.source = None;
    let messages: Vec<String> = check(&team, &house, &[])
        .into_iter()
        .map(|d| d.message)
        .collect();
    assert_eq!(
        messages,
        [
            "house.roster-26: #27 Decimo Dieci is a 10th pitcher: a roster holds 8 to 9 pitchers",
            "house.roster-26: the roster has 27 players, at most 26 are allowed",
        ]
    );
}

#[test]
fn the_dh_option_decides_whether_a_lineup_may_bat_a_dh() {
    let falchi = sample("falchi");
    let problems = check(&falchi, "pro", &["dh=false"]);
    assert_eq!(problems.len(), 1, "{}", problems.render_plain());
    assert!(
        problems.0[0]
            .message
            .starts_with("pro.lineup: #25 Vinnie Colaiacovo bats as DH"),
        "{}",
        problems.render_plain()
    );
    // The Corsari's pitcher bats: fine with or without the DH.
    assert!(check(&sample("corsari"), "pro", &["dh=false"]).is_empty());
    assert!(check(&falchi, "major", &["dh=true"]).is_empty());
}

#[test]
fn a_failing_regulation_hook_is_a_diagnostic_naming_the_hook() {
    let problems = check(&sample("falchi"), &data("house/broken-checks.yaml"), &[]);
    assert_eq!(problems.len(), 2, "{}", problems.render_plain());
    assert_eq!(
        problems.0[0].position().as_deref(),
        Some("tests/data/teams/house/checks.rhai:7:13"),
        "the error is reported where the script raised it"
    );
    assert!(problems.0[0].message.contains("`roster.check`"));
    assert!(problems.0[1].message.contains("`lineup.check`"));
    snapshot("broken_checks", &problems);
}

// ------------------------------------------------------------ team preparation

/// The base box: the two sample teams' 50 cards.
fn base_box() -> Pool {
    Pool::from_teams(&[sample("falchi"), sample("corsari")]).expect("the base box")
}

/// A ruleset's team rules with `--set`-style settings.
fn team_rules(ruleset_arg: &str, settings: &[&str]) -> TeamRules {
    let ruleset = ruleset(ruleset_arg);
    let settings: Vec<String> = settings.iter().map(|s| s.to_string()).collect();
    let options = ruleset.option_values(&settings).expect("good settings");
    TeamRules::new(&ruleset, &options)
        .unwrap_or_else(|d| panic!("no team rules:\n{}", d.render_plain()))
}

#[test]
fn drafted_teams_written_as_files_read_back_and_pass_pro() {
    let rules = team_rules("pro", &[]);
    let pool = base_box();
    let mut home = RandomDrafter::new(Side::Home, 11);
    let d = draft(&pool, &rules, &mut home, &mut HeuristicDrafter).expect("a draft");
    let (home, away) = d.teams(&pool, &rules).expect("two lineups");
    for team in [home, away] {
        let text = TeamFile::new(&team, "a drafted team").to_string();
        let file = SourceFile::new(format!("{}.yaml", team.code), text);
        let back = parse_team(&file).unwrap_or_else(|d| panic!("{}", d.render_plain()));
        assert_eq!(back.players, team.players);
        assert_eq!(back.lineup, team.lineup);
        let problems = check(&back, "pro", &[]);
        assert!(problems.is_empty(), "{}", problems.render_plain());
    }
}

#[test]
fn a_house_draft_order_changes_who_picks_and_how_many() {
    let rules = team_rules(&data("house/draft-threes.yaml"), &[]);
    let pool = base_box();
    let d = draft(&pool, &rules, &mut HeuristicDrafter, &mut HeuristicDrafter).expect("a draft");
    let sides: Vec<Side> = d.picks().take(8).map(|p| p.side).collect();
    use Side::{Guest as G, Home as H};
    assert_eq!(sides, [G, G, H, H, H, G, G, G]);
    assert!(d.left.is_empty());
    let ruleset = ruleset(&data("house/draft-threes.yaml"));
    let options = ruleset.option_values(&[]).expect("defaults");
    let (home, away) = d.teams(&pool, &rules).expect("two lineups");
    for team in [&home, &away] {
        assert!(check_team(team, &ruleset, &options).is_empty());
    }
}

#[test]
fn the_split_gives_home_the_half_it_takes() {
    let rules = team_rules("pro", &["dh=false"]);
    let s = split(&base_box(), &rules, Some(bod::team::Half::Second)).expect("a split");
    assert_eq!(s.home.name, "Portolungo Corsari");
    assert_eq!(s.away.name, "Valdoro Falchi");
    for team in [&s.home, &s.away] {
        let lineup = team.lineup.as_ref().expect("a lineup");
        assert!(!lineup.has_dh(), "no DH in a game without one");
        assert!(check(team, "pro", &["dh=false"]).is_empty());
    }
}

#[test]
fn the_lineup_builder_keeps_every_sample_team_within_the_cap() {
    for ruleset_name in ["pro", "faq", "major"] {
        let rules = team_rules(ruleset_name, &[]);
        for name in SAMPLES {
            let team = sample(name);
            let built = StartingLineup::build(&team.players, &rules).expect("a lineup");
            assert!(
                built.star <= star_cap(ruleset_name),
                "{name} under {ruleset_name}"
            );
            let team = Team {
                lineup: Some(built.lineup),
                ..team
            };
            let problems = check(&team, ruleset_name, &[]);
            assert!(
                problems.is_empty(),
                "{name} under {ruleset_name}:\n{}",
                problems.render_plain()
            );
        }
    }
}

#[test]
fn a_heuristic_draft_of_the_base_box_takes_all_fifty_cards_without_a_pass() {
    let rules = team_rules("pro", &[]);
    let d = draft(
        &base_box(),
        &rules,
        &mut HeuristicDrafter,
        &mut HeuristicDrafter,
    )
    .expect("a draft");
    let passes = d
        .log
        .iter()
        .filter(|e| matches!(e, DraftEntry::Passed { .. }))
        .count();
    assert_eq!(d.picks().count(), 50);
    assert_eq!(passes, 0, "{}", d.log_table());
}

#[test]
fn the_most_expensive_roster_the_base_box_can_draft_still_fields_a_lineup() {
    // The two highest star qualities of every role, the eight highest
    // pitchers and a DH: its cheapest starting nine adds up to 29.
    let pool = base_box();
    let mut roster: Vec<bod::team::PlayerCard> = Vec::new();
    for (role, keep) in [(Role::Pitcher, 8), (Role::DesignatedHitter, 1)]
        .into_iter()
        .chain(Role::FIELDERS.map(|r| (r, 2)))
    {
        let mut cards: Vec<_> = pool
            .cards
            .iter()
            .filter(|c| c.position() == role)
            .cloned()
            .collect();
        cards.sort_by_key(|c| std::cmp::Reverse(c.star));
        roster.extend(cards.into_iter().take(keep));
    }
    let rules = team_rules("pro", &["dh=false"]);
    let built = StartingLineup::build(&roster, &rules).expect("a lineup within the cap");
    assert!(built.star <= 30);
    let team = Team {
        name: "Expensive".into(),
        code: "EXP".into(),
        city: None,
        colours: Vec::new(),
        sample: true,
        players: roster,
        lineup: Some(built.lineup),
        source: None,
    };
    let problems = check(&team, "pro", &["dh=false"]);
    assert!(problems.is_empty(), "{}", problems.render_plain());
}
