/// How long a command waits for a database another process is writing before it gives up
/// (the command line's `--wait`, the server's and an embedding program's default): written
/// once, here.
public enum BusyWait {
  /// Five seconds.
  public static let standard: Duration = .seconds(standardSeconds)

  /// ``standard`` in seconds, as `--wait` takes it.
  public static let standardSeconds: Double = 5
}
