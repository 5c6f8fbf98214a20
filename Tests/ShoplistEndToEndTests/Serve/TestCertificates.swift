import Foundation
import ShoplistTestSupport

extension TestCertificates {
  /// Makes them in `shoplist`'s folder (under `tls/`), with the test's own `openssl` runs.
  init(in shoplist: Shoplist) throws {
    self = try TestCertificates(folder: shoplist.folder.appendingPathComponent("tls").path)
    for step in steps {
      let made = try shoplist.runTool("/usr/bin/openssl", step)
      guard made.status == 0 else { throw Shoplist.Failure("openssl \(step[0]): \(made)") }
    }
  }
}
