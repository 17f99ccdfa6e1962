//! `TeamFile`: a `Team` written as a team file, in the format `parse_team`
//! reads (docs/teams.md): the header, the default lineup naming cards by
//! number with each player's name in a comment, and the cards with their
//! keys in the documented order, values in flow style as the sample files
//! write them. Strings go through `yaml::Node`'s writer, which quotes what
//! a plain scalar cannot hold; numbers and lists through the shared flow
//! writers. Pure: the caller writes the text where it wants.

use std::fmt;

use super::Team;
use super::card::{Abilities, PlayerCard, ThrowTarget};
use crate::diagnostic::Span;
use crate::yaml::{Node, Value, write_flow_map, write_flow_seq};

/// A team as the text of a team file, opened by a comment.
pub struct TeamFile<'a> {
    team: &'a Team,
    comment: &'a str,
}

impl<'a> TeamFile<'a> {
    /// The file of `team`, opened by `comment` (each line becomes a `#`
    /// line; none when empty).
    pub fn new(team: &'a Team, comment: &'a str) -> Self {
        Self { team, comment }
    }
}

impl fmt::Display for TeamFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let team = self.team;
        for line in self.comment.lines() {
            writeln!(f, "{}", format!("# {}", one_line(line)).trim_end())?;
        }
        if !self.comment.is_empty() {
            writeln!(f)?;
        }
        writeln!(f, "team: {}", text(&team.name))?;
        writeln!(f, "code: {}", text(&team.code))?;
        if let Some(city) = &team.city {
            writeln!(f, "city: {}", text(city))?;
        }
        if !team.colours.is_empty() {
            let colours: Vec<Node> = team.colours.iter().map(|c| text(c)).collect();
            f.write_str("colours: ")?;
            write_flow_seq(f, &colours)?;
            writeln!(f)?;
        }
        if team.sample {
            writeln!(f, "sample: true")?;
        }
        if let Some(lineup) = &team.lineup {
            writeln!(f, "\nlineup:")?;
            if let Some(card) = lineup.pitcher.and_then(|i| team.players.get(i)) {
                writeln!(f, "  pitcher: {}  # {}", card.number, one_line(&card.name))?;
            }
            writeln!(f, "  order:")?;
            for slot in &lineup.order {
                let Some(card) = team.players.get(slot.player) else {
                    continue;
                };
                f.write_str("    - ")?;
                write_flow_map(
                    f,
                    &[
                        ("player", card.number.to_string()),
                        ("role", slot.role.code().to_string()),
                    ],
                )?;
                writeln!(f, "  # {}", one_line(&card.name))?;
            }
        }
        writeln!(f, "\nplayers:")?;
        for card in &team.players {
            write_card(f, card)?;
        }
        Ok(())
    }
}

/// One card, keys in the order of docs/teams.md.
fn write_card(f: &mut fmt::Formatter<'_>, card: &PlayerCard) -> fmt::Result {
    writeln!(f, "  - name: {}", text(&card.name))?;
    writeln!(f, "    number: {}", card.number)?;
    writeln!(f, "    role: {}", card.role)?;
    if let Some(role) = card.major_role {
        writeln!(f, "    major_role: {role}")?;
    }
    f.write_str("    bat: ")?;
    abilities(f, &card.bat)?;
    if let Some(pitch) = &card.pitch {
        f.write_str("\n    pitch: ")?;
        abilities(f, pitch)?;
    }
    writeln!(f)?;
    writeln!(f, "    star: {}", card.star)?;
    writeln!(f, "    run: {}", card.run)?;
    let dirs: Vec<(usize, Faces<'_>)> = card
        .dirs
        .0
        .iter()
        .enumerate()
        .filter(|(_, faces)| !faces.is_empty())
        .map(|(i, faces)| (i + 1, Faces(faces)))
        .collect();
    f.write_str("    dirs: ")?;
    write_flow_map(f, &dirs)?;
    writeln!(f)?;
    writeln!(f, "    action: {}", card.action)?;
    let throws: Vec<(&str, u8)> = ThrowTarget::ALL
        .into_iter()
        .filter_map(|t| Some((t.key(), card.throws.minimum(t)?)))
        .collect();
    if !throws.is_empty() {
        f.write_str("    throws: ")?;
        write_flow_map(f, &throws)?;
        writeln!(f)?;
    }
    if card.base_box {
        writeln!(f, "    base_box: true")?;
    }
    Ok(())
}

/// `{F: 4, C: 3, D: 3}`.
fn abilities(f: &mut fmt::Formatter<'_>, a: &Abilities) -> fmt::Result {
    write_flow_map(f, &a.lettered())
}

/// A direction's faces, `[1, 2]`.
struct Faces<'a>(&'a [u8]);

impl fmt::Display for Faces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_flow_seq(f, self.0)
    }
}

/// A string as a YAML scalar, quoted when it must be.
fn text(s: &str) -> Node {
    Node {
        span: Span::new(0, 0),
        value: Value::Str(s.to_string()),
    }
}

/// Text for a comment: a line break would end it.
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::SourceFile;
    use crate::team::{load_team, parse_team};

    fn round_trip(team: &Team) -> Team {
        let written = TeamFile::new(team, "written by a test\nsecond line").to_string();
        let back = parse_team(&SourceFile::new("t.yaml", written.clone()))
            .unwrap_or_else(|d| panic!("{}\n{written}", d.render_plain()));
        Team {
            source: None,
            ..back
        }
    }

    #[test]
    fn the_sample_teams_read_back_as_they_were() {
        for name in ["falchi", "corsari"] {
            let team = Team {
                source: None,
                ..load_team(name).expect("a sample team")
            };
            assert_eq!(round_trip(&team), team, "{name}");
        }
    }

    #[test]
    fn awkward_names_are_quoted() {
        let mut team = Team {
            source: None,
            ..load_team("falchi").expect("a sample team")
        };
        team.name = "Falchi: the \"best\" # one".into();
        team.city = Some("true".into());
        team.colours = vec!["#1a2b3c".into(), "'green'".into()];
        team.players[0].name = "O'Brien - 'Nduja".into();
        team.players[1].name = "-12".into();
        team.players[2].base_box = true;
        assert_eq!(round_trip(&team), team);
    }

    #[test]
    fn keys_come_in_the_documented_order() {
        let team = load_team("falchi").expect("a sample team");
        let written = TeamFile::new(&team, "").to_string();
        let card = written.split("  - name: ").nth(1).expect("a first card");
        let keys: Vec<&str> = card
            .lines()
            .skip(1)
            .map(|l| l.trim().split(':').next().unwrap_or_default())
            .collect();
        assert_eq!(
            keys,
            [
                "number",
                "role",
                "major_role",
                "bat",
                "pitch",
                "star",
                "run",
                "dirs",
                "action",
                "throws"
            ]
        );
        assert!(written.starts_with("team: Valdoro Falchi\ncode: VAL\ncity: Valdoro\n"));
        assert!(written.contains("  pitcher: 2  # Aldo Fenwick\n"));
        assert!(written.contains("    - {player: 21, role: CF}  # Zeno Rapisarda\n"));
    }
}
