import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

public class KindergartenGardenTest {

    @Test
    @DisplayName("garden with single student")
    public void singleStudent() {
        String garden = "RC\nGG";
        String student = "Alice";

        assertThat(new KindergartenGarden(garden).getPlantsOfStudent(student))
                .containsExactly(Plant.RADISHES, Plant.CLOVER, Plant.GRASS, Plant.GRASS);
    }

    @Test
    @DisplayName("different garden with single student")
    public void singleStudent2() {
        String garden = "VC\nRC";
        String student = "Alice";

        assertThat(new KindergartenGarden(garden).getPlantsOfStudent(student))
                .containsExactly(Plant.VIOLETS, Plant.CLOVER, Plant.RADISHES, Plant.CLOVER);
    }

    @Test
    @DisplayName("for Alice, first student's garden")
    public void fullGardenForAlice() {
        String garden = "VRCGVVRVCGGCCGVRGCVCGCGV\nVRCCCGCRRGVCGCRVVCVGCGCV";
        String student = "Alice";

        assertThat(new KindergartenGarden(garden).getPlantsOfStudent(student))
                .containsExactly(Plant.VIOLETS, Plant.RADISHES, Plant.VIOLETS, Plant.RADISHES);
    }

}
