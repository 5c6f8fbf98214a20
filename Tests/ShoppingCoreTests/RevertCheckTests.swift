import Foundation
import Testing

@testable import ShoppingCore

/// ``RevertCheck`` plays an undo's effects over the names storage holds now: a name taken
/// by another item or list, or a list that is gone, is found before anything is written.
@Suite struct RevertCheckTests {
  let groceries = fixtureID(900)
  let party = fixtureID(901)
  let lists = [
    StoredName(id: fixtureID(900), name: "Groceries"),
    StoredName(id: fixtureID(901), name: "Party"),
  ]

  /// The first problem of `effects`, undoing `change`, with `items` held now in Groceries.
  func problem(
    _ effects: [PersistenceEffect], undoing change: ChangeRecord = ChangeRecord(),
    held items: [Product] = []
  ) -> RevertProblem? {
    let check = RevertCheck(effects: effects, undoing: change)
    // Storage answers for the keys asked about only.
    let asked = check.itemNames[groceries] ?? []
    let holders = items.filter { asked.contains(Naming.key($0.name)) }
      .map { StoredName(id: $0.id, name: $0.name) }
    return check.firstProblem(lists: lists, items: [groceries: holders])
  }

  @Test func anItemPutBackBesideAnotherOfItsNameIsFound() {
    let back = product(11, "milk")
    #expect(
      problem([.restoreProduct(back, listID: groceries, position: 3)], held: [milk])
        == .itemNameTaken(name: "Milk", list: "Groceries"))
    // The item itself holding the name is no clash.
    #expect(problem([.restoreProduct(milk, listID: groceries, position: 3)], held: [milk]) == nil)
  }

  @Test func aNameFreedEarlierInTheSameUndoIsFree() {
    let back = product(7, "MILK")
    #expect(
      problem(
        [.deleteProducts([milk.id]), .restoreProduct(back, listID: groceries, position: 1)],
        held: [milk]) == nil)
    // Renamed away first, too.
    var renamed = milk
    renamed.name = "Oat milk"
    var change = ChangeRecord()
    change.products[milk.id] = StoredProduct(product: renamed, listID: groceries, position: 1)
    #expect(
      problem(
        [.updateProduct(renamed), .restoreProduct(back, listID: groceries, position: 2)],
        undoing: change, held: [milk]) == nil)
  }

  @Test func aRenameBackOntoATakenNameIsFound() {
    // The change renamed Milk to Oat milk; a new Milk was added since.
    var renamed = milk
    renamed.name = "Oat milk"
    var change = ChangeRecord()
    change.steps = [.executed(.updateProduct(renamed))]
    change.products[milk.id] = StoredProduct(product: milk, listID: groceries, position: 1)
    let newMilk = product(8, "milk")

    #expect(
      problem([.updateProduct(milk)], undoing: change, held: [newMilk])
        == .itemNameTaken(name: "milk", list: "Groceries"))
  }

  @Test func anUpdateThatKeepsTheNameAsksNothing() {
    // The change checked Milk: undoing it keeps the name, so no holder is looked up.
    var checked = milk
    checked.isChecked = true
    var change = ChangeRecord()
    change.steps = [.executed(.updateProduct(checked))]
    change.products[milk.id] = StoredProduct(product: milk, listID: groceries, position: 1)

    let check = RevertCheck(effects: [.updateProduct(milk)], undoing: change)

    #expect(check.itemNames.isEmpty)
    #expect(check.firstProblem(lists: lists, items: [:]) == nil)
  }

  @Test func aListNameTakenIsFoundUnlessFreedFirst() {
    let back = fixtureID(902)
    #expect(
      problem([.restoreList(id: back, name: "PARTY", createdAt: now, position: 3)])
        == .listNameTaken(name: "Party"))
    #expect(problem([.renameList(groceries, to: "party")]) == .listNameTaken(name: "Party"))
    #expect(
      problem([
        .renameList(party, to: "Weekend"),
        .restoreList(id: back, name: "Party", createdAt: now, position: 3),
      ]) == nil)
    #expect(
      problem([
        .deleteList(party), .insertList(id: back, name: "party", createdAt: now),
      ]) == nil)
  }

  @Test func aListThatIsGoneIsFound() {
    let gone = fixtureID(903)
    #expect(problem([.restoreProduct(milk, listID: gone, position: 1)]) == .listGone)
    #expect(problem([.renameList(gone, to: "x")]) == .listGone)
    #expect(problem([.deleteList(gone)]) == .listGone)
    #expect(problem([.setDefaultList(gone)]) == .listGone)
    #expect(problem([.reorderProducts(listID: gone, order: [])]) == .listGone)
    // Deleted earlier in the same undo.
    #expect(
      problem([.deleteList(party), .restoreProduct(milk, listID: party, position: 1)])
        == .listGone)
    #expect(RevertProblem.listGone.description == "a list it changes is gone")
  }

  @Test func aListBroughtBackThatIsThereIsFound() {
    #expect(
      problem([.restoreList(id: party, name: "Party", createdAt: now, position: 2)])
        == .listThere(name: "Party"))
    #expect(
      problem([.insertList(id: party, name: "x", createdAt: now)]) == .listThere(name: "Party"))
  }

  @Test func theItemsOfADeletedListGoWithIt() {
    let back = product(9, "Milk")
    #expect(
      problem(
        [
          .deleteList(groceries), .insertList(id: groceries, name: "Groceries", createdAt: now),
          .restoreProduct(back, listID: groceries, position: 1),
        ], held: [milk]) == nil)
  }
}
