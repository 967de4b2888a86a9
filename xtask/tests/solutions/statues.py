# Codeforces 128A "Statues", an independent solution in Python: breadth-first search over
# (row, column, round); after 8 rounds every statue has left the board.
import sys


def main():
    rows = sys.stdin.read().split()
    statue = [[ch == "S" for ch in row] for row in rows]

    def blocked(r, c, t):
        return r - t >= 0 and statue[r - t][c]

    frontier = {(7, 0)}
    for t in range(9):
        following = set()
        for r, c in frontier:
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    nr, nc = r + dr, c + dc
                    if not (0 <= nr < 8 and 0 <= nc < 8):
                        continue
                    if blocked(nr, nc, t) or blocked(nr, nc, t + 1):
                        continue
                    following.add((nr, nc))
        frontier = following
        if not frontier:
            print("LOSE")
            return
    print("WIN")


main()
