import StrictJSON
import Testing

@Suite("Positions")
struct JSONPositionTests {
  @Test("positions order by where they are in the text")
  func ordering() {
    let positions = [
      position(2, 1, offset: 10), position(1, 1, offset: 0), position(1, 5, offset: 4),
    ]
    #expect(
      positions.sorted() == [
        position(1, 1, offset: 0), position(1, 5, offset: 4), position(2, 1, offset: 10),
      ])
  }

  @Test("a position prints as line and column")
  func description() {
    #expect(position(12, 7, offset: 300).description == "12:7")
  }
}
