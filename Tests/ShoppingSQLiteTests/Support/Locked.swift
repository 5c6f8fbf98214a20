import Synchronization

/// A value shared with other threads or escaping closures.
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  var value: Value {
    mutex.withLock { $0 }
  }

  func set(_ value: Value) {
    mutex.withLock { $0 = value }
  }

  func modify(_ body: (inout Value) -> Void) {
    mutex.withLock { body(&$0) }
  }
}
