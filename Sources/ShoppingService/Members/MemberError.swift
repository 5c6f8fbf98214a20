import ShoppingCore

/// Why a change to the members of the household was refused. Nothing was changed.
public enum MemberError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A member of this name has joined already (one who has not is given a new invite
  /// instead).
  case alreadyMember(String)
  /// No member has this name; `nearest` is the name of the one probably meant, if one is
  /// close.
  case noSuchMember(String, nearest: String?)
  /// The member asking was removed meanwhile.
  case removed

  public var description: String {
    switch self {
    case let .alreadyMember(name):
      return "\(DisplayText.quoted(name)) is already a member; a link for another device "
        + "of theirs: shoplist members invite \(DisplayText.quoted(name))"
    case let .noSuchMember(name, nearest):
      let hint = nearest.map { "; did you mean \(DisplayText.quoted($0))?" } ?? ""
      return "no member \(DisplayText.quoted(name))\(hint)"
    case .removed:
      return "this device was signed out: its member was removed from the household"
    }
  }
}
