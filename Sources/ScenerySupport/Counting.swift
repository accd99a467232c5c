extension Int {
    /// The count and a noun in the number it needs: `1.counting("event")` is "1 event",
    /// `2.counting("event")` is "2 events", never "event(s)".
    ///
    /// - Parameters:
    ///   - singular: the noun for one.
    ///   - plural: the noun for any other count; the singular with an `s` by default.
    package func counting(_ singular: String, _ plural: String? = nil) -> String {
        "\(self) \(self == 1 ? singular : plural ?? singular + "s")"
    }
}
