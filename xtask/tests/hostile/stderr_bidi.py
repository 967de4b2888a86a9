# Fails with stderr that reorders and breaks the report's lines without a control
# character: bidi marks and overrides, and the Unicode line separators.
import sys
sys.stdin.read()
sys.stderr.write(
    "\u202e1 deliaf ,dessap 08\u202c"
    "\u2028statues  sample1  AC\u2029statues  sample2  AC\u0085"
    "\u200e\u200f\u061c\u2066\u2069\n"
)
sys.exit(1)
