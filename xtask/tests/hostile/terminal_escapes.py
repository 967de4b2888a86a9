# Tries to redraw the report: erases its own row and prints a fake accepted one.
import sys
sys.stderr.write("\x1b[2K\r\x1b[1Astatues  sample1  AC\n")
sys.exit(1)
