import Foundation
import HTTPTypes

/// The paths and methods the API document (`openapi.json`) describes: what a request for a
/// served path with another method is told (405 and `Allow`), rather than "not found".
/// Read from the document itself, so the two cannot disagree; a test checks that every
/// operation it describes is routed.
struct DocumentedRoutes: Sendable {
  /// Each path's segments (`nil` for a parameter such as `{name}`) and its methods.
  let routes: [(segments: [String?], methods: [HTTPRequest.Method])]

  /// The routes of an OpenAPI document; none when it cannot be read.
  init(openAPI bytes: [UInt8]) {
    let document = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    let paths = document?["paths"] as? [String: [String: Any]] ?? [:]
    routes = paths.map { path, operations in
      let segments = path.split(separator: "/").map { segment -> String? in
        segment.hasPrefix("{") && segment.hasSuffix("}") ? nil : String(segment)
      }
      let methods = operations.keys.filter(Self.operationKeys.contains)
        .compactMap { HTTPRequest.Method($0.uppercased()) }
      return (segments, methods.sorted { $0.rawValue < $1.rawValue })
    }
  }

  /// The keys of a path item that are operations (the others are `parameters`, `summary`…).
  private static let operationKeys: Set<String> = ["get", "put", "post", "delete", "patch", "head"]

  /// The methods `path` (as written, segments percent-encoded) is served for, or `nil` when
  /// the document has no such path.
  func methods(for path: String) -> [HTTPRequest.Method]? {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    for route in routes where route.segments.count == segments.count {
      let matches = zip(route.segments, segments).allSatisfy { expected, given in
        expected.map { $0 == given } ?? !given.isEmpty
      }
      if matches { return route.methods }
    }
    return nil
  }
}
