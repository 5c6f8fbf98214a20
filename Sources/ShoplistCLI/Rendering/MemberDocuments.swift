import Foundation
import ShoppingCore
import ShoppingService
import ShoppingStorage
import ShoppingTransfer

/// The JSON documents of `members --json`: each member as
/// `{"name": "Ana", "invitedAt": "…Z", "joinedAt": "…Z" or null, "lastSeenAt": "…Z" or null}`.
enum MemberDocuments {
  /// `{"members": [member, …]}`, in the order they were first invited.
  static func members(_ members: [Member]) -> String {
    #"{"members": ["# + members.map(object).joined(separator: ", ") + "]}\n"
  }

  /// `{"member": member, "link": "URL/join/CODE", "replacedEarlier": false}`: a new invite.
  static func invite(_ invite: Invite, link: String) -> String {
    #"{"member": "# + object(invite.member) + #", "link": "# + JSONText.string(link)
      + #", "replacedEarlier": \#(invite.replacedEarlier)}"# + "\n"
  }

  private static func object(_ member: Member) -> String {
    func time(_ date: Date?) -> String {
      date.map { "\"\(Timestamp.string(from: $0))\"" } ?? "null"
    }
    return #"{"name": "# + JSONText.string(member.name)
      + #", "invitedAt": \#(time(member.invitedAt)), "joinedAt": \#(time(member.joinedAt)), "#
      + #""lastSeenAt": \#(time(member.lastSeenAt))}"#
  }
}
