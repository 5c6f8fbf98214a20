/// What a backup holds beside its lists' items: the shops with their aisle orders and which
/// is the default, each list's usual shop, and the default list.
///
/// An import restores them after the rows (``ShoppingAction/importSettings(_:)``): shops are
/// matched by name, made when missing and given the backup's order; a list the backup gives a
/// shop gets it; the default marks follow the backup. Nothing the backup does not name is
/// touched, so importing a backup into a database that has more keeps the rest.
///
/// ```swift
/// var settings = BackupSettings()
/// settings.shops = [.init(name: "Lidl", aisles: ["Produce", "Dairy"], isDefault: true)]
/// settings.listShops = [.init(list: "weekend", shop: "Lidl")]
/// settings.defaultList = "weekend"
/// ```
public struct BackupSettings: Equatable, Sendable {
  /// A shop as a backup writes it.
  public struct ShopEntry: Equatable, Sendable {
    /// The shop's name.
    public var name: String
    /// Its categories in the order its aisles meet them.
    public var aisles: [String]
    /// Whether it is the default shop.
    public var isDefault: Bool

    /// Creates a shop entry.
    public init(name: String, aisles: [String], isDefault: Bool) {
      self.name = name
      self.aisles = aisles
      self.isDefault = isDefault
    }
  }

  /// A list's usual shop, as a backup names both.
  public struct ListShop: Equatable, Sendable {
    /// The list's name.
    public var list: String
    /// The shop's name.
    public var shop: String
    /// Where the backup names it, for messages (from 1; 0 when not from a file).
    public var line: Int

    /// Creates a list's shop entry.
    public init(list: String, shop: String, line: Int = 0) {
      self.list = list
      self.shop = shop
      self.line = line
    }
  }

  /// The shops, in the backup's order.
  public var shops: [ShopEntry]
  /// The lists' shops, in the backup's order.
  public var listShops: [ListShop]
  /// The default list's name, if the backup marks one.
  public var defaultList: String?

  /// Creates settings to restore.
  public init(shops: [ShopEntry] = [], listShops: [ListShop] = [], defaultList: String? = nil) {
    self.shops = shops
    self.listShops = listShops
    self.defaultList = defaultList
  }

  /// Whether there is nothing to restore.
  public var isEmpty: Bool { shops.isEmpty && listShops.isEmpty && defaultList == nil }
}
