import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

public class ProteinTranslatorTest {

    private ProteinTranslator proteinTranslator;

    @BeforeEach
    public void setUp() {
        proteinTranslator = new ProteinTranslator();
    }

    @Test
    @DisplayName("Empty RNA sequence results in no proteins")
    public void testEmptyRnaSequenceResultInNoproteins() {
        assertThat(proteinTranslator.translate("")).isEmpty();
    }

    @Test
    @DisplayName("Phenylalanine RNA sequence 1")
    public void testPhenylalanineRnaSequence1() {
        assertThat(proteinTranslator.translate("UUU")).containsExactly("Phenylalanine");
    }

    @Test
    @DisplayName("Leucine RNA sequence 1")
    public void testLeucineRnaSequence1() {
        assertThat(proteinTranslator.translate("UUA")).containsExactly("Leucine");
    }

    @Test
    @DisplayName("Serine RNA sequence 2")
    public void testSerineRnaSequence2() {
        assertThat(proteinTranslator.translate("UCC")).containsExactly("Serine");
    }

    @Test
    @DisplayName("Serine RNA sequence 3")
    public void testSerineRnaSequence3() {
        assertThat(proteinTranslator.translate("UCA")).containsExactly("Serine");
    }

    @Test
    @DisplayName("Tyrosine RNA sequence 1")
    public void testTyrosineRnaSequence1() {
        assertThat(proteinTranslator.translate("UAU")).containsExactly("Tyrosine");
    }

    @Test
    @DisplayName("Cysteine RNA sequence 2")
    public void testCysteineRnaSequence2() {
        assertThat(proteinTranslator.translate("UGC")).containsExactly("Cysteine");
    }

    @Test
    @DisplayName("Tryptophan RNA sequence")
    public void testTryptophanRnaSequence1() {
        assertThat(proteinTranslator.translate("UGG")).containsExactly("Tryptophan");
    }

    @Test
    @DisplayName("STOP codon RNA sequence 1")
    public void testStopRnaSequence1() {
        assertThat(proteinTranslator.translate("UAA")).isEmpty();
    }

    @Test
    @DisplayName("Sequence of two different protein codons translates into proteins")
    public void testSequenceOfTwoDifferentProteinCodonsTranslatesIntoProteins() {
        assertThat(proteinTranslator.translate("UUAUUG")).containsExactly("Leucine", "Leucine");
    }

    @Test
    @DisplayName("Translation stops if STOP codon at beginning of sequence")
    public void testTranslationStopsIfStopCodonAtBeginning() {
        assertThat(proteinTranslator.translate("UAGUGG")).isEmpty();
    }

    @Test
    @DisplayName("Translation stops if STOP codon at end of two-codon sequence")
    public void testTranslationStopsIfStopCodonAtEnd1() {
        assertThat(proteinTranslator.translate("UGGUAG")).containsExactly("Tryptophan");
    }

    @Test
    @DisplayName("Translation stops if STOP codon at end of three-codon sequence")
    public void testTranslationStopsIfStopCodonAtEnd2() {
        assertThat(proteinTranslator.translate("AUGUUUUAA")).containsExactly("Methionine", "Phenylalanine");
    }

    @Test
    @DisplayName("Translation stops if STOP codon in middle of three-codon sequence")
    public void testTranslationStopsIfStopCodonInMiddle1() {
        assertThat(proteinTranslator.translate("UGGUAGUGG")).containsExactly("Tryptophan");
    }

}
