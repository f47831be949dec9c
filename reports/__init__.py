"""What a run leaves behind: the versioned results schema (``results.json``), the HTML
conformance report, the mutant kill report. Reports read results only; they never import the
engines, the invariants or the run layer."""
