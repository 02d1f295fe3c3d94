#!/bin/sh
# Regenerates src/main/java/dev/hippack/core/catalog/EmbeddedCatalog.java from the catalog's JSON
# resources (src/main/resources/dev/hippack/catalog/*.json): the test EmbeddedCatalogTest, told to
# write instead of check, reads the JSON with CatalogLoader (every check of the loader applies) and
# has CatalogSourceWriter spell the result out as the records' constructor calls.
#
# Why: the wizard and every command take the catalog from that class rather than parsing the JSON
# with Jackson's data binding at start-up (about 95 ms of CPU; docs/design.md §10.5). Rerun after
# editing the JSON and commit both; EmbeddedCatalogTest fails until then.
# Usage: tools/catalog-source.sh
set -eu
cd "$(dirname "$0")/.."
./mvnw -B -q ${MVN_OFFLINE:-} test -Dtest=EmbeddedCatalogTest -Dsurefire.failIfNoSpecifiedTests=false -Dhippack.writeCatalogSource=true
git status --short src/main/java/dev/hippack/core/catalog/EmbeddedCatalog.java
