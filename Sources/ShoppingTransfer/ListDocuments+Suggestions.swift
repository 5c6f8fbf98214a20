import ShoppingCore

extension ListDocuments {
  /// `{"suggestions": [{"name": "Milk", "quantity": 2, "unit": "l", "category": "dairy",
  /// "times": 3}]}`: items bought before, in the order given, each with the amount and
  /// category it was last bought with.
  public static func suggestions(_ items: [BoughtItems.Item]) -> String {
    func text(_ value: String?) -> String { value.map(JSONText.string) ?? "null" }
    let objects = items.map { item in
      #"{"name": "# + JSONText.string(item.name) + #", "quantity": \#(item.quantity), "#
        + #""unit": "# + text(item.unit) + #", "category": "# + text(item.category)
        + #", "times": \#(item.times)}"#
    }
    return #"{"suggestions": ["# + objects.joined(separator: ", ") + "]}\n"
  }
}
