import ShoppingCore

extension ListDocuments {
  /// `{"suggestions": [{"name": "Milk", "quantity": 2, "unit": "l", "category": "dairy",
  /// "times": 3}]}`: items had before, in the order given, each with the amount and category
  /// it last had.
  public static func suggestions(_ items: [RememberedItem]) -> String {
    let objects: [JSONValue] = items.map { item in
      [
        "name": .string(item.name), "quantity": .number("\(item.quantity)"),
        "unit": .nullable(item.unit), "category": .nullable(item.category),
        "times": .integer(item.times),
      ]
    }
    return JSONValue.object(["suggestions": .array(objects)]).document
  }
}
