import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

public class BookStoreTest {

    // This is sufficient accuracy since we're handling currency values, which should be equal
    // to within 2 decimal places.
    private static final double EQUALITY_TOLERANCE = 0.001;

    private BookStore bookStore;

    @BeforeEach
    public void setUp() {
        bookStore = new BookStore();
    }

    @Test
    @DisplayName("Only a single book")
    public void onlyASingleBook() {
        List<Integer> books = Collections.singletonList(1);
        assertThat(bookStore.calculateBasketCost(books))
                .isCloseTo(8.00, Assertions.offset(EQUALITY_TOLERANCE));
    }

    @Test
    @DisplayName("Two of the same book")
    public void twoOfSameBook() {
        List<Integer> books = Arrays.asList(2, 2);
        assertThat(bookStore.calculateBasketCost(books))
                .isCloseTo(16.00, Assertions.offset(EQUALITY_TOLERANCE));
    }

    @Test
    @DisplayName("Two different books")
    public void twoDifferentBooks() {
        List<Integer> books = Arrays.asList(1, 2);
        assertThat(bookStore.calculateBasketCost(books))
                .isCloseTo(15.20, Assertions.offset(EQUALITY_TOLERANCE));
    }

    @Test
    @DisplayName("Three different books")
    public void threeDifferentBooks() {
        List<Integer> books = Arrays.asList(1, 2, 3);
        assertThat(bookStore.calculateBasketCost(books))
                .isCloseTo(21.60, Assertions.offset(EQUALITY_TOLERANCE));
    }

    @Test
    @DisplayName("Two each of first four books and one copy each of rest")
    public void twoEachOfFirst4BooksAnd1CopyEachOfRest() {
        List<Integer> books = Arrays.asList(1, 1, 2, 2, 3, 3, 4, 4, 5);
        assertThat(bookStore.calculateBasketCost(books))
                .isCloseTo(55.60, Assertions.offset(EQUALITY_TOLERANCE));
    }

    @Test
    @DisplayName("Four groups of four are cheaper than two groups each of five and three")
    public void fourGroupsOfFourAreCheaperThanTwoGroupsEachOfFiveAndThree() {
        List<Integer> books = Arrays.asList(1, 1, 2, 2, 3, 3, 4, 5, 1, 1, 2, 2, 3, 3, 4, 5);
        assertThat(bookStore.calculateBasketCost(books))
                .isCloseTo(102.4, Assertions.offset(EQUALITY_TOLERANCE));
    }

    @Test
    @DisplayName(
        "Check that groups of four are created properly even when there are more groups of three than groups of five"
    )
    public void groupsOfFourAreCreatedEvenWhenThereAreMoreGroupsOfThreeThanGroupsOfFive() {
        List<Integer> books = Arrays.asList(1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 5, 5);
        assertThat(bookStore.calculateBasketCost(books))
                .isCloseTo(145.6, Assertions.offset(EQUALITY_TOLERANCE));
    }

    @Test
    @DisplayName("One group of one and four is cheaper than one group of two and three")
    public void oneGroupOfOneAndFourIsCheaperThanOneGroupOfTwoAndThree() {
        List<Integer> books = Arrays.asList(1, 1, 2, 3, 4);
        assertThat(bookStore.calculateBasketCost(books))
                .isCloseTo(33.6, Assertions.offset(EQUALITY_TOLERANCE));
    }
}
