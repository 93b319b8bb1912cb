import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

public class ReactTest {

    @Test
    @DisplayName("input cells have a value")
    public void testInputCellHasValue() {
        var input = React.inputCell(10);

        assertThat(input.getValue()).isEqualTo(10);
    }

    @Test
    @DisplayName("compute cells take inputs in the right order")
    public void testComputeCellsInTheRightOrder() {
        var first = React.inputCell(1);
        var second = React.inputCell(2);
        var output = React.computeCell(list -> list.get(0) + list.get(1) * 10, List.of(first, second));

        assertThat(output.getValue()).isEqualTo(21);
    }

    @Test
    @DisplayName("compute cells fire callbacks")
    public void testComputeCellsFireCallbacks() {
        var input = React.inputCell(1);
        var output = React.computeCell(list -> list.get(0) + 1, List.of(input));

        var values = new ArrayList<Integer>();
        output.addCallback(values::add);

        input.setValue(3);
        assertThat(values).containsExactly(4);
    }

    @Test
    @DisplayName("callback cells only fire on change")
    public void testCallbacksOnlyFireOnChange() {
        var input = React.inputCell(1);
        var output = React.computeCell(list -> list.get(0) < 3 ? 111 : 222, List.of(input));

        var values = new ArrayList<Integer>();
        output.addCallback(values::add);

        input.setValue(2);
        assertThat(values).isEmpty();

        input.setValue(4);
        assertThat(values).containsExactly(222);
    }

    @Test
    @DisplayName("removing a callback multiple times doesn't interfere with other callbacks")
    public void testRemovingACallbackMultipleTimesDoesntInterfereWithOtherCallbacks() {
        var input = React.inputCell(1);
        var output = React.computeCell(list -> list.get(0) + 1, List.of(input));

        var values1 = new ArrayList<Integer>();
        Consumer<Integer> callback1 = values1::add;
        output.addCallback(callback1);

        var values2 = new ArrayList<Integer>();
        Consumer<Integer> callback2 = values2::add;
        output.addCallback(callback2);

        output.removeCallback(callback1);
        output.removeCallback(callback1);

        input.setValue(2);
        assertThat(values2).containsExactly(3);

        assertThat(values1).isEmpty();
    }

}
