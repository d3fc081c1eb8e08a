import DemoKit
import _DemoTerminalShims

// Top-level code that awaits runs on the main actor, with the demo's components.
demo_exit(await DemoProgram.run(arguments: Array(CommandLine.arguments.dropFirst())))
