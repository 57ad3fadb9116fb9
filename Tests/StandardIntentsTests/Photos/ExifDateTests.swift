import Foundation
import IntentKit
import StandardIntents
import TestSupport
import Testing

@testable import DataIntents

/// A minimal JPEG: an `APP0` segment, then an `APP1` segment with an EXIF directory holding
/// `DateTimeOriginal` and, if given, `OffsetTimeOriginal`, then the end of the image.
private func jpeg(
  date: String, offset: String? = nil, littleEndian: Bool = false, exifPointer: UInt32? = nil
) -> [UInt8] {
  func u16(_ value: Int) -> [UInt8] {
    let bytes = [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    return littleEndian ? bytes.reversed() : bytes
  }
  func u32(_ value: UInt32) -> [UInt8] {
    let bytes = (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) }
    return littleEndian ? bytes.reversed() : bytes
  }
  func ascii(_ text: String) -> [UInt8] { Array(text.utf8) + [0] }
  let entries = offset == nil ? 1 : 2
  let exifDirectory = 8 + 2 + 12 + 4
  let dateAt = exifDirectory + 2 + entries * 12 + 4
  let offsetAt = dateAt + ascii(date).count
  var tiff: [UInt8] = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + u16(42) + u32(8)
  tiff += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(exifPointer ?? UInt32(exifDirectory))
  tiff += u32(0)
  tiff += u16(entries) + u16(0x9003) + u16(2) + u32(UInt32(ascii(date).count))
  tiff += u32(UInt32(dateAt))
  if let offset {
    tiff += u16(0x9011) + u16(2) + u32(UInt32(ascii(offset).count)) + u32(UInt32(offsetAt))
  }
  tiff += u32(0) + ascii(date) + (offset.map(ascii) ?? [])
  let exif = Array("Exif".utf8) + [0, 0] + tiff
  let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x07] + Array("JFIF".utf8) + [0]
  let length = exif.count + 2
  let app1: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif
  return [0xFF, 0xD8] + app0 + app1 + [0xFF, 0xD9]
}

@Suite("photos: the date taken from EXIF")
struct ExifDateTests {
  let utc = TimeZone(secondsFromGMT: 0) ?? .current

  @Test("DateTimeOriginal is read in either byte order, in the zone given")
  func byteOrders() {
    let expected = Date(timeIntervalSince1970: 1_720_981_805)  // 2024-07-14 18:30:05 UTC
    #expect(ExifDate.taken(in: jpeg(date: "2024:07:14 18:30:05"), timeZone: utc) == expected)
    #expect(
      ExifDate.taken(in: jpeg(date: "2024:07:14 18:30:05", littleEndian: true), timeZone: utc)
        == expected)
  }

  @Test("OffsetTimeOriginal gives the zone when present")
  func offset() {
    let photo = jpeg(date: "2024:07:14 18:30:05", offset: "+02:00", littleEndian: true)
    #expect(
      ExifDate.taken(in: photo, timeZone: utc) == Date(timeIntervalSince1970: 1_720_974_605))
  }

  @Test("blank, impossible or absent dates give nil")
  func invalid() {
    #expect(ExifDate.taken(in: jpeg(date: "0000:00:00 00:00:00"), timeZone: utc) == nil)
    #expect(ExifDate.taken(in: jpeg(date: "2024:02:30 10:00:00"), timeZone: utc) == nil)
    #expect(ExifDate.taken(in: jpeg(date: "yesterday"), timeZone: utc) == nil)
    #expect(ExifDate.taken(in: Array("\u{89}PNG".utf8), timeZone: utc) == nil)
    #expect(ExifDate.taken(in: [], timeZone: utc) == nil)
  }

  @Test("a truncated or corrupted file gives nil, never a read past its end")
  func damaged() {
    let whole = jpeg(date: "2024:07:14 18:30:05", offset: "+02:00")
    // Every prefix that cuts the EXIF segment short has no date.
    for length in 0..<(whole.count - 2) {
      #expect(ExifDate.taken(in: Array(whole.prefix(length)), timeZone: utc) == nil)
    }
    #expect(
      ExifDate.taken(in: jpeg(date: "2024:07:14 18:30:05", exifPointer: 0xFFFF_FFF0)) == nil)
    // Every single byte changed to 0xFF: no crash, and a date only where the damage spared it.
    for index in whole.indices {
      var damaged = whole
      damaged[index] = 0xFF
      _ = ExifDate.taken(in: damaged, timeZone: utc)
    }
    var random = SeededRandomNumberGenerator(seed: 12)
    for _ in 0..<2000 {
      var damaged = whole
      for _ in 0..<3 {
        damaged[Int.random(in: 2..<whole.count, using: &random)] = .random(
          in: 0...255, using: &random)
      }
      _ = ExifDate.taken(in: damaged, timeZone: utc)
    }
  }

  @Test("the library dates a JPEG by its EXIF, other files by their modification time")
  func library() async throws {
    let harness = try PhotoHarness()
    let exifPath = harness.library.appendingPathComponent("camera.jpg").path
    try Data(jpeg(date: "2024:07:14 18:30:05", offset: "+00:00")).write(
      to: URL(fileURLWithPath: exifPath))
    let plainPath = try harness.add("drawing.png", "not a jpeg")
    let modified = Date(timeIntervalSince1970: 1_600_000_000)
    try FileManager.default.setAttributes(
      [.modificationDate: modified], ofItemAtPath: plainPath)
    let photos = try await harness.run("photos.find").output.photos
    // Newest first, by the date taken.
    #expect(photos.map(\.name) == ["camera.jpg", "drawing.png"])
    #expect(photos.map(\.taken) == [Date(timeIntervalSince1970: 1_720_981_805), modified])
  }
}
