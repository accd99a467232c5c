/// The shape of a query an app makes of a collection — which fields it compares for
/// equality, which by a range, and how it sorts — without its values. A manifest's fetches
/// give every shape its app asks before it runs, so the collection keeps an index for each
/// (``SQLiteCollection``): equality fields first, then the sort, then the key, the order a
/// query walks, so a filtered, sorted page reads its page and stops.
public struct CollectionQueryShape: Sendable, Hashable {
    /// Fields compared with `=`, in the order written.
    public var equal: [String]
    /// Fields compared with `<`, `<=`, `>` or `>=`.
    public var ranges: [String]
    /// The sort, as the query gives it.
    public var order: [CollectionQuery.Order]

    public init(equal: [String] = [], ranges: [String] = [], order: [CollectionQuery.Order] = []) {
        self.equal = equal
        self.ranges = ranges
        self.order = order
    }

    /// The shape of `query`: its values left out, conditions no index serves (`!=`,
    /// `contains`) too.
    public init(_ query: CollectionQuery) {
        self.init(order: query.order)
        for condition in query.conditions {
            switch condition {
            case let .equal(field, _): if !equal.contains(field) { equal.append(field) }
            case let .less(field, _), let .lessOrEqual(field, _), let .greater(field, _), let .greaterOrEqual(field, _):
                if !ranges.contains(field) { ranges.append(field) }
            case .notEqual, .contains: continue
            }
        }
    }
}
