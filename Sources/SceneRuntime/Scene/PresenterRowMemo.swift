import SceneManifest
import ScenerySupport

/// The rows a presenter's `each` made the last time, kept when each row is a function of its
/// item alone: its expressions read no name but the item's, and call only functions that give
/// the same value for the same arguments (not `now()`, `uuid()`, or a formatter registered in
/// code). Presenting again, a row whose item is equal to the item at its place last time is
/// the row made then; the formatting of thousands of unchanged rows — dates, money — is not
/// done again when a scene comes back and reloads them. The locale, currency and time zone
/// the rows were made in are part of what must be equal. One memo serves every scene made
/// from the same definition (``ScenePlans``): a row depends on its item, its template and
/// that formatting alone.
final class PresenterRowMemo: Sendable {
    /// Lists of at least this many rows are made on every core.
    static let concurrentRows = 512

    /// What formatting the rows were made in.
    private struct Formatting: Equatable {
        let locale: String, appLocale: String, currency: String, timeZone: String

        init(_ format: FormatContext) {
            locale = format.locale
            appLocale = format.appLocale
            currency = format.currency
            timeZone = format.timeZone.identifier
        }
    }

    private let kept = Locked<(context: Formatting, items: [SceneValue], rows: [SceneValue])?>(nil)

    /// A memo for rows made by `template` with each item named `local`; nil when a row may
    /// read anything else.
    static func forRows(_ template: ValueTemplate, local: String) -> PresenterRowMemo? {
        var reads = ItemOnly(local: local)
        for expression in template.expressions { ExpressionWalker.walk(expression, &reads) }
        return reads.itemOnly ? PresenterRowMemo() : nil
    }

    /// The rows of `items`: the rows kept for equal items at the same place, `row` for the rest.
    func rows(_ items: [SceneValue], in format: FormatContext, row: (SceneValue) throws -> SceneValue) throws -> [SceneValue] {
        let context = Formatting(format)
        let last = kept.withLock { $0 }
        var rows: [SceneValue]
        if let last, last.context == context, last.items == items {
            rows = last.rows
        } else {
            let reusable = last?.context == context ? last : nil
            func made(_ index: Int) -> Result<SceneValue, any Error> {
                if let reusable, index < reusable.items.count, reusable.items[index] == items[index] {
                    return .success(reusable.rows[index])
                }
                return Result { try row(items[index]) }
            }
            if items.count < Self.concurrentRows {
                rows = try items.indices.map { try made($0).get() }
            } else {
                // Rows of their items alone may be made at once, each core a share of them.
                rows = try Array(items.indices).concurrentMap(above: Self.concurrentRows, made).map { try $0.get() }
            }
        }
        kept.withLock { $0 = (context, items, rows) }
        return rows
    }

    /// Whether an expression reads only the item and calls only functions of their arguments.
    private struct ItemOnly: ExpressionVisitor {
        let local: String
        var itemOnly = true

        mutating func visit(_ expression: Expression) {
            switch expression.kind {
            case let .name(name) where name != local: itemOnly = false
            case let .call(name, _) where FunctionTable.specs[name] == nil || ["now", "uuid"].contains(name): itemOnly = false
            default: break
            }
        }
    }
}
