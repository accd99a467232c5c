/// What an expression may refer to where it stands: the roots available there, the locals
/// bound so far, and the known fields of each root.
public struct ExpressionScope: Sendable {
    public static let allRoots = ["request", "response", "state", "shared", "args", "vm", "env", "result"]

    /// Roots usable here.
    public var roots: Set<String> { didSet { rootBits = Self.bits(of: roots) } }
    /// Names bound by `as` (and `it` inside per-item arguments).
    public var locals: Set<String> = []
    /// Known fields per root; a root missing here is not checked field by field.
    public var fields: [String: Set<String>] {
        get { rootFields.dictionary }
        set { rootFields = RootFields(newValue) }
    }
    /// Formatters registered in code: functions of one argument besides the built-ins.
    public var formatters: Set<String> = []

    /// ``fields`` by each root's place in ``allRoots``, and ``roots`` as a bit for each place:
    /// the checker asks about a root for every `root.field` it meets, and hashing the name
    /// into a set and then into a dictionary cost about 250 instructions each time.
    var rootFields: RootFields
    private var rootBits: UInt16 = 0

    public init(roots: Set<String>, locals: Set<String> = [], fields: [String: Set<String>] = [:]) {
        self.init(roots: roots, locals: locals, rootFields: RootFields(fields))
    }

    init(roots: Set<String>, locals: Set<String> = [], rootFields: RootFields) {
        self.roots = roots
        self.locals = locals
        self.rootFields = rootFields
        rootBits = Self.bits(of: roots)
    }

    public func adding(locals names: String...) -> ExpressionScope {
        var copy = self
        copy.locals.formUnion(names)
        return copy
    }

    /// Whether `name` is a local bound here or a root usable here.
    func isLocalOrRoot(_ name: String) -> Bool { isLocal(name) || isRoot(name) }

    func isLocal(_ name: String) -> Bool { !locals.isEmpty && locals.contains(name) }

    func isRoot(_ name: String) -> Bool {
        guard let place = Self.place(ofRoot: name) else { return roots.contains(name) }
        return rootBits & 1 << place != 0
    }

    /// The place of `name` in ``allRoots``: by its length, then one or two compares.
    static func place(ofRoot name: String) -> Int? {
        switch name.utf8.count {
        case 2: name == "vm" ? 5 : nil
        case 3: name == "env" ? 6 : nil
        case 4: name == "args" ? 4 : nil
        case 5: name == "state" ? 2 : nil
        case 6: name == "shared" ? 3 : name == "result" ? 7 : nil
        case 7: name == "request" ? 0 : nil
        case 8: name == "response" ? 1 : nil
        default: nil
        }
    }

    private static func bits(of roots: Set<String>) -> UInt16 {
        var bits: UInt16 = 0
        for root in roots { if let place = place(ofRoot: root) { bits |= 1 << place } }
        return bits
    }
}

/// Known fields by root: a root of ``ExpressionScope/allRoots`` found by its place, with no
/// hashing; any other name in a dictionary beside.
struct RootFields: Sendable {
    private var byPlace: [Set<String>?] = Array(repeating: nil, count: ExpressionScope.allRoots.count)
    private var others: [String: Set<String>] = [:]

    init() {}

    init(_ fields: [String: Set<String>]) {
        for (root, known) in fields { self[root] = known }
    }

    subscript(root: String) -> Set<String>? {
        get {
            guard let place = ExpressionScope.place(ofRoot: root) else { return others.isEmpty ? nil : others[root] }
            return byPlace[place]
        }
        set {
            guard let place = ExpressionScope.place(ofRoot: root) else { return others[root] = newValue }
            byPlace[place] = newValue
        }
    }

    var dictionary: [String: Set<String>] {
        var fields = others
        for (place, known) in byPlace.enumerated() { if let known { fields[ExpressionScope.allRoots[place]] = known } }
        return fields
    }
}
