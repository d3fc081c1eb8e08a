// The benchmark program: see docs/performance.md.
print("benchmark: not written yet")
