import StrictJSON
import Testing

@Suite("Reading numbers")
struct ReaderNumbersTests {
  @Test(
    "integers that fit in Int stay integers",
    arguments: [
      ("0", 0), ("-0", 0), ("7", 7), ("-42", -42), ("123456789012345678", 123_456_789_012_345_678),
      ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
      ("1000000000000000000", 1_000_000_000_000_000_000),
    ])
  func integers(text: String, value: Int) throws {
    #expect(try JSONParser.parse(text).kind == .integer(value))
  }

  @Test(
    "fractions, exponents and integers too large for Int become doubles",
    arguments: [
      ("1.0", 1.0), ("-0.0", -0.0), ("0.5", 0.5), ("1e2", 100), ("1E2", 100), ("1e+2", 100),
      ("2.5e-3", 0.0025), ("-1.25E+1", -12.5), ("0e0", 0),
      ("9223372036854775808", 9.223372036854775808e18),
      ("-9223372036854775809", -9.223372036854775809e18), ("1e-400", 0),
      ("123456789012345678901234567890", 1.2345678901234568e29),
    ])
  func doubles(text: String, value: Double) throws {
    #expect(try JSONParser.parse(text).kind == .number(value))
  }

  @Test("negative zero keeps its sign as a double")
  func negativeZero() throws {
    guard case .number(let value) = try JSONParser.parse("-0.0").kind else {
      Issue.record("expected a double")
      return
    }
    #expect(value.sign == .minus)
  }

  @Test(
    "hard cases convert to the correctly rounded double",
    arguments: [
      "0.1", "0.3", "2.2250738585072011e-308", "2.2250738585072012e-308", "4.9e-324", "5e-324",
      "2.4703282292062328e-324", "1.7976931348623157e308", "9007199254740993.0",
      "9007199254740992.5", "0.000000000000000000000000000001",
      "1.00000000000000011102230246251565",
      "123456789.123456789e-5", "7.2057594037927933e16", "3.0517578125e-5", "1e23", "8.41e21",
      "43.5e7", "1234567890123456789012345678901234567890e-30",
    ])
  func exactness(text: String) throws {
    #expect(try JSONParser.parse(text).kind == .number(Double(text) ?? .nan))
  }

  @Test("random decimals convert exactly as the standard library does")
  func randomDecimals() throws {
    var generator = RandomJSON(seed: 2024)
    for _ in 0..<20_000 {
      let (text, value) = generator.number()
      #expect(try parsedValue(text) == value, "\(text)")
    }
  }

  @Test(
    "malformed numbers are named with a fix",
    arguments: [
      ("01", "1:1: invalid number '01': leading zeros are not allowed; write '1'"),
      ("[-007]", "1:2: invalid number '-007': leading zeros are not allowed; write '-7'"),
      ("00.5", "1:1: invalid number '00.5': leading zeros are not allowed; write '0.5'"),
      ("+1", "1:1: invalid number '+1': a number cannot start with '+'; write '1'"),
      ("[+]", "1:2: invalid number '+': a number cannot start with '+'"),
      (
        ".5",
        "1:1: invalid number '.5': a number needs a digit before the decimal point; write '0.5'"
      ),
      (
        "-.5",
        "1:1: invalid number '-.5': a number needs a digit before the decimal point; write '-0.5'"
      ),
      ("1.", "1:1: invalid number '1.': a decimal point must be followed by digits; write '1.0'"),
      (
        "[1.e5]",
        "1:2: invalid number '1.e5': a decimal point must be followed by digits; write '1.0e5'"
      ),
      ("1e", "1:1: invalid number '1e': an exponent needs digits after the 'e'"),
      ("1E+", "1:1: invalid number '1E+': an exponent needs digits after the 'e'"),
      ("-", "1:1: invalid number '-': a minus sign must be followed by digits"),
      ("[- 1]", "1:2: invalid number '-': a minus sign must be followed by digits"),
      ("-foo", "1:1: invalid number '-foo': a minus sign must be followed by digits"),
      ("0x1F", "1:1: invalid number '0x1F': JSON numbers are decimal, like '-12', '0.5' or '1e-3'"),
      (
        "1.2.3",
        "1:1: invalid number '1.2.3': JSON numbers are decimal, like '-12', '0.5' or '1e-3'"
      ),
      (
        "1_000",
        "1:1: invalid number '1_000': JSON numbers are decimal, like '-12', '0.5' or '1e-3'"
      ),
      ("[1-2]", "1:2: invalid number '1-2': JSON numbers are decimal, like '-12', '0.5' or '1e-3'"),
      ("1e400", "1:1: number '1e400' is too large for a double; the largest is about 1.8e308"),
      ("-2e308", "1:1: number '-2e308' is too large for a double; the largest is about 1.8e308"),
    ])
  func errors(text: String, expected: String) {
    #expect(syntaxError(text)?.description == expected)
  }

  @Test(
    "NaN and infinities are not numbers, whatever their spelling",
    arguments: ["NaN", "nan", "-NaN", "Infinity", "-Infinity", "+Infinity", "inf", "-inf"])
  func nonFinite(word: String) {
    let error = syntaxError("{\"é\": \(word)}")
    #expect(
      error?.message
        == "'\(word)' is not a JSON number; JSON has no NaN or infinity, "
        + "use null or a string instead")
    #expect(error?.position == position(1, 7, offset: 7))
  }
}
