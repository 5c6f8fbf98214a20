/// The nearest of some words to one a user mistyped, for a "did you mean" hint: compared with
/// case and accents ignored, by edit distance (a letter added, dropped, changed, or two
/// neighbours swapped), and only when close enough that the hint is likely right. Asked to, it
/// also takes a later word of a name: when no candidate is that close, the one candidate with
/// a later word starting with what was typed is the hint (`yoghurt` for "greek yoghurt").
///
/// ```swift
/// Suggestion.nearest(to: "mlk", among: ["Milk", "Bread"])  // "Milk"
/// Suggestion.nearest(to: "yoghurt", among: ["Greek yoghurt"], orLaterWord: true)  // "Greek yoghurt"
/// Suggestion.nearest(to: "xyz", among: ["Milk", "Bread"])  // nil
/// ```
public enum Suggestion {
  /// The word of `candidates` nearest to `typed`, as the candidate is written; `nil` when none
  /// is close. Ties go to the first candidate.
  ///
  /// - Parameters:
  ///   - typed: What the user wrote.
  ///   - candidates: The words it may have meant.
  ///   - orLaterWord: Whether, when none is close, the one candidate with a later word
  ///     starting with `typed` (three characters or more) is the answer: for items, whose
  ///     references match a name's start; not for names a command may create.
  public static func nearest(
    to typed: String, among candidates: some Sequence<String>, orLaterWord: Bool = false
  ) -> String? {
    let folded = fold(typed)
    guard !folded.isEmpty else { return nil }
    let limit = allowedDistance(forLength: folded.count)
    var best: (candidate: String, distance: Int)?
    // The candidates with a later word starting with what was typed, for when none is close.
    var containing: [String] = []
    for candidate in candidates {
      let other = fold(candidate)
      if orLaterWord, folded.count >= 3, containing.count < 2,
        startsAWord(folded, after: 1, in: other)
      {
        containing.append(candidate)
      }
      guard abs(other.count - folded.count) <= limit else { continue }
      let distance = editDistance(folded, other, limit: best.map { $0.distance - 1 } ?? limit)
      if let distance, distance <= limit {
        best = (candidate, distance)
        if distance == 0 { break }
      }
    }
    return best?.candidate ?? (containing.count == 1 ? containing[0] : nil)
  }

  /// Whether `part` starts a word of `whole` after its first `skipping` words.
  static func startsAWord(_ part: [Character], after skipping: Int, in whole: [Character]) -> Bool {
    guard whole.count > part.count else { return false }
    var wordsSeen = 0
    for start in whole.indices where start == 0 || whole[start - 1] == " " {
      defer { wordsSeen += 1 }
      guard wordsSeen >= skipping, whole[start] != " " else { continue }
      if whole[start...].starts(with: part) { return true }
    }
    return false
  }

  /// How many edits a word of `length` characters may be away: one for short words, a third
  /// of the word for longer ones, never more than three.
  static func allowedDistance(forLength length: Int) -> Int {
    min(3, max(1, length / 3))
  }

  /// `text` folded as names are compared, its accents and other combining marks dropped
  /// (see ``Naming/looselyFolded(_:)``), as characters.
  static func fold(_ text: String) -> [Character] {
    Array(Naming.looselyFolded(text))
  }

  /// The optimal string alignment distance between `a` and `b`, or `nil` when it exceeds
  /// `limit`.
  static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
    guard limit >= 0 else { return nil }
    if a.isEmpty { return b.count <= limit ? b.count : nil }
    if b.isEmpty { return a.count <= limit ? a.count : nil }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return nil }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}
