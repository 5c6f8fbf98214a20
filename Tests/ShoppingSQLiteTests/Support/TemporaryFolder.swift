import Foundation

/// A fresh folder under the system's temporary folder, removed when released.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appending(path: "shoplist-tests-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    // Tests may leave read-only folders behind; give them back before removing.
    if let paths = FileManager.default.enumerator(atPath: url.path) {
      for case let path as String in paths {
        chmod(url.appending(path: path).path, 0o700)
      }
    }
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String {
    url.appending(path: name).path
  }

  /// The names of the folder's entries, sorted.
  func contents() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }
}

/// The bytes of a file, to check that it was left untouched.
func bytes(of path: String) -> Data? {
  FileManager.default.contents(atPath: path)
}

/// Whether the tests run as root, for whom permission bits do not stop writing.
let isRoot = geteuid() == 0
