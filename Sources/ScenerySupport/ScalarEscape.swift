extension Unicode.Scalar {
    /// The scalar as a Swift string literal writes it, `\u{1B}`: how a control character
    /// shows wherever Scenery prints text — a frame, a finding — so it cannot act on the
    /// terminal and reads the same in each.
    package var escapedAsInSwift: String { "\\u{\(String(value, radix: 16, uppercase: true))}" }
}
