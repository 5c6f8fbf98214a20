import Foundation
import PackagePlugin

/// Turns the top-level `Migrations/ENGINE/*.sql` files into a Swift source compiled into the
/// target, so the binary carries its schema and works when copied alone to another machine.
/// Each engine has its own folder, named by the target: `ShoppingSQLite` embeds
/// `Migrations/sqlite`, `ShoppingPostgres` embeds `Migrations/postgres`.
///
/// The folder is listed on every build, so adding, editing or removing a migration file
/// regenerates the source.
@main
struct EmbedMigrations: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let engine = target.name.replacingOccurrences(of: "Shopping", with: "").lowercased()
    let folder = context.package.directoryURL.appending(
      path: "Migrations/\(engine)", directoryHint: .isDirectory)
    let files = try FileManager.default
      .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "sql" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(files.count) migration(s) into \(target.name)",
        executable: try context.tool(named: "EmbedMigrationsTool").url,
        arguments: [output.path(percentEncoded: false)]
          + files.map { $0.path(percentEncoded: false) },
        inputFiles: files,
        outputFiles: [output]
      )
    ]
  }
}
