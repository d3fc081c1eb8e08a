import DemoKit
import _DemoTerminalShims

demo_exit(DemoProgram.run(arguments: Array(CommandLine.arguments.dropFirst())))
