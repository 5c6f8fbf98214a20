import ShoppingCore

extension ListDocuments {
  /// `{"history": [{"id": 12, "at": "…Z", "command": "import week.csv", "by": null,
  /// "undone": false}]}`, newest first, as `history --json` prints it and the server answers:
  /// `by` names the member who made a change, `null` for anyone else.
  public static func history(_ entries: [HistoryEntry]) -> String {
    #"{"history": ["# + entries.map(historyEntry).joined(separator: ", ") + "]}\n"
  }

  /// One entry's object as ``history(_:)`` holds it (no line break).
  public static func historyEntry(_ entry: HistoryEntry) -> String {
    #"{"id": \#(entry.id), "at": "\#(Timestamp.string(from: entry.at))", "command": "#
      + JSONText.string(entry.command) + #", "by": "# + (entry.by.map(JSONText.string) ?? "null")
      + #", "undone": \#(entry.isUndone)}"#
  }
}
