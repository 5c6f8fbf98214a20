import Foundation
import Hummingbird
import NIOCore
import ShoppingCore
import ShoppingService
import ShoppingStorage
import ShoppingTransfer

/// The JSON API over the shared library: each route reads its request, calls one
/// ``ShoppingService`` method (one transaction), and answers with the document the command
/// line's `--json` prints. Changes are labelled `web: …` in history, or `web (NAME): …` and
/// carry the member's name when a member of the household made them.
struct ListsController<Context: RequesterContext>: Sendable {
  let service: ShoppingService
  /// The documents answered last, while the database stays as it was.
  let documents = ListDocumentCache()

  func addRoutes(to group: RouterGroup<Context>) {
    group
      .get(use: lists)
      .post(use: createList)
      .get(":name", use: list)
      .patch(":name", use: patchList)
      .delete(":name", use: deleteList)
      .post(":name/items", use: addItem)
      .patch(":name/items/:id", use: patchItem)
      .delete(":name/items/:id", use: removeItem)
      .post(":name/clear", use: clear)
      .post(":name/reset", use: reset)
  }

  @Sendable func lists(_ request: Request, context: Context) async throws -> Response {
    try await json {
      ListDocuments.lists(try service.listSummaries().map(ListDocuments.ListEntry.init))
    }
  }

  @Sendable func createList(_ request: Request, context: Context) async throws -> Response {
    let body = try await request.decode(as: NewListBody.self, context: context)
    let requester = context.requester
    return try await json(status: .created) {
      let list = try service.createList(
        named: body.name, label: requester.labelPrefix + "new list \(body.name)",
        by: requester.memberName)
      return ListDocuments.list(list)
    }
  }

  /// Renames and/or moves a list, as `lists rename` and `lists move`, in one change; answers
  /// with the list document.
  @Sendable func patchList(_ request: Request, context: Context) async throws -> Response {
    let name = try listName(context)
    let body = try await request.decode(as: ListPatchBody.self, context: context)
    let requester = context.requester
    guard body.name != nil || body.position != nil else {
      throw APIError.badRequest("give the list's new name, its new position, or both")
    }
    let words =
      [
        body.name.map { "rename list \(name) to \($0)" },
        body.position.map { "move list \(name) to \($0)" },
      ].compactMap { $0 }.joined(separator: ", ")
    let (list, entry) = try await service.changeList(
      named: name, to: body.name, position: body.position, label: requester.labelPrefix + words,
      by: requester.memberName)
    return JSONAnswer.make(text: ListDocuments.list(list), entry: entry)
  }

  /// Deletes a list with its items, as `lists delete --force`: `{"deleted": NAME, "entry": N}`,
  /// the entry whose undo brings it back.
  @Sendable func deleteList(_ request: Request, context: Context) async throws -> Response {
    let name = try listName(context)
    let requester = context.requester
    let (deleted, entry) = try await service.deleteList(
      named: name, label: requester.labelPrefix + "delete list \(name)",
      by: requester.memberName)
    let document = JSONValue.object([
      "deleted": .string(deleted.name), "entry": entry.map { .integer($0) } ?? .null,
    ]).document
    return JSONAnswer.make(text: document, entry: entry)
  }

  /// The list document, as it was answered last while the database has not changed since
  /// (see ``ListDocumentCache``). It carries the history entry it stands at as its `ETag`:
  /// asked `If-None-Match` with it, the answer is 304 and no document.
  @Sendable func list(_ request: Request, context: Context) async throws -> Response {
    let name = try listName(context)
    // Read before the list is: a change committed in between moves it on (a few
    // microseconds, and never behind a transaction: asked here on the event loop).
    let stamp = service.changeStamp()
    if let stamp, let kept = documents.document(named: name, at: stamp) {
      return JSONAnswer.document(kept.body, version: kept.version, for: request)
    }
    let service = self.service
    let document = try await StorageThreads.run {
      let (list, version) = try service.versionedList(named: name)
      return ListDocumentCache.Document(
        body: ByteBuffer(string: ListDocuments.list(list)), version: version)
    }
    if let stamp { documents.keep(document, named: name, at: stamp) }
    return JSONAnswer.document(document.body, version: document.version, for: request)
  }

  @Sendable func addItem(_ request: Request, context: Context) async throws -> Response {
    let name = try listName(context)
    let body = try await request.decode(as: NewItemBody.self, context: context)
    let precondition = try body.precondition()
    let item = try body.item()
    let intent = ListIntent.add(names: [item.name], changes: item.changes)
    return try await change(
      intent, only: precondition, on: name, by: context, request: request
    ) {
      "add \($0.items.first?.after?.name ?? item.name)"
    }
  }

  @Sendable func patchItem(_ request: Request, context: Context) async throws -> Response {
    let name = try listName(context)
    let id = try itemID(context)
    let body = try await request.decode(as: ItemPatchBody.self, context: context)
    let precondition = try body.precondition()
    let verb =
      body.onlyChecks
      ? (body.checked == true ? "check" : body.checked == false ? "uncheck" : "edit") : "edit"
    return try await change(
      .edit(.id(id), name: body.name, changes: try body.changes()), only: precondition,
      on: name, by: context, request: request
    ) { "\(verb) \($0.items.first?.before?.name ?? id.uuidString)" }
  }

  @Sendable func removeItem(_ request: Request, context: Context) async throws -> Response {
    let name = try listName(context)
    let id = try itemID(context)
    let precondition = try IfUpdatedAt.query(of: request)
    return try await change(
      .remove([.id(id)]), only: precondition, on: name, by: context, request: request
    ) {
      "remove \($0.items.first?.before?.name ?? id.uuidString)"
    }
  }

  @Sendable func clear(_ request: Request, context: Context) async throws -> Response {
    try await change(
      .clearChecked, on: try listName(context), by: context, request: request,
      alone: Self.removedItems
    ) { _ in "clear" }
  }

  @Sendable func reset(_ request: Request, context: Context) async throws -> Response {
    try await change(
      .resetChecks, on: try listName(context), by: context, request: request,
      alone: Self.changedItems
    ) { _ in "reset" }
  }

  // MARK: - Helpers

  /// Runs `intent` on the list, only if `precondition` holds when one is given, on behalf of
  /// the request's ``Requester``, and answers with the list document after it.
  ///
  /// With `?return=item` the answer is `alone`'s: the changed item's object alone
  /// (`{"removed": ID}` for an item removed) unless told otherwise. The
  /// answer carries the number of the history entry that records the change in
  /// ``JSONAnswer/entryHeader``.
  private func change(
    _ intent: ListIntent, only precondition: ItemPrecondition? = nil, on list: String,
    by context: Context, request: Request,
    alone: @escaping @Sendable (ListOutcome) -> String = Self.itemAnswer,
    describe: @escaping @Sendable (ListOutcome) -> String
  ) async throws -> Response {
    let intent = precondition.map(intent.only(if:)) ?? intent
    let requester = context.requester
    let itemAlone = try Self.returnsItem(request)
    let outcome = try await service.perform(
      intent, onList: list, returningCompleteList: !itemAlone, numberingItems: itemAlone,
      by: requester.memberName, labelling: { requester.labelPrefix + describe($0) })
    let text = itemAlone ? alone(outcome) : ListDocuments.list(outcome.list)
    return JSONAnswer.make(text: text, entry: outcome.entry)
  }

  /// Whether the request asks for the changed item alone: `?return=item`.
  private static func returnsItem(_ request: Request) throws -> Bool {
    guard let value = try QueryParameter.value("return", of: request) else { return false }
    guard value == "item" else {
      throw APIError.badRequest(
        "return takes the value item (the changed item alone), not \(DisplayText.quoted(value))")
    }
    return true
  }

  /// The `?return=item` answer for a change to one item: its object, or `{"removed": ID}`.
  private static func itemAnswer(_ outcome: ListOutcome) -> String {
    guard let change = outcome.items.first else { return changedItems(outcome) }
    if let after = change.after { return object(after, in: outcome) + "\n" }
    return JSONValue.object(["removed": .string(change.before?.id.canonicalText ?? "")]).document
  }

  /// The `?return=item` answer for a clear: `{"removed": [IDs]}`.
  private static func removedItems(_ outcome: ListOutcome) -> String {
    var removed: [JSONValue] = []
    for case let .deleteProducts(ids) in outcome.effects {
      removed += ids.map { .string($0.canonicalText) }
    }
    return JSONValue.object(["removed": .array(removed)]).document
  }

  /// The `?return=item` answer for a reset: `{"items": [the items it changed]}`.
  private static func changedItems(_ outcome: ListOutcome) -> String {
    var changed: [JSONValue] = []
    for case let .updateProduct(product) in outcome.effects {
      changed.append(.raw(object(outcome.list.products[id: product.id] ?? product, in: outcome)))
    }
    return JSONValue.object(["items": .array(changed)]).document
  }

  /// The item's object, numbered by its position on the list after the change.
  private static func object(_ product: Product, in outcome: ListOutcome) -> String {
    let position =
      outcome.positions[product.id] ?? (outcome.list.products.index(id: product.id) ?? 0) + 1
    return ListDocuments.item(product, position: position)
  }

  private func json(
    status: HTTPResponse.Status = .ok, _ body: @escaping @Sendable () throws -> String
  ) async throws -> Response {
    try await JSONAnswer.make(status: status, body)
  }

  /// The `{name}` of the path, percent-decoded.
  private func listName(_ context: Context) throws -> String {
    // Foundation's decoding is the slow part of reading a path: most names have nothing to
    // decode.
    guard let raw = context.parameters.get("name"),
      let name = raw.utf8.contains(UInt8(ascii: "%")) ? raw.removingPercentEncoding : raw
    else {
      throw APIError.badRequest("the list's name in the path is not valid")
    }
    return name
  }

  /// The `{id}` of the path: an item's id as the list document gives it.
  private func itemID(_ context: Context) throws -> UUID {
    guard let raw = context.parameters.get("id"), let id = UUID(canonical: raw) else {
      throw APIError(.notFound, "no item with the id \(context.parameters.get("id") ?? "")")
    }
    return id
  }
}
