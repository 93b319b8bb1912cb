import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.AssertionsForClassTypes.assertThatExceptionOfType;


public class QueenAttackCalculatorTest {

    @Test
    @DisplayName("queen must have positive row")
    public void testCreateQueenMustHavePositiveRow() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> new Queen(-2, 2))
                .withMessage("Queen position must have positive row.");
    }

    @Test
    @DisplayName("can attack on same row")
    public void testQueensCanAttackOnTheSameRow() {
        QueenAttackCalculator calculator
                = new QueenAttackCalculator(new Queen(2, 4), new Queen(2, 6));

        assertThat(calculator.canQueensAttackOneAnother()).isTrue();
    }

    @Test
    @DisplayName("can attack on first diagonal")
    public void testQueensCanAttackOnFirstDiagonal() {
        QueenAttackCalculator calculator
                = new QueenAttackCalculator(new Queen(2, 2), new Queen(0, 4));

        assertThat(calculator.canQueensAttackOneAnother()).isTrue();
    }

    @Test
    @DisplayName("can attack on second diagonal")
    public void testQueensCanAttackOnSecondDiagonal() {
        QueenAttackCalculator calculator
                = new QueenAttackCalculator(new Queen(2, 2), new Queen(3, 1));

        assertThat(calculator.canQueensAttackOneAnother()).isTrue();
    }

    @Test
    @DisplayName("can attack on third diagonal")
    public void testQueensCanAttackOnThirdDiagonal() {
        QueenAttackCalculator calculator
                = new QueenAttackCalculator(new Queen(2, 2), new Queen(1, 1));

        assertThat(calculator.canQueensAttackOneAnother()).isTrue();
    }

}
