import Hummingbird

/// Serves the installable page's files but the page itself (which ``PageController`` serves
/// at `/`, with the sign-in): script, style, manifest and icons, and the service worker at
/// `/sw.js`, scoped to the whole site. None holds any data, so none needs the token; the
/// lists themselves (`/api`) are never answered by the worker.
struct ShellController: Sendable {
  let shell: AppShell

  func addRoutes(to router: Router<ServerRequestContext>) {
    for file in shell.files where file.path != "/" {
      let served = EmbeddedFile(file.bytes, type: file.type)
      router.get(RouterPath(file.path)) { _, _ in served }
    }
    let worker = EmbeddedFile(shell.workerScript, type: "text/javascript; charset=utf-8")
    router.get("/sw.js") { _, _ in worker }
  }
}
