/// The order people expect names in: case and accents ignored (`éclair` beside `Eggs`, not
/// after `Zucchini`; `Weißwurst` as `weisswurst`), and runs of digits compared as numbers
/// (`Item 2` before `Item 10`).
///
/// ```swift
/// let keys = ["Item 10", "item 2"].map(NaturalOrder.Key.init)
/// keys[1] < keys[0]  // true
/// ```
public enum NaturalOrder {
  /// A name prepared for comparison once, so that sorting a long list folds each name once
  /// rather than at every comparison.
  public struct Key: Comparable, Sendable {
    let scalars: [UInt32]

    /// Folds `text` as names are compared (see ``Naming/key(_:)``), accents and other
    /// nonspacing marks removed too.
    public init(_ text: String) {
      var scalars: [UInt32] = []
      scalars.reserveCapacity(text.utf8.count)
      if text.utf8.allSatisfy({ $0 < 0x80 }) {
        for byte in text.utf8 {
          scalars.append(UInt32(byte &- 0x41 < 26 ? byte | 0x20 : byte))
        }
      } else {
        for scalar in Naming.foldedScalars(text)
        where scalar.properties.generalCategory != .nonspacingMark {
          scalars.append(scalar.value)
        }
      }
      self.scalars = scalars
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
      NaturalOrder.compare(lhs.scalars, rhs.scalars) < 0
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
      NaturalOrder.compare(lhs.scalars, rhs.scalars) == 0
    }
  }

  /// Negative, zero or positive as `lhs` sorts before, with or after `rhs`.
  static func compare(_ lhs: [UInt32], _ rhs: [UInt32]) -> Int {
    var left = 0
    var right = 0
    while left < lhs.count, right < rhs.count {
      if isDigit(lhs[left]), isDigit(rhs[right]) {
        // Compare the numbers: without leading zeros, the longer is larger; of equal length,
        // the first differing digit decides.
        var leftStart = left
        var rightStart = right
        while leftStart < lhs.count, lhs[leftStart] == 0x30 { leftStart += 1 }
        while rightStart < rhs.count, rhs[rightStart] == 0x30 { rightStart += 1 }
        var leftEnd = leftStart
        var rightEnd = rightStart
        while leftEnd < lhs.count, isDigit(lhs[leftEnd]) { leftEnd += 1 }
        while rightEnd < rhs.count, isDigit(rhs[rightEnd]) { rightEnd += 1 }
        let lengths = (leftEnd - leftStart) - (rightEnd - rightStart)
        if lengths != 0 { return lengths }
        for offset in 0..<(leftEnd - leftStart)
        where lhs[leftStart + offset] != rhs[rightStart + offset] {
          return Int(lhs[leftStart + offset]) - Int(rhs[rightStart + offset])
        }
        left = leftEnd
        right = rightEnd
        continue
      }
      if lhs[left] != rhs[right] { return Int(lhs[left]) - Int(rhs[right]) }
      left += 1
      right += 1
    }
    return (lhs.count - left) - (rhs.count - right)
  }

  private static func isDigit(_ scalar: UInt32) -> Bool {
    scalar &- 0x30 < 10
  }
}
