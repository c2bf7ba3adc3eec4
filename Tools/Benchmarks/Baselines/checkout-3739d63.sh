#!/bin/sh
# Shared by the build-*-baseline.sh scripts: a clone of this repository at FOLDER, checked out at 3739d63 (the
# commit issue 25 was filed at), its benchmark sources reset, with PATCH (a file of this folder) applied.
#
# Tools/Benchmarks/Baselines/checkout-3739d63.sh FOLDER PATCH
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repository=$(git -C "$here" rev-parse --show-toplevel)
folder=$1
[ -d "$folder/.git" ] || git clone -q --no-checkout "$repository" "$folder"
git -C "$folder" checkout -q --force 3739d63
git -C "$folder" clean -fdq -- Tools/Benchmarks/Sources
git -C "$folder" apply "$here/$2"
