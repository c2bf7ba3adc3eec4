#!/usr/bin/env bash
# Regenerates Sources/RecordSchema/XML/EmbeddedSchemaXSD.swift from Schemas/RecordSchema.xsd, so that
# recordgen validates against the XSD even when it is installed without the repository.
# Run after every change to the XSD; EmbeddedSchemaXSDTests fails until you do.
set -euo pipefail
cd "$(dirname "$0")/.."

xsd=Schemas/RecordSchema.xsd
out=Sources/RecordSchema/XML/EmbeddedSchemaXSD.swift

if grep -q '"""#' "$xsd"; then
    echo "error: $xsd contains \"\"\"#, which would end the raw string literal" >&2
    exit 1
fi

{
    echo '// DO NOT EDIT: generated from Schemas/RecordSchema.xsd by Scripts/embed-xsd.sh.'
    echo ''
    echo '/// The schema language'"'"'s XSD, embedded so the tool works when installed alone.'
    echo 'enum EmbeddedSchemaXSD {'
    echo '    /// The text of Schemas/RecordSchema.xsd, byte for byte.'
    echo '    static let text = #"""'
    cat "$xsd"
    echo '"""#'
    echo '}'
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out"
