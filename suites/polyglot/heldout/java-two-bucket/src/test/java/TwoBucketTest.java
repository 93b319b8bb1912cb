import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

public class TwoBucketTest {

    @Test
    @DisplayName("Measure using bucket one of size 3 and bucket two of size 5 - start with bucket one")
    public void testBucketOneSizeThreeBucketTwoSizeFiveStartWithOne() {

        Result bucketResult = new TwoBucket(3, 5, 1, "one").getResult();

        assertThat(bucketResult.getTotalMoves()).isEqualTo(4);
        assertThat(bucketResult.getFinalBucket()).isEqualTo("one");
        assertThat(bucketResult.getOtherBucket()).isEqualTo(5);

    }

    @Test
    @DisplayName("Measure using bucket one of size 3 and bucket two of size 5 - start with bucket two")
    public void testBucketOneSizeThreeBucketTwoSizeFiveStartWithTwo() {

        Result bucketResult = new TwoBucket(3, 5, 1, "two").getResult();

        assertThat(bucketResult.getTotalMoves()).isEqualTo(8);
        assertThat(bucketResult.getFinalBucket()).isEqualTo("two");
        assertThat(bucketResult.getOtherBucket()).isEqualTo(3);

    }

    @Test
    @DisplayName("Measure one step using bucket one of size 1 and bucket two of size 3 - start with bucket two")
    public void testBucketOneSizeOneBucketTwoSizeThreeStartWithTwo() {

        Result bucketResult = new TwoBucket(1, 3, 3, "two").getResult();

        assertThat(bucketResult.getTotalMoves()).isEqualTo(1);
        assertThat(bucketResult.getFinalBucket()).isEqualTo("two");
        assertThat(bucketResult.getOtherBucket()).isEqualTo(0);

    }

    @Test
    @DisplayName(
        "Measure using bucket one of size 2 and bucket two of size 3 - " +
        "start with bucket one and end with bucket two"
    )
    public void testBucketOneSizeTwoBucketTwoSizeThreeStartWithOne() {

        Result bucketResult = new TwoBucket(2, 3, 3, "one").getResult();

        assertThat(bucketResult.getTotalMoves()).isEqualTo(2);
        assertThat(bucketResult.getFinalBucket()).isEqualTo("two");
        assertThat(bucketResult.getOtherBucket()).isEqualTo(2);

    }

}
