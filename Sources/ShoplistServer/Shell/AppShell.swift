/// The installable page: the files a phone keeps so that the list opens with no signal (the
/// page, its script and style, the web app manifest, the icons), and the service worker that
/// keeps them.
///
/// The worker names its cache after ``version``, a digest of every file's bytes and of the
/// worker itself, written into the worker's script as it is served. A build with any of them
/// changed serves a worker that differs byte for byte, which the browser installs on its next
/// visit online: the new worker caches the new files and deletes the old cache.
struct AppShell: Sendable {
  /// One file of the page: where it is served, its media type and its bytes.
  struct File: Sendable {
    let path: String
    let type: String
    let bytes: [UInt8]

    /// One of the page's scripts (JavaScript modules).
    static func script(_ path: String, _ bytes: [UInt8]) -> File {
      File(path: path, type: "text/javascript; charset=utf-8", bytes: bytes)
    }
  }

  /// The files the worker caches, the page itself (`/`) first.
  let files: [File]
  /// The worker's script as written, without the lines the server puts before it.
  let worker: [UInt8]
  /// Names this build of the page: 16 hexadecimal digits, changed by any byte of any file.
  let version: String

  init(files: [File], worker: [UInt8]) {
    self.files = files
    self.worker = worker
    var digest = ContentDigest()
    for file in files {
      digest.add(Array(file.path.utf8))
      digest.add(file.bytes)
    }
    digest.add(worker)
    version = digest.hex
  }

  /// The page as compiled into the binary from `Page/` (see Package.swift).
  static let embedded = AppShell(
    files: [
      File(path: "/", type: "text/html; charset=utf-8", bytes: PackageResources.index_html),
      .script("/app.js", PackageResources.app_js),
      .script("/model.js", PackageResources.model_js),
      .script("/words.js", PackageResources.words_js),
      .script("/state.js", PackageResources.state_js),
      .script("/queue.js", PackageResources.queue_js),
      .script("/history.js", PackageResources.history_js),
      .script("/render.js", PackageResources.render_js),
      .script("/net.js", PackageResources.net_js),
      .script("/effects.js", PackageResources.effects_js),
      .script("/devices.js", PackageResources.devices_js),
      .script("/adding.js", PackageResources.adding_js),
      .script("/editing.js", PackageResources.editing_js),
      .script("/lists.js", PackageResources.lists_js),
      .script("/shops.js", PackageResources.shops_js),
      .script("/journal.js", PackageResources.journal_js),
      .script("/panels.js", PackageResources.panels_js),
      File(path: "/app.css", type: "text/css; charset=utf-8", bytes: PackageResources.app_css),
      File(
        path: "/manifest.webmanifest", type: "application/manifest+json",
        bytes: PackageResources.manifest_webmanifest),
      File(path: "/icon-192.png", type: "image/png", bytes: PackageResources.icon_192_png),
      File(path: "/icon-512.png", type: "image/png", bytes: PackageResources.icon_512_png),
      File(
        path: "/icon-maskable-512.png", type: "image/png",
        bytes: PackageResources.icon_maskable_512_png),
      File(
        path: "/apple-touch-icon.png", type: "image/png",
        bytes: PackageResources.apple_touch_icon_png),
    ],
    worker: PackageResources.sw_js)

  /// The page at `/`.
  var index: File {
    files.first { $0.path == "/" } ?? File(path: "/", type: "text/html; charset=utf-8", bytes: [])
  }

  /// The worker's script as served at `/sw.js`: the version and the paths to cache, then the
  /// script, which reads them as `VERSION` and `SHELL`.
  var workerScript: [UInt8] {
    let paths = files.map { "'\($0.path)'" }.joined(separator: ", ")
    let header = """
      // Written by shoplist serve: this build of the page, and the files it is made of.
      const VERSION = '\(version)';
      const SHELL = [\(paths)];

      """
    return Array(header.utf8) + worker
  }
}
