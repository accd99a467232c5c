/// A value held in one object, copied only when written while shared: a struct with many
/// fields that is copied far more often than it is changed — a definition the checks hold
/// per step they walk — keeps them here, so each copy retains one object, not every field.
@frozen public struct CopyOnWrite<Value: Sendable>: Sendable {
    // @unchecked: `value` is written only through `CopyOnWrite.value`, which first makes
    // the box unique, so no box another copy can see is ever written.
    // Inlinable, so a definition's fields are read through code specialised for them.
    @usableFromInline final class Box: @unchecked Sendable {
        // No run-time exclusivity check: a box is written only while unique, where nothing
        // else can be reading it, and the struct's own accesses are checked statically.
        @exclusivity(unchecked) @usableFromInline var value: Value
        @inlinable init(_ value: Value) { self.value = value }
    }

    @usableFromInline var box: Box

    @inlinable public init(_ value: Value) { box = Box(value) }

    @inlinable public var value: Value {
        // Read in place: a getter would copy every field to hand back one.
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}
