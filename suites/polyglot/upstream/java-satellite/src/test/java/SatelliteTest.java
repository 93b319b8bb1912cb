import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

public class SatelliteTest {
    Satellite satellite = new Satellite();

    @Test
    @DisplayName("Empty tree")
    public void emptyTree() {
        List<Character> preorder = List.of();
        List<Character> inorder = List.of();

        Tree tree = satellite.treeFromTraversals(preorder, inorder);

        assertThat(tree.preorder()).containsExactlyElementsOf(preorder);
        assertThat(tree.inorder()).containsExactlyElementsOf(inorder);
        assertThat(tree.postorder()).isEmpty();
    }

    @Test
    @DisplayName("Tree with one item")
    public void treeWithOneItem() {
        List<Character> preorder = List.of('a');
        List<Character> inorder = List.of('a');

        Tree tree = satellite.treeFromTraversals(preorder, inorder);

        assertThat(tree.preorder()).containsExactlyElementsOf(preorder);
        assertThat(tree.inorder()).containsExactlyElementsOf(inorder);
        assertThat(tree.postorder()).containsExactly('a');
    }

    @Test
    @DisplayName("Tree with many items")
    public void treeWithManyItems() {
        List<Character> preorder = List.of('a', 'i', 'x', 'f', 'r');
        List<Character> inorder = List.of('i', 'a', 'f', 'x', 'r');

        Tree tree = satellite.treeFromTraversals(preorder, inorder);

        assertThat(tree.preorder()).containsExactlyElementsOf(preorder);
        assertThat(tree.inorder()).containsExactlyElementsOf(inorder);
        assertThat(tree.postorder()).containsExactly('i', 'f', 'r', 'x', 'a');
    }

    @Test
    @DisplayName("Reject traversals of different length")
    public void rejectTraversalsOfDifferentLengths() {
        List<Character> preorder = List.of('a', 'b');
        List<Character> inorder = List.of('b', 'a', 'r');

        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> satellite.treeFromTraversals(preorder, inorder))
                .withMessage("traversals must have the same length");

    }

    @Test
    @DisplayName("Reject inconsistent traversals of same length")
    public void rejectInconsistentTraversalsOfSameLength() {
        List<Character> preorder = List.of('x', 'y', 'z');
        List<Character> inorder = List.of('a', 'b', 'c');

        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> satellite.treeFromTraversals(preorder, inorder))
                .withMessage("traversals must have the same elements");
    }

    @Test
    @DisplayName("Reject traversals with repeated items")
    public void rejectTraversalsWithRepeatedItems() {
        List<Character> preorder = List.of('a', 'b', 'a');
        List<Character> inorder = List.of('b', 'a', 'a');

        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> satellite.treeFromTraversals(preorder, inorder))
                .withMessage("traversals must contain unique items");
    }

    @Test
    @DisplayName("A degenerate binary tree")
    public void degenerateBinaryTree() {
        List<Character> preorder = List.of('a', 'b', 'c', 'd');
        List<Character> inorder = List.of('d', 'c', 'b', 'a');

        Tree tree = satellite.treeFromTraversals(preorder, inorder);

        assertThat(tree.preorder()).containsExactlyElementsOf(preorder);
        assertThat(tree.inorder()).containsExactlyElementsOf(inorder);
        assertThat(tree.postorder()).containsExactly('d', 'c', 'b', 'a');
    }

    @Test
    @DisplayName("Another degenerate binary tree")
    public void anotherDegenerateBinaryTree() {
        List<Character> preorder = List.of('a', 'b', 'c', 'd');
        List<Character> inorder = List.of('a', 'b', 'c', 'd');

        Tree tree = satellite.treeFromTraversals(preorder, inorder);

        assertThat(tree.preorder()).containsExactlyElementsOf(preorder);
        assertThat(tree.inorder()).containsExactlyElementsOf(inorder);
        assertThat(tree.postorder()).containsExactly('d', 'c', 'b', 'a');
    }

    @Test
    @DisplayName("Tree with many more items")
    public void treeWithManyMoreItems() {
        List<Character> preorder = List.of('a', 'b', 'd', 'g', 'h', 'c', 'e', 'f', 'i');
        List<Character> inorder = List.of('g', 'd', 'h', 'b', 'a', 'e', 'c', 'i', 'f');

        Tree tree = satellite.treeFromTraversals(preorder, inorder);

        assertThat(tree.preorder()).containsExactlyElementsOf(preorder);
        assertThat(tree.inorder()).containsExactlyElementsOf(inorder);
        assertThat(tree.postorder()).containsExactly('g', 'h', 'd', 'b', 'e', 'i', 'f', 'c', 'a');
    }
}
