import Foundation

/// ISO 8601 UTC timestamps (`2026-11-21T10:00:00Z`), the form dates take in the database, the
/// JSON output and the import files: to the second, except an item's `updatedAt`, which keeps
/// microseconds when it has any (`2026-11-21T10:00:00.000001Z`, see ``after(_:now:)``).
///
/// ```swift
/// Timestamp.string(from: Date(timeIntervalSince1970: 0))  // "1970-01-01T00:00:00Z"
/// Timestamp.date(from: "1970-01-01T00:00:00Z")            // Date(timeIntervalSince1970: 0)
/// ```
///
/// Hand-written rather than `ISO8601DateFormatter`: loading a long list parses two dates per
/// product, and the formatter costs microseconds each.
public enum Timestamp {
  /// `date` without its fraction of a second: the moment every engine stores for a time written
  /// to the second (all but an item's `updatedAt`).
  public static func wholeSeconds(of date: Date) -> Date {
    Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
  }

  /// The timestamp of `date`, dropping any fraction of a second.
  public static func string(from date: Date) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20)
    appendSeconds(Int64(date.timeIntervalSince1970.rounded(.down)), to: &bytes)
    bytes.append(UInt8(ascii: "Z"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The timestamp of `date` to the microsecond: as ``string(from:)`` when `date` is a whole
  /// second, else with six digits of fraction (`2026-11-21T10:00:00.000001Z`). What an item's
  /// `updatedAt` is written as, so that two changes within one second read differently.
  public static func preciseString(from date: Date) -> String {
    let (seconds, fraction) = floorDivision(microseconds(of: date), 1_000_000)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(27)
    appendSeconds(seconds, to: &bytes)
    if fraction != 0 {
      bytes.append(UInt8(ascii: "."))
      append(fraction, digits: 6, to: &bytes)
    }
    bytes.append(UInt8(ascii: "Z"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The microseconds since 1970 of `date`, to the nearest: the unit an item's `updatedAt`
  /// is kept in.
  public static func microseconds(of date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
  }

  /// The date `microseconds` after 1970, built the one way every reader and writer builds it,
  /// so that equal microseconds are equal dates.
  public static func date(microseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
  }

  /// The time of a change made at `now` to something last changed at `previous`: `now`, or
  /// one microsecond after `previous` when `now` is not later (a second change within the same
  /// second — `now` is read to the second — or a clock behind the one that wrote the item).
  ///
  /// Whoever compares an item's `updatedAt` with the one they last saw (a page replaying its
  /// offline changes) sees every change as a new value, and however many changes come in a
  /// second, the time runs ahead of the clock by a microsecond each, not a second each.
  ///
  /// ```swift
  /// Timestamp.after(ten, now: ten)           // ten + 1 µs
  /// Timestamp.after(ten, now: ten + 5)       // ten + 5 s
  /// ```
  public static func after(_ previous: Date, now: Date) -> Date {
    let last = microseconds(of: previous)
    let current = microseconds(of: now)
    return date(microseconds: current > last ? current : last + 1)
  }

  /// The date of a timestamp in the form ``string(from:)`` or ``preciseString(from:)`` writes,
  /// or `nil`.
  public static func date(from text: String) -> Date? {
    var text = text
    return text.withUTF8(date(fromUTF8:))
  }

  /// ``date(from:)`` for UTF-8 bytes, such as a database column's, without making a `String`.
  /// Takes the six digits of microseconds ``preciseString(from:)`` writes before the `Z`, and
  /// no other fraction: a time is compared as it was shown.
  public static func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[bytes.count - 1] == UInt8(ascii: "Z"),
      let year = number(bytes, 0, 4), let month = number(bytes, 5, 2),
      let day = number(bytes, 8, 2), let hour = number(bytes, 11, 2),
      let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60, let fraction = fraction(bytes, from: 19)
    else { return nil }
    let days = self.days(fromYear: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
    guard fraction != 0 else { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
    return date(microseconds: seconds * 1_000_000 + fraction)
  }

  /// The microseconds of the fraction that starts at `start` (`.` and six digits, ending
  /// before the closing `Z`): 0 when there is none, `nil` when it is malformed.
  private static func fraction(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int64? {
    switch bytes.count - 1 - start {
    case 0: 0
    case 7 where bytes[start] == UInt8(ascii: "."): number(bytes, start + 1, 6)
    default: nil
    }
  }

  /// Appends `seconds` since 1970 as `YYYY-MM-DDTHH:MM:SS`.
  private static func appendSeconds(_ seconds: Int64, to bytes: inout [UInt8]) {
    let (days, secondOfDay) = floorDivision(seconds, 86_400)
    let (year, month, day) = civil(fromDays: days)
    append(year, digits: 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    append(month, digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    append(day, digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: "T"))
    append(secondOfDay / 3600, digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    append(secondOfDay / 60 % 60, digits: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    append(secondOfDay % 60, digits: 2, to: &bytes)
  }

  private static func floorDivision(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
    let remainder = a % b
    return remainder < 0 ? (a / b - 1, remainder + b) : (a / b, remainder)
  }

  private static func append(_ value: Int64, digits: Int, to bytes: inout [UInt8]) {
    var divisor: Int64 = 1
    for _ in 1..<digits { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor % 10))
      rest %= divisor
      divisor /= 10
    }
  }

  private static func number(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int
  ) -> Int64? {
    var value: Int64 = 0
    for byte in bytes[start..<start + count] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return value
  }

  private static func isLeap(_ year: Int64) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  // The two conversions below follow Howard Hinnant's public-domain "days from civil"
  // algorithms: proleptic Gregorian calendar, day 0 = 1970-01-01.

  private static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
