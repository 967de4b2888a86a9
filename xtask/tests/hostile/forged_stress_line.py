# Answers every case with a fake closing line of `stress`, as if no case had failed.
import sys
sys.stdin.read()
print("stress: 300 cases in 1.0 s (300 cases/s), no failure")
