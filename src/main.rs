//! The `bod` binary: everything lives in the library's `cli` module.

fn main() {
    std::process::exit(bod::cli::run(std::env::args_os()));
}
