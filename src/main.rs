//! `carved-tables`: the game window. See `carved-tables --help` for the flags and scenes.

use carved_tables::launch::{self, Launch};
use std::process::ExitCode;

fn main() -> ExitCode {
    #[cfg(not(target_arch = "wasm32"))]
    let args: Vec<String> = std::env::args().skip(1).collect();
    #[cfg(target_arch = "wasm32")]
    let args = carved_tables::app::platform::page_args();
    let staged = carved_tables::app::staged_scenes();
    match launch::parse(&args, &staged) {
        Ok(Launch::Help) => {
            print!("{}", launch::help(&staged));
            ExitCode::SUCCESS
        }
        Ok(Launch::Play(options)) => match carved_tables::app::run(options) {
            bevy::app::AppExit::Success => ExitCode::SUCCESS,
            bevy::app::AppExit::Error(code) => ExitCode::from(code.get()),
        },
        Err(e) => {
            eprintln!("carved-tables: {e}");
            ExitCode::from(2)
        }
    }
}
