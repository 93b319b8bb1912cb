import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

public class SatelliteTest {
    Satellite satellite = new Satellite();

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
