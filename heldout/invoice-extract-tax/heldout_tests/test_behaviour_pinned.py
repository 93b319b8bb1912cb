"""Pins the behaviour the documents had before the refactor."""
import unittest
from decimal import Decimal as D

from invoicing import Customer, LineItem, credit_note_totals, invoice_totals, quote_totals
from invoicing.tax import compute_tax

ACME = Customer("ACME")
EXEMPT = Customer("Charity", tax_exempt=True)
LOYAL = Customer("Loyal", loyalty_discount_pct=D("10"))


def strs(totals):
    return {k: str(v) for k, v in totals.items() if k != "lines"}


class RoundingTest(unittest.TestCase):
    def test_tax_rounds_half_up(self):
        totals = invoice_totals([LineItem("x", 1, D("0.25"), tax_rate=D("0.10"))], ACME)
        self.assertEqual(str(totals["tax"]), "0.03")

    def test_discount_rounds_half_up(self):
        totals = invoice_totals([LineItem("x", 1, D("0.20"), discount_pct=D("12.5"))], ACME)
        self.assertEqual(strs(totals), {"subtotal": "0.20", "discount": "0.03", "tax": "0.03", "total": "0.20"})

    def test_rounding_is_per_line(self):
        items = [LineItem("a", 1, D("0.05"), tax_rate=D("0.10")), LineItem("b", 1, D("0.05"), tax_rate=D("0.10"))]
        self.assertEqual(str(invoice_totals(items, ACME)["tax"]), "0.02")
        self.assertEqual(str(quote_totals(items, ACME)["tax"]), "0.02")
        self.assertEqual(str(credit_note_totals(items, ACME)["tax"]), "-0.02")

    def test_three_decimal_rate(self):
        totals = invoice_totals([LineItem("x", 1, D("19.99"), tax_rate=D("0.075"))], ACME)
        self.assertEqual(strs(totals), {"subtotal": "19.99", "discount": "0.00", "tax": "1.50", "total": "21.49"})

    def test_net_is_rounded_before_discount_and_tax(self):
        totals = invoice_totals([LineItem("x", 3, D("0.335"), discount_pct=D("50"))], ACME)
        # 3 * 0.335 = 1.005 -> 1.01; 50% -> 0.505 -> 0.51; tax 0.20 * 0.50 = 0.10
        self.assertEqual(strs(totals), {"subtotal": "1.01", "discount": "0.51", "tax": "0.10", "total": "0.60"})

    def test_float_prices_are_taken_at_face_value(self):
        totals = invoice_totals([LineItem("x", 3, 0.1, tax_rate=0.2)], ACME)
        self.assertEqual(strs(totals), {"subtotal": "0.30", "discount": "0.00", "tax": "0.06", "total": "0.36"})


class DiscountAndExemptionTest(unittest.TestCase):
    ITEMS = [
        LineItem("Widget", 4, D("12.49"), discount_pct=D("7.5")),
        LineItem("Manual", 1, D("8.00"), tax_rate=D("0.05")),
        LineItem("Support", 2, D("99.95"), tax_rate=D("0.20"), discount_pct=D("15")),
    ]

    def test_invoice_loyal_customer(self):
        self.assertEqual(
            strs(invoice_totals(self.ITEMS, LOYAL)),
            {"subtotal": "257.86", "discount": "59.52", "tax": "38.58", "total": "236.92"},
        )

    def test_quote_ignores_loyalty(self):
        totals = quote_totals(self.ITEMS, LOYAL)
        self.assertEqual(strs(totals), {"subtotal": "257.86", "discount": "33.74", "tax": "43.62", "total": "267.74"})
        self.assertEqual(
            [{k: str(v) for k, v in line.items()} for line in totals["lines"]],
            [
                {"description": "Widget", "net": "49.96", "discount": "3.75", "tax": "9.24"},
                {"description": "Manual", "net": "8.00", "discount": "0.00", "tax": "0.40"},
                {"description": "Support", "net": "199.90", "discount": "29.99", "tax": "33.98"},
            ],
        )

    def test_credit_note_loyal_customer(self):
        self.assertEqual(
            strs(credit_note_totals(self.ITEMS, LOYAL)),
            {"subtotal": "-257.86", "discount": "-59.52", "tax": "-38.58", "total": "-236.92"},
        )

    def test_exempt_customer_still_gets_discounts(self):
        self.assertEqual(
            strs(invoice_totals(self.ITEMS, EXEMPT)),
            {"subtotal": "257.86", "discount": "33.74", "tax": "0.00", "total": "224.12"},
        )
        quote = quote_totals(self.ITEMS, EXEMPT)
        self.assertEqual([str(line["tax"]) for line in quote["lines"]], ["0.00", "0.00", "0.00"])
        self.assertEqual(str(credit_note_totals(self.ITEMS, EXEMPT)["tax"]), "0.00")

    def test_full_discount(self):
        totals = invoice_totals([LineItem("x", 2, D("5.00"), discount_pct=D("90"))], LOYAL)
        self.assertEqual(strs(totals), {"subtotal": "10.00", "discount": "10.00", "tax": "0.00", "total": "0.00"})

    def test_empty_documents(self):
        zero = {"subtotal": "0.00", "discount": "0.00", "tax": "0.00", "total": "0.00"}
        self.assertEqual(strs(invoice_totals([], ACME)), zero)
        self.assertEqual(strs(credit_note_totals([], ACME)), zero)
        self.assertEqual(strs(quote_totals([], ACME)), zero)
        self.assertEqual(quote_totals([], ACME)["lines"], [])

    def test_zero_quantity_line(self):
        totals = quote_totals([LineItem("x", 0, D("5.00"), discount_pct=D("10"))], ACME)
        self.assertEqual(strs(totals), {"subtotal": "0.00", "discount": "0.00", "tax": "0.00", "total": "0.00"})


class ValidationTest(unittest.TestCase):
    def test_combined_discount_over_100_is_rejected_on_invoices_and_credit_notes(self):
        items = [LineItem("x", 1, D("10.00"), discount_pct=D("95"))]
        for func in (invoice_totals, credit_note_totals):
            with self.subTest(func=func.__name__):
                with self.assertRaisesRegex(ValueError, "between 0 and 100"):
                    func(items, LOYAL)
        # a quote ignores the loyalty discount, so 95% alone is fine
        self.assertEqual(str(quote_totals(items, LOYAL)["total"]), "0.60")

    def test_negative_discount_is_rejected(self):
        items = [LineItem("x", 1, D("10.00"), discount_pct=D("-1"))]
        for func in (invoice_totals, credit_note_totals, quote_totals):
            with self.subTest(func=func.__name__):
                with self.assertRaisesRegex(ValueError, "between 0 and 100"):
                    func(items, ACME)

    def test_negative_loyalty_that_cancels_out_is_accepted(self):
        customer = Customer("Odd", loyalty_discount_pct=D("-5"))
        totals = invoice_totals([LineItem("x", 1, D("10.00"), discount_pct=D("5"))], customer)
        self.assertEqual(strs(totals), {"subtotal": "10.00", "discount": "0.00", "tax": "2.00", "total": "12.00"})

    def test_negative_tax_rate_is_rejected_even_when_exempt(self):
        items = [LineItem("x", 1, D("10.00"), tax_rate=D("-0.1"))]
        for func in (invoice_totals, credit_note_totals, quote_totals):
            for customer in (ACME, EXEMPT):
                with self.subTest(func=func.__name__, exempt=customer.tax_exempt):
                    with self.assertRaisesRegex(ValueError, "tax rate must not be negative"):
                        func(items, customer)

    def test_items_are_not_modified(self):
        items = [LineItem("x", 1, D("10.00"), discount_pct=D("5"))]
        before = list(items)
        invoice_totals(items, LOYAL)
        quote_totals(items, LOYAL)
        credit_note_totals(items, LOYAL)
        self.assertEqual(items, before)


class ComputeTaxPinnedTest(unittest.TestCase):
    def test_defaults(self):
        discount, tax = compute_tax(D("19.99"), D("0.075"))
        self.assertEqual((str(discount), str(tax)), ("0.00", "1.50"))

    def test_half_up(self):
        discount, tax = compute_tax(D("0.20"), D("0.20"), D("12.5"))
        self.assertEqual((str(discount), str(tax)), ("0.03", "0.03"))

    def test_exempt(self):
        discount, tax = compute_tax(D("80.00"), D("0.20"), D("25"), exempt=True)
        self.assertEqual((str(discount), str(tax)), ("20.00", "0.00"))

    def test_full_discount(self):
        discount, tax = compute_tax(D("12.34"), D("0.20"), D("100"))
        self.assertEqual((str(discount), str(tax)), ("12.34", "0.00"))

    def test_integer_discount(self):
        self.assertEqual(compute_tax(D("10.00"), D("0.2"), 10), (D("1.00"), D("1.80")))

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "between 0 and 100"):
            compute_tax(D("10.00"), D("0.2"), D("100.01"))
        with self.assertRaisesRegex(ValueError, "between 0 and 100"):
            compute_tax(D("10.00"), D("0.2"), D("-0.5"))
        with self.assertRaisesRegex(ValueError, "tax rate must not be negative"):
            compute_tax(D("10.00"), D("-0.2"), exempt=True)


if __name__ == "__main__":
    unittest.main()
