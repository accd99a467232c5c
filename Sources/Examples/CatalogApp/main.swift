// The typed Catalog example's own executable:
//
//   swift run catalog [--script FILE] [--width N] [--strict]
import Foundation
import SceneryCLI

exit(await CatalogCommand.run(Array(CommandLine.arguments.dropFirst()), console: .standard))
