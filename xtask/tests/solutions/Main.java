// Codeforces 128A "Statues", an independent solution in Java (the same search as
// statues.py): the squares Maria can be on after each round; empty means LOSE.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

public class Main {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        List<String> rows = new ArrayList<>();
        String line;
        while ((line = in.readLine()) != null) {
            for (String word : line.trim().split("\\s+")) {
                if (!word.isEmpty()) rows.add(word);
            }
        }
        boolean[][] frontier = new boolean[8][8];
        frontier[7][0] = true;
        for (int t = 0; t < 9; t++) {
            boolean[][] next = new boolean[8][8];
            boolean any = false;
            for (int r = 0; r < 8; r++)
                for (int c = 0; c < 8; c++) {
                    if (!frontier[r][c]) continue;
                    for (int dr = -1; dr <= 1; dr++)
                        for (int dc = -1; dc <= 1; dc++) {
                            int nr = r + dr, nc = c + dc;
                            if (nr < 0 || nr >= 8 || nc < 0 || nc >= 8) continue;
                            if (blocked(rows, nr, nc, t) || blocked(rows, nr, nc, t + 1)) continue;
                            next[nr][nc] = true;
                            any = true;
                        }
                }
            if (!any) {
                System.out.println("LOSE");
                return;
            }
            frontier = next;
        }
        System.out.println("WIN");
    }

    static boolean blocked(List<String> rows, int r, int c, int t) {
        return r - t >= 0 && rows.get(r - t).charAt(c) == 'S';
    }
}
