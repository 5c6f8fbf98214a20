import Foundation
import ShoppingCore

/// One line of a text list with its markup read: the text left, whether the line carried a
/// bullet or a task box, and the checked state its box or strike-through gives.
///
/// Shoplist's own text (what `export --format text` writes) gives every item a box, and a
/// boxed line is read as before: bullet, box, quantity phrase. The markup of other apps'
/// shared text — emphasis, strike-through, a heading ending with `:`, a quantity in
/// parentheses or after a dash — is read only on lines without a box, so that no exported
/// name reads back as anything else.
struct TextLine {
  var text: Substring
  var number: Int
  var list: TextReader.List
  var isChecked: Bool?
  /// Taken as written: no markup or phrase is read from it (a line starting with `\`).
  var literal = false
  /// Whether the line carried a bullet or a box.
  var isMarked = false
  /// Whether the line carried a box, which makes it an item whatever it says.
  var isBoxed = false
  /// The phrase a quantity at the end gave, in parentheses or after a dash.
  private var trailing: QuantityPhrase?

  init(text: Substring, number: Int, list: TextReader.List, literal: Bool = false) {
    self.text = text
    self.number = number
    self.list = list
    self.literal = literal
  }

  /// `line` with its bullet, box and emphasis read.
  static func reading(_ line: Substring, number: Int, list: TextReader.List) -> TextLine {
    var read = TextLine(text: TextReader.droppingBullet(line), number: number, list: list)
    read.isMarked = read.text.count != line.count
    if let (checked, rest) = checkbox(read.text) {
      read.isChecked = checked
      read.text = rest
      read.isMarked = true
      read.isBoxed = true
    } else {
      var (text, struck) = unwrapping(read.text)
      if let trailing = trailingQuantity(text) {
        // The name before the quantity may carry emphasis of its own: `**Bagels** - 1 pack`.
        let name = unwrapping(Substring(trailing.name))
        struck = struck || name.struck
        text = name.text
        read.trailing = QuantityPhrase(
          name: String(name.text), quantity: trailing.quantity, unit: trailing.unit)
      }
      read.text = text
      if struck { read.isChecked = true }
    }
    return read
  }

  /// The heading a line without a box is by its form, `Dairy:`, without its colon.
  var colonHeading: Substring? {
    guard !isBoxed, !literal, text.count > 1, text.last == ":" else { return nil }
    let heading = RawRow.trimmed(String(text.dropLast()))
    return heading.isEmpty ? nil : Substring(heading)
  }

  /// The quantity phrase the line is: a trailing quantity in parentheses or after a dash on a
  /// line without a box (`Bananas (6)`, `Bagels - 1 pack`), else the core's rule.
  var phrase: QuantityPhrase {
    trailing ?? QuantityPhrase(parsing: String(text))
  }

  /// The text of a Markdown heading of two to six `#` (`## Dairy`, `### **Dairy** ###`).
  static func markdownHeading(_ line: Substring) -> Substring? {
    let hashes = line.prefix { $0 == "#" }.count
    guard (2...6).contains(hashes) else { return nil }
    let rest = line.dropFirst(hashes)
    guard rest.first == " " || rest.first == "\t" else { return nil }
    var text = Substring(RawRow.trimmed(String(rest)))
    // Closing hashes, as Markdown allows.
    while text.last == "#" { text = text.dropLast() }
    text = Substring(RawRow.trimmed(String(text)))
    return text.isEmpty ? nil : unwrapping(text).text
  }

  /// The checked state a leading `[ ]` or `[x]` gives, and the rest of the line.
  static func checkbox(_ line: Substring) -> (Bool, Substring)? {
    guard line.count > 3, line.hasPrefix("[") else { return nil }
    let checked: Bool
    switch line.prefix(3) {
    case "[ ]": checked = false
    case "[x]", "[X]": checked = true
    default: return nil
    }
    let rest = line.dropFirst(3)
    guard rest.first == " " || rest.first == "\t" else { return nil }
    return (checked, rest.drop { $0 == " " || $0 == "\t" })
  }

  /// `text` without the Markdown emphasis around all of it (`**`, `__`, `*`, `_`), and
  /// whether it was struck through (`~~`).
  static func unwrapping(_ text: Substring) -> (text: Substring, struck: Bool) {
    var text = text
    var struck = false
    for _ in 0..<4 {
      if let inner = unwrap(text, "~~") {
        text = inner
        struck = true
      } else if let inner = unwrap(text, "**") ?? unwrap(text, "__") ?? unwrap(text, "*")
        ?? unwrap(text, "_")
      {
        text = inner
      } else {
        break
      }
    }
    return (text, struck)
  }

  private static func unwrap(_ text: Substring, _ mark: String) -> Substring? {
    guard text.count > 2 * mark.count, text.hasPrefix(mark), text.hasSuffix(mark) else {
      return nil
    }
    let inner = text.dropFirst(mark.count).dropLast(mark.count)
    guard let first = inner.first, let last = inner.last, !first.isWhitespace,
      !last.isWhitespace, mark.count > 1 || (String(first) != mark && String(last) != mark)
    else { return nil }
    return inner
  }

  /// A name with a quantity in parentheses or after a dash at its end: `Bananas (6)`,
  /// `Bagels - 1 pack`, `Milk – 2 l`; `nil` when what is there is no quantity alone
  /// (`Bread (whole wheat)`).
  static func trailingQuantity(_ text: Substring) -> QuantityPhrase? {
    if text.last == ")", let open = text.lastIndex(of: "(") {
      let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
      if let found = phrase(name: text[..<open], quantity: inner) { return found }
    }
    for dash in [" - ", " – ", " — "] {
      guard let range = text.range(of: dash, options: .backwards) else { continue }
      if let found = phrase(name: text[..<range.lowerBound], quantity: text[range.upperBound...]) {
        return found
      }
    }
    return nil
  }

  private static func phrase(name: Substring, quantity: Substring) -> QuantityPhrase? {
    let name = RawRow.trimmed(String(name))
    let amount = QuantityPhrase(parsing: RawRow.trimmed(String(quantity)))
    guard !name.isEmpty, amount.isOnlyQuantity else { return nil }
    return QuantityPhrase(name: name, quantity: amount.quantity, unit: amount.unit)
  }
}

extension TextReader {
  /// The line without the list bullet it starts with (`- `, `* `, `• `, or a number of up to
  /// nine digits and `. ` or `) `), or the whole line when a bullet is all there is.
  static func droppingBullet(_ line: Substring) -> Substring {
    var rest: Substring
    switch line.first {
    case "-", "*", "•":
      rest = line.dropFirst()
    case let digit? where digit.isASCII && digit.isNumber:
      let digits = line.prefix { $0.isASCII && $0.isNumber }
      rest = line.dropFirst(digits.count)
      guard digits.count <= 9, rest.first == "." || rest.first == ")" else { return line }
      rest = rest.dropFirst()
    default:
      return line
    }
    guard rest.first == " " || rest.first == "\t" else { return line }
    let item = rest.drop { $0 == " " || $0 == "\t" }
    return item.isEmpty ? line : item
  }
}
