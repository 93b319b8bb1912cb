import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

public class ForthEvaluatorTest {

    private ForthEvaluator forthEvaluator = new ForthEvaluator();

    @Test
    @DisplayName("numbers just get pushed onto the stack")
    public void testNumbersAreJustPushedOntoTheStack() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("1 2 3 4 5")))
                .containsExactly(1, 2, 3, 4, 5);
    }

    @Test
    @DisplayName("pushes negative numbers onto the stack")
    public void testNegativeNumbersArePushedOntoTheStack() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("-1 -2 -3 -4 -5")))
                .containsExactly(-1, -2, -3, -4, -5);
    }

    @Test
    @DisplayName("can add two numbers")
    public void testTwoNumbersCanBeAdded() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("1 2 +")))
                .containsExactly(3);
    }

    @Test
    @DisplayName("more than two values on the stack")
    public void testAdditionForMoreThanTwoValuesOnTheStack() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("1 2 3 +")))
                .containsExactly(1, 5);
    }

    @Test
    @DisplayName("can subtract two numbers")
    public void testTwoNumbersCanBeSubtracted() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("3 4 -")))
                .containsExactly(-1);
    }

    @Test
    @DisplayName("more than two values on the stack")
    public void testMultiplicationForMoreThanTwoValuesOnTheStack() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("1 2 3 *")))
                .containsExactly(1, 6);
    }

    @Test
    @DisplayName("can divide two numbers")
    public void testTwoNumbersCanBeDivided() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("12 3 /"))).containsExactly(4);
    }

    @Test
    @DisplayName("errors if there is nothing on the stack")
    public void testErrorIfDivisionAttemptedWithNothingOnTheStack() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> forthEvaluator.evaluateProgram(Collections.singletonList("/")))
                .withMessage("Division requires that the stack contain at least 2 values");
    }

    @Test
    @DisplayName("removes the top value on the stack if it is the only one")
    public void testDropRemovesTheTopValueOnTheStackIfItIsTheOnlyOne() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("1 drop"))).isEmpty();
    }

    @Test
    @DisplayName("errors if there is nothing on the stack")
    public void testErrorIfDroppingAttemptedWithNothingOnTheStack() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> forthEvaluator.evaluateProgram(Collections.singletonList("drop")))
                .withMessage("Dropping requires that the stack contain at least 1 value");
    }

    @Test
    @DisplayName("swaps the top two values on the stack if they are not the only ones")
    public void testSwapSwapsTheTopTwosValueOnTheStackIfTheyAreNotTheOnlyOnes() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("1 2 3 swap")))
                .containsExactly(1, 3, 2);
    }

    @Test
    @DisplayName("errors if there is only one value on the stack")
    public void testErrorIfSwappingAttemptedWithOneNumberOnTheStack() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> forthEvaluator.evaluateProgram(Collections.singletonList("1 swap")))
                .withMessage("Swapping requires that the stack contain at least 2 values");
    }

    @Test
    @DisplayName("copies the second element if there are only two")
    public void testOverCopiesTheSecondElementIfThereAreOnlyTwo() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("1 2 over")))
                .containsExactly(1, 2, 1);
    }

    @Test
    @DisplayName("copies the second element if there are more than two")
    public void testOverCopiesTheSecondElementIfThereAreMoreThanTwo() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("1 2 3 over")))
                .containsExactly(1, 2, 3, 2);
    }

    @Test
    @DisplayName("errors if there is nothing on the stack")
    public void testErrorIfOveringAttemptedWithNothingOnTheStack() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> forthEvaluator.evaluateProgram(Collections.singletonList("over")))
                .withMessage("Overing requires that the stack contain at least 2 values");
    }

    @Test
    @DisplayName("errors if there is only one value on the stack")
    public void testErrorIfOveringAttemptedWithOneNumberOnTheStack() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> forthEvaluator.evaluateProgram(Collections.singletonList("1 over")))
                .withMessage("Overing requires that the stack contain at least 2 values");
    }

    @Test
    @DisplayName("can consist of built-in words")
    public void testUserDefinedOperatorsCanConsistOfBuiltInOperators() {
        assertThat(forthEvaluator.evaluateProgram(Arrays.asList(": dup-twice dup dup ;", "1 dup-twice")))
                .containsExactly(1, 1, 1);
    }

    @Test
    @DisplayName("execute in the right order")
    public void testUserDefinedOperatorsAreEvaluatedInTheCorrectOrder() {
        assertThat(forthEvaluator.evaluateProgram(Arrays.asList(": countup 1 2 3 ;", "countup")))
                .containsExactly(1, 2, 3);
    }

    @Test
    @DisplayName("can override built-in operators")
    public void testCanOverrideBuiltInArithmeticOperators() {
        assertThat(forthEvaluator.evaluateProgram(Arrays.asList(": + * ;", "3 4 +")))
                .containsExactly(12);
    }

    @Test
    @DisplayName("can use different words with the same name")
    public void testCanUseDifferentWordsWithTheSameName() {
        assertThat(forthEvaluator.evaluateProgram(Arrays.asList(": foo 5 ;", ": bar foo ;", ": foo 6 ;", "bar foo")))
                .containsExactly(5, 6);
    }

    @Test
    @DisplayName("cannot redefine negative numbers")
    public void testCannotRedefineNegativeNumbers() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> forthEvaluator.evaluateProgram(Collections.singletonList(": -1 2 ;")))
                .withMessage("Cannot redefine numbers");
    }

    @Test
    @DisplayName("errors if executing a non-existent word")
    public void testErrorIfEvaluatingAnUndefinedOperator() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> forthEvaluator.evaluateProgram(Collections.singletonList("foo")))
                .withMessage("No definition available for operator \"foo\"");
    }

    @Test
    @DisplayName("SWAP is case-insensitive")
    public void testSwapIsCaseInsensitive() {
        assertThat(forthEvaluator.evaluateProgram(Collections.singletonList("1 2 SWAP 3 Swap 4 swap")))
                .containsExactly(2, 3, 4, 1);
    }

    @Test
    @DisplayName("user-defined words are case-insensitive")
    public void testUserDefinedWordsAreCaseInsensitive() {
        assertThat(forthEvaluator.evaluateProgram(Arrays.asList(": foo dup ;", "1 FOO Foo foo")))
                .containsExactly(1, 1, 1, 1);
    }

    @Test
    @DisplayName("definitions are case-insensitive")
    public void testDefinitionsAreCaseInsensitive() {
        assertThat(forthEvaluator.evaluateProgram(Arrays.asList(": SWAP DUP Dup dup ;", "1 swap")))
                .containsExactly(1, 1, 1, 1);
    }

}
