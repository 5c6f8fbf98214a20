import Foundation

// MARK: - Case folding

extension Naming {
  /// `text` as names are compared: under Unicode's full case folding (its default mappings,
  /// not the Turkic ones: `I` folds to `i`, and the dotless `ı` stays itself), without the
  /// default-ignorable characters (U+00AD, U+200D, variation selectors…), in normalisation
  /// form C, so that canonically equivalent texts (composed or decomposed accents) fold alike.
  /// This is Unicode's canonical caseless match (chapter 3.13, D145), ignoring what is
  /// ignorable.
  ///
  /// ```swift
  /// Naming.folded("Weißwurst") == Naming.folded("WEISSWURST")  // true
  /// Naming.folded("ΟΔΟΣ") == Naming.folded("οδος")             // true
  /// ```
  static func folded(_ text: String) -> String {
    // Text that folding leaves as it is needs only composing: no decomposing, no rebuilding.
    // (A scalar that does not change when folded decomposes into scalars that do not either,
    // and none decomposes into a default-ignorable one.)
    if text.unicodeScalars.allSatisfy(isKeptByFolding) {
      return text.precomposedStringWithCanonicalMapping
    }
    return String(foldedScalars(text)).precomposedStringWithCanonicalMapping
  }

  /// Whether folding keeps `scalar` as it is, decomposed or not.
  static func isKeptByFolding(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value &- 0x41 >= 26 }
    let properties = scalar.properties
    return !properties.changesWhenCaseFolded && !properties.isDefaultIgnorableCodePoint
  }

  /// `text` decomposed (normalisation form D), case-folded scalar by scalar, with its
  /// default-ignorable characters dropped; not yet in canonical order where folding or
  /// dropping changed it.
  static func foldedScalars(_ text: String) -> String.UnicodeScalarView {
    var folded = String.UnicodeScalarView()
    // Decomposed first: whether a scalar changes under folding is defined on its
    // decomposition (`ΐ` decomposes into letters that are folded already).
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
      if scalar.isASCII {
        // Upper case to lower case; nothing else in ASCII changes, or is ignorable.
        let value = scalar.value
        folded.append(Unicode.Scalar(UInt8(value &- 0x41 < 26 ? value | 0x20 : value)))
        continue
      }
      let properties = scalar.properties
      if properties.isDefaultIgnorableCodePoint { continue }
      if properties.changesWhenCaseFolded {
        folded.append(contentsOf: caseFolding(of: scalar))
      } else {
        folded.append(scalar)
      }
    }
    return folded
  }

  /// The full case folding of a scalar that changes when folded.
  ///
  /// The standard library knows the full case mappings but not the folding, which is derived
  /// from them: the lowercase mapping where that is folded already (`A` → `a`, `İ` → `i̇`);
  /// else the uppercase of that where it is (the Cherokee small letters fold to their
  /// capitals, `ꭰ` → `Ꭰ`); else the lowercase of that (`ß` → `SS` → `ss`, `ﬁ` → `fi`,
  /// `ς` → `σ`, `ſ` → `s`). A test checks the result against every code point of an
  /// independent implementation.
  private static func caseFolding(of scalar: Unicode.Scalar) -> String.UnicodeScalarView {
    let lower = mapped(CollectionOfOne(scalar), \.lowercaseMapping)
    if isFolded(lower) { return lower }
    let upper = mapped(lower, \.uppercaseMapping)
    if isFolded(upper) { return upper }
    return mapped(upper, \.lowercaseMapping)
  }

  /// Each scalar's full mapping, one after the other, without any rule that looks at the
  /// neighbours (such as lower-casing a final Σ to ς).
  private static func mapped(
    _ scalars: some Sequence<Unicode.Scalar>, _ mapping: (Unicode.Scalar.Properties) -> String
  ) -> String.UnicodeScalarView {
    var result = String.UnicodeScalarView()
    for scalar in scalars {
      result.append(contentsOf: mapping(scalar.properties).unicodeScalars)
    }
    return result
  }

  private static func isFolded(_ scalars: String.UnicodeScalarView) -> Bool {
    scalars.allSatisfy { !$0.properties.changesWhenCaseFolded }
  }

  /// `text` as loose comparisons see it — finding text, suggesting a name, sorting by name:
  /// folded as names are compared (see ``NameKey``), with accents and other nonspacing marks
  /// dropped too.
  ///
  /// ```swift
  /// Naming.looselyFolded("Crème BRÛLÉE") == "creme brulee"  // true
  /// ```
  public static func looselyFolded(_ text: String) -> String {
    var scalars = foldedScalars(text)
    scalars.removeAll { $0.properties.generalCategory == .nonspacingMark }
    return String(scalars).precomposedStringWithCanonicalMapping
  }
}
