import ShoplistCLI

Shoplist.runAsProgram(arguments: Array(CommandLine.arguments.dropFirst()))
