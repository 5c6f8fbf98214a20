import ShoppingCore

extension ListDocuments {
  /// `{"history": [{"id": 12, "at": "…Z", "command": "import week.csv", "by": null,
  /// "summary": "shopping: 120 added, 3 updated", "undone": false}]}`, newest first, as
  /// `history --json` prints it and the server answers: `by` names the member who made a
  /// change, `null` for anyone else; `summary` is what it changed, as `history` prints it in
  /// brackets.
  public static func history(_ entries: [HistoryEntry]) -> String {
    JSONValue.object(["history": .array(entries.map(historyValue))]).document
  }

  /// One entry's object as ``history(_:)`` holds it (no line break).
  public static func historyEntry(_ entry: HistoryEntry) -> String {
    historyValue(entry).text
  }

  private static func historyValue(_ entry: HistoryEntry) -> JSONValue {
    [
      "id": .integer(entry.id), "at": .time(entry.at), "command": .string(entry.command),
      "by": .nullable(entry.by), "summary": .string(entry.summary),
      "undone": .bool(entry.isUndone),
    ]
  }
}
