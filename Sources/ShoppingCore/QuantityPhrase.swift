/// A name with a quantity before or after it, as people write shopping lists: `2 l milk`,
/// `500g greek yoghurt`, `milk 2 l`, `eggs x12`, `12x eggs`, `½ l cream`, `3 musketeers bar`.
/// One rule for every front end: `add`, the text importer, CSV quantity cells and the page's
/// add box read phrases with it, and text export writes items with it.
///
/// The rule:
/// - The quantity is a positive number: digits with a decimal point or comma (`1,5`), or a
///   vulgar fraction (`½`, `¼`, `¾`, also after digits: `1½`).
/// - A unit is a word of ``units`` (any case), after the number with or without a space (`2 l`,
///   `2l`); `x` or `×` next to the number, or as a word right after it, marks a count (`12x`,
///   `x12`, `×12`, `2 x pizza`).
/// - A leading number followed by a word that is not a unit is a count (`3 musketeers bar`:
///   three of `musketeers bar`). Digits inside or at the end of a name, without a unit or an
///   `x`, stay in it (`7up`, `Item 2`, `Route 66 sauce`).
/// - One quantity per phrase: a leading one is read first and the rest is the name as written;
///   a trailing one is read only when there is no leading one. A name must remain: `2 l` alone
///   is ``isOnlyQuantity``.
///
/// ```swift
/// let phrase = QuantityPhrase(parsing: "2 l milk")
/// phrase.name       // "milk"
/// phrase.quantity   // 2
/// phrase.unit       // "l"
/// QuantityPhrase.text(name: "box of chocolates", quantity: 2, unit: nil)  // "2x box of chocolates"
/// ```
public struct QuantityPhrase: Equatable, Sendable {
  /// The name, as written (not yet cleaned up by ``Naming/name(_:)``); empty when the text was
  /// only a quantity.
  public var name: String
  /// The quantity the phrase gives, if any.
  public var quantity: Quantity?
  /// The unit, as written, if the phrase gives one.
  public var unit: String?

  /// The words that are units: weights, volumes and containers.
  public static let units: [String] = [
    "g", "kg", "mg", "l", "ml", "cl", "dl", "oz", "lb", "pt", "qt", "gal", "pack", "packs", "pcs",
    "pc", "can", "cans", "bottle", "bottles", "box", "boxes", "bag", "bags", "jar", "jars",
    "dozen",
  ]

  /// A phrase of these parts.
  public init(name: String, quantity: Quantity?, unit: String?) {
    self.name = name
    self.quantity = quantity
    self.unit = unit
  }

  /// Whether the text was a quantity and nothing else (`2`, `2 l`, `x12`).
  public var isOnlyQuantity: Bool {
    quantity != nil && name.isEmpty
  }

  /// Reads `text` as a phrase. Text with no quantity is all name, exactly as written.
  public init(parsing text: String) {
    // Every quantity holds a digit or a fraction (see `number`): text without one, most names,
    // is all name, without splitting it into words.
    guard text.utf8.contains(where: { (0x30...0x39).contains($0) || $0 == 0xC2 }) else {
      self.init(name: text, quantity: nil, unit: nil)
      return
    }
    let words = Self.words(of: text)
    self =
      Self.leading(words) ?? Self.trailing(words)
      ?? QuantityPhrase(name: text, quantity: nil, unit: nil)
  }

  /// The shortest text that reads back as this name, quantity and unit: the name alone for one
  /// of it with no unit (`milk`), the quantity and unit before the name (`2 l milk`, `2 milk`),
  /// or a count marked with `x` where the name itself would read as a unit or a phrase
  /// (`2x box of chocolates`, `1x 3 musketeers bar`: never a bare `1` before a name). A unit that is not one of ``units``
  /// cannot be written in a phrase: the text then reads back without it.
  public static func text(name: String, quantity: Quantity, unit: String?) -> String {
    let amount = quantity.description
    var candidates: [String] = []
    if let unit, isUnit(unit) {
      candidates.append("\(amount) \(unit) \(name)")
    } else if quantity == .one {
      candidates.append(name)
    } else {
      candidates.append("\(amount) \(name)")
    }
    candidates.append("\(amount)x \(name)")
    let wanted = QuantityPhrase(
      name: name, quantity: quantity, unit: unit.flatMap { isUnit($0) ? $0 : nil })
    for candidate in candidates where QuantityPhrase(parsing: candidate).reads(as: wanted) {
      return candidate
    }
    return "\(amount)x \(name)"
  }

  /// Whether `word` is a unit (in any case).
  public static func isUnit(_ word: some StringProtocol) -> Bool {
    let lowered = word.lowercased()
    return units.contains(lowered)
  }

  // MARK: - Reading

  private typealias Words = ArraySlice<Substring>

  private static func words(of text: String) -> [Substring] {
    // ASCII, the usual case, splits on its white space bytes without Unicode tables: the same
    // words as splitting on white space characters.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      return text.utf8.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) })
        .map { Substring($0) }
    }
    return text.split(whereSeparator: { $0.isWhitespace })
  }

  private static func joined(_ words: Words) -> String {
    words.map(String.init).joined(separator: " ")
  }

  /// A quantity at the start: `2 l milk`, `2l milk`, `12x eggs`, `2 milk`, `x12 eggs`.
  private static func leading(_ words: [Substring]) -> QuantityPhrase? {
    guard let first = words.first, let amount = amount(in: first) else { return nil }
    let rest = words.dropFirst()
    switch amount.unit {
    case .some(let unit):
      return QuantityPhrase(name: joined(rest), quantity: amount.quantity, unit: unit)
    case .none where amount.isCount:
      return QuantityPhrase(name: joined(rest), quantity: amount.quantity, unit: nil)
    case .none:
      if let next = rest.first, isUnit(next) {
        return QuantityPhrase(
          name: joined(rest.dropFirst()), quantity: amount.quantity, unit: String(next))
      }
      // `2 x pizza`: the mark as a word of its own, with a name after it.
      if let next = rest.first, next == "x" || next == "X" || next == "×", rest.count > 1 {
        return QuantityPhrase(name: joined(rest.dropFirst()), quantity: amount.quantity, unit: nil)
      }
      return QuantityPhrase(name: joined(rest), quantity: amount.quantity, unit: nil)
    }
  }

  /// A quantity at the end: `milk 2 l`, `milk 2l`, `eggs x12`, `eggs 12x`; a bare number at
  /// the end stays in the name (`Item 2`).
  private static func trailing(_ words: [Substring]) -> QuantityPhrase? {
    guard let last = words.last else { return nil }
    let before = words.dropLast()
    if let amount = amount(in: last), amount.unit != nil || amount.isCount {
      return QuantityPhrase(name: joined(before), quantity: amount.quantity, unit: amount.unit)
    }
    if isUnit(last), let number = before.last, let amount = amount(in: number),
      amount.unit == nil, !amount.isCount
    {
      return QuantityPhrase(
        name: joined(before.dropLast()), quantity: amount.quantity, unit: String(last))
    }
    return nil
  }

  /// What one word says of a quantity: `2`, `1,5`, `½`, `1½`, `2l`, `500g`, `12x`, `x12`, `×12`.
  private struct Amount {
    var quantity: Quantity
    var unit: String?
    var isCount: Bool
  }

  private static func amount(in word: Substring) -> Amount? {
    if let marked = word.first, marked == "x" || marked == "X" || marked == "×" {
      return number(word.dropFirst()).map { Amount(quantity: $0, unit: nil, isCount: true) }
    }
    if let marked = word.last, marked == "x" || marked == "X" || marked == "×" {
      return number(word.dropLast()).map { Amount(quantity: $0, unit: nil, isCount: true) }
    }
    if let quantity = number(word) { return Amount(quantity: quantity, unit: nil, isCount: false) }
    // A unit written against the number: `2l`, `500g`, `1,5kg`.
    guard let split = word.firstIndex(where: { $0.isLetter }), split > word.startIndex,
      isUnit(word[split...]), let quantity = number(word[..<split])
    else { return nil }
    return Amount(quantity: quantity, unit: String(word[split...]), isCount: false)
  }

  /// A positive number: digits with one decimal point or comma, or a vulgar fraction, alone or
  /// after digits; `nil` for anything else (or zero, or too many digits: such a word stays in
  /// the name, as in `00 flour`).
  static func number(_ text: Substring) -> Quantity? {
    guard !text.isEmpty else { return nil }
    var digits = text
    var fraction = ""
    if let last = digits.last, let value = decimals(of: last) {
      fraction = value
      digits = digits.dropLast()
      guard digits.allSatisfy(isDigit) else { return nil }
      let whole = digits.isEmpty ? "0" : String(digits)
      return try? Quantity(whole + fraction)
    }
    var separators = 0
    for character in digits {
      if character == "." || character == "," {
        separators += 1
      } else if !isDigit(character) {
        return nil
      }
    }
    guard separators <= 1, digits.first.map(isDigit) == true, digits.last.map(isDigit) == true
    else {
      return nil
    }
    return try? Quantity(digits)
  }

  /// The decimals a vulgar fraction stands for. A switch, not a dictionary: this runs for a
  /// word of every line an import reads, and hashing a character costs more than comparing it.
  private static func decimals(of character: Character) -> String? {
    switch character {
    case "½": ".5"
    case "¼": ".25"
    case "¾": ".75"
    default: nil
    }
  }

  /// Whether a character is one of the ASCII digits, the only digits a quantity is written in.
  private static func isDigit(_ character: Character) -> Bool {
    character.asciiValue.map { (0x30...0x39).contains($0) } ?? false
  }

  // MARK: - Comparing

  /// Whether this phrase, read from text, gives `wanted`: the same name once cleaned up, the
  /// same quantity (none meaning one), and the same unit.
  func reads(as wanted: QuantityPhrase) -> Bool {
    guard !name.isEmpty, (try? Naming.name(name)) == (try? Naming.name(wanted.name)) else {
      return false
    }
    return (quantity ?? .one) == (wanted.quantity ?? .one) && unit == wanted.unit
  }
}

extension ProductChanges {
  /// These changes with the quantity and unit `phrase` gives, when it gives a quantity: a
  /// phrase names the amount whole, so `2 milk` leaves no unit and `2 l milk` sets one.
  public func amount(of phrase: QuantityPhrase) -> ProductChanges {
    guard let quantity = phrase.quantity else { return self }
    return ProductChanges(
      validQuantity: quantity, unit: .some(phrase.unit), category: category, note: note,
      isChecked: isChecked)
  }
}
