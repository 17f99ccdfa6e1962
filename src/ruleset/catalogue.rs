//! The rules catalogue: every clause of the four rule documents with its
//! stable id (`rulesets/catalogue.yaml`, embedded in the binary). Rule
//! entries and events cite these ids; an id that is not here is an error.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::builtin;
use crate::diagnostic::SourceFile;
use crate::yaml;

/// One clause of the rule documents.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    /// Stable id, such as `core.hand.memorandum`.
    pub id: String,
    /// The built-in rulesets the clause belongs to.
    pub levels: Vec<String>,
    /// Where it stands in the documents.
    #[serde(rename = "ref")]
    pub reference: String,
    /// A short English restatement.
    pub summary: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogueFile {
    clauses: Vec<Clause>,
}

/// The catalogue of clauses, by id.
#[derive(Debug)]
pub struct Catalogue {
    clauses: BTreeMap<String, Clause>,
}

impl Catalogue {
    /// The catalogue shipped with the program. It is checked by the test
    /// suite, so failing to read it here is a build defect.
    pub fn builtin() -> &'static Catalogue {
        static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| {
            let text = builtin::file("rulesets/catalogue.yaml").unwrap_or_default();
            let file = SourceFile::new("rulesets/catalogue.yaml", text);
            let parsed =
                yaml::parse(&file).and_then(|node| yaml::decode::<CatalogueFile>(&file, &node));
            let clauses = match parsed {
                Ok(c) => c.clauses,
                Err(d) => panic!("the shipped catalogue is broken: {d}"),
            };
            Catalogue {
                clauses: clauses.into_iter().map(|c| (c.id.clone(), c)).collect(),
            }
        })
    }

    /// The clause with this id.
    pub fn get(&self, id: &str) -> Option<&Clause> {
        self.clauses.get(id)
    }

    /// Every clause, in id order.
    pub fn clauses(&self) -> impl Iterator<Item = &Clause> {
        self.clauses.values()
    }

    /// Every id, in order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.clauses.keys().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_catalogue_loads_with_unique_ids() {
        let cat = Catalogue::builtin();
        assert!(cat.get("core.hand.memorandum").is_some());
        assert!(cat.get("major.3.11.2.collision").is_some());
        assert!(cat.get("no.such.clause").is_none());
        let text = builtin::file("rulesets/catalogue.yaml").unwrap();
        assert_eq!(text.matches("  - id: ").count(), cat.clauses().count());
    }
}
