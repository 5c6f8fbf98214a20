import ShoppingCore

/// Something a migration changed that the user should hear of: told once, by the program that
/// migrated the database (see `ShoppingDatabase/migrationNotices`).
///
/// ```swift
/// let database = try ShoppingDatabase(path: path)
/// for notice in database.migrationNotices { print("shoplist: \(notice)") }
/// // shoplist: renamed "WEISSWURST" in shopping to "WEISSWURST (2)": it now has the same
/// // name as "Weißwurst"
/// ```
public enum MigrationNotice: Equatable, Sendable, CustomStringConvertible {
  /// An item renamed because its name came to compare equal to the name of an item added to
  /// its list before it.
  case renamedItem(from: String, to: String, list: String, sameAs: String)
  /// A list renamed because its name came to compare equal to the name of a list made before
  /// it.
  case renamedList(from: String, to: String, sameAs: String)

  public var description: String {
    switch self {
    case let .renamedItem(from, to, list, sameAs):
      "renamed \(quoted(from)) in \(DisplayText.escaped(list)) to \(quoted(to)): it now has the "
        + "same name as \(quoted(sameAs))"
    case let .renamedList(from, to, sameAs):
      "renamed list \(quoted(from)) to \(quoted(to)): it now has the same name as list "
        + quoted(sameAs)
    }
  }

  /// `name` quoted whole, its default-ignorable characters shown as escapes too: they are
  /// what no longer tells `mi\u{200D}lk` from `milk`.
  private func quoted(_ name: String) -> String {
    var shown = String.UnicodeScalarView()
    for scalar in DisplayText.quoted(name, limit: Naming.maximumLength + 8).unicodeScalars {
      if scalar.properties.isDefaultIgnorableCodePoint {
        shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars
      } else {
        shown.append(scalar)
      }
    }
    return String(shown)
  }
}
