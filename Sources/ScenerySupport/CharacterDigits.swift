extension Character {
    /// `0` to `9` only: not the other digits `isNumber` takes (`٣`, `½`).
    package var isASCIIDigit: Bool { isASCII && isNumber }
}
