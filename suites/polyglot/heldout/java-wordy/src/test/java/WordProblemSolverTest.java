import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

public class WordProblemSolverTest {

    WordProblemSolver solver = new WordProblemSolver();

    @Test
    @DisplayName("just a zero")
    public void testJustAZero() {
        assertThat(solver.solve("What is 0?")).isEqualTo(0);
    }

    @Test
    @DisplayName("just a negative number")
    public void testJustANegativeNumber() {
        assertThat(solver.solve("What is -123?")).isEqualTo(-123);
    }

    @Test
    @DisplayName("addition")
    public void testSingleAddition1() {
        assertThat(solver.solve("What is 1 plus 1?")).isEqualTo(2);
    }

    @Test
    @DisplayName("addition with a left hand zero")
    public void testAdditionWithALeftHandZero() {
        assertThat(solver.solve("What is 0 plus 2?")).isEqualTo(2);
    }

    @Test
    @DisplayName("more addition")
    public void testSingleAddition2() {
        assertThat(solver.solve("What is 53 plus 2?")).isEqualTo(55);
    }

    @Test
    @DisplayName("addition with negative numbers")
    public void testSingleAdditionWithNegativeNumbers() {
        assertThat(solver.solve("What is -1 plus -10?")).isEqualTo(-11);
    }

    @Test
    @DisplayName("large addition")
    public void testSingleAdditionOfLargeNumbers() {
        assertThat(solver.solve("What is 123 plus 45678?")).isEqualTo(45801);
    }

    @Test
    @DisplayName("division")
    public void testSingleDivision() {
        assertThat(solver.solve("What is 33 divided by -3?")).isEqualTo(-11);
    }

    @Test
    @DisplayName("multiple additions")
    public void testMultipleAdditions() {
        assertThat(solver.solve("What is 1 plus 1 plus 1?")).isEqualTo(3);
    }

    @Test
    @DisplayName("addition and subtraction")
    public void testAdditionThenSubtraction() {
        assertThat(solver.solve("What is 1 plus 5 minus -2?")).isEqualTo(8);
    }

    @Test
    @DisplayName("reject problem with no operands or operator")
    public void testNoOperandsOrOperators() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> solver.solve("What is?"))
                .withMessage("I'm sorry, I don't understand the question!");
    }

    @Test
    @DisplayName("reject prefix notation")
    public void testPrefixNotation() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> solver.solve("What is plus 1 2?"))
                .withMessage("I'm sorry, I don't understand the question!");
    }
}
