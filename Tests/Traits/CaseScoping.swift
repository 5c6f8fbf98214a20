import Testing

/// A trait that puts a scope around each case of the tests it marks — a suite's tests among
/// them — where the test's body runs, and nowhere else.
public protocol CaseScoping: SuiteTrait, TestTrait, TestScoping {}

extension CaseScoping {
  public var isRecursive: Bool { true }

  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    // Once a case: a parameterized test's cases each get a scope of their own.
    testCase == nil ? nil : self
  }
}
