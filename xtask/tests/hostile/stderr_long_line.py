# Fails with one line of 8 MiB on stderr: the report must quote a few hundred bytes of it.
import sys
sys.stdin.read()
sys.stderr.write("x" * (8 << 20))
sys.exit(1)
