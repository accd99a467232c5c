public enum SceneryCommand {
    public static func main() async {}
}
