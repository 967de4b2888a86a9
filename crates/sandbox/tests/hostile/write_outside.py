# Tries to leave files outside its box: beside the box, in /tmp, in the archive's test data.
import os, sys
sys.stdin.read()
made = []
for path in [os.path.join(os.path.dirname(os.getcwd()), "escape-@TAG@"),
             "/tmp/escape-@TAG@", "@REPO@/testdata/escape-@TAG@"]:
    try:
        open(path, "w").write("out\n")
        made.append(path)
    except OSError:
        pass
print("made", len(made))
