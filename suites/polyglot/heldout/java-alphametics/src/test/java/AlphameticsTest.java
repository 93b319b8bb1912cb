import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

public class AlphameticsTest {

    @Test
    @DisplayName("puzzle with three letters")
    public void testThreeLetters() throws UnsolvablePuzzleException {
        assertThat(new Alphametics("I + BB == ILL").solve())
                .containsOnly(
                        entry('I', 1),
                        entry('B', 9),
                        entry('L', 0));
    }

    @Test
    @DisplayName("puzzle with ten letters")
    public void testTenLetters() throws UnsolvablePuzzleException {
        assertThat(new Alphametics("AND + A + STRONG + OFFENSE + AS + A + GOOD == DEFENSE").solve())
                .containsOnly(
                        entry('A', 5),
                        entry('D', 3),
                        entry('E', 4),
                        entry('F', 7),
                        entry('G', 8),
                        entry('N', 0),
                        entry('O', 2),
                        entry('R', 1),
                        entry('S', 6),
                        entry('T', 9));
    }
}
