"""Rule modules; each registers its rules with `checker.registry.rule` at import."""
