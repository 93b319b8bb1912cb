import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(LocaleExtension.class)
public class LedgerTest {

    private static final String US_LOCALE = "en-US";
    private static final String NL_LOCALE = "nl-NL";

    private static final String USD_CURRENCY = "USD";
    private static final String EUR_CURRENCY = "EUR";

    private Ledger ledger;

    @BeforeEach
    public void setUp() throws Exception {
        ledger = new Ledger();
    }

    @Test
    @DisplayName("one entry")
    public void oneEntry() {
        var entries = new Ledger.LedgerEntry[] {
                        ledger.createLedgerEntry("2015-01-01", "Buy present", -1000)
        };

        String actual = ledger.format(USD_CURRENCY, US_LOCALE, entries);

        String expected = "Date       | Description               | Change       \n"
                        + "01/01/2015 | Buy present               |      ($10.00)";
        assertThat(actual).isEqualTo(expected);
    }
    
    @Test
    @DisplayName("final order tie breaker is change")
    public void finalOrderTieBreakerIsChange() {
        var entries = new Ledger.LedgerEntry[] {
                        ledger.createLedgerEntry("2015-01-01", "Something", 0),
                        ledger.createLedgerEntry("2015-01-01", "Something", -1),
                        ledger.createLedgerEntry("2015-01-01", "Something", 1)
        };

        String actual = ledger.format(USD_CURRENCY, US_LOCALE, entries);

        String expected = "Date       | Description               | Change       \n"
                        + "01/01/2015 | Something                 |       ($0.01)\n"
                        + "01/01/2015 | Something                 |        $0.00 \n"
                        + "01/01/2015 | Something                 |        $0.01 ";
        
        assertThat(actual).isEqualTo(expected);
    }
    
    @Test
    @DisplayName("overlong description is truncated")
    public void overlongDescriptions() {
        var entries = new Ledger.LedgerEntry[] {
                        ledger.createLedgerEntry("2015-01-01", "Freude schoner Gotterfunken", -123456)
        };

        String actual = ledger.format(USD_CURRENCY, US_LOCALE, entries);

        String expected = "Date       | Description               | Change       \n"
                        + "01/01/2015 | Freude schoner Gotterf... |   ($1,234.56)";

        assertThat(actual).isEqualTo(expected);
    }
    
    @Test
    @DisplayName("Dutch locale and euros")
    public void dutchLocaleAndEuros() {
        var entries = new Ledger.LedgerEntry[] {
                        ledger.createLedgerEntry("2015-03-12", "Buy present", 123456)
        };

        String actual = ledger.format(EUR_CURRENCY, NL_LOCALE, entries);

        var expected = "Datum      | Omschrijving              | Verandering  \n"
                     + "12/03/2015 | Buy present               |   € 1.234,56 ";

        assertThat(actual).isEqualTo(expected);
    }
    

    // localagentbench: this is a refactoring exercise, and the stub already passes every other test. The code
    // under test must differ from the stub below beyond comments and layout: the top-level types, imports and
    // package names javac parses from every .java file the grading command compiles (under src/) but the task's
    // own test files, printed by javac (no comments, one layout), however they are split over files.
    @Test
    public void codeUnderTestChangedFromStub() throws java.io.IOException {
        java.util.List<String> stub = java.util.List.of(
            "import java.time.LocalDate;\nimport java.time.format.DateTimeFormatter;\nimport java.util.ArrayList;\nimport java.util.List;\n\npublic class Ledger {\n    public LedgerEntry createLedgerEntry(String d, String desc, int c) {\n        LedgerEntry le = new LedgerEntry();\n        le.setChange(c);\n        le.setDescription(desc);\n        le.setLocalDate(LocalDate.parse(d));\n        return le;\n    }\n\n    public String format(String cur, String loc, LedgerEntry[] entries) {\n        String s = null;\n        String header = null;\n        String curSymb = null;\n        String datPat = null;\n        String decSep = null;\n        String thSep = null;\n        if (!cur.equals(\"USD\") && !cur.equals(\"EUR\")) {\n            throw new IllegalArgumentException(\"Invalid currency\");\n        } else if (!loc.equals(\"en-US\") && !loc.equals(\"nl-NL\")) {\n            throw new IllegalArgumentException(\"Invalid locale\");\n        } else {\n            if (cur.equals(\"USD\")) {\n                if (loc.equals(\"en-US\")) {\n                    curSymb = \"$\";\n                    datPat = \"MM/dd/yyyy\";\n                    decSep = \".\";\n                    thSep = \",\";\n                    header = \"Date       | Description               | Change       \";\n                } else if (loc.equals(\"nl-NL\")) {\n                    curSymb = \"$\";\n                    datPat = \"dd/MM/yyyy\";\n                    decSep = \",\";\n                    thSep = \".\";\n                    header = \"Datum      | Omschrijving              | Verandering  \";\n                }\n            } else if (cur.equals(\"EUR\")) {\n                if (loc.equals(\"en-US\")) {\n                    curSymb = \"\u20ac\";\n                    datPat = \"MM/dd/yyyy\";\n                    decSep = \".\";\n                    thSep = \",\";\n                    header = \"Date       | Description               | Change       \";\n                } else if (loc.equals(\"nl-NL\")) {\n                    curSymb = \"\u20ac\";\n                    datPat = \"dd/MM/yyyy\";\n                    decSep = \",\";\n                    thSep = \".\";\n                    header = \"Datum      | Omschrijving              | Verandering  \";\n                }\n            }\n        }\n\n        s = header;\n\n        if (entries.length > 0) {\n            List<LedgerEntry> neg = new ArrayList<>();\n            List<LedgerEntry> pos = new ArrayList<>();\n            for (int i = 0; i < entries.length; i++) {\n                LedgerEntry e = entries[i];\n                if (e.getChange() >= 0) {\n                    pos.add(e);\n                } else {\n                    neg.add(e);\n                }\n            }\n\n            neg.sort((o1, o2) -> o1.getLocalDate().compareTo(o2.getLocalDate()));\n            pos.sort((o1, o2) -> o1.getLocalDate().compareTo(o2.getLocalDate()));\n\n            List<LedgerEntry> all = new ArrayList<>();\n            all.addAll(neg);\n            all.addAll(pos);\n\n            for (int i = 0; i < all.size(); i++) {\n                LedgerEntry e = all.get(i);\n\n                String date = e.getLocalDate().format(DateTimeFormatter.ofPattern(datPat));\n\n                String desc = e.getDescription();\n                if (desc.length() > 25) {\n                    desc = desc.substring(0, 22);\n                    desc = desc + \"...\";\n                }\n\n                String converted = null;\n                if (e.getChange() < 0) {\n                    converted = String.format(\"%.02f\", (e.getChange() / 100) * -1);\n                } else {\n                    converted = String.format(\"%.02f\", e.getChange() / 100);\n                }\n\n                String[] parts = converted.split(\"\\\\.\");\n                String amount = \"\";\n                int count = 1;\n                for (int ind = parts[0].length() - 1; ind >= 0; ind--) {\n                    if (((count % 3) == 0) && ind > 0) {\n                        amount = thSep + parts[0].charAt(ind) + amount;\n                    } else {\n                        amount = parts[0].charAt(ind) + amount;\n                    }\n                    count++;\n                }\n\n                if (loc.equals(\"nl-NL\")) {\n                    amount = curSymb + \" \" + amount + decSep + parts[1];\n                } else {\n                    amount = curSymb + amount + decSep + parts[1];\n                }\n                \n\n                if (e.getChange() < 0 && loc.equals(\"en-US\")) {\n                    amount = \"(\" + amount + \")\";\n                } else if (e.getChange() < 0 && loc.equals(\"nl-NL\")) {\n                    amount = curSymb + \" -\" + amount.replace(curSymb, \"\").trim() + \" \";\n                } else if (loc.equals(\"nl-NL\")) {\n                    amount = \" \" + amount + \" \";\n                } else {\n                    amount = amount + \" \";\n                }\n                \n                s = s + \"\\n\";\n                s = s + String.format(\"%s | %-25s | %13s\",\n                        date,\n                        desc,\n                        amount);\n            }\n\n        }\n\n        return s;\n    }\n\n    public static class LedgerEntry {\n        LocalDate localDate;\n        String description;\n        double change;\n\n        public LocalDate getLocalDate() {\n            return localDate;\n        }\n\n        public void setLocalDate(LocalDate localDate) {\n            this.localDate = localDate;\n        }\n\n        public String getDescription() {\n            return description;\n        }\n\n        public void setDescription(String description) {\n            this.description = description;\n        }\n\n        public double getChange() {\n            return change;\n        }\n\n        public void setChange(double change) {\n            this.change = change;\n        }\n    }\n\n}\n");
        java.util.Set<String> taskTests = java.util.Set.of("src/test/java/LedgerTest.java", "src/test/java/LocaleExtension.java");
        java.util.List<String> now = new java.util.ArrayList<>();
        java.nio.file.Path src = java.nio.file.Paths.get("src");
        java.util.List<java.nio.file.Path> paths;
        try (java.util.stream.Stream<java.nio.file.Path> walk = java.nio.file.Files.walk(src)) {
            paths = walk.filter(p -> p.getFileName().toString().endsWith(".java")).sorted()
                .collect(java.util.stream.Collectors.toList());
        }
        for (java.nio.file.Path path : paths) {
            if (!taskTests.contains(path.toString().replace(java.io.File.separatorChar, '/'))) {
                now.add(java.nio.file.Files.readString(path, java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        if (localagentbenchProgram(now).equals(localagentbenchProgram(stub))) {
            org.junit.jupiter.api.Assertions.fail("the code under test is unchanged from the stub (comments and layout aside): this is a refactoring exercise");
        }
    }

    private static String localagentbenchProgram(java.util.List<String> sources) throws java.io.IOException {
        java.util.List<javax.tools.JavaFileObject> units = new java.util.ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            String source = sources.get(i);
            units.add(new javax.tools.SimpleJavaFileObject(java.net.URI.create("string:///Unit" + i + ".java"),
                    javax.tools.JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            });
        }
        javax.tools.DiagnosticCollector<javax.tools.JavaFileObject> errors = new javax.tools.DiagnosticCollector<>();
        com.sun.source.util.JavacTask task = (com.sun.source.util.JavacTask) javax.tools.ToolProvider
            .getSystemJavaCompiler().getTask(null, null, errors, java.util.List.of("-proc:none"), null, units);
        java.util.List<String> decls = new java.util.ArrayList<>();
        java.util.Set<String> imports = new java.util.TreeSet<>();
        for (com.sun.source.tree.CompilationUnitTree unit : task.parse()) {
            imports.add("package " + unit.getPackageName());
            for (com.sun.source.tree.ImportTree tree : unit.getImports()) {
                imports.add(tree.toString().strip());
            }
            for (com.sun.source.tree.Tree tree : unit.getTypeDecls()) {
                decls.add(tree.toString().strip());
            }
        }
        for (javax.tools.Diagnostic<?> d : errors.getDiagnostics()) {
            if (d.getKind() == javax.tools.Diagnostic.Kind.ERROR) {
                org.junit.jupiter.api.Assertions.fail("parsing the code under test: " + d.getMessage(null));
            }
        }
        java.util.Collections.sort(decls);
        decls.addAll(imports);
        return String.join("\0", decls);
    }
}
