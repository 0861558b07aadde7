#!/usr/bin/env python3
"""Validates a SARIF 2.1.0 log written by exo-cuda --format=sarif.

Usage: validate_sarif.py <log.sarif|-> [--schema <schema.json>]

1. Against a JSON Schema (draft-07): by default tests/sarif/sarif-2.1.0-subset.schema.json,
   hand-written from the SARIF 2.1.0 standard (see its description: the OASIS schema file
   is not on this machine and CI has no network). --schema takes another file, e.g. the
   official sarif-schema-2.1.0.json where it is available. The 'jsonschema' package
   validates when it is installed; otherwise the small interpreter below does (the
   keywords the subset uses), and says so.
2. Rules of the standard that a schema cannot state: ruleIndex names the rule whose id is
   ruleId; rule ids are unique in a tool component; a region does not end before it
   starts; relatedLocations ids are unique in their result; every uriBaseId is defined
   in run.originalUriBaseIds (exo-cuda's own promise: it always defines %SRCROOT%).
Exit 0 and 'ok: ...' when valid, else exit 1 with one line per problem.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def mini_validate(instance, schema, root, path="$"):
    """A draft-07 subset: $ref, type, required, properties, additionalProperties, items,
    enum, const, minimum, maximum, pattern, anyOf, allOf, minItems, uniqueItems."""
    errors = []
    if "$ref" in schema:  # draft-07: $ref replaces its siblings
        ref = schema["$ref"]
        assert ref.startswith("#/"), ref
        target = root
        for part in ref[2:].split("/"):
            target = target[part]
        return mini_validate(instance, target, root, path)
    types = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}
    t = schema.get("type")
    if t == "integer":
        if not (isinstance(instance, int) and not isinstance(instance, bool)):
            return [f"{path}: {instance!r} is not an integer"]
    elif t == "number":
        if not (isinstance(instance, (int, float)) and not isinstance(instance, bool)):
            return [f"{path}: {instance!r} is not a number"]
    elif t is not None and not isinstance(instance, types[t]):
        return [f"{path}: {instance!r} is not of type {t}"]
    if "const" in schema and instance != schema["const"]:
        errors.append(f"{path}: {instance!r} is not {schema['const']!r}")
    if "enum" in schema and instance not in schema["enum"]:
        errors.append(f"{path}: {instance!r} is not one of {schema['enum']}")
    if isinstance(instance, (int, float)) and not isinstance(instance, bool):
        if "minimum" in schema and instance < schema["minimum"]:
            errors.append(f"{path}: {instance} < {schema['minimum']}")
        if "maximum" in schema and instance > schema["maximum"]:
            errors.append(f"{path}: {instance} > {schema['maximum']}")
    if isinstance(instance, str) and "pattern" in schema and not re.search(schema["pattern"], instance):
        errors.append(f"{path}: {instance!r} does not match {schema['pattern']!r}")
    if isinstance(instance, dict):
        for key in schema.get("required", []):
            if key not in instance:
                errors.append(f"{path}: {key!r} is a required property")
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, value in instance.items():
            if key in props:
                errors += mini_validate(value, props[key], root, f"{path}.{key}")
            elif extra is False:
                errors.append(f"{path}: additional property {key!r} is not allowed")
            elif isinstance(extra, dict):
                errors += mini_validate(value, extra, root, f"{path}.{key}")
    if isinstance(instance, list):
        if "minItems" in schema and len(instance) < schema["minItems"]:
            errors.append(f"{path}: fewer than {schema['minItems']} items")
        if schema.get("uniqueItems"):
            seen = [json.dumps(x, sort_keys=True) for x in instance]
            if len(seen) != len(set(seen)):
                errors.append(f"{path}: items are not unique")
        if "items" in schema:
            for i, item in enumerate(instance):
                errors += mini_validate(item, schema["items"], root, f"{path}[{i}]")
    for sub in schema.get("allOf", []):
        errors += mini_validate(instance, sub, root, path)
    if "anyOf" in schema and not any(not mini_validate(instance, s, root, path) for s in schema["anyOf"]):
        errors.append(f"{path}: matches none of anyOf")
    return errors


def semantic_errors(log):
    errors = []
    for r, run in enumerate(log.get("runs") or []):
        bases = set((run.get("originalUriBaseIds") or {}).keys())
        components = [run["tool"]["driver"]] + run["tool"].get("extensions", [])
        for c in components:
            ids = [rule["id"] for rule in c.get("rules", [])]
            dup = {i for i in ids if ids.count(i) > 1}
            if dup:
                errors.append(f"runs[{r}] {c['name']}: rule ids not unique: {sorted(dup)}")
        rules = components[0].get("rules", [])

        def check_location(loc, where):
            phys = loc.get("physicalLocation", {})
            art = phys.get("artifactLocation", {})
            if "uriBaseId" in art and art["uriBaseId"] not in bases:
                errors.append(f"{where}: uriBaseId {art['uriBaseId']!r} not in originalUriBaseIds")
            check_region(phys.get("region"), where)

        def check_region(reg, where):
            if not reg:
                return
            start = (reg["startLine"], reg.get("startColumn", 1))
            end = (reg.get("endLine", reg["startLine"]), reg.get("endColumn", start[1]))
            if end < start:
                errors.append(f"{where}: region ends ({end}) before it starts ({start})")

        for i, res in enumerate(run.get("results") or []):
            where = f"runs[{r}].results[{i}]"
            if "ruleIndex" in res:
                idx = res["ruleIndex"]
                if not 0 <= idx < len(rules):
                    errors.append(f"{where}: ruleIndex {idx} outside the {len(rules)} rules")
                elif "ruleId" in res and rules[idx]["id"] != res["ruleId"]:
                    errors.append(f"{where}: ruleIndex {idx} is rule {rules[idx]['id']!r}, not {res['ruleId']!r}")
            for j, loc in enumerate(res.get("locations", [])):
                check_location(loc, f"{where}.locations[{j}]")
            related_ids = [loc["id"] for loc in res.get("relatedLocations", []) if "id" in loc]
            if len(related_ids) != len(set(related_ids)):
                errors.append(f"{where}: relatedLocations ids not unique")
            for j, loc in enumerate(res.get("relatedLocations", [])):
                check_location(loc, f"{where}.relatedLocations[{j}]")
            for j, fix in enumerate(res.get("fixes", [])):
                for k, change in enumerate(fix["artifactChanges"]):
                    check_location({"physicalLocation": {"artifactLocation": change["artifactLocation"]}},
                                   f"{where}.fixes[{j}].artifactChanges[{k}]")
                    for m, rep in enumerate(change["replacements"]):
                        check_region(rep["deletedRegion"], f"{where}.fixes[{j}].artifactChanges[{k}].replacements[{m}]")
    return errors


def main():
    args = sys.argv[1:]
    schema_path = os.path.join(HERE, "sarif-2.1.0-subset.schema.json")
    if "--schema" in args:
        i = args.index("--schema")
        schema_path = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    text = sys.stdin.read() if args[0] == "-" else open(args[0], encoding="utf-8").read()
    log = json.loads(text)
    schema = json.load(open(schema_path, encoding="utf-8"))
    try:
        import jsonschema
        validator_cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft7Validator)
        validator_cls.check_schema(schema)
        errors = [f"$.{'.'.join(map(str, e.absolute_path))}: {e.message}"
                  for e in validator_cls(schema).iter_errors(log)]
        how = "jsonschema " + validator_cls.__name__
    except ImportError:
        errors = mini_validate(log, schema, schema)
        how = "the built-in draft-07 subset (python3 jsonschema is not installed)"
    if not errors:
        errors = semantic_errors(log)
    for e in errors:
        print("error:", e)
    if errors:
        return 1
    results = sum(len(run.get("results") or []) for run in log["runs"])
    print(f"ok: SARIF {log['version']}, {len(log['runs'])} run(s), {results} result(s), "
          f"schema {os.path.basename(schema_path)} via {how}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
