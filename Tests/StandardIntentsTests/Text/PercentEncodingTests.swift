import Foundation
import Testing

@testable import DataIntents
@testable import StandardIntents

@Suite("Percent-encoding agrees with Foundation's addingPercentEncoding")
struct PercentEncodingTests {
  @Test("unreserved characters stay; everything else is %XX of its UTF-8 bytes")
  func unreserved() {
    let allowed = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    for text in Self.texts {
      #expect(
        PercentEncoding.encode(text) == text.addingPercentEncoding(withAllowedCharacters: allowed))
    }
  }

  @Test("a photo's name keeps what a URL path segment may hold, less ;")
  func pathSegment() {
    let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;?#"))
    for text in Self.texts {
      #expect(
        PercentEncoding.encode(text, keeping: "!$&'()*+,=:@")
          == text.addingPercentEncoding(withAllowedCharacters: allowed), "\(text)")
    }
  }

  static let texts: [String] =
    (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) } + [
      "beach.jpg", "my photo (1).JPG", "ünïcödé 日本.png", "a/b;c?d#e", "100%.gif", "😀.heic",
      "",
    ]
}
