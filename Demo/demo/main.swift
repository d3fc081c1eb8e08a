import DemoKit
print("demo: coming soon")
