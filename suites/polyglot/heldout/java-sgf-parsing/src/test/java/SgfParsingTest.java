import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

public class SgfParsingTest {

    @Test
    @DisplayName("empty input")
    public void emptyInput() {
        String input = "";
        assertThatExceptionOfType(SgfParsingException.class).as("tree missing")
                .isThrownBy(() -> new SgfParsing().parse(input));
    }

    @Test
    @DisplayName("tree with no nodes")
    public void treeWithNoNodes() {
        String input = "()";
        assertThatExceptionOfType(SgfParsingException.class)
                .as("tree with no nodes")
                .isThrownBy(() -> new SgfParsing().parse(input));
    }

    @Test
    @DisplayName("node without properties")
    public void nodeWithoutProperties() throws SgfParsingException {
        String input = "(;)";
        SgfNode expected = new SgfNode();
        SgfNode actual = new SgfParsing().parse(input);
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    @DisplayName("all lowercase property")
    public void allLowercaseProperty() {
        String input = "(;a[b])";
        assertThatExceptionOfType(SgfParsingException.class).as("property must be in uppercase")
                .isThrownBy(() -> new SgfParsing().parse(input));
    }

    @Test
    @DisplayName("opening bracket within property value doesn't need to be escaped")
    public void openingBracketNeedNotToBeEscaped() throws SgfParsingException {
        String input = "(;A[x[y\\]z][foo]B[bar];C[baz])";
        SgfNode expected = new SgfNode(Map.of("A", List.of("x[y]z", "foo"),
                "B", List.of("bar")),
                List.of(
                        new SgfNode(Map.of("C", List.of("baz")))
                ));
        SgfNode actual = new SgfParsing().parse(input);
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    @DisplayName("parentheses in property value don't need to be escaped")
    public void paranthesesNeedNotToBeEscaped() throws SgfParsingException {
        String input = "(;A[x(y)z][foo]B[bar];C[baz])";
        SgfNode expected = new SgfNode(Map.of("A", List.of("x(y)z", "foo"),
                "B", List.of("bar")),
                List.of(
                        new SgfNode(Map.of("C", List.of("baz")))
                ));
        SgfNode actual = new SgfParsing().parse(input);
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    @DisplayName("escaped tab in property value is converted to space")
    public void escapedTab() throws SgfParsingException {
        String input = "(;A[hello\\\tworld])";
        SgfNode expected = new SgfNode(Map.of("A", List.of("hello world")));
        SgfNode actual = new SgfParsing().parse(input);
        assertThat(actual).isEqualTo(expected);
    }
    
    
}
