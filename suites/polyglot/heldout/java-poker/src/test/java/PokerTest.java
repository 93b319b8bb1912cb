import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Collections;

import static org.assertj.core.api.Assertions.assertThat;

public class PokerTest {
    @Test
    @DisplayName("a tie has multiple winners")
    public void tieHasMultipleWinners() {
        String highest8 = "4D 5S 6S 8D 3C";
        String highest10 = "2S 4C 7S 9H 10H";
        String highestJh = "3S 4S 5D 6H JH";
        String highestJd = "3H 4H 5C 6C JD";
        assertThat(new Poker(Arrays.asList(highest8, highest10, highestJh, highestJd)).getBestHands())
            .containsExactly(highestJh, highestJd);
    }

    @Test
    @DisplayName("winning high card hand also has the lowest card")
    public void winningWithLowestCard() {
        String lowest2 = "2S 5H 6S 8D 7H";
        String lowest3 = "3S 4D 6D 8C 7S";
        assertThat(new Poker(Arrays.asList(lowest2, lowest3)).getBestHands())
            .containsExactly(lowest2);
    }

    @Test
    @DisplayName("one pair beats high card")
    public void nothingVsOnePair() {
        String nothing = "4S 5H 6C 8D KH";
        String pairOf4 = "2S 4H 6S 4D JH";
        assertThat(new Poker(Arrays.asList(nothing, pairOf4)).getBestHands())
            .containsExactly(pairOf4);
    }

    @Test
    @DisplayName("both hands have the same pair, high card wins")
    public void samePair() {
        String pairOf4Lower = "4H 4S AH JC 3D";
        String pairOf4Higher = "4C 4D AS 5D 6C";
        assertThat(new Poker(Arrays.asList(pairOf4Lower, pairOf4Higher)).getBestHands())
            .containsExactly(pairOf4Lower);
    }

    @Test
    @DisplayName("both hands have two pairs, highest ranked pair wins")
    public void twoDoublePairs() {
        String doublePair2And8 = "2S 8H 2D 8D 3H";
        String doublePair4And5 = "4S 5H 4C 8S 5D";
        assertThat(new Poker(Arrays.asList(doublePair2And8, doublePair4And5)).getBestHands())
            .containsExactly(doublePair2And8);
    }

    @Test
    @DisplayName("both hands have two identically ranked pairs, tie goes to remaining card (kicker)")
    public void identicallyRankedPairs() {
        String kicker8 = "JD QH JS 8D QC";
        String kicker2 = "JS QS JC 2D QD";
        assertThat(new Poker(Arrays.asList(kicker8, kicker2)).getBestHands())
            .containsExactly(kicker8);
    }

    @Test
    @DisplayName("both hands have two pairs that add to the same value, win goes to highest pair")
    public void twoPairsAddingToSameValue() {
        String doublePair6And3 = "6S 6H 3S 3H AS";
        String doublePair7And2 = "7H 7S 2H 2S AC";
        assertThat(new Poker(Arrays.asList(doublePair6And3, doublePair7And2)).getBestHands())
            .containsExactly(doublePair7And2);
    }

    @Test
    @DisplayName("two pairs first ranked by largest pair")
    public void rankedByLargestPair() {
        String doublePairs5And4 = "5C 2S 5S 4H 4C";
        String doublePairs6And2 = "6S 2S 6H 7C 2C";
        assertThat(new Poker(Arrays.asList(doublePairs5And4, doublePairs6And2)).getBestHands())
            .containsExactly(doublePairs6And2);
    }

    @Test
    @DisplayName("with multiple decks, two players can have same three of a kind, ties go to highest remaining cards")
    public void sameThreesMultipleDecks() {
        String remainingCard7 = "5S AH AS 7C AD";
        String remainingCard8 = "4S AH AS 8C AD";
        assertThat(new Poker(Arrays.asList(remainingCard7, remainingCard8)).getBestHands())
            .containsExactly(remainingCard8);
    }

    @Test
    @DisplayName("aces can end a straight (10 J Q K A)")
    public void acesCanEndAStraight() {
        String hand = "4S 5H 4C 8D 4H";
        String straightEndsA = "10D JH QS KD AC";
        assertThat(new Poker(Arrays.asList(hand, straightEndsA)).getBestHands())
            .containsExactly(straightEndsA);
    }

    @Test
    @DisplayName("aces can start a straight (A 2 3 4 5)")
    public void acesCanStartAStraight() {
        String hand = "4S 5H 4C 8D 4H";
        String straightStartA = "4D AH 3S 2D 5C";
        assertThat(new Poker(Arrays.asList(hand, straightStartA)).getBestHands())
            .containsExactly(straightStartA);
    }

    @Test
    @DisplayName("both hands with a straight, tie goes to highest ranked card")
    public void twoStraights() {
        String straightTo8 = "4S 6C 7S 8D 5H";
        String straightTo9 = "5S 7H 8S 9D 6H";
        assertThat(new Poker(Arrays.asList(straightTo8, straightTo9)).getBestHands())
            .containsExactly(straightTo9);
    }

    @Test
    @DisplayName("flush beats a straight")
    public void straightVsFlush() {
        String straightTo8 = "4C 6H 7D 8D 5H";
        String flushTo7 = "2S 4S 5S 6S 7S";
        assertThat(new Poker(Arrays.asList(straightTo8, flushTo7)).getBestHands())
            .containsExactly(flushTo7);
    }

    @Test
    @DisplayName("full house beats a flush")
    public void flushVsFull() {
        String flushTo8 = "3H 6H 7H 8H 5H";
        String full = "4S 5H 4C 5D 4H";
        assertThat(new Poker(Arrays.asList(full, flushTo8)).getBestHands())
            .containsExactly(full);
    }

    @Test
    @DisplayName("both hands have four of a kind, tie goes to high quad")
    public void twoSquares() {
        String squareOf2 = "2S 2H 2C 8D 2D";
        String squareOf5 = "4S 5H 5S 5D 5C";
        assertThat(new Poker(Arrays.asList(squareOf2, squareOf5)).getBestHands())
            .containsExactly(squareOf5);
    }

    @Test
    @DisplayName("aces can start a straight flush (A 2 3 4 5)")
    public void acesStartingStraightFlush() {
        String straightFlushStartingWithA = "4H AH 3H 2H 5H";
        String hand = "KS AH AS AD AC";
        assertThat(new Poker(Arrays.asList(straightFlushStartingWithA, hand)).getBestHands())
            .containsExactly(straightFlushStartingWithA);
    }

    @Test
    @DisplayName("aces cannot be in the middle of a straight flush (Q K A 2 3)")
    public void acesCannotBeInMiddleOfStraightFlush() {
        String straightFlushWithAInMiddle = "QH KH AH 2H 3H";
        String hand = "2C AC QC 10C KC";
        assertThat(new Poker(Arrays.asList(straightFlushWithAInMiddle, hand)).getBestHands())
            .containsExactly(hand);
    }

}
