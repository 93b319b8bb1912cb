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

    private static Money sum(List<Money> parts) {
        return parts.stream().reduce(eur(0), Money::plus);
    }

    @Test
    void percentRounding() {
        assertEquals(eur(0), eur(4).percent(1000));      // 0.4
        assertEquals(eur(1), eur(6).percent(1000));      // 0.6
        assertEquals(eur(-3), eur(-25).percent(1000));   // -2.5
        assertEquals(eur(-2), eur(-24).percent(1000));   // -2.4
        assertEquals(eur(125), eur(125).percent(10_000));
        assertEquals(eur(0), eur(125).percent(0));
    }

    @Test
    void allocateGivesLeftoverCentsToLargestRemainders() {
        // shares 1.6, 3.2, 5.2 cents: floors 1, 3, 5 and one cent left for the largest remainder (0.6)
        assertEquals(List.of(eur(2), eur(3), eur(5)), eur(10).allocate(16, 32, 52));
        // equal remainders: the earlier parts first
        assertEquals(List.of(eur(1), eur(1), eur(0)), eur(2).allocate(1, 1, 1));
        assertEquals(List.of(eur(0), eur(5), eur(0)), eur(5).allocate(0, 7, 0));
        assertEquals(List.of(eur(5)), eur(5).allocate(9));
    }

    @Test
    void allocateOfANegativeAmountMirrorsThePositive() {
        assertEquals(List.of(eur(-34), eur(-33), eur(-33)), eur(-100).allocate(1, 1, 1));
        assertEquals(List.of(eur(0), eur(0)), eur(0).allocate(1, 2));
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
            assertEquals(eur(amount), sum(parts));
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
        assertEquals(eur(125), invoice.discountAmount());
        assertEquals(List.of(eur(113), eur(12)), invoice.lines().stream().map(Line::discount).toList());
        assertEquals(eur(875), invoice.total());
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
            assertEquals(invoice.discountAmount(), lines.stream().map(Line::discount).reduce(eur(0), Money::plus));
            assertEquals(invoice.total(), lines.stream().map(Line::net).reduce(eur(0), Money::plus));
            assertEquals(invoice.subtotal().minus(invoice.discountAmount()), invoice.total());
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
        assertEquals(eur(0), invoice.total());
    }
}
