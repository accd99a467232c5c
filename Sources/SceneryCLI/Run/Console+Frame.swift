import LineRenderer

extension Console {
    /// Prints a frame: the components rendered to lines, the error banner (`! …`) in its
    /// colour when standard output is a terminal.
    package func frame(_ components: [Component], renderer: LineRenderer) {
        for component in components {
            if case .error = component {
                lines(renderer.render(component), as: .banner)
            } else {
                lines(renderer.render(component))
            }
        }
    }
}
