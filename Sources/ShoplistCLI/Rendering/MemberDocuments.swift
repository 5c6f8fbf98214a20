import Foundation
import ShoppingCore
import ShoppingService
import ShoppingStorage
import ShoppingTransfer

/// The JSON documents of `members --json`: each member as
/// `{"name": "Ana", "invitedAt": "…Z", "joinedAt": "…Z" or null, "lastSeenAt": "…Z" or null,
/// "devices": [{"joinedAt": "…Z", "lastSeenAt": "…Z" or null}]}`.
enum MemberDocuments {
  /// `{"members": [member, …]}`, in the order they were first invited.
  static func members(_ members: [Member]) -> String {
    JSONValue.object(["members": .array(members.map(object))]).document
  }

  /// `{"member": member, "link": "URL/join/CODE", "expiresAt": "…Z", "replacedEarlier": false}`:
  /// a new invite.
  static func invite(_ invite: Invite, link: String) -> String {
    JSONValue.object([
      "member": object(invite.member), "link": .string(link),
      "expiresAt": .time(invite.expiresAt), "replacedEarlier": .bool(invite.replacedEarlier),
    ]).document
  }

  private static func object(_ member: Member) -> JSONValue {
    [
      "name": .string(member.name), "invitedAt": .time(member.invitedAt),
      "joinedAt": .time(member.joinedAt), "lastSeenAt": .time(member.lastSeenAt),
      "devices": .array(
        member.devices.map { device in
          ["joinedAt": .time(device.joinedAt), "lastSeenAt": .time(device.lastSeenAt)]
        }),
    ]
  }
}
