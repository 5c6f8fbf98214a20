import Foundation
import ShoplistTestSupport
import ShoppingCore
import ShoppingEngines
import ShoppingSQLite
import Testing

@testable import ShoppingService

/// Members of the household: invites, joining once, the secret that signs a phone in, removal,
/// and history naming who made a change. In memory, but for what only a database file shows
/// (what is stored in it, other connections to it).
@Suite struct MembersServiceTests {
  /// A service over fresh storage (in memory, or a file), its clock at `now` (moved by the
  /// tests).
  final class Fixture: @unchecked Sendable {
    let folder: URL
    let path: String
    let clock = Clock()
    let service: ShoppingService

    final class Clock: @unchecked Sendable {
      private let lock = NSLock()
      private var value = Date(timeIntervalSince1970: 1_800_000_000)
      var now: Date {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
      }
    }

    init(_ storage: StorageChoice = .memory) throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("shoplist-members-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      path = folder.appendingPathComponent("shopping.sqlite").path
      let clock = self.clock
      service = ShoppingService(
        storage: try storage.open(in: folder),
        environment: ShoppingEnvironment(now: { clock.now }, uuid: { UUID() }))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Another connection to the same file, as another process has (for a fixture on a file).
    func otherService() throws -> ShoppingService {
      try ShoppingService(path: path)
    }
  }

  @Test func anInviteIsAMemberNotJoinedWithACodeOfAtLeast128Bits() throws {
    let fixture = try Fixture()
    let invite = try fixture.service.invite(named: "  Ana  ")
    #expect(invite.member.name == "Ana")
    #expect(invite.member.joinedAt == nil && invite.member.lastSeenAt == nil)
    #expect(invite.member.invitedAt == fixture.clock.now)
    #expect(!invite.replacedEarlier)
    // 22 characters of 64 kinds: 132 bits, of which the 128 random ones.
    #expect(invite.code.count == 22)
    #expect(invite.code.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    #expect(try fixture.service.members() == [invite.member])
    let other = try fixture.service.invite(named: "Ben")
    #expect(other.code != invite.code)
  }

  @Test func theDatabaseKeepsOnlyTheHashesOfCodesAndSecrets() throws {
    let fixture = try Fixture(.sqlite)
    let invite = try fixture.service.invite(named: "Ana")
    guard case let .joined(_, secret) = try fixture.service.join(code: invite.code) else {
      Issue.record("did not join")
      return
    }
    #expect(secret.count == 43)
    let stored = try sqlite3(
      fixture.path,
      "SELECT invite.codeHash, device.secretHash FROM invite JOIN device USING (memberId)")
    #expect(
      stored == MemberCredentials.hash(invite.code) + "|" + MemberCredentials.hash(secret) + "\n")
  }

  @Test func aNameIsCheckedAndComparedAsListNamesAre() throws {
    let fixture = try Fixture()
    #expect(throws: ShoppingError.invalidName("   ", problem: .empty)) {
      try fixture.service.invite(named: "   ")
    }
    let ana = try fixture.service.invite(named: "Weißwurst")
    guard case .joined = try fixture.service.join(code: ana.code) else {
      Issue.record("did not join")
      return
    }
    #expect(throws: MemberError.alreadyMember("Weißwurst")) {
      try fixture.service.invite(named: "WEISSWURST")
    }
    #expect(try fixture.service.members().count == 1)
  }

  @Test func invitingAMemberWhoHasNotJoinedReplacesTheirInvite() throws {
    let fixture = try Fixture()
    let first = try fixture.service.invite(named: "Ana")
    fixture.clock.now += 300
    let second = try fixture.service.invite(named: "ana")
    #expect(second.replacedEarlier)
    #expect(second.member.id == first.member.id && second.member.name == "Ana")
    // The member keeps when they were first invited; the new link runs from now.
    #expect(second.member.invitedAt == first.member.invitedAt)
    #expect(second.expiresAt == fixture.clock.now + ShoppingService.inviteLifetime)
    #expect(try fixture.service.members() == [second.member])
    guard case .unknown = try fixture.service.join(code: first.code) else {
      Issue.record("the replaced code still works")
      return
    }
    guard case .joined = try fixture.service.join(code: second.code) else {
      Issue.record("the new code does not work")
      return
    }
  }

  @Test func aCodeSignsInOnceAndIsThenUsed() throws {
    let fixture = try Fixture()
    let invite = try fixture.service.invite(named: "Ana")
    fixture.clock.now += 60
    guard case let .joined(member, secret) = try fixture.service.join(code: invite.code) else {
      Issue.record("did not join")
      return
    }
    #expect(member.joinedAt == fixture.clock.now && member.lastSeenAt == fixture.clock.now)
    guard case let .used(again) = try fixture.service.join(code: invite.code) else {
      Issue.record("the code worked twice")
      return
    }
    #expect(again.id == member.id)
    #expect(try fixture.service.member(presenting: secret)?.id == member.id)
    #expect(try fixture.service.member(presenting: invite.code) == nil)
    #expect(throws: MemberError.alreadyMember("Ana")) { try fixture.service.invite(named: "Ana") }
  }

  @Test(arguments: [
    "", "short", "AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAA=", "ä" + "A" * 21,
  ])
  func anythingButAnInvitesCodeIsUnknown(code: String) throws {
    let fixture = try Fixture()
    _ = try fixture.service.invite(named: "Ana")
    guard case .unknown = try fixture.service.join(code: code) else {
      Issue.record("\(code) joined")
      return
    }
    #expect(try fixture.service.members().allSatisfy { !$0.hasJoined })
  }

  @Test func twoPhonesOpeningOneLinkAtOnceNeverBothJoin() async throws {
    let fixture = try Fixture(.sqlite)
    let invite = try fixture.service.invite(named: "Ana")
    let services = try (0..<6).map { _ in try fixture.otherService() }
    let joined = try await withThrowingTaskGroup(of: Bool.self) { group in
      for service in services {
        group.addTask {
          if case .joined = try service.join(code: invite.code) { return true }
          return false
        }
      }
      return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(joined == 1)
  }

  @Test func lastSeenIsWrittenAtMostOnceAMinute() throws {
    let fixture = try Fixture()
    let invite = try fixture.service.invite(named: "Ana")
    guard case let .joined(joined, secret) = try fixture.service.join(code: invite.code) else {
      Issue.record("did not join")
      return
    }
    let seen = { try fixture.service.members().first?.lastSeenAt }
    fixture.clock.now += 59
    #expect(try fixture.service.member(presenting: secret) != nil)
    #expect(try seen() == joined.joinedAt)
    fixture.clock.now += 1
    #expect(try fixture.service.member(presenting: secret)?.lastSeenAt == fixture.clock.now)
    #expect(try seen() == fixture.clock.now)
  }

  @Test func removingAMemberSignsTheirPhoneOutAndEndsTheirInvite() throws {
    let fixture = try Fixture()
    let ana = try fixture.service.invite(named: "Ana")
    let ben = try fixture.service.invite(named: "Ben")
    guard case let .joined(_, secret) = try fixture.service.join(code: ana.code) else {
      Issue.record("did not join")
      return
    }
    let (removed, remaining) = try fixture.service.removeMember(named: "ANA")
    #expect(removed.name == "Ana" && remaining.map(\.name) == ["Ben"])
    #expect(try fixture.service.member(presenting: secret) == nil)
    try fixture.service.removeMember(named: "Ben")
    guard case .unknown = try fixture.service.join(code: ben.code) else {
      Issue.record("a removed member's invite still works")
      return
    }
    #expect(try fixture.service.members().isEmpty)
  }

  @Test func removingSomeoneWhoIsNotAMemberNamesTheNearestAndChangesNothing() throws {
    let fixture = try Fixture()
    _ = try fixture.service.invite(named: "Anabel")
    #expect(throws: MemberError.noSuchMember("Anabell", nearest: "Anabel")) {
      try fixture.service.removeMember(named: "Anabell")
    }
    #expect(throws: MemberError.noSuchMember("Zoe", nearest: nil)) {
      try fixture.service.removeMember(named: "Zoe")
    }
    #expect(try fixture.service.members().map(\.name) == ["Anabel"])
  }

  @Test func theStampMovesWhenAMemberIsRemovedHereOrElsewhere() throws {
    let fixture = try Fixture(.sqlite)
    _ = try fixture.service.invite(named: "Ana")
    _ = try fixture.service.invite(named: "Ben")
    let start = try fixture.service.membershipStamp()
    #expect(try fixture.service.membershipStamp() == start)
    // Another process (another connection) removes one.
    try fixture.otherService().removeMember(named: "Ana")
    let afterOther = try fixture.service.membershipStamp()
    #expect(afterOther != start)
    // This service removes one.
    try fixture.service.removeMember(named: "Ben")
    #expect(try fixture.service.membershipStamp() != afterOther)
  }

  @Test func historyNamesTheMemberWhoMadeAChange() throws {
    let fixture = try Fixture()
    try fixture.service.perform(
      .add(names: ["Milk"], changes: .none), onList: nil, by: "Ana",
      labelling: { _ in "web (Ana): add Milk" })
    try fixture.service.createList(
      named: "Hardware", label: "web (Ana): new list Hardware", by: "Ana")
    try fixture.service.perform(.add(names: ["Eggs"], changes: .none), onList: nil)
    let entries = try fixture.service.history()
    #expect(
      entries.map(\.command) == ["add Eggs", "web (Ana): new list Hardware", "web (Ana): add Milk"])
    #expect(entries.map(\.by) == [nil, "Ana", "Ana"])
    // An undo of a member's change is the command line's, not theirs.
    try fixture.service.undo()
    #expect(try fixture.service.history(limit: 1).first?.by == nil)
  }
}

/// What the `sqlite3` shell prints for `sql` on the file at `path`.
private func sqlite3(_ path: String, _ sql: String) throws -> String {
  let process = Subprocess()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
  process.arguments = [path, sql]
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

extension String {
  fileprivate static func * (text: String, count: Int) -> String {
    String(repeating: text, count: count)
  }
}
