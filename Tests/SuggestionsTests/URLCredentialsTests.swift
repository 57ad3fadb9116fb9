import Suggestions
import Testing

@Suite("Credentials in URLs")
struct URLCredentialsTests {
  @Test(
    "a user name and password in a URL are replaced by ***, the rest kept",
    arguments: [
      ("https://ann:pw@example.com/up", "https://***@example.com/up"),
      ("ftp://ann@host", "ftp://***@host"),
      ("get 'http://a:b@h:8080/x?q=1' now", "get 'http://***@h:8080/x?q=1' now"),
      ("http://u:p@a@b.example/", "http://***@b.example/"),
      (
        #""url": "https://k:s@one/", "to": "sftp://x:y@two""#,
        #""url": "https://***@one/", "to": "sftp://***@two""#
      ),
      ("https://example.com/a@b", "https://example.com/a@b"),
      ("mailto:ann@example.com", "mailto:ann@example.com"),
      ("https://@host/", "https://@host/"),
      ("no url here: ann@example.com", "no url here: ann@example.com"),
      ("://x:y@z", "://x:y@z"),
    ])
  func masked(text: String, expected: String) {
    #expect(URLCredentials.masked(text) == expected)
  }

  @Test("a column after the credentials moves back with the text; one inside points at ***")
  func column() {
    let line = #"  "url": "https://ann:secret@example.com/x","#
    let masked = URLCredentials.masked(line, column: 30)
    #expect(masked.text == #"  "url": "https://***@example.com/x","#)
    // Column 30 was the `e` of `example`; it is still the `e`.
    #expect(masked.column == 23)
    #expect(URLCredentials.masked(line, column: 22).column == 19)
    #expect(URLCredentials.masked(line, column: 11).column == 11)
    #expect(URLCredentials.masked("plain", column: 3).column == 3)
  }

  @Test("a column after two masked URLs moves back by both")
  func twoURLs() {
    let line = "http://a:b@x http://cc:dd@y z"
    let masked = URLCredentials.masked(line, column: 29)
    #expect(masked.text == "http://***@x http://***@y z")
    #expect(Array(masked.text.unicodeScalars)[(masked.column ?? 0) - 1] == "z")
  }
}
