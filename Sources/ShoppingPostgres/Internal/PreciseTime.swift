import Foundation
import NIOCore
import PostgresNIO
import ShoppingCore

/// A `timestamptz` to the microsecond, read and written from whole microseconds: an item's
/// `updatedAt`, which two changes within one second must leave different.
///
/// PostgresNIO's own `Date` coding goes through a `Double` and truncates: a time one
/// microsecond past a whole second could be written as the microsecond before, and then read
/// back as another time than the one the page was shown.
struct PreciseTime: PostgresNonThrowingEncodable, PostgresDecodable {
  let date: Date

  init(_ date: Date) {
    self.date = date
  }

  static var psqlType: PostgresDataType { .timestamptz }
  static var psqlFormat: PostgresFormat { .binary }

  /// PostgreSQL counts from 2000-01-01, 946,684,800 seconds after 1970.
  private static let epochOffset: Int64 = 946_684_800 * 1_000_000

  func encode<JSONEncoder: PostgresJSONEncoder>(
    into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
  ) {
    byteBuffer.writeInteger(Timestamp.microseconds(of: date) - Self.epochOffset)
  }

  init<JSONDecoder: PostgresJSONDecoder>(
    from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
    context: PostgresDecodingContext<JSONDecoder>
  ) throws {
    guard type == .timestamptz || type == .timestamp, format == .binary,
      buffer.readableBytes == 8, let microseconds = buffer.readInteger(as: Int64.self)
    else { throw PostgresDecodingError.Code.typeMismatch }
    date = Timestamp.date(microseconds: microseconds + Self.epochOffset)
  }
}
