"""The command line generated from the registry (issue 11)."""
