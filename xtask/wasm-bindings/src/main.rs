//! `wasm-bindings MODULE OUT_DIR`: writes the JavaScript bindings of the playground's
//! module (`playground.js`, loaded as an ES module, and the module it loads) into
//! `OUT_DIR`, as `wasm-bindgen --target web --no-typescript` does, through the library the
//! command is made of. `cargo xtask web` runs it; see `xtask/src/web/wasm.rs`.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};

fn main() -> Result<()> {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [module, out] = args.as_slice() else {
        bail!("usage: wasm-bindings MODULE OUT_DIR");
    };
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(module)
        .web(true)?
        .typescript(false)
        // The command's default: `init()` with no argument loads the module beside the
        // script, as the site does.
        .omit_default_module_path(false)
        .generate(out)
        .with_context(|| format!("writing the bindings of {}", module.display()))
}
