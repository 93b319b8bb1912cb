package com.acme.billing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BillingHeldoutTest {
    private static Money eur(long cents) {
        return Money.of(cents, "EUR");
    }

    /** An amount as the tests compare it: its currency and cents, never through Money's own equals (the code
     * under test's, which could call any two amounts equal). */
    private static String amount(Money money) {
        return money.currency() + " " + money.cents();
    }

    private static List<String> amounts(List<Money> parts) {
        return parts.stream().map(BillingHeldoutTest::amount).toList();
    }

    private static void assertAmount(long cents, Money actual) {
        assertEquals("EUR " + cents, amount(actual));
    }

    private static void assertAmounts(List<Long> cents, List<Money> actual) {
        assertEquals(cents.stream().map(c -> "EUR " + c).toList(), amounts(actual));
    }

    @Test
    void percentRounding() {
        assertAmount(0, eur(4).percent(1000));      // 0.4
        assertAmount(1, eur(6).percent(1000));      // 0.6
        assertAmount(-3, eur(-25).percent(1000));   // -2.5
        assertAmount(-2, eur(-24).percent(1000));   // -2.4
        assertAmount(125, eur(125).percent(10_000));
        assertAmount(0, eur(125).percent(0));
    }

    @Test
    void allocateGivesLeftoverCentsToLargestRemainders() {
        // shares 1.6, 3.2, 5.2 cents: floors 1, 3, 5 and one cent left for the largest remainder (0.6)
        assertAmounts(List.of(2L, 3L, 5L), eur(10).allocate(16, 32, 52));
        // equal remainders: the earlier parts first
        assertAmounts(List.of(1L, 1L, 0L), eur(2).allocate(1, 1, 1));
        assertAmounts(List.of(0L, 5L, 0L), eur(5).allocate(0, 7, 0));
        assertAmounts(List.of(5L), eur(5).allocate(9));
    }

    @Test
    void allocateOfANegativeAmountMirrorsThePositive() {
        assertAmounts(List.of(-34L, -33L, -33L), eur(-100).allocate(1, 1, 1));
        assertAmounts(List.of(0L, 0L), eur(0).allocate(1, 2));
    }

    @Test
    void allocateRejectsBadWeights() {
        assertThrows(IllegalArgumentException.class, () -> eur(10).allocate());
        assertThrows(IllegalArgumentException.class, () -> eur(10).allocate(0, 0));
        assertThrows(IllegalArgumentException.class, () -> eur(10).allocate(3, -1));
    }

    @Test
    void allocateNeverLosesACent() {
        Random random = new Random(29);
        for (int round = 0; round < 500; round++) {
            long amount = random.nextInt(2_000_001) - 1_000_000;
            long[] weights = new long[1 + random.nextInt(6)];
            for (int i = 0; i < weights.length; i++) {
                weights[i] = random.nextInt(1000);
            }
            weights[0] += 1;
            List<Money> parts = eur(amount).allocate(weights);
            assertEquals(weights.length, parts.size());
            assertEquals(amount, parts.stream().mapToLong(Money::cents).sum());
            assertEquals(List.of(), parts.stream().map(Money::currency).filter(c -> !c.equals("EUR")).toList());
            long total = 0;
            for (long w : weights) {
                total += w;
            }
            for (int i = 0; i < weights.length; i++) {
                double exact = (double) amount * weights[i] / total;
                assertEquals(exact, parts.get(i).cents(), 1.0, "part " + i);
            }
        }
    }

    @Test
    void discountSharesFollowTheLinesGrossAmounts() {
        Invoice invoice = new Invoice("EUR").add("BIG", eur(900), 1).add("SMALL", eur(50), 2).discount(1250);
        // 1000 gross, 12.5 % = 125 cents, split 900:100
        assertAmount(125, invoice.discountAmount());
        assertAmounts(List.of(113L, 12L), invoice.lines().stream().map(Line::discount).toList());
        assertAmount(875, invoice.total());
    }

    @Test
    void everyInvoiceAddsUp() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            Invoice invoice = new Invoice("EUR").discount(random.nextInt(10_001));
            int count = 1 + random.nextInt(8);
            for (int i = 0; i < count; i++) {
                invoice.add("SKU" + i, eur(1 + random.nextInt(5_000)), 1 + random.nextInt(12));
            }
            List<Line> lines = invoice.lines();
            assertEquals(invoice.discountAmount().cents(), lines.stream().mapToLong(l -> l.discount().cents()).sum());
            assertEquals(invoice.total().cents(), lines.stream().mapToLong(l -> l.net().cents()).sum());
            assertEquals(invoice.subtotal().cents() - invoice.discountAmount().cents(), invoice.total().cents());
        }
    }

    @Test
    void receiptShowsNetLinesThatAddUpToTheTotal() {
        Invoice invoice = new Invoice("EUR").add("A", eur(33), 1).add("B", eur(33), 1).add("C", eur(33), 1)
                .discount(1000);
        String expected = String.format("%-10s %3d x %12s %14s%n", "A", 1, "0.33 EUR", "0.29 EUR")
                + String.format("%-10s %3d x %12s %14s%n", "B", 1, "0.33 EUR", "0.30 EUR")
                + String.format("%-10s %3d x %12s %14s%n", "C", 1, "0.33 EUR", "0.30 EUR")
                + String.format("%-31s %14s%n", "Subtotal", "0.99 EUR")
                + String.format("%-31s %14s%n", "Discount", "0.10 EUR")
                + String.format("%-31s %14s%n", "Total", "0.89 EUR");
        assertEquals(expected, Receipt.render(invoice));
    }

    @Test
    void anInvoiceWithoutLines() {
        Invoice invoice = new Invoice("EUR").discount(500);
        assertEquals(List.of(), invoice.lines());
        assertAmount(0, invoice.total());
    }
}
