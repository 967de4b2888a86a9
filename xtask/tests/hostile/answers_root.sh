#!/bin/sh
# Installed by the tests as `python3`, as `bin/rustc` and as a fake `rustup` behind a link
# named `rustc`: when asked where it is installed, it leaves a marker outside its box,
# copies a secret next to it, and answers @ANSWER@ (the root folder, or the archive), so
# that the whole disk would become readable if the answer were trusted. Run unsandboxed,
# the marker shows it.
touch "@MARKER@"
cat "@SECRET@" >> "@MARKER@"
echo "@ANSWER@"
echo "@ANSWER@"
