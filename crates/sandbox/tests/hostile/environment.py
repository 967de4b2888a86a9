# Prints the names of its environment variables.
import os
print(" ".join(sorted(os.environ)))
