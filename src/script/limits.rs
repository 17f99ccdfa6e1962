//! The sandbox limits of the script host: `Limits`, every Rhai limit set
//! explicitly (Rhai has none by default, and its debug and release defaults
//! differ), plus the host's own limits on script size and table size.

use rhai::Engine;

/// How much a script may do. Every limit is deterministic: the same script
/// with the same inputs always stops at the same place, on every machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Operations (statements and expressions evaluated) per hook call, and
    /// per evaluation of a script's top level. Counted by Rhai, so an
    /// endless loop stops deterministically, unlike a wall-clock timeout.
    pub max_operations: u64,
    /// How deep script function calls may nest (recursion depth).
    pub max_call_levels: usize,
    /// How deeply expressions may nest at a script's top level.
    pub max_expr_depth: usize,
    /// How deeply expressions may nest inside functions.
    pub max_function_expr_depth: usize,
    /// Bytes in one string.
    pub max_string_size: usize,
    /// Elements in one array.
    pub max_array_size: usize,
    /// Properties in one object map.
    pub max_map_size: usize,
    /// Modules one script may import.
    pub max_modules: usize,
    /// Variables alive at once.
    pub max_variables: usize,
    /// Functions one script may define.
    pub max_functions: usize,
    /// Bytes in one script file (checked before compiling it).
    pub max_script_bytes: usize,
    /// Entries in one table made by `Hook::tabulate` (one call each).
    pub max_table_entries: usize,
}

impl Default for Limits {
    /// Limits far above what a rule procedure needs (a hit distance or a
    /// roster check runs tens to thousands of operations) and far below what
    /// would stall a simulation: 100 000 operations cost a few milliseconds.
    fn default() -> Self {
        Self {
            max_operations: 100_000,
            // Deep enough to recurse along the 20-square base path; low
            // enough that a debug build stays well inside a 2 MiB thread
            // stack (Rhai's own debug default is 8, its release default 64).
            max_call_levels: 32,
            max_expr_depth: 64,
            max_function_expr_depth: 32,
            max_string_size: 16 * 1024,
            max_array_size: 10_000,
            max_map_size: 1_000,
            max_modules: 16,
            max_variables: 1_000,
            max_functions: 1_000,
            max_script_bytes: 256 * 1024,
            max_table_entries: 100_000,
        }
    }
}

impl Limits {
    /// Sets every Rhai limit of `engine`. Where Rhai reads 0 as "no limit",
    /// 0 is raised to 1, so no setting here can switch a limit off.
    pub(crate) fn apply(&self, engine: &mut Engine) {
        engine
            .set_max_operations(self.max_operations.max(1))
            .set_max_call_levels(self.max_call_levels)
            .set_max_expr_depths(
                self.max_expr_depth.max(1),
                self.max_function_expr_depth.max(1),
            )
            .set_max_string_size(self.max_string_size.max(1))
            .set_max_array_size(self.max_array_size.max(1))
            .set_max_map_size(self.max_map_size.max(1))
            .set_max_modules(self.max_modules)
            .set_max_variables(self.max_variables)
            .set_max_functions(self.max_functions);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rhai_limit_is_set() {
        let mut engine = Engine::new_raw();
        let limits = Limits::default();
        limits.apply(&mut engine);
        assert_eq!(engine.max_operations(), limits.max_operations);
        assert_eq!(engine.max_call_levels(), limits.max_call_levels);
        assert_eq!(engine.max_expr_depth(), limits.max_expr_depth);
        assert_eq!(
            engine.max_function_expr_depth(),
            limits.max_function_expr_depth
        );
        assert_eq!(engine.max_string_size(), limits.max_string_size);
        assert_eq!(engine.max_array_size(), limits.max_array_size);
        assert_eq!(engine.max_map_size(), limits.max_map_size);
        assert_eq!(engine.max_modules(), limits.max_modules);
        assert_eq!(engine.max_variables(), limits.max_variables);
        assert_eq!(engine.max_functions(), limits.max_functions);
    }

    #[test]
    fn zero_never_means_unlimited() {
        let mut engine = Engine::new_raw();
        let limits = Limits {
            max_operations: 0,
            max_string_size: 0,
            ..Limits::default()
        };
        limits.apply(&mut engine);
        assert_eq!(engine.max_operations(), 1);
        assert_eq!(engine.max_string_size(), 1);
    }
}
