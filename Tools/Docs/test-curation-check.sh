#!/usr/bin/env bash
# Tests Tools/Docs/CurationCheck.swift on a made-up package: each way a symbol can look curated without being in a
# topic group (prose, a code block, an HTML comment, a list before any group, a member link) must be reported by
# name with the page to add it to, a stale link and a missing catalog must fail, and a fully curated module passes.
set -euo pipefail
cd "$(dirname "$0")/../.."
check="$PWD/Tools/Docs/CurationCheck.swift"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

symbol() { # name, kind, file
    printf '{"kind":{"identifier":"swift.%s","displayName":"%s"},"pathComponents":["%s"],"accessLevel":"public","location":{"uri":"file://%s/%s","position":{"line":4,"character":0}}}' \
        "$2" "$2" "$1" "$work" "$3"
}
graph() { # module, symbols...
    local module=$1; shift
    local joined; joined=$(IFS=,; echo "$*")
    printf '{"module":{"name":"%s"},"symbols":[%s],"relationships":[]}' "$module" "$joined" >"graphs/$module.symbols.json"
}
mkdir -p graphs Sources/Good/Good.docc Sources/Bad/Bad.docc Sources/NoCatalog
cat >package.json <<'EOF'
{"products":[{"name":"Good","type":{"library":["automatic"]},"targets":["Good"]},
             {"name":"Bad","type":{"library":["automatic"]},"targets":["Bad"]},
             {"name":"NoCatalog","type":{"library":["automatic"]},"targets":["NoCatalog"]},
             {"name":"tool","type":{"executable":null},"targets":["tool"]}],
 "targets":[{"name":"Good","path":"Sources/Good"},{"name":"Bad","path":"Sources/Bad"},
            {"name":"NoCatalog","path":"Sources/NoCatalog"},{"name":"tool","path":"Sources/tool"}]}
EOF
graph Good "$(symbol Alpha struct Sources/Good/A.swift)" "$(symbol "make(_:)" func Sources/Good/A.swift)"
graph Bad "$(symbol Listed struct Sources/Bad/Model/Listed.swift)" "$(symbol Prose struct Sources/Bad/Model/Prose.swift)" \
    "$(symbol Fenced struct Sources/Bad/Fenced.swift)" "$(symbol Commented struct Sources/Bad/Commented.swift)" \
    "$(symbol Ungrouped struct Sources/Bad/Ungrouped.swift)" "$(symbol Member struct Sources/Bad/Member.swift)"
graph NoCatalog "$(symbol Lonely struct Sources/NoCatalog/Lonely.swift)"
cat >Sources/Good/Good.docc/Good.md <<'EOF'
# ``Good``

Summary.

## Topics

### Things

- ``Alpha``
- ``Good/make(_:)-3xyz``
EOF
cat >Sources/Bad/Bad.docc/Bad.md <<'EOF'
# ``Bad``

``Prose`` is only mentioned here.

## Topics

- ``Ungrouped``

### Models

- ``Listed``
<!-- a comment
over two lines -->
- ``Listed/Member``
- ``Gone``
<!--
- ``Commented``
-->

```
- ``Fenced``
```
EOF

status=0
out=$(swift "$check" --package package.json --symbol-graphs graphs 2>&1) || status=$?
expect() {
    if ! grep -qF -- "$1" <<<"$out"; then
        printf '%s\n' "$out" >&2
        echo "FAIL: the check did not say: $1" >&2
        exit 1
    fi
}
[ "$status" -eq 1 ] || { printf '%s\n' "$out" >&2; echo "FAIL: exit status $status, expected 1" >&2; exit 1; }
for name in Prose Fenced Commented Ungrouped Member; do
    expect "public struct \`$name\` of Bad is in no DocC topic group: add \`- \`\`$name\`\`\`"
done
expect "Sources/Bad/Model/Prose.swift:5: error: public struct \`Prose\`"
expect "under \`### Models\` in Sources/Bad/Bad.docc/Bad.md"
expect "Sources/Bad/Bad.docc/Bad.md:15: error: \`\`Gone\`\` names no public symbol of Bad"
expect "error: NoCatalog: Sources/NoCatalog: no DocC catalog: create Sources/NoCatalog/NoCatalog.docc/NoCatalog.md"
if grep -qE "\`(Alpha|make\(_:\)|Listed)\` of" <<<"$out"; then
    printf '%s\n' "$out" >&2; echo "FAIL: a curated symbol was reported" >&2; exit 1
fi

# A graph that lost its symbols, or that was never written, fails too.
graph Good
rm graphs/Bad.symbols.json
out=$(swift "$check" --package package.json --symbol-graphs graphs 2>&1) || true
expect "error: Good: no top-level public symbol in graphs/Good.symbols.json"
expect "error: Bad: no symbol graph at graphs/Bad.symbols.json"

# Curated modules only: success.
graph Good "$(symbol Alpha struct Sources/Good/A.swift)" "$(symbol "make(_:)" func Sources/Good/A.swift)"
cat >package.json <<'EOF'
{"products":[{"name":"Good","type":{"library":["automatic"]},"targets":["Good"]}],
 "targets":[{"name":"Good","path":"Sources/Good"}]}
EOF
out=$(swift "$check" --package package.json --symbol-graphs graphs 2>&1) || { printf '%s\n' "$out" >&2; echo "FAIL: a curated module failed" >&2; exit 1; }
expect "every top-level public symbol of 1 library modules (2 in all) is in a topic group"
echo "CurationCheck self-test passed"
