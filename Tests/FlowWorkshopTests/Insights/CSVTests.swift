@testable import FlowPages
@testable import FlowWorkshop
import Testing

/// Cells a spreadsheet could run as a formula are neutralised with a leading apostrophe (OWASP,
/// CSV Injection); numbers, and everything else, are written as they are.
@Suite struct CSVTests {
    @Test(arguments: [
        ("=HYPERLINK(\"http://evil.example\")", "\"'=HYPERLINK(\"\"http://evil.example\"\")\""),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
        ("@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"),
        ("\t=1+2", "'\t=1+2"),
        ("\r=1+2", "\"'\r=1+2\""),
        ("\n=1+2", "\"'\n=1+2\""),
        ("\r\n=1+2", "\"'\r\n=1+2\""),
        ("\u{FF1D}1+2", "'\u{FF1D}1+2"),
        ("\u{FF0B}1+2", "'\u{FF0B}1+2"),
        ("\u{FF0D}1+2", "'\u{FF0D}1+2"),
        ("\u{FF20}SUM(1+1)", "'\u{FF20}SUM(1+1)"),
        ("=\u{301}1+2", "'=\u{301}1+2"),
    ])
    func formulaStartsAreNeutralised(value: String, written: String) {
        #expect(CSV.field(value) == written)
    }

    @Test(arguments: [
        ("-12", "-12"), ("+3.5", "+3.5"), ("2026-11-20", "2026-11-20"), ("Ana", "Ana"), ("a=b", "a=b"),
        ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\r\nlines", "\"two\r\nlines\""),
    ])
    func otherCellsAreWrittenAsTheyAreQuotedWhereRFC4180AsksIt(value: String, written: String) {
        #expect(CSV.field(value) == written)
    }
}
