"""Running a system under test over a corpus, the family judge, and the model probes.

Every model call goes through `checker.runner.client` (the `openai` package against any
OpenAI-compatible endpoint). Nothing here is imported by the checker's rules except
`checker.probes`, which holds the probes' applicability and carries no client code.
"""
