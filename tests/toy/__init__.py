"""A toy puzzle registered through the documented extension point (tests only)."""
