import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.BeforeEach;

public class TransposeTest {
    private Transpose transpose;

    @BeforeEach
    public void setup() {
        transpose = new Transpose();
    }

    @Test
    @DisplayName("two characters in a row")
    public void twoCharactersInARow() {
        assertThat(transpose.transpose("A1"))
            .isEqualTo(
                "A" +
                "\n1");
    }

    @Test
    @DisplayName("mixed line length")
    public void mixedLineLength() {
        assertThat(
            transpose.transpose(
                "The longest line.\n" +
                "A long line.\n" +
                "A longer line.\n" +
                "A line."))
            .isEqualTo(
                "TAAA\n" +
                "h   \n" +
                "elll\n" +
                " ooi\n" +
                "lnnn\n" +
                "ogge\n" +
                "n e.\n" +
                "glr\n" +
                "ei \n" +
                "snl\n" +
                "tei\n" +
                " .n\n" +
                "l e\n" +
                "i .\n" +
                "n\n" +
                "e\n" +
                ".");
    }

    @Test
    @DisplayName("square")
    public void square() {
        assertThat(
            transpose.transpose(
                "HEART\n" +
                "EMBER\n" +
                "ABUSE\n" +
                "RESIN\n" +
                "TREND"))
            .isEqualTo(
                "HEART\n" +
                "EMBER\n" +
                "ABUSE\n" +
                "RESIN\n" +
                "TREND");
    }

    @Test
    @DisplayName("rectangle")
    public void rectangle() {
        assertThat(
            transpose.transpose(
                "FRACTURE\n" +
                "OUTLINED\n" +
                "BLOOMING\n" +
                "SEPTETTE"))
            .isEqualTo(
                "FOBS\n" +
                "RULE\n" +
                "ATOP\n" +
                "CLOT\n" +
                "TIME\n" +
                "UNIT\n" +
                "RENT\n" +
                "EDGE");
    }

    @Test
    @DisplayName("triangle")
    public void triangle() {
        assertThat(
            transpose.transpose(
                "T\n" +
                "EE\n" +
                "AAA\n" +
                "SSSS\n" +
                "EEEEE\n" +
                "RRRRRR"))
            .isEqualTo(
                "TEASER\n" +
                " EASER\n" +
                "  ASER\n" +
                "   SER\n" +
                "    ER\n" +
                "     R");
    }
}
