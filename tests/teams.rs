//! Teams: the shipped sample teams load and pass their regulations, the
//! rulebook's own example players carry the values the rulebook gives, and
//! every broken team file under tests/data/teams/broken/ is reported as
//! snapshotted in snapshots/teams/.
//!
//! A broken file's name says how it is checked: `pro-*` and `major-*`
//! files are loaded and then checked under that regulation, every other
//! file is only loaded (its problems are in its shape).

use std::path::Path;

use bod::diagnostic::{Diagnostics, SourceFile};
use bod::team::{Lineup, Regulation, Role, STAR_CAP, Team, check_team, load_team, parse_team};

const SAMPLES: [&str; 2] = ["falchi", "corsari"];

fn sample(name: &str) -> Team {
    load_team(name)
        .unwrap_or_else(|d| panic!("sample team `{name}` does not load:\n{}", d.render_plain()))
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
    let regulation = if stem.starts_with("pro-") {
        Some(Regulation::Pro)
    } else if stem.starts_with("major-") {
        Some(Regulation::Major)
    } else {
        None
    };
    let how = match regulation {
        Some(r) => format!("loaded, then checked under {r}"),
        None => "loaded".to_string(),
    };
    let problems = match (parse_team(&SourceFile::new(relative, text)), regulation) {
        (Err(d), _) => d,
        (Ok(team), Some(r)) => check_team(&team, r),
        (Ok(_), None) => Diagnostics::default(),
    };
    (how, problems)
}

#[test]
fn sample_teams_load_and_pass_every_regulation() {
    for name in SAMPLES {
        let team = sample(name);
        assert!(team.sample, "{name} is marked `sample: true`");
        for regulation in [Regulation::Basic, Regulation::Pro, Regulation::Major] {
            let problems = check_team(&team, regulation);
            assert!(
                problems.is_empty(),
                "{name} under {regulation}:\n{}",
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
        assert!(lineup.star_sum(&team.players) <= STAR_CAP, "{name}");
        assert!(
            best_at_every_role(&team, lineup) > STAR_CAP,
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
    let pro = check_team(&team, Regulation::Pro);
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
    let major = check_team(&team, Regulation::Major);
    assert!(
        major
            .0
            .iter()
            .any(|d| d.message.starts_with("major.1.3.lineup:"))
    );
    assert!(check_team(&team, Regulation::Basic).is_empty());
}

#[test]
fn a_team_built_in_code_is_checked_without_positions() {
    let mut team = sample("corsari");
    team.source = None;
    team.players.truncate(20);
    let problems = check_team(&team, Regulation::Pro);
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
