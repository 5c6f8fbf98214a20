extension ChangeRecord {
  /// What this change tells of buying: each product it checked, as it was once checked, and
  /// each product it removed while checked (`clear`), as it was then.
  public var purchases: (checked: [Product], removed: [Product]) {
    var checked: [Product] = []
    var removed: [Product] = []
    for case let .executed(effect) in steps {
      switch effect {
      case let .updateProduct(product)
      where product.isChecked && products[product.id]?.product.isChecked == false:
        checked.append(product)
      case let .deleteProducts(ids):
        removed += ids.compactMap { products[$0]?.product }.filter(\.isChecked)
      default:
        continue
      }
    }
    return (checked, removed)
  }
}
