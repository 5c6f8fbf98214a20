/// A failure of the benchmark itself (not of a measured tool): it stops the run.
struct BenchError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
