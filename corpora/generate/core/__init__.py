"""The generation machinery every vertical shares: names, clock, world, bank, renderer,
haystack assembly, gates, stamping, the pipeline and `reproduce`."""
