extension Array {
    /// `body` on each element where it lies, in order. `for element in array` copies each
    /// element before the loop's body reads it, retaining every reference the element holds
    /// and releasing them after: the validator walks every step and component of every
    /// scene, and those copies were hundreds of atomic operations a scene.
    @inlinable
    package func forEachInPlace(_ body: (Element) throws -> Void) rethrows {
        try withUnsafeBufferPointer { buffer in
            for index in buffer.indices { try body(buffer[index]) }
        }
    }
}
