import Foundation
import Testing

@testable import ShoppingService

/// A member's devices and their invite links, on the service's clock: looking at a link
/// spends nothing, a link works once and for 7 days, `inviteDevice` adds devices without
/// signing any other out, and removal ends them all. In memory and on a file alike.
@Suite struct MemberDevicesServiceTests {
  typealias Fixture = MembersServiceTests.Fixture

  @Test(arguments: [StorageChoice.memory, .sqlite])
  func lookingAtALinkSpendsNothing(storage: StorageChoice) throws {
    let fixture = try Fixture(storage)
    let invite = try fixture.service.invite(named: "Ana")
    for _ in 0..<3 {
      guard case let .open(member, expiresAt) = try fixture.service.invitation(code: invite.code)
      else {
        Issue.record("the link is not open")
        return
      }
      #expect(member.name == "Ana" && expiresAt == fixture.clock.now + 7 * 24 * 3_600)
    }
    #expect(try fixture.service.members().first?.devices.isEmpty == true)
    guard case .joined = try fixture.service.join(code: invite.code) else {
      Issue.record("did not join")
      return
    }
    guard case .used = try fixture.service.invitation(code: invite.code) else {
      Issue.record("the spent link is not said to be used")
      return
    }
  }

  @Test(arguments: [StorageChoice.memory, .sqlite])
  func aLinkWorksForSevenDaysAndNotASecondLonger(storage: StorageChoice) throws {
    let fixture = try Fixture(storage)
    let early = try fixture.service.invite(named: "Ana")
    let late = try fixture.service.inviteDevice(named: "Ana")
    fixture.clock.now += 7 * 24 * 3_600 - 1
    guard case .joined = try fixture.service.join(code: early.code) else {
      Issue.record("a link a second before its end did not join")
      return
    }
    fixture.clock.now += 1
    guard case let .expired(member) = try fixture.service.invitation(code: late.code),
      case .expired = try fixture.service.join(code: late.code)
    else {
      Issue.record("a link at its end still works")
      return
    }
    #expect(member.name == "Ana")
    #expect(try fixture.service.members().first?.devices.count == 1)
  }

  @Test(arguments: [StorageChoice.memory, .sqlite])
  func anotherDeviceJoinsWithoutSigningTheFirstOut(storage: StorageChoice) throws {
    let fixture = try Fixture(storage)
    let first = try fixture.service.invite(named: "Ana")
    guard case let .joined(_, phone) = try fixture.service.join(code: first.code) else {
      Issue.record("did not join")
      return
    }
    let member = try #require(try fixture.service.members().first)
    let second = try fixture.service.inviteDevice(ofMember: member.id)
    #expect(!second.replacedEarlier && second.member.id == member.id)
    guard case let .joined(joined, tablet) = try fixture.service.join(code: second.code) else {
      Issue.record("the second device did not join")
      return
    }
    #expect(joined.devices.count == 2 && phone != tablet)
    #expect(try fixture.service.member(presenting: phone)?.id == member.id)
    #expect(try fixture.service.member(presenting: tablet)?.id == member.id)

    try fixture.service.removeMember(named: "Ana")
    #expect(try fixture.service.member(presenting: phone) == nil)
    #expect(try fixture.service.member(presenting: tablet) == nil)
    #expect(throws: MemberError.removed) { try fixture.service.inviteDevice(ofMember: member.id) }
    #expect(throws: MemberError.noSuchMember("Ana", nearest: nil)) {
      try fixture.service.inviteDevice(named: "Ana")
    }
  }

  @Test(arguments: [StorageChoice.memory, .sqlite])
  func theServedAddressIsKeptUntilAnotherServeSaysOtherwise(storage: StorageChoice) async throws {
    let fixture = try Fixture(storage)
    #expect(try fixture.service.servedAddress() == nil)
    try await fixture.service.recordServedAddress("https://list.example.org")
    #expect(try fixture.service.servedAddress() == "https://list.example.org")
    try await fixture.service.recordServedAddress(nil)
    #expect(try fixture.service.servedAddress() == nil)
  }
}
