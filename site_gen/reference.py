"""Reference pages: every checker rule from the registry, every schema from `schemas/`, and
the changelog."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from checker.registry import Rule
from site_gen.markup import Md, code, esc, link, table
from site_gen.numerals import project_text

RULES_PAGE = "reference/rules.md"
SCHEMAS_DIR = "reference/schemas"

#: What each rule-code prefix covers.
PREFIXES: dict[str, str] = {
    "STR": "Structure",
    "TIM": "Dates (V4)",
    "DRV": "Derivations (V5)",
    "LEK": "Leaks",
    "IDN": "Identity",
    "REC": "Record comparison",
    "FMT": "Foreign-format notes",
}


def _paragraphs(text: str) -> Md:
    paras = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    return Md("\n\n".join(project_text(" ".join(p.split())) for p in paras))


def rule_section(rule: Rule) -> Md:
    out = Md(f"### {rule.code} · {esc(rule.name)} {{ #{rule.code.lower()} }}\n\n")
    out += Md(f"**{project_text(rule.summary)}**\n\n")
    out += Md(f"Applies to: {esc(rule.scope)} files.\n\n")
    if rule.why:
        out += _paragraphs(rule.why) + Md("\n\n")
    if rule.example:
        out += Md(
            "Example finding:\n\n```text\n" + rule.example.replace("```", "'''") + "\n```\n\n"
        )
    else:
        out += Md("Example finding: none recorded for this rule.\n\n")
    return Md(out)


def rules_page(rules: Sequence[Rule]) -> Md:
    """All rules, grouped by code prefix, each with its summary, why and an example."""
    out = Md(
        "# Checker rules\n\n"
        "Every rule the checker runs, generated from its registry. A finding prints as "
        "`path:question_id: CODE message`; `typedmemeval rules CODE` shows one rule in full.\n\n"
    )
    if not rules:
        return out + Md("No rule is registered in this checker version.\n")
    index_rows = [
        [link(r.code, f"#{r.code.lower()}"), esc(r.name), project_text(r.summary)] for r in rules
    ]
    out += table(["code", "name", "summary"], index_rows)
    groups: dict[str, list[Rule]] = {}
    for r in rules:
        groups.setdefault(r.code[:3], []).append(r)
    for prefix in sorted(groups):
        out += Md(f"\n## {esc(prefix)} — {esc(PREFIXES.get(prefix, 'Other rules'))}\n\n")
        for r in groups[prefix]:
            out += rule_section(r)
    return Md(out)


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def type_label(prop: Mapping[str, Any]) -> Md:
    """A JSON Schema property's type in a few words, linking definitions on the same page."""
    if "$ref" in prop:
        name = _ref_name(str(prop["$ref"]))
        return link(name, f"#{name.lower()}")
    if "const" in prop:
        return code(json.dumps(prop["const"]))
    if "enum" in prop:
        return Md(" or ".join(code(json.dumps(v)) for v in prop["enum"]))
    for key in ("anyOf", "oneOf", "allOf"):
        if key in prop:
            return Md(" or ".join(type_label(p) for p in prop[key]))
    kind = prop.get("type")
    if kind == "array":
        items = prop.get("items")
        return Md(f"array of {type_label(items)}") if isinstance(items, Mapping) else Md("array")
    if kind == "object":
        extra = prop.get("additionalProperties")
        if isinstance(extra, Mapping):
            return Md(f"object of {type_label(extra)}")
        return Md("object")
    if isinstance(kind, list):
        return Md(" or ".join(esc(k) for k in kind))
    if isinstance(kind, str):
        fmt = prop.get("format")
        return esc(kind) + Md(f" ({esc(fmt)})" if fmt else "")
    return Md("any")


def _object_table(obj: Mapping[str, Any]) -> Md:
    props: Mapping[str, Any] = obj.get("properties", {})
    required = set(obj.get("required", []))
    rows = []
    for name, prop in props.items():
        desc = str(prop.get("description", ""))
        extras = []
        if "default" in prop:
            extras.append(f"default {code(json.dumps(prop['default'], sort_keys=True))}")
        if "pattern" in prop:
            extras.append(f"pattern {code(prop['pattern'])}")
        rows.append(
            [
                code(name),
                type_label(prop),
                Md("yes" if name in required else "no"),
                Md(" ".join([project_text(desc), *extras]).strip()) or Md("—"),
            ]
        )
    if not rows:
        return Md("No named fields.\n")
    return table(["field", "type", "required", "description"], rows)


def schema_page(name: str, schema: Mapping[str, Any]) -> Md:
    """One schema: its top level and each definition as a field table, then the JSON."""
    title = str(schema.get("title", name))
    out = Md(f"# Schema: {esc(name)}\n\n")
    out += Md(
        f"Generated from the pydantic model {code(title)}; download "
        f"{link(name + '.schema.json', name + '.schema.json')}. Unknown fields are refused.\n\n"
    )
    if schema.get("description"):
        out += _paragraphs(str(schema["description"])) + Md("\n\n")
    if schema.get("type") == "array" and isinstance(schema.get("items"), Mapping):
        out += Md(f"The file is a JSON array of {type_label(schema['items'])}.\n\n")
    elif "properties" in schema:
        out += _object_table(schema) + Md("\n")
    defs: Mapping[str, Any] = schema.get("$defs", {})
    for def_name in sorted(defs):
        definition = defs[def_name]
        out += Md(f"## {esc(def_name)} {{ #{def_name.lower()} }}\n\n")
        if definition.get("description"):
            out += _paragraphs(str(definition["description"])) + Md("\n\n")
        if "enum" in definition:
            out += Md("One of " + type_label(definition) + ".\n\n")
        else:
            out += _object_table(definition) + Md("\n")
    text = json.dumps(schema, indent=2, sort_keys=True).replace("```", "'''")
    out += Md('??? note "The full JSON Schema"\n\n    ```json\n')
    out += Md("".join(f"    {line}\n" for line in text.splitlines()))
    out += Md("    ```\n")
    return Md(out)


def schemas_index(names: Sequence[str]) -> Md:
    out = Md(
        "# Schemas\n\n"
        "Every file format is a pydantic model; these JSON Schemas are generated from the "
        "models (`make schemas`) and checked for drift in CI.\n\n"
    )
    if not names:
        return out + Md("No schema has been generated yet (`schemas/` is empty).\n")
    return out + Md("\n".join(f"- {link(n, n + '.md')}" for n in names) + "\n")


def changelog_page(text: str | None) -> Md:
    """The project's CHANGELOG.md, as written (it is the project's own text)."""
    if not text:
        return Md("# Changelog\n\nNo changelog has been written yet.\n")
    return Md(text)
