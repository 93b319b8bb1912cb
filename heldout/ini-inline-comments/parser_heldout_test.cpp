#include "ini/document.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

namespace {

std::size_t error_line(const std::string& text) {
    try {
        ini::parse(text);
    } catch (const ini::ParseError& e) {
        return e.line();
    }
    ADD_FAILURE() << "no ParseError for: " << text;
    return 0;
}

}  // namespace

TEST(InlineComments, NeedWhitespaceBefore) {
    const auto doc = ini::parse(
        "[links]\n"
        "home = http://example.org/docs#intro\n"
        "pair = a;b\n"
        "tabbed = v\t;note\n"
        "several = a ; b ; c\n");
    EXPECT_EQ(doc.get("links", "home"), "http://example.org/docs#intro");
    EXPECT_EQ(doc.get("links", "pair"), "a;b");
    EXPECT_EQ(doc.get("links", "tabbed"), "v");
    EXPECT_EQ(doc.get("links", "several"), "a");
}

TEST(InlineComments, RightAfterTheSeparatorLeaveAnEmptyValue) {
    const auto doc = ini::parse("[s]\nempty = ; nothing here\ncolor = #ff0000\nquoted = \"#ff0000\"\n");
    EXPECT_EQ(doc.get("s", "empty"), "");
    EXPECT_EQ(doc.get("s", "color"), "");
    EXPECT_EQ(doc.get("s", "quoted"), "#ff0000");
}

TEST(QuotedValues, EscapesAndComments) {
    const auto doc = ini::parse(
        "[q]\n"
        "msg = \"say \\\"hi\\\" \\\\ done\"\n"
        "ws = \"a\\tb\\nc\"\n"
        "name = \"x y\" ; trailing comment\n"
        "tight = \"x\"# comment\n"
        "empty = \"\"\n"
        "colon: \" spaced \"\n");
    EXPECT_EQ(doc.get("q", "msg"), "say \"hi\" \\ done");
    EXPECT_EQ(doc.get("q", "ws"), "a\tb\nc");
    EXPECT_EQ(doc.get("q", "name"), "x y");
    EXPECT_EQ(doc.get("q", "tight"), "x");
    EXPECT_EQ(doc.get("q", "empty"), "");
    EXPECT_EQ(doc.get("q", "colon"), " spaced ");
}

TEST(QuotedValues, MalformedOnesThrowWithTheirLine) {
    EXPECT_EQ(error_line("[a]\nk = 1\n\nbad = \"never closed\n"), 4u);
    EXPECT_EQ(error_line("[a]\nk = \"a\" b\n"), 2u);
    EXPECT_EQ(error_line("k = \"\\q\"\n"), 1u);
    EXPECT_EQ(error_line("k = \"ends with a backslash\\\n"), 1u);
}

TEST(Errors, LinesCountFromOneWithAnyLineEnding) {
    EXPECT_EQ(error_line("[broken\n"), 1u);
    EXPECT_EQ(error_line("; c\r\n[a]\r\nk = v\r\n\r\n= no key\r\n"), 5u);
    EXPECT_EQ(error_line("[a]\n[]\n"), 2u);
    EXPECT_EQ(error_line("[a] extra\n"), 1u);
}

TEST(Existing, BehaviourIsKept) {
    const auto doc = ini::parse("top = 1\n[S]\nKey = plain value  \n[s]\nkey2: v2\n");
    EXPECT_EQ(doc.get("", "top"), "1");
    EXPECT_EQ(doc.get("s", "key"), "plain value");
    EXPECT_EQ(doc.get("S", "KEY2"), "v2");
    EXPECT_EQ(doc.sections().size(), 2u);
}
