import SceneryCLI

await SceneryCommand.main()
