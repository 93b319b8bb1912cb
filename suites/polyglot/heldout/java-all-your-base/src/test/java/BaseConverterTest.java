import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

public class BaseConverterTest {

    @Test
    @DisplayName("single bit one to decimal")
    public void testSingleBitOneToDecimal() {
        BaseConverter baseConverter = new BaseConverter(2, new int[]{1});

        assertThat(baseConverter.convertToBase(10))
                .containsExactly(1);
    }

    @Test
    @DisplayName("single decimal to binary")
    public void testSingleDecimalToBinary() {
        BaseConverter baseConverter = new BaseConverter(10, new int[]{5});

        assertThat(baseConverter.convertToBase(2))
                .containsExactly(1, 0, 1);
    }

    @Test
    @DisplayName("trinary to hexadecimal")
    public void testTrinaryToHexadecimal() {
        BaseConverter baseConverter = new BaseConverter(3, new int[]{1, 1, 2, 0});

        assertThat(baseConverter.convertToBase(16))
                .containsExactly(2, 10);
    }

    @Test
    @DisplayName("input base is zero")
    public void testFirstBaseIsZero() {
        assertThatExceptionOfType(IllegalArgumentException.class)
            .isThrownBy(() -> new BaseConverter(0, new int[]{}))
            .withMessage("Bases must be at least 2.");
    }

    @Test
    @DisplayName("negative digit")
    public void testNegativeDigit() {
        assertThatExceptionOfType(IllegalArgumentException.class)
            .isThrownBy(() -> new BaseConverter(2, new int[]{1, -1, 1, 0, 1, 0}))
            .withMessage("Digits may not be negative.");
    }

    @Test
    @DisplayName("invalid positive digit")
    public void testInvalidPositiveDigit() {
        assertThatExceptionOfType(IllegalArgumentException.class)
            .isThrownBy(() -> new BaseConverter(2, new int[]{1, 2, 1, 0, 1, 0}))
            .withMessage("All digits must be strictly less than the base.");
    }

    @Test
    @DisplayName("output base is negative")
    public void testSecondBaseIsNegative() {
        BaseConverter baseConverter = new BaseConverter(2, new int[]{1});

        assertThatExceptionOfType(IllegalArgumentException.class)
            .isThrownBy(() -> baseConverter.convertToBase(-7))
            .withMessage("Bases must be at least 2.");
    }

}
