import ShoppingCore

/// What a backup holds beside its items, as ``JSONDocumentReader`` reads it: the shops with
/// their orders (`"shops": [{"name", "aisles", "default"}]`), and each list's marks
/// (`"default": true`, `"shop": NAME`), gathered into ``BackupSettings``.
///
/// Bounded whatever the file: at most ``ImportLimits/maximumSettingNames`` shop and category
/// names are kept. A shop that breaks the rules stops the import at its line: a backup that
/// cannot be restored whole is not restored at all.
struct BackupSettingsReading {
  private(set) var settings = BackupSettings()
  /// How many shop and category names the settings hold.
  private var names = 0

  /// Records the marks of a list object once its name is known.
  mutating func finishList(_ name: String, isDefault: Bool, shop: (name: String, line: Int)?) {
    if isDefault { settings.defaultList = name }
    if let shop {
      settings.listShops.append(.init(list: name, shop: shop.name, line: shop.line))
    }
  }

  /// Reads `[{"name": "Lidl", "aisles": ["Produce"], "default": true}, …]`, a handful of small
  /// objects, whole.
  mutating func readShops(_ scanner: inout JSONScanner) throws(ImportError) {
    try scanner.expect(UInt8(ascii: "["), "an array of shops")
    var firstShop = true
    while try scanner.nextElement(first: &firstShop) {
      let line = scanner.line
      try scanner.expect(UInt8(ascii: "{"), "a shop object")
      var name: String?
      var aisles: [String] = []
      var isDefault = false
      var firstMember = true
      while let key = try scanner.nextMember(first: &firstMember) {
        switch key {
        case "name": name = try Self.readShopName(&scanner, field: "name")
        case "aisles": aisles = try readAisles(&scanner)
        case "default": isDefault = try Self.readBool(&scanner, field: "default")
        default: try scanner.skipValue()
        }
      }
      guard let name else {
        throw ImportError(file: scanner.input.source, line: line, reason: .missingShopName)
      }
      let order: ShopOrder
      do throws(ShoppingError) {
        order = try ShopOrder(aisles)
      } catch {
        throw ImportError(file: scanner.input.source, line: line, reason: .invalidShop(error))
      }
      try countName(scanner)
      settings.shops.append(.init(name: name, aisles: order.categories, isDefault: isDefault))
    }
  }

  /// A shop's categories, each checked as it is read.
  private mutating func readAisles(_ scanner: inout JSONScanner) throws(ImportError) -> [String] {
    try scanner.expect(UInt8(ascii: "["), "an array of categories")
    var aisles: [String] = []
    var first = true
    while try scanner.nextElement(first: &first) {
      guard case let .string(raw) = try scanner.readScalar() else {
        throw Self.wrongType(scanner, field: "aisles", expected: "an array of strings")
      }
      do throws(ShoppingError) {
        guard let category = try Naming.text(raw, field: "category") else {
          throw .invalidText(field: "category", value: raw, problem: .empty)
        }
        aisles.append(category)
      } catch {
        throw ImportError(
          file: scanner.input.source, line: scanner.line, reason: .invalidShop(error))
      }
      try countName(scanner)
    }
    return aisles
  }

  /// A shop's name, valid as a name.
  static func readShopName(
    _ scanner: inout JSONScanner, field: String
  ) throws(ImportError) -> String {
    guard case let .string(raw) = try scanner.readScalar() else {
      throw wrongType(scanner, field: field, expected: "a string")
    }
    do throws(ShoppingError) {
      return try Naming.name(raw)
    } catch {
      throw ImportError(
        file: scanner.input.source, line: scanner.line, reason: .invalidShop(error))
    }
  }

  static func readBool(_ scanner: inout JSONScanner, field: String) throws(ImportError) -> Bool {
    guard case let .bool(value) = try scanner.readScalar() else {
      throw wrongType(scanner, field: field, expected: "true or false")
    }
    return value
  }

  private mutating func countName(_ scanner: JSONScanner) throws(ImportError) {
    names += 1
    guard names <= ImportLimits.maximumSettingNames else {
      throw ImportError(
        file: scanner.input.source, line: scanner.line, reason: .tooManyShopNames)
    }
  }

  private static func wrongType(
    _ scanner: JSONScanner, field: String, expected: String
  ) -> ImportError {
    ImportError(
      file: scanner.input.source, line: scanner.line,
      reason: .wrongType(field: field, expected: expected))
  }
}
