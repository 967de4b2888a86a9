# Game (BOI 2008) in Python. Both players walk shortest A-B paths: with D the distance,
# an odd D is A's win. For an even D the game is played back from the meeting level D/2,
# where B wins exactly when both pieces stand on one square. A position of level k is A
# on a path square k steps from A and B on one k steps from B; A wins it when some step
# of A leads to a position of level k + 1 that A wins whatever step B answers with.
# Each row of wins is an int used as a bit set over B's squares of the level.
import sys
from collections import deque


def distances(grid, n, start):
    dist = [-1] * (n * n)
    dist[start] = 0
    queue = deque([start])
    while queue:
        square = queue.popleft()
        for near in neighbours(square, n):
            if grid[near] != "#" and dist[near] < 0:
                dist[near] = dist[square] + 1
                queue.append(near)
    return dist


def neighbours(square, n):
    row, column = divmod(square, n)
    if row > 0:
        yield square - n
    if row + 1 < n:
        yield square + n
    if column > 0:
        yield square - 1
    if column + 1 < n:
        yield square + 1


def winner(grid, n):
    a, b = grid.index("A"), grid.index("B")
    from_a, from_b = distances(grid, n, a), distances(grid, n, b)
    length = from_a[b]
    if length % 2 == 1:
        return "A"
    meeting = length // 2
    layers_a = [[] for _ in range(meeting + 1)]
    layers_b = [[] for _ in range(meeting + 1)]
    for square in range(n * n):
        if from_a[square] < 0 or from_a[square] + from_b[square] != length:
            continue
        if from_a[square] <= meeting:
            layers_a[from_a[square]].append(square)
        if from_b[square] <= meeting:
            layers_b[from_b[square]].append(square)
    place_a = {square: i for layer in layers_a for i, square in enumerate(layer)}
    place_b = {square: j for layer in layers_b for j, square in enumerate(layer)}
    top_b = layers_b[meeting]
    everything = (1 << len(top_b)) - 1
    wins = []
    for square in layers_a[meeting]:
        row = everything
        if square in place_b:
            row &= ~(1 << place_b[square])
        wins.append(row)
    for level in range(meeting - 1, -1, -1):
        # answers[j]: B's squares of level + 1 reachable from its j-th square of level.
        answers = []
        for square in layers_b[level]:
            mask = 0
            for near in neighbours(square, n):
                if from_b[near] == level + 1 and from_a[near] + from_b[near] == length:
                    mask |= 1 << place_b[near]
            answers.append(mask)
        # after_step[i']: the squares j from which every step of B leaves A winning.
        after_step = []
        for row in wins:
            bits = 0
            for j, mask in enumerate(answers):
                if row & mask == mask:
                    bits |= 1 << j
            after_step.append(bits)
        following = []
        for square in layers_a[level]:
            bits = 0
            for near in neighbours(square, n):
                if from_a[near] == level + 1 and from_a[near] + from_b[near] == length:
                    bits |= after_step[place_a[near]]
            following.append(bits)
        wins = following
    return "A" if wins[0] & 1 else "B"


def main():
    tokens = sys.stdin.read().split()
    boards = int(tokens[0])
    at = 1
    answers = []
    for _ in range(boards):
        n = int(tokens[at])
        grid = "".join(tokens[at + 1 : at + 1 + n])
        at += 1 + n
        answers.append(winner(grid, n))
    print("\n".join(answers))


main()
