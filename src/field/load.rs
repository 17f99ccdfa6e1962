//! Finding a field's text: a built-in name (`classic`) or a path on disk.
//! This is the only part of the field module that touches the filesystem.

use std::path::Path;
use std::sync::Arc;

use crate::builtin;
use crate::diagnostic::{Diagnostic, Diagnostics, SourceFile};

use super::Field;

/// The source of a field: the embedded file for a built-in name, or the
/// file at a path. Built-in fields are named `fields/NAME.field` in reports;
/// files on disk by the path as given.
pub fn field_source(name_or_path: &str) -> Result<Arc<SourceFile>, Diagnostic> {
    let builtin_path = format!("fields/{name_or_path}.field");
    if let Some(text) = builtin::file(&builtin_path) {
        return Ok(SourceFile::new(builtin_path, text));
    }
    let looks_like_path = name_or_path.contains(['/', '\\'])
        || name_or_path.ends_with(".field")
        || Path::new(name_or_path).exists();
    if looks_like_path {
        return std::fs::read_to_string(name_or_path)
            .map(|text| SourceFile::new(name_or_path, text))
            .map_err(|e| {
                Diagnostic::error(format!("cannot read the field file `{name_or_path}`: {e}"))
                    .hint("give the name of a built-in field or the path of a .field file")
            });
    }
    let names = builtin::field_names();
    Err(
        Diagnostic::error(format!("there is no built-in field named `{name_or_path}`"))
            .suggest(name_or_path, names.iter().copied())
            .hint(format!(
                "built-in fields: {}; or give the path of a .field file",
                names.join(", ")
            )),
    )
}

/// Loads, parses and validates a field by built-in name or path.
pub fn load_field(name_or_path: &str) -> Result<Field, Diagnostics> {
    let file = field_source(name_or_path)?;
    super::parse_field(&file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_names_are_found() {
        let file = field_source("classic").unwrap();
        assert_eq!(file.name, "fields/classic.field");
        assert!(load_field("classic").is_ok());
    }

    #[test]
    fn unknown_name_suggests_a_builtin() {
        let d = field_source("clasic").unwrap_err();
        assert_eq!(d.message, "there is no built-in field named `clasic`");
        assert_eq!(d.hints[0], "did you mean `classic`?");
    }

    #[test]
    fn missing_path_names_the_path() {
        let d = field_source("no/such/dir/park.field").unwrap_err();
        assert!(
            d.message
                .starts_with("cannot read the field file `no/such/dir/park.field`"),
            "{}",
            d.message
        );
    }
}
