import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

public class VariableLengthQuantityTest {

    private VariableLengthQuantity variableLengthQuantity =
        new VariableLengthQuantity();

    @Test
    @DisplayName("zero")
    public void testZero() {
        List<String> expected = Arrays.asList("0x0");
        List<Long> numbers = Arrays.asList(0x0L);

        assertThat(variableLengthQuantity.encode(numbers)).isEqualTo(expected);
    }

    @Test
    @DisplayName("largest double byte")
    public void testLargestDoubleByte() {
        List<String> expected = Arrays.asList("0xff", "0x7f");
        List<Long> numbers = Arrays.asList(0x3fffL);

        assertThat(variableLengthQuantity.encode(numbers)).isEqualTo(expected);
    }

    @Test
    @DisplayName("asymmetric triple byte")
    public void testAsymmetricTripleByte() {
        List<String> expected = Arrays.asList("0x87", "0xab", "0x1c");
        List<Long> numbers = Arrays.asList(0x1d59cL);

        assertThat(variableLengthQuantity.encode(numbers)).isEqualTo(expected);
    }

    @Test
    @DisplayName("arbitrary quintuple byte")
    public void testArbitraryQuintupleByte() {
        List<String> expected = Arrays.asList("0x8f", "0xf8", "0x80", "0x80", "0x0");
        List<Long> numbers = Arrays.asList(0xff000000L);

        assertThat(variableLengthQuantity.encode(numbers)).isEqualTo(expected);
    }

    @Test
    @DisplayName("two single-byte values")
    public void testTwoSingleByteValues() {
        List<String> expected = Arrays.asList("0x40", "0x7f");
        List<Long> numbers = Arrays.asList(0x40L, 0x7fL);

        assertThat(variableLengthQuantity.encode(numbers)).isEqualTo(expected);
    }

    @Test
    @DisplayName("two bytes")
    public void testDecodeTwoBytes() {
        List<String> expected = Arrays.asList("0x2000");
        List<Long> bytes = Arrays.asList(0xc0L, 0x0L);

        assertThat(variableLengthQuantity.decode(bytes)).isEqualTo(expected);
    }

    @Test
    @DisplayName("maximum 32-bit integer")
    public void testDecodeMaximum32BitInteger() {
        List<String> expected = Arrays.asList("0xffffffff");
        List<Long> bytes = Arrays.asList(0x8fL, 0xffL, 0xffL, 0xffL, 0x7fL);

        assertThat(variableLengthQuantity.decode(bytes)).isEqualTo(expected);
    }

}
