import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import java.util.NoSuchElementException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

public class SimpleLinkedListTest {

    @Test
    @DisplayName("count -> Non-empty list has correct length")
    public void countNonEmptyListHasCorrectLength() {
        SimpleLinkedList<Integer> list = new SimpleLinkedList<>(new Integer[]{1, 2, 3});
        assertThat(list.size()).isEqualTo(3);
    }

    @Test
    @DisplayName("pop -> Pop from empty list is an error")
    public void popFromEmptyListIsAnError() {
        SimpleLinkedList<Integer> list = new SimpleLinkedList<>();
        assertThatExceptionOfType(NoSuchElementException.class).isThrownBy(list::pop);
    }

    @Test
    @DisplayName("pop -> Can pop from singleton list")
    public void canPopFromSingletonList() {
        SimpleLinkedList<Integer> list = new SimpleLinkedList<>(new Integer[]{1});
        assertThat(list.pop()).isEqualTo(1);
    }

    @Test
    @DisplayName("pop -> Pop updates the count")
    public void popUpdatesTheCount() {
        SimpleLinkedList<Integer> list = new SimpleLinkedList<>(new Integer[]{1, 2});
        assertThat(list.size()).isEqualTo(2);
        assertThat(list.pop()).isEqualTo(2);
        assertThat(list.size()).isEqualTo(1);
        assertThat(list.pop()).isEqualTo(1);
        assertThat(list.size()).isEqualTo(0);
    }

    @Test
    @DisplayName("peek -> Peek on empty list is an error")
    public void peekOnEmptyListIsAnError() {
        SimpleLinkedList<Integer> list = new SimpleLinkedList<>();
        assertThatExceptionOfType(NoSuchElementException.class).isThrownBy(list::peek);
    }

    @Test
    @DisplayName("peek -> Can peek on non-empty list")
    public void canPeekOnNonEmptyList() {
        SimpleLinkedList<Integer> list = new SimpleLinkedList<>(new Integer[]{1, 2});
        assertThat(list.peek()).isEqualTo(2);
    }

    @Test
    @DisplayName("peek -> Can peek after a pop and push")
    public void canPeekAfterAPopAndPush() {
        SimpleLinkedList<Integer> list = new SimpleLinkedList<>();
        list.push(1);
        list.push(2);
        assertThat(list.peek()).isEqualTo(2);
        assertThat(list.pop()).isEqualTo(2);
        assertThat(list.peek()).isEqualTo(1);
        list.push(3);
        assertThat(list.peek()).isEqualTo(3);
    }

    @Test
    @DisplayName("toList LIFO -> Empty linked list to list is empty")
    public void toListLifoEmptyLinkedListToListIsEmpty() {
        SimpleLinkedList<Integer> list = new SimpleLinkedList<>();
        assertThat(list.toList()).isEmpty();
    }

    @Test
    @DisplayName("reverse -> Reversed non-empty list is reversed")
    public void reversedNonEmptyListIsReversed() {
        SimpleLinkedList<Integer> list = new SimpleLinkedList<>(new Integer[]{1, 2, 3});
        list.reverse();
        assertThat(list.size()).isEqualTo(3);
        assertThat(list.pop()).isEqualTo(1);
        assertThat(list.pop()).isEqualTo(2);
        assertThat(list.pop()).isEqualTo(3);
    }

}
