extension Array {
    /// Removes the last `count` elements and returns them in order, each moved rather than
    /// copied: copying a slice out and then removing it retained and released every element.
    /// The JSON parser closes each object and array this way.
    // Inlinable, so it is specialised for the caller's element type.
    @inlinable
    package mutating func popLast(_ count: Int) -> [Element] {
        var result: [Element] = []
        // Not `init(unsafeUninitializedCapacity:)`: unspecialised, it looks up the storage's
        // type at run time on every call, which cost more than the copies saved.
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(removeLast()) }
        // In place through a pointer: `Array.reverse()` checks uniqueness at every swap.
        result.withUnsafeMutableBufferPointer { $0.reverse() }
        return result
    }
}
