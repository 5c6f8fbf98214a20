/// The version of shoplist these libraries belong to: the one source of the version that
/// `shoplist --version` prints, that the newest release in CHANGELOG.md names, and that the
/// release is tagged with, so that a package depending on shoplist by version gets the code
/// this says.
///
/// ```swift
/// print("shoplist \(ShoplistVersion.current)")  // shoplist 1.0.0
/// ```
public enum ShoplistVersion {
  /// The version, as its release is tagged (semantic versioning: `MAJOR.MINOR.PATCH`).
  public static let current = "1.0.0"
}
